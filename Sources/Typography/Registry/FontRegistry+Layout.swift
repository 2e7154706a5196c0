extension FontRegistry {
  /// Finds the face of `family` for `weight` and `italic` (see `font(family:weight:italic:)`) and lays `text` out
  /// in it: the one call a text leaf needs. Thread-safe.
  /// - Throws: `TypographyError.fontNotFound(family:)` when the family is not installed (no fallback).
  public func layout(
    text: String, family: String, weight: Int = 400, italic: Bool = false, size: Double,
    options: TextOptions = TextOptions(), width: SizeConstraint
  ) throws -> TextLayout {
    TextLayout(
      text: text, font: try font(family: family, weight: weight, italic: italic), size: size, options: options,
      width: width)
  }
}
