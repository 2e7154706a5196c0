import Testing

@testable import SpecLanguage

/// The tolerant scan that tells what may be typed at a position of a half-written document (offsets counted by
/// hand).
@Suite struct CompletionContextTests {
  @Test func aMemberNameBeingTyped() throws {
    // `{"type": "text", "`: the open string starts at 17; the text is 18 bytes.
    let context = try #require(CompletionContext.at(18, in: #"{"type": "text", ""#))
    #expect(context.slot == .key)
    #expect(context.object == .init(parentKey: nil, depth: 0, keys: ["type"], type: "text"))
    #expect(context.replace == 17..<18)
  }

  @Test func anAutoClosedQuoteIsReplacedToo() throws {
    // `{"type": "stack", "direction": ""}`: the cursor between the quotes at 32; the literal is 31–33.
    let context = try #require(CompletionContext.at(32, in: #"{"type": "stack", "direction": ""}"#))
    #expect(context.slot == .value(key: "direction"))
    #expect(context.replace == 31..<33)
  }

  @Test func membersAndTypeAfterThePosition() throws {
    // Right after the `{` (offset 1) of `{"id": "a", "type": "image"}`: a member name, the rest of the object read.
    let context = try #require(CompletionContext.at(1, in: #"{"id": "a", "type": "image"}"#))
    #expect(context.slot == .key)
    #expect(context.object.keys == ["id", "type"])
    #expect(context.object.type == "image")
    #expect(context.replace == 1..<1)
  }

  @Test func nestedObjectsKnowTheMemberTheyAreIn() throws {
    let text = #"{"type": "stack", "children": [{"type": "node", "style": {"wi"#
    let context = try #require(CompletionContext.at(text.utf8.count, in: text))
    #expect(context.slot == .key)
    #expect(context.object.parentKey == "style" && context.object.depth == 3)  // root, children array, node, style
    // An element inside `children` knows its array's member.
    let inner = try #require(CompletionContext.at(32, in: text))
    #expect(inner.object.parentKey == "children" && inner.object.type == "node")
  }

  @Test func nothingInsideNumbersArraysOrBetweenKeyAndColon() {
    #expect(CompletionContext.at(7, in: #"{"a": 12}"#) == nil)
    #expect(CompletionContext.at(4, in: #"{"a" : 1}"#) == nil)
    #expect(CompletionContext.at(2, in: "[1, 2]") == nil)
  }
}
