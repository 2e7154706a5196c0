/// The `ahem` text measure of conformance/FORMAT.md: every glyph (spaces included) is a `fontSize` square. Pure.
///
/// Lines break only at spaces; a word longer than the line overflows it. With an exact width the leaf takes that
/// width; with an at-most width it takes min(longest line, width); unbounded, one line. Height is lines × fontSize.
public enum AhemMeasure {
  /// Measures `text` at `fontSize`, offered `width`; returns the size in points and the number of lines.
  public static func measure(text: String, fontSize: Double, width: SizeConstraint)
    -> (width: Double, height: Double, lines: Int)
  {
    let limit: Double
    switch width {
    case .exactly(let w), .atMost(let w): limit = w
    case .unbounded: limit = .infinity
    }
    var lines = 0
    var current = -1.0  // width of the current line in glyphs; -1 = no line started
    var longest = 0.0
    // Words are runs between spaces, counted in Unicode scalars: one per UTF-8 byte that is not a continuation
    // byte. One pass over the bytes, no allocation.
    func place(_ word: Double) {
      if current < 0 {
        current = word
        lines += 1
      } else if (current + 1 + word) * fontSize <= limit {
        current += 1 + word
      } else {
        longest = max(longest, current)
        current = word
        lines += 1
      }
    }
    var scalars = 0
    for byte in text.utf8 {
      if byte == 0x20 {
        if scalars > 0 { place(Double(scalars)) }
        scalars = 0
      } else if byte & 0xC0 != 0x80 {
        scalars += 1
      }
    }
    if scalars > 0 { place(Double(scalars)) }
    if current >= 0 { longest = max(longest, current) }
    lines = max(lines, text.isEmpty ? 0 : 1)
    let longestWidth = longest * fontSize
    let w: Double
    switch width {
    case .exactly(let x): w = x
    case .atMost(let x): w = min(longestWidth, x)
    case .unbounded: w = longestWidth
    }
    return (w, Double(lines) * fontSize, lines)
  }
}
