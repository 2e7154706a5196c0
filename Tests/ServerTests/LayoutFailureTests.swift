import JSONCodec
import Testing

@Suite("Cells that fail to lay out", .serialized)
struct LayoutFailureTests {
  @Test("a cell whose layout fails gets height 0, a window/logMessage, and the change set still commits")
  func failedCell() async {
    let h = ServerHarness()
    await h.startLenientSession()
    let rows = #"[{"id": "bad", "cell": {"type": "text", "text": "hi", "fontFamily": "NoSuchFont"}}]"#
    #expect(
      await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(rows)}"#).last?["result"]
        == json(#"{"seq":1,"rowIds":["bad"]}"#))
    let log = await h.notification("window/logMessage")
    #expect(log?["params"]?["type"] == .int(1))
    let text = log?["params"]?["message"]?.stringValue ?? ""
    #expect(text.hasPrefix(#"session "s1": row "bad" failed to lay out: "#))
    #expect(text.contains("NoSuchFont"))
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // Height 0 plus the 0.5 separator at scale 2.
    #expect(
      await h.call(5, "table/rowFrame", #"{"sessionId": "s1", "row": "bad"}"#).last?["result"]
        == json(#"{"rowId":"bad","indexPath":[0,0],"frame":{"x":0,"y":0,"width":320,"height":0.5}}"#))
    h.closeInput()
  }
}
