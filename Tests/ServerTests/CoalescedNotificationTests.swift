import JSONCodec
import TestSupport
import Testing

/// `initializationOptions.notifications: "coalesced"` (Protocol.md "Coalesced notifications").
@Suite("coalesced notifications", .serialized)
struct CoalescedNotificationTests {
  /// `count` rows of a ratio 0.25 spec (a quarter of the width tall), ids q0, q1, ….
  static func ratioRows(_ count: Int) -> String {
    let rows = (0..<count).map {
      #"{"id": "q\#($0)", "cell": {"type": "ratio", "ratio": 0.25, "child": {"type": "node"}}}"#
    }
    return "[" + rows.joined(separator: ",") + "]"
  }

  /// An initialized harness with session s1 (320×480, scale 2, separators), per-row or coalesced.
  static func start(coalesced: Bool, interfaceStates: Bool) async -> ServerHarness {
    let h = ServerHarness()
    let form = coalesced ? "coalesced" : "perRow"
    _ = await h.call(1, "initialize", #"{"initializationOptions": {"notifications": "\#(form)"}}"#)
    _ = await h.call(
      2, "session/create", #"{"viewport": {"width": 320, "height": 480}, "interfaceStates": \#(interfaceStates)}"#)
    return h
  }

  @Test("a width change re-measuring 5 rows sends one table/heightsChanged with 5 entries")
  func heightsOfOnePass() async {
    let h = await Self.start(coalesced: true, interfaceStates: false)
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(Self.ratioRows(5))}"#)
    // Each row: 320 × 0.25 = 80 + 0.5 separator = 80.5; content 5 × 80.5 = 402.5.
    #expect(
      await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#).last?["result"]
        == json(#"{"seq": 1, "contentSize": {"width": 320, "height": 402.5}}"#))
    _ = await h.call(5, "session/setViewport", #"{"sessionId": "s1", "viewport": {"width": 200}}"#)
    // At width 200: 200 × 0.25 = 50 + 0.5 = 50.5 per row; content 5 × 50.5 = 252.5. One relayout pass: one
    // notification, the rows in order.
    let entries = (0..<5).map {
      #"{"rowId": "q\#($0)", "indexPath": [0, \#($0)], "oldHeight": 80.5, "newHeight": 50.5}"#
    }
    let messages = await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      messages == [
        json(
          #"""
          {"jsonrpc": "2.0", "method": "table/heightsChanged", "params": {"sessionId": "s1", "seq": 1,
           "contentSize": {"width": 200, "height": 252.5}, "changes": [\#(entries.joined(separator: ","))]}}
          """#),
        json(
          #"""
          {"jsonrpc": "2.0", "method": "table/contentSizeChanged", "params": {"sessionId": "s1",
           "contentSize": {"width": 200, "height": 252.5}, "seq": 1}}
          """#),
        json(#"{"jsonrpc": "2.0", "id": 6, "result": {"seq": 1, "contentSize": {"width": 200, "height": 252.5}}}"#),
      ])
    h.closeInput()
  }

  @Test("a scroll sends one cell/interfaceStatesChanged whose expansion is the per-row stream")
  func scrollMatchesPerRow() async {
    let coalesced = await Self.start(coalesced: true, interfaceStates: true)
    let perRow = await Self.start(coalesced: false, interfaceStates: true)
    let rows = ScrollTests.rows(30)
    var streams: [[JSONValue]] = []
    for h in [coalesced, perRow] {
      _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(rows)}"#)
      _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
      // A programmatic scroll: no mode switch, one range update.
      streams.append(await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1000, "drag": false}"#))
    }
    let folded = streams[0].filter { $0["method"] == .string("cell/interfaceStatesChanged") }
    #expect(folded.count == 1)
    #expect(!streams[0].contains { $0["method"] == .string("cell/interfaceStateChanged") })
    #expect(
      expandCoalesced(streams[0].filter { $0["method"] != .string("cell/didDisplay") })
        == streams[1].filter { $0["method"] != .string("cell/didDisplay") })
    // Rows 9 (904.5–1005) to 14 (1407–1507.5) of 100.5 pt intersect [1000, 1480): they become visible.
    let nowVisible = (folded.first?["params"]?["changes"]?.arrayValue ?? []).filter {
      $0["newState"]?.arrayValue?.contains(.string("visible")) == true
    }.compactMap { $0["rowId"]?.stringValue }
    #expect(nowVisible.sorted() == ["r10", "r11", "r12", "r13", "r14", "r9"])
    coalesced.closeInput()
    perRow.closeInput()
  }

  @Test("a delete sends its release and range update in one notification after table/didCommit")
  func commitFolds() async {
    let h = await Self.start(coalesced: true, interfaceStates: true)
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(ScrollTests.rows(30))}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let deleted = await h.call(5, "table/deleteRows", #"{"sessionId": "s1", "rows": ["r0"]}"#)
    let waited = await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let notifications = (deleted + waited).filter { $0["method"] != nil && $0["method"] != .string("cell/didDisplay") }
    #expect(
      notifications.map { $0["method"]?.stringValue ?? "" } == ["table/didCommit", "cell/interfaceStatesChanged"])
    let changes = notifications.last?["params"]?["changes"]?.arrayValue ?? []
    // r0 was visible (rows 0–4 and part of 5 fill [0, 480)): its Visible exit (no indexPath), then its release
    // with the state it kept (measureLayout, preload, display); the range update of the rows that moved up follows.
    #expect(
      changes.prefix(2) == [
        json(
          #"{"rowId": "r0", "oldState": ["measureLayout", "preload", "display", "visible"], "newState": ["measureLayout", "preload", "display"], "events": ["didExitVisible"]}"#
        ),
        json(#"{"rowId": "r0", "state": ["measureLayout", "preload", "display"], "released": true}"#),
      ])
    h.closeInput()
  }

  @Test("notifications other than perRow and coalesced are refused, naming the path")
  func badValue() async {
    let h = ServerHarness()
    #expect(
      await h.call(1, "initialize", #"{"initializationOptions": {"notifications": "batched"}}"#).last?["error"]
        == json(
          #"{"code": -32602, "message": "params.initializationOptions.notifications: expected \"perRow\" or \"coalesced\", got \"batched\""}"#
        ))
    #expect(
      await h.call(2, "initialize", #"{"initializationOptions": {"notifications": true}}"#).last?["error"]?["message"]
        == .string(#"params.initializationOptions.notifications: expected "perRow" or "coalesced", got true"#))
    // The server stays uninitialized, so the client can try again.
    #expect(
      await h.call(3, "initialize", #"{"initializationOptions": {"notifications": "perRow"}}"#).last?["result"]?[
        "capabilities"]?["features"]?.arrayValue?.contains(.string("coalescedNotifications")) == true)
    h.closeInput()
  }
}
