import JSONCodec
import Testing

/// Protocol.md "Messages", `$/cancelRequest`: a request waiting on its session, or still queued there, is answered
/// at once with -32800 `request cancelled`, exactly once, and its work is skipped; unknown or already answered ids
/// are ignored. Slow rows (thousands of wrapped Ahem paragraphs) keep the wait pending and the session busy.
@Suite struct CancelRequestTests {
  /// `count` rows of a stack of four wrapped Ahem paragraphs, as JSON text (about a second of layout in debug).
  static func slowRows(_ count: Int) -> String {
    let paragraph = #"{"type":"text","text":"\#(String(repeating: "lorem ipsum dolor ", count: 40))","fontSize":10}"#
    let cell =
      #"{"type":"stack","direction":"vertical","children":[\#([String](repeating: paragraph, count: 4).joined(separator: ","))]}"#
    return "[" + [String](repeating: #"{"cell":\#(cell)}"#, count: count).joined(separator: ",") + "]"
  }

  /// The `rowIds` the server assigns to `count` unnamed rows, as JSON text.
  static func assignedIDs(_ count: Int) -> String {
    "[" + (1...count).map { #""r\#($0)""# }.joined(separator: ",") + "]"
  }

  /// The -32800 answer to request `id`.
  static func cancelled(_ id: Int) -> JSONValue {
    json(errorResponse("\(id)", -32800, "request cancelled"))
  }

  @Test func aWaitingWaitIsCancelledOnceAndTheEditGoesOn() throws {
    let daemon = try Daemon()
    daemon.startSession()
    #expect(
      daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(Self.slowRows(3000))}"#) == [
        json(resultResponse("3", #"{"seq":1,"rowIds":\#(Self.assignedIDs(3000))}"#))
      ])
    // Protocol.md's example exchange, then a query: the wait is answered at once, nothing has committed yet.
    daemon.send(
      #"{"jsonrpc":"2.0","id":4,"method":"table/waitUntilAllUpdatesAreProcessed","params":{"sessionId":"s1"}}"#)
    daemon.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4}}"#)
    #expect(
      daemon.call(5, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        Self.cancelled(4), json(resultResponse("5", #"{"width":320,"height":0}"#)),
      ])
    // The insert was not undone: a new wait sees it commit, and the cancelled wait is never answered again.
    let waited = daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#, timeout: 180)
    #expect(waited.count == 2)
    #expect(waited.first?["method"] == .string("table/didCommit"))
    #expect(waited.first?["params"]?["seq"] == .int(1))
    #expect(waited.last?["result"]?["seq"] == .int(1))
    #expect(waited.last?["result"]?["contentSize"] == waited.first?["params"]?["contentSize"])
    // Ids already answered or unknown are ignored: nothing comes back for them.
    daemon.notify("$/cancelRequest", #"{"id":6}"#)
    daemon.notify("$/cancelRequest", #"{"id":4}"#)
    daemon.notify("$/cancelRequest", #"{"id":"nope"}"#)
    daemon.notify("$/cancelRequest", #"{"id":999}"#)
    // A cancel without an id is a notification like any other: never answered.
    daemon.notify("$/cancelRequest", "{}")
    daemon.notify("$/cancelRequest", "[]")
    daemon.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest"}"#)
    daemon.expectAliveThenExit()
  }

  @Test func aQueuedEditIsCancelledAtOnceAndSkipped() throws {
    let daemon = try Daemon()
    daemon.startSession()
    // The big insert keeps the session busy while the next insert waits in its queue behind it.
    // The content-size query overtakes the queued inserts (Protocol.md "Order"): it may come before the big
    // insert's answer; the cancellation comes first.
    let answers = daemon.exchange([
      request(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(Self.slowRows(3000))}"#),
      request(4, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"z","cell":\#(nodeCell(1))}]}"#),
      #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4}}"#,
      request(5, "table/contentSize", #"{"sessionId":"s1"}"#),
    ])
    #expect(answers.first == Self.cancelled(4))
    #expect(answers.count == 3)
    #expect(answers.contains(json(resultResponse("3", #"{"seq":1,"rowIds":\#(Self.assignedIDs(3000))}"#))))
    #expect(answers.contains(json(resultResponse("5", #"{"width":320,"height":0}"#))))
    // 3,000 slow rows take seconds on a loaded machine: the wait gets as long as the insert needs.
    #expect(
      daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#, timeout: 180).last?["result"]?[
        "seq"] == .int(1))
    // The cancelled insert was skipped: no row "z", and the next edit is seq 2.
    #expect(
      daemon.call(7, "table/rowFrame", #"{"sessionId":"s1","row":"z"}"#) == [
        json(errorResponse("7", -32602, #"unknown row id "z""#))
      ])
    #expect(
      daemon.call(8, "table/moveRow", #"{"sessionId":"s1","from":"r1","to":[0,0]}"#).last
        == json(
          resultResponse("8", #"{"seq":2}"#)))
    daemon.expectAliveThenExit()
  }

  @Test func aQueuedElementFramesIsCancelled() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let big = SetNeedsLayoutTests.slowCell(count: 9000, height: 0.5)
    var bytes = frameText(request(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"k","cell":\#(big)}]}"#))
    bytes += frameText(request(4, "cell/elementFrames", #"{"sessionId":"s1","row":"k"}"#))
    bytes += frameText(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":4}}"#)
    bytes += frameText(request(5, "table/contentSize", #"{"sessionId":"s1"}"#))
    daemon.write(Array(bytes.utf8))
    let messages = daemon.take(until: { Daemon.isResponse($0, id: .int(5)) })
    #expect(messages.filter { $0["method"] == nil && $0["id"] == .int(4) } == [Self.cancelled(4)])
    #expect(messages.last == json(resultResponse("5", #"{"width":320,"height":0}"#)))
    _ = daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    daemon.expectAliveThenExit()
  }
}
