/// The line-breaking role of a character: a small subset of UAX #14 (Unicode line breaking) that covers spaces,
/// hyphens, dashes, CJK ideographs, kana and hangul, and the punctuation that may not start or end a line. Pure.
enum BreakClass: UInt8, Sendable {
  /// Letters, digits and everything else: no break between two of them.
  case other
  /// A breaking space (U+0020, tab): the line may break after it; spaces at a line end hang (no width).
  case space
  /// A character after which the line may break, never before: hyphen-minus, U+2010 hyphen, U+2013 en dash,
  /// U+3000 ideographic space. As in Chromium, a hyphen between digits ("10-20") is a break opportunity too.
  case breakAfter
  /// A character with a break opportunity before and after (U+2014 em dash, UAX #14 B2).
  case breakBoth
  /// A CJK ideograph, kana or hangul syllable: a break is allowed before and after it.
  case ideographic
  /// Closing punctuation and non-starters (`)`, `,`, `。`, `」`, `々`, …): no break before.
  case closing
  /// Opening punctuation (`(`, `「`, …): no break after.
  case opening
  /// U+200B zero width space: a break opportunity with no width.
  case zeroWidthSpace
  /// A forced line break: U+000A, U+000D, U+0085, U+2028, U+2029.
  case hardBreak
  /// A control or format character that takes no width and does not affect breaking (e.g. U+200D, U+00AD).
  case invisible

  /// The class of code point `v`.
  @inline(__always)
  static func of(_ v: UInt32) -> BreakClass {
    if v < 0x80 {
      switch v {
      case 0x20, 0x09: return .space
      case 0x0A, 0x0D: return .hardBreak
      case 0x2D: return .breakAfter
      case 0x29, 0x5D, 0x7D, 0x21, 0x3F, 0x2C, 0x2E, 0x3A, 0x3B: return .closing
      case 0x28, 0x5B, 0x7B: return .opening
      case 0..<0x20, 0x7F: return .invisible
      default: return .other
      }
    }
    if v < 0x2000 {
      switch v {
      case 0x85: return .hardBreak
      case 0x80..<0xA0, 0xAD: return .invisible
      default: return .other
      }
    }
    if v < 0x2E80 {
      switch v {
      case 0x200B: return .zeroWidthSpace
      case 0x200C...0x200F, 0x202A...0x202E, 0x2060...0x2064: return .invisible
      case 0x2028, 0x2029: return .hardBreak
      case 0x2010, 0x2013: return .breakAfter
      case 0x2014: return .breakBoth
      default: return .other
      }
    }
    return cjk(v)
  }

  /// Classes of code points from U+2E80 up: CJK punctuation, kana, ideographs, hangul, fullwidth forms.
  private static func cjk(_ v: UInt32) -> BreakClass {
    switch v {
    case 0x3000: return .breakAfter
    // Small kana and U+30FC (UAX #14 class CJ) stay breakable, as in Chromium's default `line-break: auto`.
    case 0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E,
      0x301F, 0x303B, 0x309B...0x309E, 0x30A0, 0x30FB, 0x30FD, 0x30FE, 0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A,
      0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64, 0xFF65:
      return .closing
    case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B,
      0xFF5F, 0xFF62:
      return .opening
    case 0xFE00...0xFE0F: return .invisible
    case 0xFEFF: return .invisible
    case 0x2E80...0x2FFF, 0x3003...0x303F, 0x3040...0x30FF, 0x3100...0x318F, 0x31C0...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF9F, 0x20000...0x3FFFF:
      return .ideographic
    case 0xE0000...0xE007F: return .invisible
    default: return .other
    }
  }

  /// Whether a line may break between a character of class `before` and the next one of class `after`.
  @inline(__always)
  static func canBreak(_ before: BreakClass, _ after: BreakClass) -> Bool {
    switch after {
    case .space, .hardBreak, .closing, .zeroWidthSpace, .invisible: return false
    default: break
    }
    if before == .space || before == .zeroWidthSpace { return true }
    if after == .breakAfter { return false }
    switch before {
    case .breakBoth: return true
    case .opening: return false
    case .breakAfter: return true
    default: return after == .ideographic || after == .breakBoth || before == .ideographic
    }
  }
}
