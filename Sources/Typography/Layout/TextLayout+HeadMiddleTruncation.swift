extension TextLayout {
  /// The last shown line cut at its head (`Truncation.head`): `ellipsis` followed by the end of the text, as many
  /// whole grapheme clusters of the text's last paragraph (after its last hard break, trailing spaces and breaks
  /// dropped, leading spaces of the kept part dropped) as fit `limit` with it, at least the last cluster.
  /// `markUnits` is the width of `ellipsis` in `shaped`'s units. Pure.
  static func truncateHead(
    _ line: LineBreaker.Line, of shaped: ShapedText, text: String, ellipsis: String, markUnits: Int, limit: Double,
    baseline: Double
  ) -> TextLine {
    let (floor, end) = lastParagraph(of: shaped, from: line.start)
    let lastCluster = max(shaped.clusterStart(before: end), floor)
    var cut = floor
    while cut < lastCluster && shaped.width(cut, end, plusUnits: markUnits) > limit + 1e-9 {
      cut = shaped.clusterEnd(after: cut, limit: lastCluster)
    }
    while cut < lastCluster && shaped.items[cut].breakClass == .space { cut += 1 }
    let width = shaped.width(cut, end, plusUnits: markUnits)
    var cursor = ShapedText.Cursor()
    let shown = shaped.string(cut, end, in: text, cursor: &cursor)
    return TextLine(range: cut..<end, x: 0, width: width, baseline: baseline, text: ellipsis + shown)
  }

  /// The last shown line cut in its middle (`Truncation.middle`): the line's start, `ellipsis`, and the end of the
  /// text's last paragraph. Whole grapheme clusters are added alternately to the narrower of the two parts (the
  /// head first; the other part when that one cannot grow) while the whole fits `limit`; the head keeps at least
  /// the line's first cluster; spaces at the cut are dropped. The range runs from the head's start to the tail's
  /// end (the cut middle included). `markUnits` is the width of `ellipsis` in `shaped`'s units. Pure.
  static func truncateMiddle(
    _ line: LineBreaker.Line, of shaped: ShapedText, text: String, ellipsis: String, markUnits: Int, limit: Double,
    baseline: Double
  ) -> TextLine {
    let start = line.start
    let (floor, end) = lastParagraph(of: shaped, from: start)
    let headLimit = max(line.contentEnd, start)
    var headEnd = shaped.clusterEnd(after: start, limit: headLimit)
    var tailStart = max(end, headEnd)
    func width(_ h: Int, _ t: Int) -> Double {
      ShapedText.ceil64(
        Double(shaped.units(start, shaped.trimmedEnd(start, h)) + markUnits + shaped.units(t, end)) * shaped.scale)
    }
    while true {
      let headUnits = shaped.units(start, headEnd)
      let tailUnits = shaped.units(tailStart, end)
      let grownHead = headEnd < min(headLimit, tailStart) ? shaped.clusterEnd(after: headEnd, limit: headLimit) : nil
      let grownTail =
        tailStart > max(floor, headEnd) ? max(shaped.clusterStart(before: tailStart), max(floor, headEnd)) : nil
      var grew = false
      for side in headUnits <= tailUnits ? [0, 1] : [1, 0] {
        if side == 0, let h = grownHead, h <= tailStart, width(h, tailStart) <= limit + 1e-9 {
          headEnd = h
          grew = true
          break
        }
        if side == 1, let t = grownTail, width(headEnd, t) <= limit + 1e-9 {
          tailStart = t
          grew = true
          break
        }
      }
      if !grew { break }
    }
    let headShown = shaped.trimmedEnd(start, headEnd)
    while tailStart < end && shaped.items[tailStart].breakClass == .space { tailStart += 1 }
    var cursor = ShapedText.Cursor()
    let head = shaped.string(start, headShown, in: text, cursor: &cursor)
    let tail = shaped.string(tailStart, end, in: text, cursor: &cursor)
    return TextLine(
      range: start..<max(end, headEnd), x: 0, width: width(headEnd, tailStart), baseline: baseline,
      text: head + ellipsis + tail)
  }

  /// The text's last paragraph from `start` on: from after the last hard break at or after `start` to the end of
  /// the text without trailing spaces and hard breaks.
  private static func lastParagraph(of shaped: ShapedText, from start: Int) -> (floor: Int, end: Int) {
    let end = shaped.trimmedEnd(start, shaped.items.count)
    var floor = start
    var k = end
    while k > start {
      k -= 1
      if shaped.items[k].breakClass == .hardBreak {
        floor = k + 1
        break
      }
    }
    return (floor, max(end, floor))
  }
}

extension ShapedText {
  /// The start of the grapheme cluster after the one at `index`, at most `limit` (`limit` when `index` ≥ it).
  @inline(__always)
  func clusterEnd(after index: Int, limit: Int) -> Int {
    guard index < limit else { return limit }
    var end = index + 1
    while end < limit && !items[end].startsCluster { end += 1 }
    return end
  }
}
