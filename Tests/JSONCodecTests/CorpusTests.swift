import JSONCodec
import Testing

/// The y_/n_ corpus under Tests/Fixtures/json.
@Suite struct CorpusTests {
  /// `value` with every non-finite number replaced by null, as the writer writes it.
  static func finite(_ value: JSONValue) -> JSONValue {
    switch value {
    case .double(let d) where !d.isFinite: return .null
    case .array(let items): return .array(items.map(finite))
    case .object(let object):
      return .object(JSONObject(object.storage.map { ($0.key, finite($0.value)) }))
    default: return value
    }
  }

  @Test func corpusIsThere() {
    #expect(Fixtures.names(prefix: "y_").count >= 70)
    #expect(Fixtures.names(prefix: "n_").count >= 80)
  }

  @Test(arguments: Fixtures.names(prefix: "y_"))
  func acceptsAndRoundTrips(_ name: String) throws {
    let bytes = try Fixtures.bytes(name)
    var value = try JSONParser.parse(bytes)
    let written = JSONWriter.serialize(value)
    var reparsed = try JSONParser.parse(written)
    // Strict output: a number that overflowed to infinity on reading is written as null (the two `*overflow*`
    // files; the others nest too deep for the recursive `finite`).
    let expected = name.contains("overflow") ? Self.finite(value) : value
    #expect(reparsed == expected, "\(name): parse → write → parse differs")
    #expect(JSONWriter.serialize(reparsed) == written, "\(name): writing is not stable")
    value.dismantle()
    reparsed.dismantle()
  }

  @Test(arguments: Fixtures.names(prefix: "n_"))
  func rejects(_ name: String) throws {
    let bytes = try Fixtures.bytes(name)
    #expect(throws: JSONParseError.self, "\(name) was accepted") {
      var value = try JSONParser.parse(bytes)
      value.dismantle()
    }
  }

  @Test func selectedValues() throws {
    func parse(_ name: String) throws -> JSONValue { try JSONParser.parse(Fixtures.bytes(name)) }
    #expect(
      try parse("y_object_duplicated_key.json") == .object(JSONObject([("a", .string("b")), ("a", .string("c"))])))
    #expect(try parse("y_object_duplicated_key.json")["a"] == .string("c"))
    #expect(try parse("y_string_all_short_escapes.json") == .array([.string("\" \\ / \u{8} \u{C} \n \r \t")]))
    #expect(try parse("y_string_surrogate_pair.json") == .array([.string("😀")]))
    #expect(try parse("y_string_max_code_point_escaped.json") == .array([.string("\u{10FFFF}")]))
    #expect(try parse("y_object_escaped_null_in_key.json") == .object(JSONObject([("foo\u{0}bar", .int(42))])))
    #expect(try parse("y_string_mixed_escapes_and_utf8.json") == .array([.string("é\né😀\t")]))
    #expect(try parse("y_number_overflow_to_infinity.json") == .array([.double(.infinity)]))
    #expect(try parse("y_number_negative_overflow.json") == .array([.double(-.infinity)]))
    #expect(try parse("y_number_underflow_to_zero.json") == .array([.double(0)]))
  }
}
