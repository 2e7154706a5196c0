/// Vertical metrics of one font at one size, in points. Pure.
public struct LineMetrics: Sendable, Hashable {
  /// Distance from the top of the line's glyph box to the baseline: round(ascender × size / metricsUnitsPerEm).
  public var ascent: Double
  /// Distance from the baseline to the bottom of the glyph box: round(|descender| × size / metricsUnitsPerEm).
  public var descent: Double
  /// The font's line gap at this size, rounded.
  public var lineGap: Double
  /// CSS `line-height: normal`: ascent + descent + lineGap, at least 0 (a damaged font's `hhea` or `OS/2`
  /// metrics can sum below zero, and a line, like any measured size, is never negative).
  public var normalLineHeight: Double { max(ascent + descent + lineGap, 0) }

  /// The metrics Chromium uses for `font` at `size` (ascent, descent and gap each rounded to whole points);
  /// the ahem font keeps its exact 0.8 em / 0.2 em so that its line height equals the size (FORMAT.md).
  public init(font: Font, size: Double) {
    let scale = size / Double(font.metricsUnitsPerEm)
    if font.isAhem {
      ascent = 0.8 * size
      descent = 0.2 * size
      lineGap = 0
    } else {
      ascent = (Double(font.ascender) * scale).rounded()
      descent = (Double(-font.descender) * scale).rounded()
      lineGap = (Double(font.lineGap) * scale).rounded()
    }
  }

  /// The baseline's distance from the top of a line box of height `lineHeight`: ascent plus the half-leading
  /// floored to a whole point (Chromium's `CalculateLeadingSpace`); exact for ahem.
  public func baseline(lineHeight: Double, isAhem: Bool) -> Double {
    let halfLeading = (lineHeight - ascent - descent) / 2
    return ascent + (isAhem ? halfLeading : halfLeading.rounded(.down))
  }
}
