import JSONCodec
import Testing

/// Protocol.md "Table", `table/performBatchUpdates`: Protocol.md's example exchange byte for byte, then all eight
/// operations in UIKit's index spaces (deletes, reloads and move sources old, inserts and move targets new), with
/// `rowCounts`, the answers' `insertedRowIds`, the commits and the committed table after each batch.
@Suite struct PerformBatchUpdatesTests {
  /// Rows a (10), b (20), c (30), d (40) in section 0, committed (seq 1, content height 102).
  static func seed(_ daemon: Daemon) {
    daemon.startSession()
    daemon.seedRows([("a", 10), ("b", 20), ("c", 30), ("d", 40)])
  }

  /// Sends a batch for s1 and returns every message up to its answer.
  static func batch(_ daemon: Daemon, _ id: Int, _ operations: String, rowCounts: String? = nil) -> [JSONValue] {
    let counts = rowCounts.map { #","rowCounts":\#($0)"# } ?? ""
    return daemon.call(id, "table/performBatchUpdates", #"{"sessionId":"s1","operations":\#(operations)\#(counts)}"#)
  }

  /// Protocol.md's example request, verbatim.
  static let example = """
    {"jsonrpc":"2.0","id":5,"method":"table/performBatchUpdates","params":{"sessionId":"s1","operations":[
         {"op":"deleteRows","rows":[[0,0]]},
         {"op":"reloadRows","rows":[{"row":[0,2],"cell":{"type":"node","style":{"height":5}}}]},
         {"op":"moveRow","from":"b","to":[0,3]},
         {"op":"insertRows","rows":[{"at":[0,0],"id":"x","cell":{"type":"node","style":{"height":1}}}]}]}}
    """

  @Test func protocolMDExampleExchange() throws {
    let daemon = try Daemon()
    Self.seed(daemon)
    #expect(
      daemon.exchange(Self.example) == [json(#"{"jsonrpc":"2.0","id":5,"result":{"seq":2,"insertedRowIds":["x"]}}"#)])
    #expect(
      daemon.takeNotification("table/didCommit") == [
        json(
          """
          {"jsonrpc":"2.0","method":"table/didCommit","params":{"sessionId":"s1","seq":2,
               "contentSize":{"width":320,"height":68},"insertedRowIds":["x"],"deletedRowIds":["a"]}}
          """)
      ])
    let sections =
      #"[{"rows":[{"id":"x","height":1.5},{"id":"c","height":5.5},{"id":"d","height":40.5},{"id":"b","height":20.5}]}]"#
    #expect(daemon.describe(6) == [json(resultResponse("6", describeResult(seq: 2, height: 68, sections: sections)))])
    #expect(
      daemon.call(7, "table/rowFrame", #"{"sessionId":"s1","row":"b"}"#) == [
        json(resultResponse("7", TableEditTests.frame("b", 3, y: 47.5, height: 20.5)))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func allEightOperations() throws {
    let daemon = try Daemon()
    Self.seed(daemon)
    _ = daemon.exchange(Self.example)
    _ = daemon.takeNotification("table/didCommit")
    // x c d b. Insert sections at 0 (with s) and 2 (empty); re-measure d as is (reloadRows without a cell).
    let sectionsAndReload =
      #"[{"op":"insertSections","sections":[{"at":0,"rows":[{"id":"s","cell":\#(nodeCell(3))}]},{"at":2,"rows":[]}]},"#
      + #"{"op":"reloadRows","rows":[{"row":"d"}]}]"#
    #expect(
      Self.batch(daemon, 8, sectionsAndReload) == [json(resultResponse("8", #"{"seq":3,"insertedRowIds":["s"]}"#))])
    #expect(
      daemon.takeNotification("table/didCommit") == [
        didCommit(seq: 3, height: 71.5, extra: #","insertedRowIds":["s"]"#)
      ])
    let afterInsert =
      #"[{"rows":[{"id":"s","height":3.5}]},{"rows":[{"id":"x","height":1.5},{"id":"c","height":5.5},"#
      + #"{"id":"d","height":40.5},{"id":"b","height":20.5}]},{"rows":[]}]"#
    #expect(
      daemon.describe(9) == [json(resultResponse("9", describeResult(seq: 3, height: 71.5, sections: afterInsert)))])
    // [s] [x c d b] []. Move section 0 to 2 (new space); reload old section 1 with y and an unnamed row; the row
    // insert into new section 0 (the reloaded one) is dropped, as Texture drops it.
    let moveAndReload =
      #"[{"op":"moveSection","from":0,"to":2},{"op":"reloadSections","sections":[{"section":1,"rows":["#
      + #"{"id":"y","cell":\#(nodeCell(2))},{"cell":\#(nodeCell(4))}]}]},"#
      + #"{"op":"insertRows","rows":[{"at":[0,0],"id":"q","cell":\#(nodeCell(6))}]}]"#
    #expect(
      Self.batch(daemon, 10, moveAndReload) == [json(resultResponse("10", #"{"seq":4,"insertedRowIds":["y","r1"]}"#))])
    #expect(
      daemon.takeNotification("table/didCommit") == [
        didCommit(seq: 4, height: 10.5, extra: #","insertedRowIds":["y","r1"],"deletedRowIds":["x","c","d","b"]"#)
      ])
    let afterReload =
      #"[{"rows":[{"id":"y","height":2.5},{"id":"r1","height":4.5}]},{"rows":[]},{"rows":[{"id":"s","height":3.5}]}]"#
    #expect(
      daemon.describe(11) == [json(resultResponse("11", describeResult(seq: 4, height: 10.5, sections: afterReload)))])
    // [y r1] [] [s]. Delete the empty section 1 and move s (old [2, 0]) to the top of new section 0, with the data
    // source's counts. Nothing needs layout: the commit comes before the answer.
    let deleteAndMove = #"[{"op":"deleteSections","sections":[1]},{"op":"moveRow","from":"s","to":[0,0]}]"#
    #expect(
      Self.batch(daemon, 12, deleteAndMove, rowCounts: "[3,0]") == [
        didCommit(seq: 5, height: 10.5), json(resultResponse("12", #"{"seq":5,"insertedRowIds":[]}"#)),
      ])
    let afterMove =
      #"[{"rows":[{"id":"s","height":3.5},{"id":"y","height":2.5},{"id":"r1","height":4.5}]},{"rows":[]}]"#
    #expect(
      daemon.describe(13) == [json(resultResponse("13", describeResult(seq: 5, height: 10.5, sections: afterMove)))])
    daemon.expectAliveThenExit()
  }

  @Test func aMoveIntoAReloadedSectionIsDroppedSoTheRowIsDeleted() throws {
    let daemon = try Daemon()
    Self.seed(daemon)
    let section = #"{"sessionId":"s1","sections":[{"rows":[{"id":"e","cell":\#(nodeCell(1))}]}]}"#
    _ = daemon.call(5, "table/insertSections", section)
    _ = daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    // [a b c d] [e]: reload section 0 with n and move e into it; Texture drops the move's insert.
    let operations =
      #"[{"op":"reloadSections","sections":[{"section":0,"rows":[{"id":"n","cell":\#(nodeCell(1))}]}]},"#
      + #"{"op":"moveRow","from":"e","to":[0,0]}]"#
    #expect(Self.batch(daemon, 7, operations) == [json(resultResponse("7", #"{"seq":3,"insertedRowIds":["n"]}"#))])
    #expect(
      daemon.takeNotification("table/didCommit") == [
        didCommit(seq: 3, height: 1.5, extra: #","insertedRowIds":["n"],"deletedRowIds":["a","b","c","d","e"]"#)
      ])
    let sections = #"[{"rows":[{"id":"n","height":1.5}]},{"rows":[]}]"#
    #expect(daemon.describe(8) == [json(resultResponse("8", describeResult(seq: 3, height: 1.5, sections: sections)))])
    daemon.expectAliveThenExit()
  }

  @Test func anEmptyBatchStillMakesAChangeSet() throws {
    let daemon = try Daemon()
    Self.seed(daemon)
    #expect(
      Self.batch(daemon, 5, "[]", rowCounts: "[4]") == [
        didCommit(seq: 2, height: 102), json(resultResponse("5", #"{"seq":2,"insertedRowIds":[]}"#)),
      ])
    daemon.expectAliveThenExit()
  }
}
