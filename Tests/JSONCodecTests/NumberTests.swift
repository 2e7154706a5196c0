import JSONCodec
import Testing

/// Numbers keep their kind and round-trip exactly.
@Suite struct NumberTests {
  /// Parses a single number.
  func number(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

  @Test func integerKinds() throws {
    #expect(try number("0") == .int(0))
    #expect(try number("-123") == .int(-123))
    #expect(try number("9223372036854775807") == .int(.max))
    #expect(try number("-9223372036854775808") == .int(.min))
    // Beyond Int64: the nearest double.
    #expect(try number("9223372036854775808") == .double(9223372036854775808.0))
    #expect(try number("-9223372036854775809") == .double(-9223372036854775808.0))
    #expect(try number("100000000000000000000000000000") == .double(1e29))
  }

  @Test func negativeZeroKeepsItsSign() throws {
    for text in ["-0", "-0.0", "-0e5"] {
      guard case .double(let d) = try number(text) else {
        Issue.record("\(text) is not a double")
        continue
      }
      #expect(d == 0 && d.sign == .minus, "\(text)")
      #expect(JSONWriter.string(.double(d)) == "-0")
    }
    #expect(JSONWriter.string(.double(0)) == "0")
  }

  @Test(arguments: [
    0.1, 0.2, 0.3, 1.5, -2.75, .leastNonzeroMagnitude, 2.2250738585072014e-308, Double(bitPattern: 0xF_FFFF_FFFF_FFFF),
    1.7976931348623157e308, -1.7976931348623157e308, 4.35, 1e15, 1e16, 1e21, 1e22, 1e23, 123456789012345.67,
    9007199254740993.0, 3.141592653589793, 2.718281828459045, 1.0 / 3.0, 6.02214076e23, 1e-7, 0.000001,
    9.999999999999999e22, 8.98846567431158e307,
  ])
  func doublesRoundTripExactly(_ d: Double) throws {
    let text = JSONWriter.string(.double(d))
    let back = try JSONParser.parse(text)
    #expect(back.doubleValue?.bitPattern == d.bitPattern, "\(d) → \(text)")
  }

  @Test func shortestForms() {
    #expect(JSONWriter.string(.double(0.1)) == "0.1")
    #expect(JSONWriter.string(.double(.leastNonzeroMagnitude)) == "5e-324")
    #expect(JSONWriter.string(.double(1.7976931348623157e308)) == "1.7976931348623157e+308")
    #expect(JSONWriter.string(.double(375)) == "375")
    #expect(JSONWriter.string(.double(-12.5)) == "-12.5")
    #expect(JSONWriter.string(.double(.nan)) == "null")
    #expect(JSONWriter.string(.double(.infinity)) == "null")
    #expect(JSONWriter.string(.double(-.infinity)) == "null")
  }

  @Test func decimalsParseToTheNearestDouble() throws {
    let cases: [(String, Double)] = [
      ("0.1", 0.1), ("1e-2", 0.01), ("123.456e78", 123.456e78), ("5e-324", .leastNonzeroMagnitude),
      ("1.7976931348623157e308", 1.7976931348623157e308), ("2.4703282292062328e-324", .leastNonzeroMagnitude),
      ("2.4703282292062327e-324", 0), ("17976931348623159e292", .infinity),
      ("17976931348623158e292", .greatestFiniteMagnitude),
      ("3.14159265358979323846264338327950288", 3.141592653589793), ("0.000000000000000000000000000001", 1e-30),
      ("1e007", 1e7), ("-2e-3", -0.002), ("100000000000000000000000e-3", 1e20),
      ("9007199254740993", 9_007_199_254_740_992), ("1E+2", 100),
    ]
    for (text, expected) in cases {
      #expect(try number(text).doubleValue?.bitPattern == expected.bitPattern, "\(text)")
    }
  }

  @Test(arguments: [Int64.min, Int64.min + 1, -1, 0, 1, 9, 10, 99, 1_000_000, Int64.max - 1, Int64.max])
  func integersRoundTripExactly(_ i: Int64) throws {
    let text = JSONWriter.string(.int(i))
    #expect(text == String(i))
    #expect(try JSONParser.parse(text) == .int(i))
  }

  @Test func numericEquality() {
    #expect(JSONValue.int(3) == .double(3))
    #expect(JSONValue.int(3) != .double(3.5))
    #expect(JSONValue.double(-0.0) == .int(0))
    #expect(Set<JSONValue>([.int(3), .double(3)]).count == 1)
    #expect(JSONValue.int(.max) != .double(9223372036854775807.0))
  }
}
