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
  /// in the run of the last character kept before it. `lineHeight` reports the first line's height. Pure.
  public init(runs: [TextRun], options: TextOptions = TextOptions(), width: SizeConstraint) {
    if runs.count == 1, let run = runs.first, run.letterSpacing == 0, run.baselineOffset == 0 {
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
      let size = run.usedSize
      let metrics = LineMetrics(font: run.font, size: size)
      let height: Double
      switch options.lineHeight {
      case .normal: height = run.font.isAhem ? size : metrics.normalLineHeight
      case .points(let h): height = h.isFinite ? max(h, 0) : metrics.normalLineHeight
      }
      let offset = run.baselineOffset.isFinite ? run.baselineOffset : 0
      let top = -metrics.baseline(lineHeight: height, isAhem: run.font.isAhem) - offset
      boxes.append((top, top + height))
    }
    /// The index of the run holding scalar `offset` (the last run for offsets at or past the end).
    func run(at offset: Int) -> Int {
      var index = 0
      while index < ends.count - 1 && ends[index] <= offset { index += 1 }
      return index
    }
    func lineBox(_ start: Int, _ end: Int) -> (height: Double, baseline: Double) {
      guard !boxes.isEmpty else { return (0, 0) }
      var top = 0.0
      var bottom = 0.0
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
        let run = runs[run(at: max(offset - 1, 0))]
        let mark = ShapedText(
          text: string, font: run.font, size: run.usedSize, kerning: options.kerning, ligatures: options.ligatures)
        let perUnit = mark.scale * ShapedText.runUnitsPerPoint
        return ShapedText.fixedUnits(Double(mark.units(0, mark.items.count)) * perUnit)
      })
    if let first = lines.first { lineHeight = lineBox(first.range.lowerBound, first.range.upperBound).height }
  }
}
