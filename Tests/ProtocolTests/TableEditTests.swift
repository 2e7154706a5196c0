import JSONCodec
import Testing

/// Protocol.md "Table": insertRows, deleteRows, reloadRows and moveRow with their `table/didCommit`
/// notifications, and the queries (waitUntilAllUpdatesAreProcessed, contentSize, rowFrame) that see the commits.
/// Heights: viewport 320, scale 2, so each row is its cell height + 0.5 (the separator).
@Suite struct TableEditTests {
  /// A `table/didCommit` notification for s1 as JSON; `extra` adds members after contentSize.
  static func didCommit(seq: Int, height: Double, extra: String = "") -> JSONValue {
    let size = #"{"width":320,"height":\#(height)}"#
    return json(
      #"{"jsonrpc":"2.0","method":"table/didCommit","params":{"sessionId":"s1","seq":\#(seq),"contentSize":\#(size)\#(extra)}}"#
    )
  }

  /// A `table/rowFrame` result as JSON text.
  static func frame(_ id: String, _ row: Int, y: Double, height: Double) -> String {
    #"{"rowId":"\#(id)","indexPath":[0,\#(row)],"frame":{"x":0,"y":\#(y),"width":320,"height":\#(height)}}"#
  }

  /// Inserts rows r1 (44) and x (10) as in Protocol.md and waits for their commit.
  static func insertExampleRows(_ daemon: Daemon) {
    let params = #"{"sessionId":"s1","rows":[{"cell":\#(nodeCell(44))},{"id":"x","cell":\#(nodeCell(10))}]}"#
    #expect(
      daemon.call(4, "table/insertRows", params) == [json(resultResponse("4", #"{"seq":1,"rowIds":["r1","x"]}"#))])
    // The commit notification arrives unasked.
    #expect(
      daemon.takeNotification("table/didCommit") == [
        didCommit(seq: 1, height: 55, extra: #","insertedRowIds":["r1","x"]"#)
      ])
  }

  @Test func waitWhenIdleAnswersSeqZero() throws {
    let daemon = try Daemon()
    daemon.startSession()
    #expect(
      daemon.call(3, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("3", #"{"seq":0,"contentSize":{"width":320,"height":0}}"#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func insertRowsCommitsAndQueriesSeeTheRows() throws {
    let daemon = try Daemon()
    daemon.startSession()
    Self.insertExampleRows(daemon)
    #expect(
      daemon.call(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("5", #"{"seq":1,"contentSize":{"width":320,"height":55}}"#))
      ])
    #expect(
      daemon.call(6, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("6", #"{"width":320,"height":55}"#))
      ])
    #expect(
      daemon.call(7, "table/rowFrame", #"{"sessionId":"s1","row":"x"}"#) == [
        json(resultResponse("7", Self.frame("x", 1, y: 44.5, height: 10.5)))
      ])
    #expect(
      daemon.call(8, "table/rowFrame", #"{"sessionId":"s1","row":[0,0]}"#) == [
        json(resultResponse("8", Self.frame("r1", 0, y: 0, height: 44.5)))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func insertAtAnIndexAndWaitAnswersAfterTheCommit() throws {
    let daemon = try Daemon()
    daemon.startSession()
    Self.insertExampleRows(daemon)
    let insert = request(
      5, "table/insertRows", #"{"sessionId":"s1","section":0,"at":1,"rows":[{"id":"m","cell":\#(nodeCell(20))}]}"#)
    let wait = request(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    daemon.write(Array((frameText(insert) + frameText(wait)).utf8))
    #expect(
      daemon.take(until: { Daemon.isResponse($0, id: .int(6)) }) == [
        json(resultResponse("5", #"{"seq":2,"rowIds":["m"]}"#)),
        Self.didCommit(seq: 2, height: 75.5, extra: #","insertedRowIds":["m"]"#),
        json(resultResponse("6", #"{"seq":2,"contentSize":{"width":320,"height":75.5}}"#)),
      ])
    #expect(
      daemon.call(7, "table/rowFrame", #"{"sessionId":"s1","row":"x"}"#) == [
        json(resultResponse("7", Self.frame("x", 2, y: 65, height: 10.5)))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func deleteRowsCommitsBeforeItsResponseWhenIdle() throws {
    let daemon = try Daemon()
    daemon.startSession()
    Self.insertExampleRows(daemon)
    #expect(
      daemon.call(5, "table/deleteRows", #"{"sessionId":"s1","rows":["r1"]}"#) == [
        Self.didCommit(seq: 2, height: 10.5, extra: #","deletedRowIds":["r1"]"#),
        json(resultResponse("5", #"{"seq":2}"#)),
      ])
    #expect(
      daemon.call(6, "table/rowFrame", #"{"sessionId":"s1","row":"x"}"#) == [
        json(resultResponse("6", Self.frame("x", 0, y: 0, height: 10.5)))
      ])
    #expect(
      daemon.call(7, "table/rowFrame", #"{"sessionId":"s1","row":"r1"}"#) == [
        json(errorResponse("7", -32602, #"unknown row id "r1""#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func reloadRowsKeepsTheIDAndCommitsTheNewHeight() throws {
    let daemon = try Daemon()
    daemon.startSession()
    Self.insertExampleRows(daemon)
    let params = #"{"sessionId":"s1","rows":[{"row":"x","cell":\#(nodeCell(30))}]}"#
    #expect(daemon.call(5, "table/reloadRows", params) == [json(resultResponse("5", #"{"seq":2}"#))])
    #expect(daemon.takeNotification("table/didCommit") == [Self.didCommit(seq: 2, height: 75)])
    #expect(
      daemon.call(6, "table/rowFrame", #"{"sessionId":"s1","row":[0,1]}"#) == [
        json(resultResponse("6", Self.frame("x", 1, y: 44.5, height: 30.5)))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func moveRowKeepsHeightsAndCommitsBeforeItsResponseWhenIdle() throws {
    let daemon = try Daemon()
    daemon.startSession()
    Self.insertExampleRows(daemon)
    #expect(
      daemon.call(5, "table/moveRow", #"{"sessionId":"s1","from":"x","to":[0,0]}"#) == [
        Self.didCommit(seq: 2, height: 55), json(resultResponse("5", #"{"seq":2}"#)),
      ])
    #expect(
      daemon.call(6, "table/rowFrame", #"{"sessionId":"s1","row":"x"}"#) == [
        json(resultResponse("6", Self.frame("x", 0, y: 0, height: 10.5)))
      ])
    #expect(
      daemon.call(7, "table/rowFrame", #"{"sessionId":"s1","row":"r1"}"#) == [
        json(resultResponse("7", Self.frame("r1", 1, y: 10.5, height: 44.5)))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func seqsNumberChangeSetsInOrder() throws {
    let daemon = try Daemon()
    daemon.startSession()
    Self.insertExampleRows(daemon)
    var bytes = ""
    bytes += frameText(
      request(5, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"y","cell":\#(nodeCell(5))}]}"#))
    bytes += frameText(request(6, "table/moveRow", #"{"sessionId":"s1","from":"y","to":[0,0]}"#))
    bytes += frameText(request(7, "table/deleteRows", #"{"sessionId":"s1","rows":["x"]}"#))
    bytes += frameText(request(8, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#))
    daemon.write(Array(bytes.utf8))
    let messages = daemon.take(until: { Daemon.isResponse($0, id: .int(8)) })
    #expect(
      messages.filter { $0["method"] == nil } == [
        json(resultResponse("5", #"{"seq":2,"rowIds":["y"]}"#)), json(resultResponse("6", #"{"seq":3}"#)),
        json(resultResponse("7", #"{"seq":4}"#)),
        json(resultResponse("8", #"{"seq":4,"contentSize":{"width":320,"height":50}}"#)),
      ])
    // Commits happen strictly in seq order, each with the content size after it.
    #expect(
      messages.filter { $0["method"] != nil } == [
        Self.didCommit(seq: 2, height: 60.5, extra: #","insertedRowIds":["y"]"#), Self.didCommit(seq: 3, height: 60.5),
        Self.didCommit(seq: 4, height: 50, extra: #","deletedRowIds":["x"]"#),
      ])
    daemon.expectAliveThenExit()
  }
}
