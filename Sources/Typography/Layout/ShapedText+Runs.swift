extension ShapedText {
  /// The units of a paragraph of runs: 1/65536 pt, the 16.16 fixed-point positions a browser's HarfBuzz shapes
  /// with, so runs of different fonts and sizes sum exactly.
  static let runUnitsPerPoint = 65536.0

  /// `x` (1/65536 pt) rounded to an integer, within ±2^38 (about ±4 million points; 0 when not finite), so that
  /// sums over any text stay far from `Int`'s range whatever sizes and spacing a caller passes.
  @inline(__always)
  static func fixedUnits(_ x: Double) -> Int {
    guard x.isFinite else { return 0 }
    let limit = Double(1 << 38)
    return Int(min(max(x.rounded(), -limit), limit))
  }

  /// Shapes a paragraph of runs: break opportunities and grapheme clusters over the whole text (as a browser
  /// finds them across its inline boxes), each run shaped alone in its font (no ligature or kerning across a run
  /// boundary), its advances converted to 1/65536 pt and its letter spacing added after each cluster. A ligature
  /// inside a run is one cluster; a line breaks inside it only where the run shaped alone has a cut there (a soft
  /// hyphen, or any letter boundary under `.breakAll` and `.character`) and the paragraph has an opportunity. The
  /// soft hyphen's hyphen is the first run's font's. Nothing in a cursive script run (Arabic) takes letter spacing
  /// (`ShapingScript.cursiveScalars`). Pure.
  init(runs: [TextRun], kerning: Bool, ligatures: Bool, wrap: LineWrap) {
    scale = 1 / Self.runUnitsPerPoint
    let text = runs.reduce(into: "") { $0 += $1.text }
    var (items, needsUnicode) = Self.classifiedItems(text: text)
    if needsUnicode { BreakOpportunities.applyUnicodeRules(to: &items) }
    BreakOpportunities.apply(wrap, to: &items)
    let cursive = ShapingScript.cursiveScalars(runs)
    var offset = 0
    var total = 0
    for run in runs {
      // Each run is shaped from its slice of the paragraph's items (classified once, over the whole text).
      let end = min(offset + run.text.unicodeScalars.count, items.count)
      let shaped = ShapedText(
        paragraphItems: Array(items[offset..<end]), font: run.font, size: run.usedSize, kerning: kerning,
        ligatures: ligatures && run.letterSpacing == 0)
      let perUnit = shaped.scale * Self.runUnitsPerPoint
      let spacing = Self.fixedUnits(run.letterSpacing * Self.runUnitsPerPoint)
      let fixed = { (units: Int) in Self.fixedUnits(Double(units) * perUnit) }
      var previousEnd = 0
      for (k, item) in shaped.items.enumerated() where offset + k < items.count {
        let index = offset + k
        var advance = fixed(item.end - previousEnd)
        previousEnd = item.end
        if k > 0 && !item.startsCluster {
          items[index].startsCluster = false
          if let cut = shaped.cuts[k], items[index].opportunity >= .allowed {
            cuts[index] = Cut(
              clusterStart: offset + cut.clusterStart, clusterEnd: offset + cut.clusterEnd, head: fixed(cut.head),
              tail: fixed(cut.tail))
          } else if items[index].opportunity < .mandatory {
            items[index].opportunity = .never
          }
        }
        let breakClass = items[index].breakClass
        // Letter spacing is not added inside a cursive script run (Arabic), as Chromium leaves its letters joined
        // (CSS Text 3 §8.2) and gives its spaces, digits and punctuation none either.
        if spacing != 0 && items[index].startsCluster && (breakClass == .other || breakClass == .space)
          && !(index < cursive.count && cursive[index] && !ShapingScript.takesSpacingWhenCursive(items[index].scalar))
        {
          advance += spacing
        }
        total += advance
        items[index].end = total
        items[index].kern = k == 0 ? 0 : Int32(clamping: fixed(Int(item.kern)))
      }
      offset += shaped.items.count
    }
    if needsUnicode && text.unicodeScalars.contains("\u{AD}"), let first = runs.first {
      let (scalar, units) = Self.hyphen(of: first.font)
      let perUnit = first.usedSize / Double(first.font.unitsPerEm) * Self.runUnitsPerPoint
      hyphen = (scalar, Self.fixedUnits(Double(units) * perUnit))
    } else {
      hyphen = nil
    }
    self.items = items
  }
}
