/// The role of a character in laying out a line, apart from where the line may break (`BreakOpportunities`):
/// spaces hang at a line end, hard breaks end a line, zero-width and format characters take no advance. Pure.
enum BreakClass: UInt8, Sendable {
  /// Every other character.
  case other
  /// A breaking space (U+0020, tab): a line may end after a run of them, and spaces at a line end hang (no width).
  case space
  /// U+200B zero width space: no width (a break opportunity after it, UAX #14 LB8).
  case zeroWidthSpace
  /// A forced line break: U+000A, U+000D, U+0085, U+2028, U+2029.
  case hardBreak
  /// A control or format character that takes no width (e.g. U+200D, U+00AD, variation selectors, tags).
  case invisible

  /// The class of code point `v`.
  @inline(__always)
  static func of(_ v: UInt32) -> BreakClass {
    if v < 0x80 {
      switch v {
      case 0x20, 0x09: return .space
      case 0x0A, 0x0D: return .hardBreak
      case 0..<0x20, 0x7F: return .invisible
      default: return .other
      }
    }
    switch v {
    case 0x85, 0x2028, 0x2029: return .hardBreak
    case 0x80..<0xA0, 0xAD: return .invisible
    case 0x200B: return .zeroWidthSpace
    case 0x200C...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0xFE00...0xFE0F, 0xFEFF, 0xE0000...0xE007F:
      return .invisible
    default: return .other
    }
  }
}
