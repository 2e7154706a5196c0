import JSONCodec
import Testing

/// Protocol.md "Display and placeholders" (texture.md §6): a scroll that makes a `neverShowPlaceholders` row
/// visible is answered only after that row's `cell/didDisplay`, the row is not a placeholder in the answer, and a
/// request sent right behind the scroll is answered after it (the session blocks like Texture's main thread).
@Suite struct NeverShowPlaceholdersTests {
  /// 30 rows of 100.5; the one inserted with the flag is r20 (2010–2110.5), outside every range at offset 0.
  @Test func aScrollOntoTheRowWaitsForItsDisplay() throws {
    let daemon = try Daemon()
    daemon.startScrollSession()
    daemon.insertFixedRows(id: 3, count: 30, never: 20)
    let ranges = daemon.call(5, "table/ranges", #"{"sessionId": "s1"}"#).last?["result"]?["rows"]?.arrayValue ?? []
    #expect(!ranges.contains { $0["rowId"] == .string("r20") })
    // One write: a programmatic scroll to 1800 (r17–r22 on screen; Minimum mode, so r20 enters every range in
    // one step) and a query right behind it.
    let scroll = request(6, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1800, "drag": false}"#)
    let query = request(7, "table/contentSize", #"{"sessionId": "s1"}"#)
    daemon.write(Array((frameText(scroll) + frameText(query)).utf8))
    let messages = daemon.take(until: { Daemon.isResponse($0, id: .int(7)) })
    let answer = messages.firstIndex { Daemon.isResponse($0, id: .int(6)) }
    let displayed = messages.firstIndex {
      $0["method"] == .string("cell/didDisplay") && $0["params"]?["rowId"] == .string("r20")
    }
    #expect(answer != nil && displayed != nil && displayed! < answer!, "r20 is displayed before the answer")
    let between = answer.map { messages[($0 + 1)...].dropLast() } ?? []
    #expect(
      between.allSatisfy { $0["method"] == .string("cell/didDisplay") }, "the query is answered after the scroll")
    #expect(messages.last == json(resultResponse("7", #"{"width": 320, "height": 3015}"#)))
    let result = answer.map { messages[$0]["result"] } ?? nil
    #expect(ScrollAnswer.visible([.object(JSONObject([("result", result ?? .null)]))]) == (17...22).map { "r\($0)" })
    #expect(result?["placeholderRowIds"]?.arrayValue?.contains(.string("r20")) == false)
    // The scroll's state changes come before its answer; r20 among them, entering everything.
    let r20 = messages.first {
      $0["method"] == .string("cell/interfaceStateChanged") && $0["params"]?["rowId"] == .string("r20")
    }
    #expect(
      r20?["params"]?["events"] == json(#"["didEnterPreload", "didEnterDisplay", "didEnterVisible"]"#))
    daemon.disposeScrollSession(id: 8)
    daemon.expectAliveThenExit()
  }
}
