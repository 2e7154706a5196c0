/// XML 1.0 escaping for SVG text and attribute values. Pure.
enum XMLEscaping {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, and the characters XML 1.0 forbids (controls other
  /// than tab, line feed and carriage return, unpaired surrogates cannot occur in a Swift string, U+FFFE and U+FFFF)
  /// replaced by U+FFFD, so any cell text yields a well-formed document.
  static func escaped(_ text: String) -> String {
    guard text.utf8.contains(where: needsWork) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// True for a UTF-8 byte that may start something to escape: an ASCII special or control character, or the
  /// lead byte of U+FFFE/U+FFFF (0xEF).
  private static func needsWork(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == 0xEF
  }
}
