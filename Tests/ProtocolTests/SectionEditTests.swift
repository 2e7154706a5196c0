import JSONCodec
import Testing

/// Protocol.md "Table": reloadData, insertSections, moveSection, reloadSections and deleteSections, with their
/// answers (`seq`, `rowIds`), their `table/didCommit` notifications and the committed table after each.
/// Viewport 320, scale 2: each row is its cell height + 0.5.
@Suite struct SectionEditTests {
  /// Protocol.md's reloadData example: sections [a (10)], [b (20), r1 (30)].
  static let reloadData = request(
    3, "table/reloadData",
    #"{"sessionId":"s1","sections":[{"rows":[{"id":"a","cell":\#(nodeCell(10))}]},"#
      + #"{"rows":[{"id":"b","cell":\#(nodeCell(20))},{"cell":\#(nodeCell(30))}]}]}"#)

  /// Sends Protocol.md's reloadData example and checks its answer and commit.
  static func reloadExample(_ daemon: Daemon) {
    #expect(
      daemon.exchange(reloadData) == [json(resultResponse("3", #"{"seq":1,"rowIds":[["a"],["b","r1"]]}"#))])
    #expect(
      daemon.takeNotification("table/didCommit") == [
        didCommit(seq: 1, height: 61.5, extra: #","insertedRowIds":["a","b","r1"]"#)
      ])
  }

  @Test func reloadDataReplacesEverythingAsInProtocolMD() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.seedRows([("old", 44)])
    let data = #"{"sessionId":"s1","sections":[{"rows":[{"id":"a","cell":\#(nodeCell(10))}]},{"rows":[]}]}"#
    #expect(daemon.call(5, "table/reloadData", data) == [json(resultResponse("5", #"{"seq":2,"rowIds":[["a"],[]]}"#))])
    #expect(
      daemon.takeNotification("table/didCommit") == [
        didCommit(seq: 2, height: 10.5, extra: #","insertedRowIds":["a"],"deletedRowIds":["old"]"#)
      ])
    #expect(
      daemon.describe(6) == [
        json(
          resultResponse(
            "6", describeResult(seq: 2, height: 10.5, sections: #"[{"rows":[{"id":"a","height":10.5}]},{"rows":[]}]"#)))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func sectionEditsCommitInOrderAsInProtocolMD() throws {
    let daemon = try Daemon()
    daemon.startSession()
    Self.reloadExample(daemon)
    let insert = #"{"sessionId":"s1","at":1,"sections":[{"rows":[{"id":"c","cell":\#(nodeCell(40))}]}]}"#
    #expect(
      daemon.call(4, "table/insertSections", insert) == [json(resultResponse("4", #"{"seq":2,"rowIds":[["c"]]}"#))])
    #expect(
      daemon.takeNotification("table/didCommit") == [didCommit(seq: 2, height: 102, extra: #","insertedRowIds":["c"]"#)]
    )
    // Nothing to lay out and nothing pending: the move commits at once, before its answer (as moveRow does).
    #expect(
      daemon.call(5, "table/moveSection", #"{"sessionId":"s1","from":0,"to":2}"#) == [
        didCommit(seq: 3, height: 102), json(resultResponse("5", #"{"seq":3}"#)),
      ])
    let reload = #"{"sessionId":"s1","sections":[{"section":1,"rows":[{"id":"d","cell":\#(nodeCell(5))}]}]}"#
    #expect(
      daemon.call(6, "table/reloadSections", reload) == [json(resultResponse("6", #"{"seq":4,"rowIds":[["d"]]}"#))])
    #expect(
      daemon.takeNotification("table/didCommit") == [
        didCommit(seq: 4, height: 56.5, extra: #","insertedRowIds":["d"],"deletedRowIds":["b","r1"]"#)
      ])
    // Protocol.md's describe example: [c], [d], [a].
    let sections =
      #"[{"rows":[{"id":"c","height":40.5}]},{"rows":[{"id":"d","height":5.5}]},{"rows":[{"id":"a","height":10.5}]}]"#
    #expect(daemon.describe(8) == [json(resultResponse("8", describeResult(seq: 4, height: 56.5, sections: sections)))])
    #expect(
      daemon.call(9, "table/deleteSections", #"{"sessionId":"s1","sections":[0,2]}"#) == [
        didCommit(seq: 5, height: 5.5, extra: #","deletedRowIds":["c","a"]"#), json(resultResponse("9", #"{"seq":5}"#)),
      ])
    #expect(
      daemon.describe(10) == [
        json(
          resultResponse("10", describeResult(seq: 5, height: 5.5, sections: #"[{"rows":[{"id":"d","height":5.5}]}]"#)))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func insertSectionsAppendsByDefaultAndAssignsIDs() throws {
    let daemon = try Daemon()
    daemon.startSession()
    Self.reloadExample(daemon)
    let params =
      #"{"sessionId":"s1","sections":[{"rows":[]},{"rows":[{"cell":\#(nodeCell(1))},{"cell":\#(nodeCell(2))}]}]}"#
    #expect(
      daemon.call(4, "table/insertSections", params) == [
        json(resultResponse("4", #"{"seq":2,"rowIds":[[],["r2","r3"]]}"#))
      ])
    #expect(
      daemon.takeNotification("table/didCommit") == [
        didCommit(seq: 2, height: 65.5, extra: #","insertedRowIds":["r2","r3"]"#)
      ])
    let sections =
      #"[{"rows":[{"id":"a","height":10.5}]},{"rows":[{"id":"b","height":20.5},{"id":"r1","height":30.5}]},"#
      + #"{"rows":[]},{"rows":[{"id":"r2","height":1.5},{"id":"r3","height":2.5}]}]"#
    #expect(daemon.describe(5) == [json(resultResponse("5", describeResult(seq: 2, height: 65.5, sections: sections)))])
    daemon.expectAliveThenExit()
  }

  @Test func reloadSectionsMayReuseItsOwnIDsButNoOthers() throws {
    let daemon = try Daemon()
    daemon.startSession()
    Self.reloadExample(daemon)
    // [a] [b r1]: "b" is in use in section 1, so section 0 cannot take it; section 1 can.
    let elsewhere = #"{"sessionId":"s1","sections":[{"section":0,"rows":[{"id":"b","cell":\#(nodeCell(2))}]}]}"#
    #expect(
      daemon.call(4, "table/reloadSections", elsewhere) == [json(errorResponse("4", -32004, #"duplicate row id "b""#))])
    let own = #"{"sessionId":"s1","sections":[{"section":1,"rows":[{"id":"b","cell":\#(nodeCell(2))}]}]}"#
    #expect(daemon.call(5, "table/reloadSections", own) == [json(resultResponse("5", #"{"seq":2,"rowIds":[["b"]]}"#))])
    #expect(
      daemon.takeNotification("table/didCommit") == [
        didCommit(seq: 2, height: 13, extra: #","insertedRowIds":["b"],"deletedRowIds":["b","r1"]"#)
      ])
    daemon.expectAliveThenExit()
  }

  @Test func queriesSeeTheOldRowsUntilReloadDataCommits() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.seedRows([("old", 44)])
    let data =
      #"{"sessionId":"s1","sections":[{"rows":[{"id":"new","cell":\#(SetNeedsLayoutTests.slowCell(count: 4000, height: 0.5))}]}]}"#
    let frame = request(6, "table/rowFrame", #"{"sessionId":"s1","row":"old"}"#)
    daemon.write(Array((frameText(request(5, "table/reloadData", data)) + frameText(frame)).utf8))
    let messages = daemon.take(until: { Daemon.isResponse($0, id: .int(6)) })
    #expect(messages.first == json(resultResponse("5", #"{"seq":2,"rowIds":[["new"]]}"#)))
    // The slow cell is still being laid out, so the old row is what the view shows.
    #expect(messages.last == json(resultResponse("6", TableEditTests.frame("old", 0, y: 0, height: 44.5))))
    let waited = daemon.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(
      (messages + waited).filter { $0["method"] != nil } == [
        didCommit(seq: 2, height: 2000.5, extra: #","insertedRowIds":["new"],"deletedRowIds":["old"]"#)
      ])
    #expect(waited.last == json(resultResponse("7", #"{"seq":2,"contentSize":{"width":320,"height":2000.5}}"#)))
    daemon.expectAliveThenExit()
  }
}
