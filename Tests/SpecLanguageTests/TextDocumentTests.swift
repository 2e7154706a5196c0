import Testing

@testable import SpecLanguage

/// `textDocument/didChange`: full and incremental changes applied in order.
@Suite struct TextDocumentTests {
  @Test func incrementalChangesApplyInOrder() {
    var document = TextDocument(uri: "file:///a.json", version: 1, text: "{\"h😀\": 1,\n \"w\": 2}")
    // Replace "1" (line 0, UTF-16 characters 7–8: `{"h` is 3, the emoji 2, `": ` 3 → 8? count: `{` 0, `"` 1, `h` 2,
    // emoji 3–4, `"` 5, `:` 6, ` ` 7, `1` 8) with "10", then insert "3" after "2" on line 1 (character 7).
    document.apply(
      [
        .init(range: TextRange(start: .init(line: 0, character: 8), end: .init(line: 0, character: 9)), text: "10"),
        .init(range: TextRange(start: .init(line: 1, character: 7), end: .init(line: 1, character: 7)), text: "3"),
      ], version: 2, encoding: .utf16)
    #expect(document.text == "{\"h😀\": 10,\n \"w\": 23}")
    #expect(document.version == 2)
    document.apply([.init(range: nil, text: "{}")], version: 3, encoding: .utf16)
    #expect(document.text == "{}" && document.version == 3)
  }
}
