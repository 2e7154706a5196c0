extension TextLayout {
  /// Lays out an attributed paragraph: the runs' texts one after another, each run in its own font, size, letter
  /// spacing and baseline offset (`ShapedText.init(runs:)`); lines break and truncate over the whole paragraph as
  /// `init(text:font:size:options:width:)` describes. A paragraph of one run without letter spacing or baseline
  /// offset lays out exactly as that initializer does.
  ///
  /// Each line is as tall as the inline boxes of the runs on it, as Chromium stacks them (CSS 2 §10.8): a run's box
  /// is its line height (`options.lineHeight`, `.normal` being the run's own font's) around its ascent and descent
  /// with the half-leading floored (exact for ahem), raised by its baseline offset; the line runs from the highest
  /// box top to the lowest box bottom and always includes its baseline (Chromium's strut of a block whose own font
  /// has size 0: a run raised above the baseline leaves the space below it), its baseline where the boxes' are. A truncation string is measured
  /// in the run of the line's last character with that run's font, size and letter spacing. `lineHeight` reports the first line's height. Pure.
  public init(runs given: [TextRun], options: TextOptions = TextOptions(), width: SizeConstraint) {
    let runs = given.contains { $0.fallback != nil } ? given.flatMap { $0.fallbackParts() } : given
    if runs.count == 1, let run = runs.first, run.letterSpacing == 0, run.baselineOffset == 0, run.primary == nil {
      self.init(text: run.text, font: run.font, size: run.size, options: options, width: width)
      return
    }
    let shaped = ShapedText(runs: runs, kerning: options.kerning, ligatures: options.ligatures, wrap: options.wrap)
    let text = runs.reduce(into: "") { $0 += $1.text }
    var ends: [Int] = []
    var boxes: [(top: Double, bottom: Double)] = []
    var total = 0
    for run in runs {
      total += run.text.unicodeScalars.count
      ends.append(total)
      // A part in a fallback font keeps its run's own box (the span's, with the requested font); under
      // `line-height: normal` the fallback font's box (its normal line height around its ascent and descent) is
      // added, as Chromium adds the metrics of the fonts a line uses (CSS 2 §10.8.1).
      var own = Self.box(of: run, font: run.primary ?? run.font, lineHeight: options.lineHeight)
      if let primary = run.primary, primary != run.font, case .normal = options.lineHeight {
        let used = Self.box(of: run, font: run.font, lineHeight: .normal)
        own = (min(own.top, used.top), max(own.bottom, used.bottom))
      }
      boxes.append(own)
    }
    /// The index of the run holding scalar `offset` (the last run for offsets at or past the end).
    func run(at offset: Int) -> Int {
      var index = 0
      while index < ends.count - 1 && ends[index] <= offset { index += 1 }
      return index
    }
    // One run as the caller gave it, not raised: its font is the block's own (a plain text leaf), whose strut (its
    // box) every line holds, instead of the baseline alone.
    var strut = (top: 0.0, bottom: 0.0)
    if given.count == 1, let run = given.first, run.baselineOffset == 0, let index = boxes.indices.first {
      strut = runs[index].primary == nil ? boxes[index] : Self.box(of: run, lineHeight: options.lineHeight)
    }
    func lineBox(_ start: Int, _ end: Int) -> (height: Double, baseline: Double) {
      guard !boxes.isEmpty else { return (0, 0) }
      var top = strut.top
      var bottom = strut.bottom
      for index in run(at: start)...run(at: max(end, start + 1) - 1) {
        let startOfRun = index == 0 ? 0 : ends[index - 1]
        guard ends[index] > startOfRun || index == run(at: start) else { continue }  // empty runs have no box
        top = min(top, boxes[index].top)
        bottom = max(bottom, boxes[index].bottom)
      }
      return (max(bottom - top, 0), -top)
    }
    let firstHeight = boxes.first.map { $0.bottom - $0.top } ?? 0
    self.init(
      shaped: shaped, text: text, options: options, width: width, lineHeight: firstHeight, lineBox: lineBox,
      markUnits: { string, offset in
        // The truncation string takes the attributes of the run it replaces the end of (CoreText's truncation
        // token, Texture's): that run's own font when it draws the string (a fallback part's run font otherwise),
        // its size, and its letter spacing after each cluster (with ligatures off, as in the run).
        let run = runs[run(at: max(offset - 1, 0))]
        let own = run.primary ?? run.font
        let font = own.maps(string.unicodeScalars[...]) ? own : run.font
        let mark = ShapedText(
          text: string, font: font, size: run.usedSize, kerning: options.kerning,
          ligatures: options.ligatures && run.letterSpacing == 0)
        let perUnit = mark.scale * ShapedText.runUnitsPerPoint
        let spacing = ShapedText.fixedUnits(run.letterSpacing * ShapedText.runUnitsPerPoint)
        let spaced = mark.items.filter { $0.startsCluster && ($0.breakClass == .other || $0.breakClass == .space) }
        return ShapedText.fixedUnits(Double(mark.units(0, mark.items.count)) * perUnit) + spaced.count * spacing
      })
    if let first = lines.first { lineHeight = lineBox(first.range.lowerBound, first.range.upperBound).height }
    // Lines of more than one font (runs, or fallback faces) say which face draws which characters.
    if runs.count > 1 || runs.contains(where: { $0.primary != nil }) {
      attachFaces(shaped, runs: runs, ends: ends)
    }
  }

  /// The inline box of `run` in `font` (default: the run's) at the run's size, raised by its baseline offset: its
  /// line height around its ascent and descent, the half-leading floored (exact for ahem); offsets from the
  /// baseline, negative above it.
  static func box(of run: TextRun, font: Font? = nil, lineHeight: LineHeight) -> (top: Double, bottom: Double) {
    let font = font ?? run.font
    let size = run.usedSize
    let offset = run.baselineOffset.isFinite ? run.baselineOffset : 0
    let metrics = LineMetrics(font: font, size: size)
    let height: Double
    switch lineHeight {
    case .normal: height = font.isAhem ? size : metrics.normalLineHeight
    case .points(let h): height = h.isFinite ? max(h, 0) : metrics.normalLineHeight
    }
    let top = -metrics.baseline(lineHeight: height, isAhem: font.isAhem) - offset
    return (top, top + height)
  }
}
