/// Writing numbers and strings.
extension JSONWriter {
  /// Appends an integer in decimal.
  public static func writeInt(_ value: Int64, into out: inout [UInt8]) {
    var sink = ByteSink(capacity: 32)
    writeInt(value, into: &sink)
    sink.copy(into: &out)
  }

  /// Appends a double as `write` does (see `writeDouble(_:into:)` on the sink).
  public static func writeDouble(_ d: Double, into out: inout [UInt8]) {
    var sink = ByteSink(capacity: 32)
    writeDouble(d, into: &sink)
    sink.copy(into: &out)
  }

  /// Appends a quoted, escaped string.
  public static func writeString(_ s: String, into out: inout [UInt8]) {
    var sink = ByteSink(capacity: s.utf8.count + 2)
    writeString(s, into: &sink)
    sink.copy(into: &out)
  }

  /// Writes an integer in decimal without allocating.
  static func writeInt(_ value: Int64, into sink: inout ByteSink) {
    if value >= 0 && value < 10 {
      sink.append(UInt8(ascii: "0") &+ UInt8(value))
      return
    }
    // Work on the magnitude as UInt64 so Int64.min needs no special case.
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
      var i = 21
      while magnitude > 0 {
        i -= 1
        digits[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      }
      if value < 0 {
        i -= 1
        digits[i] = UInt8(ascii: "-")
      }
      if let start = digits.baseAddress { sink.append(start + i, count: 21 - i) }
    }
  }

  /// Writes a double: integral values below 10^15 as integers (`-0.0` as `-0`), other finite values in their
  /// shortest round-trip form, NaN and infinities as `null`: the output is strict JSON, which has no non-finite
  /// numbers (`1e999` would read back as infinity in some parsers and be refused by others).
  static func writeDouble(_ d: Double, into sink: inout ByteSink) {
    if !d.isFinite {
      sink.append("null")
    } else if d == 0 {
      sink.append(d.sign == .minus ? "-0" : "0")
    } else if d.magnitude < 1e15, let i = JSONValue.exactInt64(d) {
      writeInt(i, into: &sink)
    } else {
      // Swift's description is the shortest string that reads back as the same Double, e.g. "5e-324",
      // "1.7976931348623157e+308", "0.1": all valid JSON numbers.
      var text = d.description
      text.withUTF8 { bytes in
        if let start = bytes.baseAddress { sink.append(start, count: bytes.count) }
      }
    }
  }

  /// Writes a quoted, escaped string; runs of bytes that need no escape are copied in bulk.
  static func writeString(_ s: String, into sink: inout ByteSink) {
    sink.append(UInt8(ascii: "\""))
    let done: Void? = s.utf8.withContiguousStorageIfAvailable { bytes in writeEscaped(bytes, into: &sink) }
    if done == nil {
      var copy = s
      copy.withUTF8 { bytes in writeEscaped(bytes, into: &sink) }
    }
    sink.append(UInt8(ascii: "\""))
  }

  /// Writes string content, escaping `"`, `\` and control characters.
  private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout ByteSink) {
    guard let base = bytes.baseAddress else { return }
    let n = bytes.count
    var runStart = 0
    var i = 0
    while i < n {
      // Whole 8-byte words that need no escape (no control byte, '"' or '\\'), tested at once.
      while i + 8 <= n {
        let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = w ^ (ones &* 0x22)
        let backslash = w ^ (ones &* 0x5C)
        let flags = ((w &- ones &* 0x20) & ~w) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        if flags & (ones &* 0x80) != 0 { break }
        i += 8
      }
      guard i < n else { break }
      let c = base[i]
      if c >= 0x20 && c != 0x22 && c != 0x5C {
        i += 1
        continue
      }
      if i > runStart { sink.append(base + runStart, count: i - runStart) }
      sink.append(UInt8(ascii: "\\"))
      switch c {
      case 0x22: sink.append(UInt8(ascii: "\""))
      case 0x5C: sink.append(UInt8(ascii: "\\"))
      case 0x0A: sink.append(UInt8(ascii: "n"))
      case 0x0D: sink.append(UInt8(ascii: "r"))
      case 0x09: sink.append(UInt8(ascii: "t"))
      case 0x08: sink.append(UInt8(ascii: "b"))
      case 0x0C: sink.append(UInt8(ascii: "f"))
      default:
        sink.append("u00")
        sink.append(hexDigit(c >> 4))
        sink.append(hexDigit(c & 0xF))
      }
      i += 1
      runStart = i
    }
    if n > runStart { sink.append(base + runStart, count: n - runStart) }
  }

  /// The lowercase hex digit for a value below 16.
  @inline(__always)
  private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? UInt8(ascii: "0") &+ v : UInt8(ascii: "a") &+ v &- 10 }
}
