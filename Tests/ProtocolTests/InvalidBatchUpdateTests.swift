import JSONCodec
import Testing

/// Protocol.md "Table", `table/performBatchUpdates`: a batch invalid as a whole answers -32004 with Texture's text
/// (first failure in Texture's order), a malformed one -32602 naming the path, and the session is unchanged:
/// `table/describe` in both states still shows a b c d at seq 1 and the next batch gets seq 2.
@Suite struct InvalidBatchUpdateTests {
  /// Operations, rowCounts (nil: none), code and exact message, on a b c d (10, 20, 30, 40) in section 0.
  static let cases: [(operations: String, rowCounts: String?, code: Int, message: String)] = [
    (
      #"[{"op":"deleteRows","rows":[[0,1]]},{"op":"deleteRows","rows":[[0,9]]}]"#, nil, -32004,
      "cannot delete row [0, 9]: section 0 has 4 rows before the update"
    ),
    (
      #"[{"op":"insertRows","rows":[{"at":[0,6],"cell":\#(nodeCell(1))}]}]"#, nil, -32004,
      "cannot insert row [0, 6]: section 0 has 5 rows after the update"
    ),
    (
      #"[{"op":"deleteRows","rows":[[0,1]]},{"op":"reloadRows","rows":[{"row":"b"}]}]"#, nil, -32004,
      "row [0, 1] is both deleted and reloaded"
    ),
    (
      #"[{"op":"insertSections","sections":[{"at":1,"rows":[]}]},"#
        + #"{"op":"reloadSections","sections":[{"section":0,"rows":[]}]},{"op":"deleteSections","sections":[0]}]"#, nil,
      -32004,
      "section 0 is both reloaded and deleted"
    ),
    (
      #"[{"op":"deleteRows","rows":[[0,0]]}]"#, "[4]", -32004,
      "invalid number of rows in section 0: 4 rows after the update, but 4 before + 0 inserted − 1 deleted = 3"
    ),
    (
      "[]", "[4,0]", -32004,
      "invalid number of sections: 2 sections after the update, but 1 before + 0 inserted − 0 deleted = 1"
    ),
    (
      #"[{"op":"deleteSections","sections":[1]}]"#, nil, -32004,
      "cannot delete section 1: only 1 sections before the update"
    ),
    (
      #"[{"op":"insertSections","sections":[{"at":3,"rows":[]}]}]"#, nil, -32004,
      "cannot insert section 3: only 2 sections after the update"
    ),
    (
      #"[{"op":"moveSection","from":0,"to":1}]"#, nil, -32004,
      "cannot insert section 1: only 1 sections after the update"
    ),
    (
      #"[{"op":"moveRow","from":"a","to":[0,4]}]"#, nil, -32004,
      "cannot insert row [0, 4]: section 0 has 4 rows after the update"
    ),
    (
      #"[{"op":"insertRows","rows":[{"at":[0,0],"id":"a","cell":\#(nodeCell(1))}]}]"#, nil, -32004,
      #"duplicate row id "a""#
    ),
    (
      #"[{"op":"insertRows","rows":[{"at":[0,0],"cell":\#(nodeCell(1))},{"at":[0,0],"cell":\#(nodeCell(1))}]}]"#, nil,
      -32004, "insertRows: row [0, 0] appears more than once"
    ),
    (#"[{"op":"deleteRows","rows":[[0,0],"a"]}]"#, nil, -32004, "deleteRows: row [0, 0] appears more than once"),
    (
      #"[{"op":"moveRow","from":"a","to":[0,1]},{"op":"moveRow","from":"b","to":[0,1]}]"#, nil, -32004,
      "moveRow: row [0, 1] appears more than once"
    ),
    (#"[{"op":"deleteRows","rows":["zz"]}]"#, nil, -32602, #"unknown row id "zz""#),
    (
      #"[{"op":"teleport"}]"#, nil, -32602,
      #"params.operations[0].op: expected one of insertRows, deleteRows, reloadRows, moveRow, insertSections, "#
        + #"deleteSections, reloadSections, moveSection, setHeader, setFooter, got "teleport""#
    ),
    (#"[{"rows":[]}]"#, nil, -32602, #"params.operations[0]: missing required member "op""#),
    (
      #"[{"op":"moveRow","from":[0,0],"to":"end"}]"#, nil, -32602,
      #"params.operations[0].to: expected [section, row], got "end""#
    ),
    (#"[{"op":"moveSection","from":0}]"#, nil, -32602, #"params.operations[0]: missing required member "to""#),
    (
      #"[{"op":"insertRows","rows":[{"cell":\#(nodeCell(1))}]}]"#, nil, -32602,
      #"params.operations[0].rows[0]: missing required member "at""#
    ),
    (
      #"[{"op":"insertRows","rows":[{"at":[0,0],"cell":{"type":"node","style":{"height":"tall"}}}]}]"#, nil, -32602,
      #"params.operations[0].rows[0].cell.style.height: expected a number or a dimension string ("auto", "12pt", "50%"), got "tall""#
    ),
    (
      #"[{"op":"reloadRows","rows":[{"row":"a","cell":7}]}]"#, nil, -32602,
      "params.operations[0].rows[0].cell: expected an object, got a number"
    ),
    ("{}", nil, -32602, "params.operations: expected an array, got an object"),
    ("[]", "[-1]", -32602, "params.rowCounts[0]: expected a non-negative integer, got -1"),
  ]

  @Test(arguments: cases.indices)
  func invalidBatchChangesNothing(_ index: Int) throws {
    let (operations, rowCounts, code, message) = Self.cases[index]
    let daemon = try Daemon()
    PerformBatchUpdatesTests.seed(daemon)
    #expect(
      PerformBatchUpdatesTests.batch(daemon, 5, operations, rowCounts: rowCounts) == [
        json(errorResponse("5", code, message))
      ], "\(operations)")
    Self.expectUnchanged(daemon)
    daemon.expectAliveThenExit()
  }

  /// Negative indexes in a batch and the binary's -32602 text; Protocol.md lists negative indexes among the
  /// daemon's checks answered -32004.
  static let negativeIndexes: [(operations: String, message: String)] = [
    (
      #"[{"op":"deleteRows","rows":[[0,-1]]}]"#,
      "params.operations[0].rows[0]: expected a row id or [section, row], got [0,-1]"
    ),
    (
      #"[{"op":"deleteSections","sections":[-2]}]"#,
      "params.operations[0].sections[0]: expected a non-negative integer, got -2"
    ),
  ]

  @Test(arguments: negativeIndexes.indices)
  func aNegativeIndexIsAnInvalidBatch(_ index: Int) throws {
    let (operations, message) = Self.negativeIndexes[index]
    let daemon = try Daemon()
    PerformBatchUpdatesTests.seed(daemon)
    let answer = PerformBatchUpdatesTests.batch(daemon, 5, operations)
    #expect(answer.last?["error"]?["message"] == .string(message))
    // Protocol.md: a negative index is malformed params (-32602 naming the path), not an invalid batch.
    #expect(answer.last?["error"]?["code"] == .int(-32602))
    Self.expectUnchanged(daemon)
    daemon.expectAliveThenExit()
  }

  /// Like a standalone reloadSections, a batch reloading a missing section gets a self-contradictory text.
  @Test func reloadingAMissingSectionInABatchNamesIt() throws {
    let daemon = try Daemon()
    PerformBatchUpdatesTests.seed(daemon)
    let answer = PerformBatchUpdatesTests.batch(
      daemon, 5, #"[{"op":"reloadSections","sections":[{"section":1,"rows":[]}]}]"#)
    #expect(answer.last?["error"]?["code"] == .int(-32004))
    #expect(
      answer == [json(errorResponse("5", -32004, "cannot delete section 1: only 1 sections before the update"))])
    Self.expectUnchanged(daemon)
    daemon.expectAliveThenExit()
  }

  /// Both states still show a b c d at seq 1, nothing commits, and the next batch is seq 2.
  static func expectUnchanged(_ daemon: Daemon) {
    let sections =
      #"[{"rows":[{"id":"a","height":10.5},{"id":"b","height":20.5},{"id":"c","height":30.5},{"id":"d","height":40.5}]}]"#
    #expect(daemon.describe(6) == [json(resultResponse("6", describeResult(seq: 1, height: 102, sections: sections)))])
    #expect(
      daemon.describe(7, state: "pending") == [
        json(resultResponse("7", describeResult(seq: 1, height: 102, sections: sections)))
      ])
    #expect(
      PerformBatchUpdatesTests.batch(daemon, 8, #"[{"op":"moveRow","from":"d","to":[0,0]}]"#) == [
        didCommit(seq: 2, height: 102), json(resultResponse("8", #"{"seq":2,"insertedRowIds":[]}"#)),
      ])
  }
}
