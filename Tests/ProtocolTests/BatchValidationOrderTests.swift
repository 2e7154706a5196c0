import JSONCodec
import Testing

/// Protocol.md "Table", `table/performBatchUpdates`: with several failures in one batch, the first in Texture's order
/// (texture.md §1.8: section count, deleted sections, deleted rows, inserted rows, inserted sections, delete and
/// reload of one row, row counts) is the one answered, whatever the order of the operations.
@Suite struct BatchValidationOrderTests {
  /// Operations, rowCounts and the exact -32004 message, on a b c d (10, 20, 30, 40) in section 0.
  static let cases: [(operations: String, rowCounts: String?, message: String)] = [
    (
      #"[{"op":"deleteRows","rows":[[0,9]]}]"#, "[4,0]",
      "invalid number of sections: 2 sections after the update, but 1 before + 0 inserted − 0 deleted = 1"
    ),
    (
      #"[{"op":"deleteRows","rows":[[0,9]]},{"op":"deleteSections","sections":[3]}]"#, nil,
      "cannot delete section 3: only 1 sections before the update"
    ),
    (
      #"[{"op":"insertRows","rows":[{"at":[0,9],"cell":\#(nodeCell(1))}]},{"op":"deleteRows","rows":[[0,9]]}]"#, nil,
      "cannot delete row [0, 9]: section 0 has 4 rows before the update"
    ),
    (
      #"[{"op":"insertSections","sections":[{"at":5,"rows":[]}]},{"op":"deleteRows","rows":[[0,9]]}]"#, nil,
      "cannot delete row [0, 9]: section 0 has 4 rows before the update"
    ),
    (
      #"[{"op":"insertSections","sections":[{"at":5,"rows":[]}]},{"op":"insertRows","rows":[{"at":[0,9],"cell":\#(nodeCell(1))}]}]"#,
      nil, "cannot insert row [0, 9]: section 0 has 5 rows after the update"
    ),
    (
      #"[{"op":"deleteRows","rows":[[0,1]]},{"op":"reloadRows","rows":[{"row":"b"}]}]"#, "[4]",
      "row [0, 1] is both deleted and reloaded"
    ),
    (
      #"[{"op":"insertRows","rows":[{"at":[0,0],"cell":\#(nodeCell(1))}]}]"#, "[4]",
      "invalid number of rows in section 0: 4 rows after the update, but 4 before + 1 inserted − 0 deleted = 5"
    ),
  ]

  @Test(arguments: cases.indices)
  func theFirstFailureInTexturesOrderIsAnswered(_ index: Int) throws {
    let (operations, rowCounts, message) = Self.cases[index]
    let daemon = try Daemon()
    PerformBatchUpdatesTests.seed(daemon)
    #expect(
      PerformBatchUpdatesTests.batch(daemon, 5, operations, rowCounts: rowCounts) == [
        json(errorResponse("5", -32004, message))
      ], "\(operations)")
    InvalidBatchUpdateTests.expectUnchanged(daemon)
    daemon.expectAliveThenExit()
  }

  @Test func correctRowCountsAreAccepted() throws {
    let daemon = try Daemon()
    PerformBatchUpdatesTests.seed(daemon)
    #expect(
      PerformBatchUpdatesTests.batch(daemon, 5, #"[{"op":"deleteRows","rows":[[0,0]]}]"#, rowCounts: "[3]") == [
        didCommit(seq: 2, height: 91.5, extra: #","deletedRowIds":["a"]"#),
        json(resultResponse("5", #"{"seq":2,"insertedRowIds":[]}"#)),
      ])
    daemon.expectAliveThenExit()
  }
}
