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

  /// A large insert (its rows left unbuilt by the reader) sent right behind such a scroll waits with the session,
  /// then is decoded and performed whole, in order. r20 holds a long paragraph, so that its display pass is still
  /// running when the insert arrives.
  @Test func aLargeInsertBehindTheScrollIsPerformedAfterIt() throws {
    let daemon = try Daemon()
    daemon.startScrollSession()
    let paragraph = #"{"type":"text","text":"\#(String(repeating: "lorem ipsum dolor ", count: 6000))","fontSize":10}"#
    let first = (0..<30).map { i in
      i == 20
        ? #"{"id":"r20","cell":\#(paragraph),"neverShowPlaceholders":true}"#
        : #"{"id":"r\#(i)","cell":\#(nodeCell(100))}"#
    }
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[\#(first.joined(separator: ","))]}"#)
    let before =
      daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#).last?["result"]?[
        "contentSize"]?["height"]?.doubleValue ?? 0
    let rows = (0..<800).map { #"{"id":"n\#($0)","cell":\#(nodeCell(10))}"# }.joined(separator: ",")
    let scroll = request(6, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1800, "drag": false}"#)
    let insert = request(7, "table/insertRows", #"{"sessionId":"s1","rows":[\#(rows)]}"#)
    #expect(insert.utf8.count > 32 << 10)
    daemon.write(Array((frameText(scroll) + frameText(insert)).utf8))
    let messages = daemon.take(until: { Daemon.isResponse($0, id: .int(7)) })
    let scrolled = messages.firstIndex { Daemon.isResponse($0, id: .int(6)) }
    #expect(scrolled != nil && scrolled! < messages.count - 1, "the scroll is answered first")
    let ids = messages.last?["result"]?["rowIds"]?.arrayValue
    #expect(ids?.count == 800 && ids?.first == .string("n0") && ids?.last == .string("n799"))
    let waited = daemon.call(8, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(waited.last?["result"]?["contentSize"]?["height"]?.doubleValue == before + 800 * 10.5)
    daemon.disposeScrollSession(id: 9)
    daemon.expectAliveThenExit()
  }
}
