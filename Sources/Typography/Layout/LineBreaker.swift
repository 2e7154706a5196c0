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
    /// True when the line ends at a soft hyphen's break: it shows `ShapedText.hyphen` after its content.
    var hyphenated = false
  }

  /// Breaks `text` into lines of at most `limit` points (`.infinity`: only hard breaks), stopping after
  /// `maxLines` lines (0 = no limit); `more` tells whether text was left over. With `anywhere` (CSS
  /// `overflow-wrap: anywhere`) a line that overflows before its first opportunity breaks at the last grapheme
  /// cluster boundary that fits, keeping at least its first cluster.
  static func breakLines(
    _ text: ShapedText, limit: Double, maxLines: Int, anywhere: Bool = false
  ) -> (lines: [Line], more: Bool) {
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
      var candidateHyphenated = false
      // The first soft-hyphen break of the line when it did not fit with its hyphen: still the line's first
      // opportunity, taken when the line overflows before any other (the least overflow, as Chromium breaks).
      var tooWideHyphen = -1
      var endHyphenated = false
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
          let opportunity = items[i].opportunity
          if i > start && opportunity >= .allowed {
            let hyphenated = opportunity == .hyphenated
            if overflowing {
              end = i
              next = i
              endHyphenated = hyphenated
              break
            }
            // A soft hyphen's break is usable only when the line fits with the hyphen shown; a break inside a cut
            // cluster only when the line fits with the cluster's head (the width was not checked inside it).
            let fits =
              hyphenated
              ? text.width(start, i, plusUnits: text.hyphen?.units ?? 0) <= limitUnits
              : text.cuts.isEmpty || text.cuts[i] == nil || text.width(start, i) <= limitUnits
            if fits {
              candidate = i
              candidateHyphenated = hyphenated
            } else if candidate < 0 && tooWideHyphen < 0 {
              tooWideHyphen = i
            }
          }
          // Inside a cluster that a break may cut (a soft hyphen between a ligature's components), the running
          // width holds the whole cluster: the line overflows only if it still does at the cluster's end.
          let insideCutCluster = !text.cuts.isEmpty && i + 1 < n && !items[i + 1].startsCluster
          if breakClass != .space && !insideCutCluster && text.width(start, i + 1) > limitUnits {
            if candidate > start || tooWideHyphen > start {
              let taken = candidate > start ? candidate : tooWideHyphen
              end = taken
              next = taken
              endHyphenated = candidate > start ? candidateHyphenated : true
              break
            }
            if anywhere {
              var cut = i
              while cut > start && !items[cut].startsCluster { cut -= 1 }
              if cut == start {
                cut = start + 1
                while cut < n && !items[cut].startsCluster { cut += 1 }
              }
              end = cut
              next = cut
              break
            }
            overflowing = true
          }
        }
        i += 1
      }
      lines.append(
        Line(start: start, contentEnd: text.trimmedEnd(start, end), end: end, hyphenated: endHyphenated))
      if next >= n {
        return (lines, false)
      }
      start = next
    }
  }
}
