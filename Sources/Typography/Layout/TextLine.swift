/// One laid-out line of a `TextLayout`. Pure value; all lengths in points, before pixel-grid rounding.
public struct TextLine: Sendable, Hashable {
  /// The part of the source text shown on this line, as **Unicode-scalar offsets** into `text.unicodeScalars`
  /// (not UTF-16 or UTF-8 offsets). Spaces at the line end are included; the hard break that ends a line is not.
  /// On a truncated last line, the range ends where the text was cut.
  public var range: Range<Int>
  /// The line's left edge relative to the layout's left edge (from the alignment).
  public var x: Double
  /// The width of the displayed text (trailing spaces excluded, ellipsis included), rounded up to 1/64 pt.
  public var width: Double
  /// The baseline's distance from the top of the layout.
  public var baseline: Double
  /// The text to draw: the line's characters without trailing spaces, plus the truncation string when cut.
  public var text: String
  /// Points added to the advance of each U+0020 and U+00A0 space in `text` when the line is justified (0
  /// otherwise).
  public var spaceExpansion: Double
  /// The width before justification stretched the line (equal to `width` on lines that are not stretched).
  public var naturalWidth: Double
  /// The line's directional runs in visual order, left to right (UAX #9), when its text has right-to-left
  /// characters; empty on a line of a left-to-right paragraph without them (one left-to-right run).
  public var runs: [Run] = []
  /// The embedding level of the line's paragraph: 1 when its first strong character is right to left.
  public var paragraphLevel: UInt8 = 0

  /// A line with the given values.
  public init(
    range: Range<Int>, x: Double, width: Double, baseline: Double, text: String, spaceExpansion: Double = 0
  ) {
    self.range = range
    self.x = x
    self.width = width
    self.baseline = baseline
    self.text = text
    self.spaceExpansion = spaceExpansion
    self.naturalWidth = width
  }
}
