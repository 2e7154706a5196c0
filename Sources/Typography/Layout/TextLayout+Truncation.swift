extension TextLayout {
  /// Cuts `line`, the last line shown, so that its text plus `ellipsis` fits `limit`: whole grapheme clusters are
  /// removed from the end (then any spaces left at the cut) until it fits, but the line's first cluster always
  /// stays, as Chromium keeps at least one before the ellipsis (the line may then overflow). Pure.
  /// `markUnits` is the width of `ellipsis` in `shaped`'s units.
  static func truncate(
    _ line: LineBreaker.Line, of shaped: ShapedText, text: String, ellipsis: String, markUnits: Int, limit: Double,
    baseline: Double
  ) -> TextLine {
    var firstCluster = min(line.start + 1, line.contentEnd)
    while firstCluster < line.contentEnd && !shaped.items[firstCluster].startsCluster { firstCluster += 1 }
    var cut = line.contentEnd
    while cut > firstCluster {
      if shaped.width(line.start, cut, plusUnits: markUnits) <= limit + 1e-9 { break }
      cut = max(shaped.trimmedEnd(line.start, shaped.clusterStart(before: cut)), firstCluster)
    }
    let width = ShapedText.ceil64(Double(shaped.units(line.start, cut) + markUnits) * shaped.scale)
    var cursor = ShapedText.Cursor()
    let shown = shaped.string(line.start, cut, in: text, cursor: &cursor)
    return TextLine(range: line.start..<cut, x: 0, width: width, baseline: baseline, text: shown + ellipsis)
  }
}

extension ShapedText {
  /// A position in the text both as a scalar offset and as a UTF-8 offset, moved forward by `string`.
  struct Cursor {
    /// Scalar offset.
    var scalar = 0
    /// UTF-8 offset of the same position.
    var utf8 = 0
  }

  /// Moves `cursor` forward to scalar offset `target` (never backward) and returns the UTF-8 index there.
  @inline(__always)
  func index(_ target: Int, in text: String, cursor: inout Cursor) -> String.Index {
    while cursor.scalar < target {
      cursor.utf8 += UTF8.width(items[cursor.scalar].scalar)
      cursor.scalar += 1
    }
    return text.utf8.index(text.utf8.startIndex, offsetBy: cursor.utf8)
  }

  /// Scalars `a..<b` of `text` (which this was shaped from) as a string, copied from the text's storage;
  /// `cursor` must not be past `a` and is left at `b`.
  func string(_ a: Int, _ b: Int, in text: String, cursor: inout Cursor) -> String {
    let start = index(a, in: text, cursor: &cursor)
    let end = index(max(a, b), in: text, cursor: &cursor)
    if start == text.startIndex && end == text.endIndex { return text }
    return String(text.unicodeScalars[start..<end])
  }
}
