/// Writing numbers and strings.
extension JSONWriter {
  /// Writes an integer in decimal without allocating.
  public static func writeInt(_ value: Int64, into out: inout [UInt8]) {
    if value >= 0 && value < 10 {
      out.append(UInt8(ascii: "0") &+ UInt8(value))
      return
    }
    // Work on the magnitude as UInt64 so Int64.min needs no special case.
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var i = 20
      while magnitude > 0 {
        i -= 1
        digits[i] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
        magnitude /= 10
      }
      if value < 0 { out.append(UInt8(ascii: "-")) }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i..<20]))
    }
  }

  /// Writes a double: integral values below 10^15 as integers (`-0.0` as `-0`), other finite values in their
  /// shortest round-trip form, NaN as `null`, infinities as `±1e999`.
  public static func writeDouble(_ d: Double, into out: inout [UInt8]) {
    if d.isNaN {
      out.append(contentsOf: "null".utf8)
    } else if d.isInfinite {
      out.append(contentsOf: (d < 0 ? "-1e999" : "1e999").utf8)
    } else if d == 0 {
      out.append(contentsOf: (d.sign == .minus ? "-0" : "0").utf8)
    } else if abs(d) < 1e15, let i = Int64(exactly: d) {
      writeInt(i, into: &out)
    } else {
      // Swift's description is the shortest string that reads back as the same Double, e.g. "5e-324",
      // "1.7976931348623157e+308", "0.1": all valid JSON numbers.
      out.append(contentsOf: d.description.utf8)
    }
  }

  /// Hex digits for `\u00XX` escapes.
  private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

  /// The escape for each ASCII byte: 0 = none, otherwise the letter after the backslash (`u` = `\u00XX`).
  private static let escapes: [UInt8] = (0..<128).map { (c: Int) -> UInt8 in
    switch c {
    case 0x22: return UInt8(ascii: "\"")
    case 0x5C: return UInt8(ascii: "\\")
    case 0x0A: return UInt8(ascii: "n")
    case 0x0D: return UInt8(ascii: "r")
    case 0x09: return UInt8(ascii: "t")
    case 0x08: return UInt8(ascii: "b")
    case 0x0C: return UInt8(ascii: "f")
    case 0..<0x20: return UInt8(ascii: "u")
    default: return 0
    }
  }

  /// Writes a quoted, escaped string; runs of bytes that need no escape are copied in bulk.
  public static func writeString(_ s: String, into out: inout [UInt8]) {
    var s = s
    out.append(UInt8(ascii: "\""))
    s.withUTF8 { bytes in
      escapes.withUnsafeBufferPointer { table in
        var runStart = 0
        var i = 0
        let n = bytes.count
        while i < n {
          let c = bytes[i]
          if c >= 0x80 || table[Int(c)] == 0 {
            i += 1
            continue
          }
          if i > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
          let e = table[Int(c)]
          out.append(UInt8(ascii: "\\"))
          out.append(e)
          if e == UInt8(ascii: "u") {
            out.append(UInt8(ascii: "0"))
            out.append(UInt8(ascii: "0"))
            out.append(hex[Int(c >> 4)])
            out.append(hex[Int(c & 0xF)])
          }
          i += 1
          runStart = i
        }
        if n > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<n])) }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
