/// The measured layout of a text leaf: its size and its lines, as Texture's `ASTextNode` measures (§7.8 of
/// reference/texture.md) with browser text metrics. Pure; `Sendable` and `Equatable`, safe on any layout queue.
///
/// Lengths are points before pixel-grid rounding; line widths are rounded up to 1/64 pt.
public struct TextLayout: Sendable, Hashable {
  /// Width of the leaf: the longest line (shrink-wrapped), capped at an at-most width, or the exact width.
  public var width: Double
  /// Height of the leaf: number of lines × line height (0 for empty text).
  public var height: Double
  /// The lines, top to bottom.
  public var lines: [TextLine]
  /// Distance from the top to the first line's baseline (Texture's `style.ascender`; 0 without lines).
  public var ascender: Double
  /// The last baseline minus the height: ≤ 0, as UIKit's `UIFont.descender` (Texture's `style.descender`).
  public var descender: Double
  /// The height of each line.
  public var lineHeight: Double
  /// Whether text was cut at `maxLines`.
  public var truncated: Bool

  /// Lays out `text` in `font` at `size` points offered `width` (a negative width counts as 0, NaN as unbounded;
  /// a negative or non-finite size as 0).
  ///
  /// Lines break greedily where Chromium may break them (`BreakOpportunities`: Blink's rules between ASCII
  /// characters, UAX #14 elsewhere, never inside a grapheme cluster), and always at U+000A, U+000D (also as CR LF),
  /// U+0085, U+2028 and U+2029; a word wider than the line overflows it. A line that breaks at a soft hyphen
  /// (U+00AD) shows a hyphen, which counts toward its width. Spaces are kept as typed (not collapsed); those at a
  /// line end do not count toward its width. Characters the font does not map take the advance of its .notdef
  /// glyph (there is no font fallback). Pure.
  public init(text: String, font: Font, size: Double, options: TextOptions = TextOptions(), width: SizeConstraint) {
    let size = size.isFinite ? max(size, 0) : 0
    let shaped = ShapedText(
      text: text, font: font, size: size, kerning: options.kerning, ligatures: options.ligatures, wrap: options.wrap)
    let metrics = LineMetrics(font: font, size: size)
    let lineHeight: Double
    switch options.lineHeight {
    case .normal: lineHeight = font.isAhem ? size : metrics.normalLineHeight
    case .points(let h): lineHeight = h.isFinite ? max(h, 0) : metrics.normalLineHeight
    }
    let baseline = metrics.baseline(lineHeight: lineHeight, isAhem: font.isAhem)
    self.init(
      shaped: shaped, text: text, options: options, width: width, lineHeight: lineHeight,
      lineBox: { _, _ in (lineHeight, baseline) },
      markUnits: { string, _ in
        let mark = ShapedText(
          text: string, font: font, size: size, kerning: options.kerning, ligatures: options.ligatures)
        return mark.units(0, mark.items.count)
      })
  }

