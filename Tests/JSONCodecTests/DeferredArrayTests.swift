import JSONCodec
import TestSupport
import Testing

/// `JSONParser.parse(_:maxDepth:deferring:)`: the deferred array's elements are the plain parse's, and every
/// document gets the plain parse's outcome (value or error, offset included).
@Suite struct DeferredArrayTests {
  let path = ["params", "rows"]

  /// The plain outcome and the deferred one with the elements built back in place, for comparison.
  func outcomes(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> (
    plain: Result<JSONValue, JSONParseError>, deferred: Result<JSONValue, JSONParseError>
  ) {
    let plain = Result { () throws(JSONParseError) in try JSONParser.parse(bytes, maxDepth: maxDepth) }
    let deferred = Result { () throws(JSONParseError) -> JSONValue in
      let (value, elements) = try JSONParser.parse(bytes, maxDepth: maxDepth, deferring: path)
      guard let elements else { return value }
      guard case .object(var root) = value, case .object(var params)? = root["params"] else { return value }
      params["rows"] = .array(try elements.elements())
      root["params"] = .object(params)
      return .object(root)
    }
    return (plain, deferred)
  }

  @Test func elementsAreBuiltOnDemand() throws {
    let text = #"{"id":1,"params":{"a":[1],"rows":[{"x":[1,{"y":"é\n"}]}, [2] ,"s",-3.5e2,null,true]},"z":0}"#
    let (value, deferred) = try JSONParser.parse(Array(text.utf8), deferring: path)
    let plain = try JSONParser.parse(text)
    let elements = try #require(deferred)
    #expect(value["params"]?["rows"] == nil)
    #expect(value["params"]?["a"] == .array([.int(1)]))
    #expect(elements.count == 6)
    #expect(try elements.elements() == plain["params"]?["rows"]?.arrayValue)
    #expect(try elements.element(3) == .double(-350))
    #expect(throws: JSONParseError.self) { try elements.element(6) }
  }

  @Test(
    arguments: [
      #"{"params":{"rows":5}}"#,  // not an array
      #"{"params":{"other":[1,2]}}"#,  // no such member
      #"{"rows":[1,2]}"#,  // not under params
      #"{"params":{"x":{"rows":[1]}}}"#,  // deeper
      #"[{"params":{"rows":[1]}}]"#,  // a batch
      #"{"params":[{"rows":[1]}]}"#,  // params is an array
      // A key along the path given twice (a lookup might not find the deferred array).
      #"{"params":{"rows":[1],"rows":[2,3]}}"#,
      #"{"params":{"rows":[1],"rows":9}}"#,
      #"{"params":{"rows":9,"rows":[1]}}"#,
      #"{"params":{"rows":[1]},"params":{"a":1}}"#,
      #"{"params":{"a":1},"params":{"rows":[1]}}"#,
    ])
  func nothingToDefer(_ text: String) throws {
    let (value, deferred) = try JSONParser.parse(Array(text.utf8), deferring: path)
    #expect(deferred == nil)
    #expect(value == (try JSONParser.parse(text)))
  }

  @Test func emptyArray() throws {
    let (value, deferred) = try JSONParser.parse(Array(#"{"params":{"rows":[ ]}}"#.utf8), deferring: path)
    #expect(try #require(deferred).count == 0)
    #expect(value == .object(JSONObject([("params", .object(JSONObject()))])))
  }

  /// Every error of the plain parse, met inside the deferred array, at the same offset with the same text.
  @Test(
    arguments: [
      "[1,]", "[1 2]", #"[{"a" 1}]"#, #"[{"a":1,}]"#, "[{1:2}]", #"[{"a":1]]"#, "[1", #"[{"a":1"#, #"[{"a""#,
      #"["abc"#, "[01]", "[-]", "[1.]", "[1e+]", "[NaN]", "[tru]", "[nul]", "[fals]", #"["a\qb"]"#,
      #"["\ud800"]"#, #"["\udc00"]"#, #"["\ud800\u0041"]"#, #"["\u12G4"]"#, "[\"a\nb\"]", "[[1,2],[3,]]",
      "[{\"a\":[{}, {\"b\":}]}]", "[", "[ ", "[1]]", "[1] x", #"[{"a":"\"}]"#, #"[{"a":1} {"b":2}]"#,
    ])
  func errorsMatch(_ rows: String) {
    let text = #"{"id":7,"params":{"sessionId":"s1","rows":"# + rows + "}}"
    let (plain, deferred) = outcomes(Array(text.utf8))
    #expect(plain == deferred, "\(text)")
    #expect(throws: JSONParseError.self) { try plain.get() }
  }

  @Test(arguments: [[0xFF], [0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0xBD], [0xF4, 0x90, 0x80, 0x80]])
  func utf8ErrorsMatch(_ bad: [UInt8]) {
    let bytes = Array(#"{"params":{"rows":[{"k":"ab"#.utf8) + bad + Array(#""}]}}"#.utf8)
    let (plain, deferred) = outcomes(bytes)
    #expect(plain == deferred)
    #expect(throws: JSONParseError.self) { try plain.get() }
  }

  /// The depth bound counts the containers around the array: with `maxDepth` 10, the root object, `params` and
  /// `rows` take 3 levels, so an element may nest 7 deep. Deeper elements are refused by both parses with the
  /// same error: `{"params":{"rows":[` is 19 bytes, the element's brackets start at byte 19, and the 8th one
  /// (the 11th open container) is at byte 19 + 7 = 26, where "nesting deeper than 10" is reported.
  @Test func depthBound() throws {
    let maxDepth = 10
    for inner in 5...9 {
      let element = String(repeating: "[", count: inner) + String(repeating: "]", count: inner)
      let text = #"{"params":{"rows":["# + element + "]}}"
      let (plain, deferred) = outcomes(Array(text.utf8), maxDepth: maxDepth)
      #expect(plain == deferred, "\(inner)")
      switch deferred {
      case .success: #expect(inner <= maxDepth - 3, "\(inner) deep: accepted")
      case .failure(let error):
        #expect(inner > maxDepth - 3, "\(inner) deep: \(error)")
        #expect(error == JSONParseError(offset: 26, reason: "nesting deeper than 10"), "\(inner) deep")
      }
      if inner > maxDepth - 3 {
        // Refused while parsing, not when an element is taken.
        #expect(throws: JSONParseError(offset: 26, reason: "nesting deeper than 10"), "\(inner) deep") {
          try JSONParser.parse(Array(text.utf8), maxDepth: maxDepth, deferring: path)
        }
      }
    }
    let (_, elements) = try JSONParser.parse(Array(#"{"params":{"rows":[[[1]]]}}"#.utf8), maxDepth: 5, deferring: path)
    #expect(try #require(elements).elementMaxDepth == 2)
    #expect(try elements?.element(0) == .array([.array([.int(1)])]))
    // One level more than the bound allows: refused, at the third "[" of the element (byte 21).
    #expect(throws: JSONParseError(offset: 21, reason: "nesting deeper than 5")) {
      try JSONParser.parse(Array(#"{"params":{"rows":[[[[1]]]]}}"#.utf8), maxDepth: 5, deferring: path)
    }
  }

  /// Random single-byte changes to a valid document: each mutant gets the same outcome either way.
  @Test func mutantsMatch() {
    let valid = Array(
      #"{"jsonrpc":"2.0","id":3,"method":"m","params":{"sessionId":"s","rows":[{"id":"a","cell":{"type":"box","style":{"width":10.5,"margin":{"top":-2e1}},"children":[{"measure":{"kind":"text","text":"h\u00e9\"llo","fontSize":10}}]}},{"cell":[true,false,null,"\ud83d\ude00"]}]}}"#
        .utf8)
    let alphabet = Array(#"{}[],:"\ 0123456789.-+eEtrufalsn/u"#.utf8) + [0x0A, 0x80, 0xC3, 0xFF]
    var random = SeededGenerator(state: 0xDEFE_44ED)
    var accepted = 0
    for _ in 0..<4000 {
      var bytes = valid
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[at] = alphabet.randomElement(using: &random) ?? 0x20
        case 1: bytes.remove(at: at)
        default: bytes.insert(alphabet.randomElement(using: &random) ?? 0x20, at: at)
        }
      }
      let (plain, deferred) = outcomes(bytes)
      #expect(plain == deferred, "\(String(decoding: bytes, as: UTF8.self))")
      if case .success = plain { accepted += 1 }
    }
    #expect(accepted > 100)  // the mutants exercise both outcomes
  }
}
