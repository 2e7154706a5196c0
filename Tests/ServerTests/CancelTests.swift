import JSONCodec
import Testing

@Suite("$/cancelRequest", .serialized)
struct CancelTests {
  /// `count` rows of a stack of four wrapped Ahem paragraphs: enough layout work that a wait is still pending
  /// when the cancel arrives (about a second in a debug build).
  static func slowRows(_ count: Int) -> String {
    let paragraph =
      #"{"type": "text", "text": "\#(String(repeating: "lorem ipsum dolor ", count: 40))", "fontSize": 10}"#
    let cell =
      #"{"type": "stack", "direction": "vertical", "children": [\#([String](repeating: paragraph, count: 4).joined(separator: ","))]}"#
    return "[" + [String](repeating: #"{"cell": \#(cell)}"#, count: count).joined(separator: ",") + "]"
  }

  @Test("a waiting waitUntilAllUpdatesAreProcessed is answered -32800; the session stays usable")
  func cancelWaiter() async {
    let h = ServerHarness()
    await h.startSession()
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(Self.slowRows(3000))}"#)
    h.send(
      #"{"jsonrpc": "2.0", "id": 4, "method": "table/waitUntilAllUpdatesAreProcessed", "params": {"sessionId": "s1"}}"#)
    h.notify("$/cancelRequest", #"{"id": 4}"#)
    let answer = await h.call(5, "table/contentSize", #"{"sessionId": "s1"}"#)
    #expect(
      answer.first { $0["id"] == .int(4) }
        == json(#"{"jsonrpc": "2.0", "id": 4, "error": {"code": -32800, "message": "request cancelled"}}"#))
    // The insert itself was not undone: a new wait sees it commit.
    let done = await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(done.last?["result"]?["seq"] == .int(1))
    #expect(done.filter { $0["id"] == .int(4) }.isEmpty)  // never answered twice
    // Cancelling something finished or unknown does nothing.
    h.notify("$/cancelRequest", #"{"id": 6}"#)
    h.notify("$/cancelRequest", #"{"id": "nope"}"#)
    #expect(await h.call(7, "table/contentSize", #"{"sessionId": "s1"}"#).count == 1)
    h.closeInput()
  }
}
