/// Line break opportunities between two printable ASCII characters as Chromium (Blink) decides them, which is
/// not UAX #14. Pure.
///
/// Blink's line breaker (`LazyLineBreakIterator::NextBreakablePosition` in `text_break_iterator.cc`, shared with
/// WebKit's `BreakLines`) answers a pair of printable ASCII characters (U+0021–U+007F) from its own table, kept
/// for compatibility with other browsers, and asks ICU (UAX #14) only when one of the pair is not ASCII. Its rules,
/// in words:
/// - after `-`: a break before any character except `! ) , . / : ; ? ] }`; before a digit only when the character
///   before the `-` is a letter or digit (`ABCD-1234`, `1234-5678` break; a minus sign in `x -5` or `(-5` does not);
/// - after `?`: a break before any character except `! " ' ) , . / : ; ? ] }` and DEL (so `page?id=1` breaks
///   after the `?`, which UAX #14 also allows, but `?)` does not);
/// - after one of `! " # % & ) * + , . : ; = > \ ] | } ~`: a break before an opening `( < [ {` only;
/// - after anything else (letters, digits, `$ ' ( / < @ [ ^ _ \` {`, DEL): no break.
/// Spaces, tabs and line breaks are not in the table: the line may always end after a run of spaces.
enum AsciiBreakRule {
  /// True for the printable ASCII characters the table covers.
  @inline(__always)
  static func covers(_ v: UInt32) -> Bool { v >= 0x21 && v <= 0x7F }

  /// Whether a line may break between `before` and `after` (both covered), `beforeBefore` being the character
  /// before `before` (0 at the start of the text).
  static func allowsBreak(_ beforeBefore: UInt32, _ before: UInt32, _ after: UInt32) -> Bool {
    switch before {
    case 0x2D:  // -
      if isDigit(after) { return isDigit(beforeBefore) || isLetter(beforeBefore) }
      return !neverAfterHyphen(after)
    case 0x3F:  // ?
      return !neverAfterQuestionMark(after)
    case 0x21, 0x22, 0x23, 0x25, 0x26, 0x29, 0x2A, 0x2B, 0x2C, 0x2E, 0x3A, 0x3B, 0x3D, 0x3E, 0x5C, 0x5D, 0x7C,
      0x7D, 0x7E:
      return after == 0x28 || after == 0x3C || after == 0x5B || after == 0x7B  // ( < [ {
    default:
      return false
    }
  }

  /// `! ) , . / : ; ? ] }`: no break before them after a `-`.
  @inline(__always)
  private static func neverAfterHyphen(_ v: UInt32) -> Bool {
    switch v {
    case 0x21, 0x29, 0x2C, 0x2E, 0x2F, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D: return true
    default: return false
    }
  }

  /// `! " ' ) , . / : ; ? ] }` and DEL: no break before them after a `?`.
  @inline(__always)
  private static func neverAfterQuestionMark(_ v: UInt32) -> Bool {
    switch v {
    case 0x21, 0x22, 0x27, 0x29, 0x2C, 0x2E, 0x2F, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x7F: return true
    default: return false
    }
  }

  /// ASCII `0`–`9`.
  @inline(__always)
  private static func isDigit(_ v: UInt32) -> Bool { v >= 0x30 && v <= 0x39 }

  /// ASCII `A`–`Z`, `a`–`z`.
  @inline(__always)
  private static func isLetter(_ v: UInt32) -> Bool { (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A }
}
