/// Number reading: exact `Int64` for integer literals, the nearest `Double` otherwise.
extension JSONReader {
  /// 10^e for 0 ≤ e ≤ 22, all exactly representable in a Double.
  @inline(__always)
  static func powerOfTen(_ e: Int) -> Double {
    switch e {
    case 0: return 1e0
    case 1: return 1e1
    case 2: return 1e2
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    case 10: return 1e10
    case 11: return 1e11
    case 12: return 1e12
    case 13: return 1e13
    case 14: return 1e14
    case 15: return 1e15
    case 16: return 1e16
    case 17: return 1e17
    case 18: return 1e18
    case 19: return 1e19
    case 20: return 1e20
    case 21: return 1e21
    default: return 1e22
    }
  }

  /// Reads a number at `pos` following RFC 8259's grammar.
  ///
  /// A literal without fraction or exponent that fits in `Int64` becomes `.int`; `-0` becomes `.double(-0.0)` so
  /// the sign survives; everything else is the correctly rounded `Double` (±infinity beyond its range).
  mutating func readNumber() throws(JSONParseError) -> JSONValue {
    let start = pos
    var negative = false
    if base[pos] == UInt8(ascii: "-") {
      negative = true
      pos += 1
    }
    var mantissa: UInt64 = 0
    var significant = 0  // digits accumulated into mantissa (after leading zeros)
    var truncated = false  // more than 19 significant digits
    var exponent = 0  // decimal exponent of mantissa's last digit
    guard pos < end else { throw fail("invalid number: expected a digit") }
    let first = base[pos]
    if first == UInt8(ascii: "0") {
      pos += 1
      if pos < end && base[pos] >= UInt8(ascii: "0") && base[pos] <= UInt8(ascii: "9") {
        throw fail("invalid number: leading zero", at: start)
      }
    } else if first >= UInt8(ascii: "1") && first <= UInt8(ascii: "9") {
      while pos < end {
        let d = base[pos] &- UInt8(ascii: "0")
        if d > 9 { break }
        if significant < 19 {
          mantissa = mantissa &* 10 &+ UInt64(d)
          significant += 1
        } else {
          truncated = true
          exponent += 1
        }
        pos += 1
      }
    } else {
      throw fail("invalid number: expected a digit, got \(describe(first))")
    }
    var isInteger = true
    if pos < end && base[pos] == UInt8(ascii: ".") {
      isInteger = false
      pos += 1
      let digits = pos
      while pos < end {
        let d = base[pos] &- UInt8(ascii: "0")
        if d > 9 { break }
        if significant < 19 {
          if mantissa != 0 || d != 0 { significant += 1 }
          mantissa = mantissa &* 10 &+ UInt64(d)
          exponent -= 1
        } else {
          truncated = true
        }
        pos += 1
      }
      if pos == digits { throw fail("invalid number: expected a digit after '.'") }
    }
    if pos < end && (base[pos] == UInt8(ascii: "e") || base[pos] == UInt8(ascii: "E")) {
      isInteger = false
      pos += 1
      var expNegative = false
      if pos < end && (base[pos] == UInt8(ascii: "+") || base[pos] == UInt8(ascii: "-")) {
        expNegative = base[pos] == UInt8(ascii: "-")
        pos += 1
      }
      let digits = pos
      var e = 0
      while pos < end {
        let d = base[pos] &- UInt8(ascii: "0")
        if d > 9 { break }
        if e < 1_000_000 { e = e * 10 + Int(d) }
        pos += 1
      }
      if pos == digits { throw fail("invalid number: expected a digit in the exponent") }
      exponent += expNegative ? -e : e
    }
    if isInteger && !truncated {
      if negative {
        if mantissa == 0 { return .double(-0.0) }
        if mantissa <= UInt64(Int64.max) { return .int(-Int64(mantissa)) }
        if mantissa == UInt64(Int64.max) + 1 { return .int(Int64.min) }
      } else if mantissa <= UInt64(Int64.max) {
        return .int(Int64(mantissa))
      }
    }
    // Clinger's fast path: both the mantissa and the power of ten are exact, so one operation rounds correctly.
    if !truncated && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
      var d = Double(mantissa)
      d = exponent >= 0 ? d * JSONReader.powerOfTen(exponent) : d / JSONReader.powerOfTen(-exponent)
      return .double(negative ? -d : d)
    }
    let text = String(decoding: UnsafeBufferPointer(start: base + start, count: pos - start), as: UTF8.self)
    guard let d = Double(text) else { throw fail("invalid number", at: start) }
    return .double(d)
  }
}
