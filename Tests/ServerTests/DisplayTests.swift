import JSONCodec
import Testing

@Suite("display, placeholders and neverShowPlaceholders", .serialized)
struct DisplayTests {
  /// The display list of row "k" of a new session `width` wide holding `cell` (its layout waited for).
  static func displayList(of cell: String, width: Int) async -> JSONValue? {
    let h = ServerHarness()
    await h.startSession()
    _ = await h.call(3, "session/setViewport", #"{"sessionId": "s1", "viewport": {"width": \#(width)}}"#)
    _ = await h.call(4, "table/insertRows", #"{"sessionId": "s1", "rows": [{"id": "k", "cell": \#(cell)}]}"#)
    _ = await h.call(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let list = await h.call(6, "cell/displayList", #"{"sessionId": "s1", "row": "k"}"#).last?["result"]
    h.closeInput()
    return list
  }

  @Test("a scroll onto a neverShowPlaceholders row answers only after its display, which is then not a placeholder")
  func neverShowPlaceholders() async {
    let h = ServerHarness()
    await ScrollTests.setUp(h, options: #""interfaceStates": true"#, never: 20)
    let messages = await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1800}"#)
    let displayed = messages.firstIndex {
      $0["method"] == .string("cell/didDisplay") && $0["params"]?["rowId"] == .string("r20")
    }
    #expect(displayed != nil && displayed! < messages.count - 1)  // before the answer
    let result = messages.last?["result"]
    #expect(result?["visibleRowIds"]?.arrayValue?.contains(.string("r20")) == true)
    #expect(result?["placeholderRowIds"]?.arrayValue?.contains(.string("r20")) == false)
    h.closeInput()
  }

  @Test("a display list: rectangles, text lines with their font, images")
  func displayList() async {
    let cell =
      #"{"type": "stack", "direction": "vertical", "id": "card", "children": ["#
      + ##"{"type": "text", "id": "title", "text": "aaaa bbbb cccc", "fontSize": 10, "maxLines": 1, "color": "#ff0000"}, "##
      + #"{"type": "image", "id": "photo", "size": [40, 30], "source": "p.jpg"}, {"type": "node", "style": {"height": 5}}]}"#
    // 60 wide: "aaaa bbbb cccc" would wrap; one line allowed: "aaaa" cut with "…" (Ahem: 10 pt per character).
    // The image is stretched across the stack (alignItems stretch) to 60 × 30.
    let list = await Self.displayList(of: cell, width: 60)
    #expect(list?["displayed"] == .bool(false))  // interface states are off in this session: made on request
    #expect(list?["size"] == json(#"{"width": 60, "height": 45}"#))
    let items = list?["items"]?.arrayValue ?? []
    #expect(items.count == 4)
    #expect(
      items.first
        == json(
          #"{"kind": "rect", "type": "stack", "id": "card", "frame": {"x": 0, "y": 0, "width": 60, "height": 45}}"#))
    #expect(items.dropFirst().first?["font"] == json(#"{"family": "Ahem", "size": 10, "weight": 400}"#))
    #expect(items.dropFirst().first?["color"] == .string("#" + "ff0000"))
    #expect(items.dropFirst().first?["lines"]?.arrayValue?.count == 1)
    #expect(items.dropFirst().first?["lines"]?.arrayValue?.first?["text"]?.stringValue?.hasSuffix("…") == true)
    #expect(
      items.dropFirst(2).first
        == json(
          #"{"kind": "image", "id": "photo", "frame": {"x": 0, "y": 10, "width": 60, "height": 30}, "source": "p.jpg"}"#
        ))
    #expect(items.last?["frame"] == json(#"{"x": 0, "y": 40, "width": 60, "height": 5}"#))
  }

  @Test("a display list draws a head-truncated line as the daemon cut it")
  func displayListHeadTruncation() async {
    let cell =
      #"{"type": "text", "id": "t", "text": "aaaa bbbb cccc", "fontSize": 10, "maxLines": 1, "truncation": "head"}"#
    // Ahem, 10 pt per character, 60 pt: "…" and the last 5 characters " cccc"; the space at the cut is dropped:
    // "…cccc", 50 pt.
    let list = await Self.displayList(of: cell, width: 60)
    let line = list?["items"]?.arrayValue?.last?["lines"]?.arrayValue?.first
    #expect(line?["text"] == .string("\u{2026}cccc"))
    #expect(line?["width"] == .double(50))
  }

  @Test("a text leaf of runs lays each line out with the runs on it")
  func runsLineBoxes() async {
    let cell = #"{"type": "text", "id": "t", "runs": [{"text": "aa ", "fontSize": 10}, {"text": "bb", "fontSize": 20}]}"#
    // Ahem: "aa " (10 pt) + "bb" (20 pt) is 70 pt; at 40 it breaks after the space. Line 1 holds the 10-pt run only
    // (10 tall, baseline 8), line 2 the 20-pt run (20 tall, ascent 16: baseline 10 + 16 = 26): 30 pt.
    let list = await Self.displayList(of: cell, width: 40)
    #expect(list?["size"]?["height"] == .double(30))
    let lines = list?["items"]?.arrayValue?.last?["lines"]?.arrayValue ?? []
    #expect(lines.map { $0["text"]?.stringValue ?? "" } == ["aa", "bb"])
    #expect(lines.map { $0["baseline"] } == [.double(8), .double(26)])
  }

  @Test("textContainerInset and lineSpacing place a text leaf's lines")
  func textContainerInsetAndLineSpacing() async {
    let cell =
      #"{"type": "text", "id": "t", "text": "aa bb", "fontSize": 10, "lineSpacing": 2, "#
      + #""textContainerInset": {"top": 5, "left": 4, "bottom": 3, "right": 6}}"#
    // Ahem 10 pt: the text gets 40 − 4 − 6 = 30 pt, so "aa bb" (50) breaks: "aa", "bb". Lines 10 tall with 2 between
    // them: 22, plus the insets 5 + 3: 30. Lines start at x 4; baselines 5 + 8 = 13 and 5 + 10 + 2 + 8 = 25.
    let list = await Self.displayList(of: cell, width: 40)
    #expect(list?["size"]?["height"] == .double(30))
    let lines = list?["items"]?.arrayValue?.last?["lines"]?.arrayValue ?? []
    #expect(lines.map { $0["text"]?.stringValue ?? "" } == ["aa", "bb"])
    #expect(lines.map { $0["baseline"] } == [.double(13), .double(25)])
    #expect(lines.map { $0["x"] } == [.double(4), .double(4)])
  }
}
