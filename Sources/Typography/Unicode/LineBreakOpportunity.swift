/// What a line may do at one position between two scalars, as `UnicodeLineBreaker` reports it. Pure.
///
/// The cases are ordered from "never" to "must", so a caller can compare them (`>= .allowed`).
enum LineBreakOpportunity: UInt8, Sendable, Comparable {
  /// Inside a grapheme cluster: no line break and no truncation may cut here (also the position before the first
  /// scalar).
  case never
  /// A grapheme cluster boundary where UAX #14 forbids a break: usable only as a last resort, for CSS
  /// `overflow-wrap: anywhere` / `break-word` when a word does not fit, or for a truncation cut.
  case emergency
  /// A break opportunity.
  case allowed
  /// A break opportunity after U+00AD soft hyphen: when a line breaks here, it ends with a visible hyphen.
  case hyphenated
  /// A forced break: after a hard line break (BK, CR, LF, CR LF, NL) and at the end of the text (LB3).
  case mandatory

  /// Whether a line may end here without a last resort: `.allowed`, `.hyphenated` or `.mandatory` (the ÷ of the
  /// UCD's LineBreakTest.txt).
  var isBreak: Bool { self >= .allowed }

  /// Orders cases from `.never` to `.mandatory`.
  static func < (a: LineBreakOpportunity, b: LineBreakOpportunity) -> Bool { a.rawValue < b.rawValue }
}
