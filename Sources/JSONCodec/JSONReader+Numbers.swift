/// Number reading: exact `Int64` for integer literals, the nearest `Double` otherwise.
extension JSONReader {
  /// Exact powers of ten representable in a Double (10^0 ... 10^22).
  static let powersOfTen: [Double] = (0...22).map { e in
    var v = 1.0
    for _ in 0..<e { v *= 10 }
    return v
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
      d = exponent >= 0 ? d * JSONReader.powersOfTen[exponent] : d / JSONReader.powersOfTen[-exponent]
      return .double(negative ? -d : d)
    }
    let text = String(decoding: UnsafeBufferPointer(start: base + start, count: pos - start), as: UTF8.self)
    guard let d = Double(text) else { throw fail("invalid number", at: start) }
    return .double(d)
  }
}
