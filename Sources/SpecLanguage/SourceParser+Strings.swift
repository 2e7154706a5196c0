extension SourceParser {
  /// A string literal at the current offset (on its opening quote): its decoded text. Control characters must be
  /// escaped; `\u` escapes of surrogates must pair.
  mutating func string() throws(SourceSyntaxError) -> String {
    offset += 1
    var scalars = String.UnicodeScalarView()
    var runStart = offset
    while true {
      guard let byte = current else { throw failure("a string is not closed") }
      if byte == UInt8(ascii: "\"") {
        scalars.append(contentsOf: decodedRun(runStart..<offset))
        offset += 1
        return String(scalars)
      }
      if byte < 0x20 { throw failure("a control character must be escaped in a string") }
      if byte == UInt8(ascii: "\\") {
        scalars.append(contentsOf: decodedRun(runStart..<offset))
        offset += 1
        scalars.append(try escape())
        runStart = offset
      } else {
        offset += 1
      }
    }
  }

  /// The text of unescaped bytes (valid UTF-8: they come from a Swift string).
  func decodedRun(_ range: Range<Int>) -> String.UnicodeScalarView {
    String(decoding: bytes[range], as: UTF8.self).unicodeScalars
  }

  /// One escape after its backslash.
  mutating func escape() throws(SourceSyntaxError) -> Unicode.Scalar {
    guard let byte = current else { throw failure("a string is not closed") }
    offset += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try hexUnit()
      if (0xD800..<0xDC00).contains(unit) {
        guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
          throw failure("a high surrogate escape must be followed by a low one")
        }
        offset += 2
        let low = try hexUnit()
        guard (0xDC00..<0xE000).contains(low) else { throw failure("expected a low surrogate escape") }
        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        return Unicode.Scalar(value) ?? "\u{FFFD}"
      }
      guard let scalar = Unicode.Scalar(UInt32(unit)) else { throw failure("a lone low surrogate escape") }
      return scalar
    default:
      offset -= 1
      throw failure("unknown escape \\\(Self.describe(byte))")
    }
  }

  /// Four hex digits of a `\u` escape.
  mutating func hexUnit() throws(SourceSyntaxError) -> UInt16 {
    var unit: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = Self.hexValue(byte) else {
        throw failure("expected four hex digits after \\u")
      }
      unit = unit << 4 | UInt16(digit)
      offset += 1
    }
    return unit
  }

  /// The value of a hex digit.
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
