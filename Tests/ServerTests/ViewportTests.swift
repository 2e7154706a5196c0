import JSONCodec
import Testing

@Suite("session/setViewport: width changes re-lay out every row", .serialized)
struct ViewportTests {
  /// Rows: "t" Ahem text "aaaa bbbb cccc" at 10 pt (one 10 pt line at 320 wide, three at 60), "n" a 20 pt node
  /// (any width), "r" a ratio 0.5 spec (half the width tall). Scale 2 with separators: +0.5 per row.
  static let rows =
    #"[{"id": "t", "cell": {"type": "text", "text": "aaaa bbbb cccc", "fontSize": 10}}, "#
    + #"{"id": "n", "cell": {"type": "node", "style": {"height": 20}}}, "#
    + #"{"id": "r", "cell": {"type": "ratio", "ratio": 0.5, "child": {"type": "node"}}}]"#

  @Test("a narrower table notifies each changed height (one pass: the final content size), then the content size once")
  func narrower() async {
    let h = ServerHarness()
    await h.startSession()
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(Self.rows)}"#)
    #expect(
      await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#).last?["result"]
        == json(#"{"seq": 1, "contentSize": {"width": 320, "height": 191.5}}"#))  // 10.5 + 20.5 + 160.5
    #expect(
      await h.call(5, "session/setViewport", #"{"sessionId": "s1", "viewport": {"width": 60}}"#).last?["result"]
        == json(#"{"seq": 1, "relayoutRows": 3, "contentOffset": {"x": 0, "y": 0}}"#))
    let messages = await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      messages == [
        json(
          #"""
          {"jsonrpc": "2.0", "method": "table/heightChanged", "params": {"sessionId": "s1", "rowId": "t",
           "indexPath": [0, 0], "oldHeight": 10.5, "newHeight": 30.5, "contentSize": {"width": 60, "height": 81.5}, "seq": 1}}
          """#),
        json(
          #"""
          {"jsonrpc": "2.0", "method": "table/heightChanged", "params": {"sessionId": "s1", "rowId": "r",
           "indexPath": [0, 2], "oldHeight": 160.5, "newHeight": 30.5, "contentSize": {"width": 60, "height": 81.5}, "seq": 1}}
          """#),
        json(
          #"""
          {"jsonrpc": "2.0", "method": "table/contentSizeChanged", "params": {"sessionId": "s1",
           "contentSize": {"width": 60, "height": 81.5}, "seq": 1}}
          """#),
        json(#"{"jsonrpc": "2.0", "id": 6, "result": {"seq": 1, "contentSize": {"width": 60, "height": 81.5}}}"#),
      ])
    // A height-only change lays nothing out and notifies nothing.
    #expect(
      await h.call(7, "session/setViewport", #"{"sessionId": "s1", "viewport": {"height": 100}}"#)
        == [
          json(
            #"{"jsonrpc": "2.0", "id": 7, "result": {"seq": 1, "relayoutRows": 0, "contentOffset": {"x": 0, "y": 0}}}"#)
        ])
    #expect(
      await h.call(8, "session/setViewport", #"{"sessionId": "s1", "viewport": {"width": "wide"}}"#).last?["error"]
        == json(#"{"code": -32602, "message": "params.viewport.width: expected a number, got a string"}"#))
    #expect(
      await h.call(9, "session/setViewport", #"{"sessionId": "s1", "viewport": {"width": 0}}"#).last?["error"]?[
        "message"]
        == .string("params.viewport.width: expected a number in (0, 100000], got 0"))
    h.closeInput()
  }

  @Test("rows inserted after a width change are laid out at the new width")
  func insertAfterChange() async {
    let h = ServerHarness()
    await h.startSession()
    // Nothing to lay out: the content size notification comes at once, before the answer.
    #expect(
      await h.call(3, "session/setViewport", #"{"sessionId": "s1", "viewport": {"width": 100}}"#).first?["params"]
        == json(#"{"sessionId": "s1", "contentSize": {"width": 100, "height": 0}, "seq": 0}"#))
    _ = await h.call(
      4, "table/insertRows",
      #"{"sessionId": "s1", "rows": [{"id": "r", "cell": {"type": "ratio", "ratio": 1, "child": {"type": "node"}}}]}"#)
    _ = await h.call(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      await h.call(6, "table/rowFrame", #"{"sessionId": "s1", "row": "r"}"#).last?["result"]?["frame"]
        == json(#"{"x": 0, "y": 0, "width": 100, "height": 100.5}"#))
    h.closeInput()
  }
}
