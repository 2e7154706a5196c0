/// One run of an attributed paragraph: text in one face at one size, with letter spacing and a baseline offset.
/// Pure value.
public struct TextRun: Sendable, Hashable {
  /// The run's characters.
  public var text: String
  /// The face the run is measured in.
  public var font: Font
  /// Font size in points (a negative or non-finite size counts as 0).
  public var size: Double
  /// Points added after each grapheme cluster of the run that is not a hard break or an invisible character
  /// (NSAttributedString's `kern`, CSS `letter-spacing`, which browsers add after the last one too). A run with
  /// letter spacing is shaped without ligatures, as browsers do.
  public var letterSpacing: Double
  /// Points the run's baseline is raised above the line's (NSAttributedString's `baselineOffset`; negative lowers
  /// it); the run's box moves with it, so it can make its lines taller.
  public var baselineOffset: Double
  /// The fonts a character `font` does not map is measured in (nil: none, such a character takes `font`'s
  /// .notdef advance).
  public var fallback: FontFallback?
  /// For a part of a run cut by its fallback (`fallbackParts()`): the run's own font, whose inline box the part's
  /// line always holds (nil for a run as the caller gave it).
  var primary: Font?

  /// A run with the given values.
  public init(
    text: String, font: Font, size: Double, letterSpacing: Double = 0, baselineOffset: Double = 0,
    fallback: FontFallback? = nil
  ) {
    self.text = text
    self.font = font
    self.size = size
    self.letterSpacing = letterSpacing
    self.baselineOffset = baselineOffset
    self.fallback = fallback
  }

  /// The size used for layout: `size`, or 0 when it is negative or not finite.
  var usedSize: Double { size.isFinite ? max(size, 0) : 0 }
}
