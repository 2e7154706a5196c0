/// A deterministic text measurer without fonts: every character advances 0.6 em, lines are 1.2 em (or the leaf's
/// fixed line height), words wrap at spaces. Pure; used where no font engine is connected (Texture case runs).
package enum FixedAdvanceTextMeasurer {
  /// Measures `leaf` inside `range.max` per the `TextMeasurement` contract.
  @Sendable package static func measure(_ leaf: TextLeaf, _ range: SizeRange) throws(LayoutFailure)
    -> TextMeasurement
  {
    let advance = leaf.fontSize * 0.6
    let lineHeight: Double
    switch leaf.lineHeight {
    case .normal: lineHeight = leaf.fontSize * 1.2
    case .points(let p): lineHeight = p
    }
    let ascent = leaf.fontSize * 0.8
    let descent = leaf.fontSize * 0.2
    let scalars = Array(leaf.text.unicodeScalars)
    let maxWidth = range.max.width
    var lines: [(Int, Int)] = []
    var start = 0
    var lastBreak = -1
    var i = 0
    while i < scalars.count {
      if scalars[i] == "\n" {
        lines.append((start, i))
        start = i + 1
        lastBreak = -1
      } else {
        if scalars[i] == " " { lastBreak = i }
        if Double(i - start + 1) * advance > maxWidth && i > start {
          if lastBreak > start {
            lines.append((start, lastBreak))
            start = lastBreak + 1
          } else {
            lines.append((start, i))
            start = i
          }
          lastBreak = -1
          continue
        }
      }
      i += 1
    }
    lines.append((start, scalars.count))
    var truncated = false
    if leaf.maxLines > 0 && lines.count > leaf.maxLines {
      lines = Array(lines.prefix(leaf.maxLines))
      truncated = true
    }
    let fitting = (range.max.height / lineHeight).rounded(.down)
    let fit = fitting.isFinite && fitting < Double(Int32.max) ? max(1, Int(fitting)) : Int(Int32.max)
    if case .none = leaf.truncation {
    } else if lines.count > fit {
      lines = Array(lines.prefix(fit))
      truncated = true
    }
    var out: [TextLine] = []
    for (n, (s, e)) in lines.enumerated() {
      var end = e
      while end > s && scalars[end - 1] == " " { end -= 1 }
      let isLast = n == lines.count - 1
      var width = Double(end - s) * advance
      var marked = false
      if truncated && isLast, case .tail(let marker) = leaf.truncation {
        let markerWidth = Double(marker.unicodeScalars.count) * advance
        while end > s && width + markerWidth > maxWidth {
          end -= 1
          width -= advance
        }
        width += markerWidth
        marked = true
      }
      out.append(TextLine(range: s..<end, width: width, baseline: Double(n) * lineHeight + ascent, isTruncated: marked))
    }
    let longest = out.map(\.width).max() ?? 0
    let share = leaf.alignment == .center ? 0.5 : leaf.alignment == .right ? 1 : 0
    for i in out.indices { out[i].x = (longest - out[i].width) * share }
    return TextMeasurement(
      size: Size(longest, Double(out.count) * lineHeight), lines: out, ascender: ascent, descender: -descent)
  }
}
