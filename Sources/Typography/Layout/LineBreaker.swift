/// Greedy line breaking of shaped text into lines no wider than a limit (CSS `white-space: pre-wrap` with
/// `overflow-wrap: normal`: a word wider than the line overflows it, spaces at a line end hang). Pure.
enum LineBreaker {
  /// One line as found by the breaker, in scalar offsets.
  struct Line: Equatable {
    /// First scalar of the line.
    var start: Int
    /// End of the line's visible content (trailing spaces excluded).
    var contentEnd: Int
    /// End of the line, trailing spaces included, the hard break that ended it excluded.
    var end: Int
  }

  /// Breaks `text` into lines of at most `limit` points (`.infinity`: only hard breaks), stopping after
  /// `maxLines` lines (0 = no limit); `more` tells whether text was left over.
  static func breakLines(_ text: ShapedText, limit: Double, maxLines: Int) -> (lines: [Line], more: Bool) {
    let items = text.items
    let n = items.count
    var lines: [Line] = []
    guard n > 0 else { return (lines, false) }
    lines.reserveCapacity(4)
    let bounded = limit.isFinite
    let limitUnits = bounded ? limit + 1e-9 : .infinity
    var start = 0
    while true {
      if maxLines > 0 && lines.count == maxLines { return (lines, true) }
      var end = n
      var next = n
      var candidate = -1
      var overflowing = false
      var i = start
      while i < n {
        let breakClass = items[i].breakClass
        if breakClass == .hardBreak {
          end = i
          next = i + 1
          if items[i].scalar.value == 0x0D && next < n && items[next].scalar.value == 0x0A { next += 1 }
          break
        }
        if bounded {
          if i > start && BreakClass.canBreak(items[i - 1].breakClass, breakClass) {
            if overflowing {
              end = i
              next = i
              break
            }
            candidate = i
          }
          if breakClass != .space && text.width(start, i + 1) > limitUnits {
            if candidate > start {
              end = candidate
              next = candidate
              break
            }
            overflowing = true
          }
        }
        i += 1
      }
      lines.append(Line(start: start, contentEnd: text.trimmedEnd(start, end), end: end))
      if next >= n {
        return (lines, false)
      }
      start = next
    }
  }
}
