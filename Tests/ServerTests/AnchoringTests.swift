import JSONCodec
import Testing

@Suite("scroll anchoring", .serialized)
struct AnchoringTests {
  /// The `table/contentOffsetChanged` params in `messages`, if any.
  func moved(_ messages: [JSONValue]) -> JSONValue? {
    messages.first { $0["method"] == .string("table/contentOffsetChanged") }?["params"]
  }

  @Test("rows above the first visible row growing, inserted or deleted keep the visible content in place")
  func keepsPosition() async {
    let h = ServerHarness()
    await ScrollTests.setUp(h)
    _ = await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1000}"#)  // r9 (904.5) first visible
    _ = await h.call(
      6, "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "r0", "cell": {"type": "node", "style": {"height": 300}}}"#
    )
    #expect(
      moved(await h.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#))
        == json(
          #"""
          {"sessionId": "s1", "contentOffset": {"x": 0, "y": 1200}, "oldContentOffset": {"x": 0, "y": 1000},
           "reason": "anchoring"}
          """#))
    _ = await h.call(
      8, "table/insertRows",
      #"{"sessionId": "s1", "at": 0, "rows": [{"cell": {"type": "node", "style": {"height": 50}}}]}"#)
    #expect(
      moved(await h.call(9, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#))?["contentOffset"]
        == json(#"{"x": 0, "y": 1250.5}"#))
    #expect(
      moved(await h.call(10, "table/deleteRows", #"{"sessionId": "s1", "rows": ["r1", "r2"]}"#))?["contentOffset"]
        == json(#"{"x": 0, "y": 1049.5}"#))
    // r9 is still 95.5 above the viewport's top: 954 − 1049.5.
    #expect(
      await h.call(11, "table/rowFrame", #"{"sessionId": "s1", "row": "r9"}"#).last?["result"]?["frame"]?["y"]
        == .double(954))
    // A visible row below the first one changing moves nothing.
    _ = await h.call(
      12, "cell/setNeedsLayout",
      #"{"sessionId": "s1", "row": "r11", "cell": {"type": "node", "style": {"height": 10}}}"#)
    #expect(moved(await h.call(13, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)) == nil)
    h.closeInput()
  }

  @Test("anchoring switched off leaves the offset alone")
  func off() async {
    let h = ServerHarness()
    await ScrollTests.setUp(h, options: #""interfaceStates": false, "scrollAnchoring": false"#)
    _ = await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1000}"#)
    _ = await h.call(
      6, "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "r0", "cell": {"type": "node", "style": {"height": 300}}}"#
    )
    #expect(moved(await h.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)) == nil)
    _ = await h.call(8, "session/setViewport", #"{"sessionId": "s1", "scrollAnchoring": true}"#)
    _ = await h.call(
      9, "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "r0", "cell": {"type": "node", "style": {"height": 100}}}"#
    )
    #expect(
      moved(await h.call(10, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#))?["contentOffset"]
        == json(#"{"x": 0, "y": 800}"#))
    h.closeInput()
  }
}
