/// The `yoga-text` measure function of Yoga's Chrome-generated tests (conformance/measure.md). Pure.
///
/// Every character, spaces included, is `fontSize` wide and every line `fontSize` high; the leaf's own
/// flex direction changes the wrap width.
public enum YogaTextMeasure {
  /// Measures `text` offered `width` and `height`; returns the leaf's size in points.
  /// - Parameter isColumn: the leaf's own `flexDirection` is `column` (the default) or `column-reverse`.
  public static func measure(
    text: String, fontSize c: Double, isColumn: Bool, width: SizeConstraint, height: SizeConstraint
  ) -> (width: Double, height: Double) {
    let n = Double(text.unicodeScalars.count)
    let words = text.split(separator: " ", omittingEmptySubsequences: true)
    let longest = c * Double(words.map { $0.unicodeScalars.count }.max() ?? 0)
    let w: Double
    switch width {
    case .exactly(let x): w = x
    case .atMost(let x): w = min(n * c, x)
    case .unbounded: w = n * c
    }
    let wrap = isColumn ? w : max(w, longest)
    var t = c
    if n * c > wrap {
      var lines = 1.0
      var cur = 0.0
      for word in words {
        let ww = c * Double(word.unicodeScalars.count)
        if ww > wrap {
          if cur > 0 { lines += 1 }
          lines += 1
          cur = 0
        } else if cur + ww <= wrap {
          cur += ww + c
        } else {
          lines += 1
          cur = ww + c
        }
      }
      t = (cur == 0 ? lines - 1 : lines) * c
    }
    let h: Double
    switch height {
    case .exactly(let x): h = x
    case .atMost(let x): h = min(t, x)
    case .unbounded: h = t
    }
    return (w, h)
  }
}
