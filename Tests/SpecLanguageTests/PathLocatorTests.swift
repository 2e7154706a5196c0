import Testing

@testable import SpecLanguage

/// JSON paths of decoding errors located in the text.
@Suite struct PathLocatorTests {
  // Offsets: 0 '{', 1–6 "type", 9–15 "stack", 18–27 "children", 30 '[', 31 '{', 32–37 "type", 40–45 "text",
  // 48–52 "a.b", 55 '3', 56 '}', 57 ']', 58 '}'.
  static let text = #"{"type": "stack", "children": [{"type": "text", "a.b": 3}]}"#

  @Test func valuesKeysAndMisses() throws {
    let root = try SourceParser.parse(Self.text)
    #expect(
      PathLocator.locate("root.children[0].type", in: root, rootName: "root") == .init(range: 40..<46, exact: true))
    // A member whose name holds a dot is found whole; an unknown member is underlined at its key.
    #expect(
      PathLocator.locate("root.children[0].a.b", in: root, rootName: "root", keyOfLastMember: true)
        == .init(range: 48..<53, exact: true))
    // An index past the end: the array; a missing member: its object.
    #expect(PathLocator.locate("root.children[3]", in: root, rootName: "root") == .init(range: 30..<58, exact: false))
    #expect(
      PathLocator.locate("root.children[0].maxLines", in: root, rootName: "root") == .init(range: 31..<57, exact: false)
    )
    #expect(PathLocator.locate("root", in: root, rootName: "root") == .init(range: 0..<59, exact: true))
  }
}
