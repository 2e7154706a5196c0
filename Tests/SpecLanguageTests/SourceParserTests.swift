import Testing

@testable import SpecLanguage

/// The position-keeping JSON parser: ranges of values and keys, decoded keys, and syntax errors with their offsets.
@Suite struct SourceParserTests {
  @Test func rangesOfValuesAndKeys() throws {
    // Offsets counted by hand: `{"a": [1, {"b": true}], "c\u0041": null}`
    //   0 '{', 1–3 "a", 6 '[', 7 '1', 10 '{', 11–13 "b", 16–19 true, 20 '}', 21 ']', 24–32 "c\u0041", 35–38 null.
    let text = #"{"a": [1, {"b": true}], "c\u0041": null}"#
    let root = try SourceParser.parse(text)
    #expect(root.range == 0..<40)
    #expect(root.members.map(\.key) == ["a", "cA"])
    let a = try #require(root.member("a"))
    #expect(a.keyRange == 1..<4)
    #expect(a.value.range == 6..<22)
    #expect(a.value.elements.map(\.range) == [7..<8, 10..<21])
    let b = try #require(a.value.elements[1].member("b"))
    #expect(b.keyRange == 11..<14 && b.value.range == 16..<20)
    let c = try #require(root.member("cA"))
    #expect(c.keyRange == 24..<33 && c.value.range == 35..<39)
  }

  @Test func stringsDecodeEscapesAndMultibyteText() throws {
    // "é" is 2 bytes, "😀" 4: the literal "é😀\n\ud83d\ude00" spans 1 + 2 + 4 + 2 + 12 + 1 = 22 bytes.
    let root = try SourceParser.parse(#"{"é😀\n\ud83d\ude00": 1}"#)
    #expect(root.members.first?.key == "é😀\n😀")
    #expect(root.members.first?.keyRange == 1..<23)
  }

  @Test(arguments: [
    (#"{"a" 1}"#, 5, "expected ':' after the member name \"a\""),
    (#"{"a": 1,}"#, 8, "expected a member name after ','"),
    (#"[1 2]"#, 3, "expected ',' or ']' after an array element"),
    (#"{"a": tru}"#, 6, "expected a value, found 't'"),
    (#"{"a": 01}"#, 7, "expected ',' or '}' after the member \"a\""),
    (#"{"a": -}"#, 7, "expected a digit in a number"),
    ("{\"a\": \"x\ny\"}", 8, "a control character must be escaped in a string"),
    (#"{"a": "\q"}"#, 8, "unknown escape \\'q'"),
    (#"{"a": "\ud83d"}"#, 13, "a high surrogate escape must be followed by a low one"),
    (#"{"a": 1} x"#, 9, "unexpected text after the document's value"),
    (#"{"a": "#, 6, "expected a value, found the end of the text"),
    (#"{"a": "x"#, 8, "a string is not closed"),
  ])
  func syntaxErrors(text: String, offset: Int, message: String) {
    #expect(throws: SourceSyntaxError(offset: offset, message: message)) { try SourceParser.parse(text) }
  }

  @Test func nestingIsBounded() {
    let deep =
      String(repeating: "[", count: SourceParser.maxDepth + 1)
      + String(repeating: "]", count: SourceParser.maxDepth + 1)
    #expect(throws: SourceSyntaxError(offset: SourceParser.maxDepth, message: "nesting deeper than 512 levels")) {
      try SourceParser.parse(deep)
    }
    let allowed =
      String(repeating: "[", count: SourceParser.maxDepth) + String(repeating: "]", count: SourceParser.maxDepth)
    #expect((try? SourceParser.parse(allowed)) != nil)
  }
}