  /// Lays out the lines of `shaped` (made from `text`): breaking, truncation, alignment and line boxes.
  /// `lineBox(start, end)` gives the height of the line holding scalars `start..<end` and its baseline's distance
  /// from the line's top; `markUnits(string, offset)` the width of a truncation string cut in after scalar
  /// `offset - 1`, in `shaped`'s units; `lineHeight` is reported as the layout's `lineHeight`. Pure.
  init(
    shaped: ShapedText, text: String, options: TextOptions, width: SizeConstraint, lineHeight: Double,
    lineBox: (Int, Int) -> (height: Double, baseline: Double), markUnits: (String, Int) -> Int
  ) {
    let limit: Double
    switch width {
    case .exactly(let w), .atMost(let w): limit = w.isNaN ? .infinity : max(w, 0)
    case .unbounded: limit = .infinity
    }
    let (broken, more) = LineBreaker.breakLines(
      shaped, limit: options.wrap == .none ? .infinity : limit, maxLines: max(options.maxLines, 0),
      anywhere: options.wrap == .anywhere)
    var lines: [TextLine] = []
    lines.reserveCapacity(broken.count)
    var cursor = ShapedText.Cursor()
    var top = 0.0
    var firstBaseline = 0.0
    let style = options.paragraph
    let plain = style.isPlain
    for (index, line) in broken.enumerated() {
      var shown = shaped.string(line.start, line.contentEnd, in: text, cursor: &cursor)
      var width = shaped.width(line.start, line.contentEnd)
      if line.hyphenated, let hyphen = shaped.hyphen {
        shown.unicodeScalars.append(hyphen.scalar)
        width = shaped.width(line.start, line.contentEnd, plusUnits: hyphen.units)
      }
      var box = lineBox(line.start, line.end)
      if !plain {
        box = style.adjust(height: box.height, baseline: box.baseline)
        if index > 0 {
          top += style.lineSpacing.isFinite ? max(style.lineSpacing, 0) : 0
          let previousEnd = broken[index - 1].end
          if previousEnd < shaped.items.count && shaped.items[previousEnd].breakClass == .hardBreak {
            let spacing = style.paragraphSpacingBefore + style.paragraphSpacingAfter
            top += spacing.isFinite ? max(spacing, 0) : 0
          }
        }
      }
      if index == 0 { firstBaseline = box.baseline }
      lines.append(
        TextLine(range: line.start..<line.end, x: 0, width: width, baseline: top + box.baseline, text: shown))
      top += box.height
    }
    // Unwrapped text (`LineWrap.none`) is also truncated where its last shown line overflows the width.
    let overflows = options.wrap == .none && (lines.last?.width ?? 0) > limit + 1e-9
    var truncated = more
    if more || overflows, let last = broken.last {
      let baseline = lines[lines.count - 1].baseline
      let at = max(last.contentEnd, last.start + 1)
      switch options.truncation {
      case .tail(let ellipsis):
        lines[lines.count - 1] = Self.truncate(
          last, of: shaped, text: text, ellipsis: ellipsis, markUnits: markUnits(ellipsis, at), limit: limit,
          baseline: baseline)
        truncated = true
      case .head(let ellipsis):
        lines[lines.count - 1] = Self.truncateHead(
          last, of: shaped, text: text, ellipsis: ellipsis, markUnits: markUnits(ellipsis, at), limit: limit,
          baseline: baseline)
        truncated = true
      case .middle(let ellipsis):
        lines[lines.count - 1] = Self.truncateMiddle(
          last, of: shaped, text: text, ellipsis: ellipsis, markUnits: markUnits(ellipsis, at), limit: limit,
          baseline: baseline)
        truncated = true
      case .clip: break
      }
    }
    let longest = lines.reduce(0) { max($0, $1.width) }
    switch width {
    case .exactly: self.width = limit.isFinite ? limit : longest
    case .atMost: self.width = min(longest, limit)
    case .unbounded: self.width = longest
    }
    /// Whether justification stretches line `i`: soft-wrapped (not ended by a hard break or the text's end) and not
    /// the truncated last line.
    func stretches(_ i: Int) -> Bool {
      let end = broken[i].end
      return end < shaped.items.count && shaped.items[end].breakClass != .hardBreak
        && !(truncated && i == lines.count - 1)
    }
    // Justified text fills the whole width it may take (TextKit justifies to its container's width) as soon as one
    // of its lines is stretched.
    if options.alignment == .justified, case .atMost = width, limit.isFinite, lines.indices.contains(where: stretches) {
      self.width = limit
    }
    if Self.needsBidi(shaped) {
      let paragraphs = Self.bidiParagraphs(shaped)
      for i in lines.indices {
        let start = lines[i].range.lowerBound
        let end = truncated && i == lines.count - 1 ? lines[i].range.upperBound : broken[i].contentEnd
        let (runs, level) = Self.directionalRuns(shaped, start, shaped.trimmedEnd(start, end), paragraphs: paragraphs)
        lines[i].paragraphLevel = level
        if level == 1 || runs.contains(where: { $0.level != 0 }) { lines[i].runs = runs }
      }
    }
    for i in lines.indices {
      let free = self.width - lines[i].width
      switch options.alignment {
      case .natural where lines[i].paragraphLevel == 1: lines[i].x = max(0, free)
      case .natural, .left: lines[i].x = 0
      case .center: lines[i].x = max(0, free / 2)
      case .right: lines[i].x = max(0, free)
      case .justified:
        let line = broken[i]
        guard free > 0, stretches(i) else { continue }
        let spaces = (line.start..<line.contentEnd).reduce(0) {
          $0 + (shaped.items[$1].scalar == " " || shaped.items[$1].scalar == "\u{A0}" ? 1 : 0)
        }
        guard spaces > 0 else { continue }
        lines[i].spaceExpansion = free / Double(spaces)
        lines[i].width = self.width
      }
    }
    self.height = top
    self.lines = lines
    self.lineHeight = lineHeight
    self.truncated = truncated
    self.ascender = lines.isEmpty ? 0 : firstBaseline
    self.descender = lines.last.map { $0.baseline - top } ?? 0
  }
}
