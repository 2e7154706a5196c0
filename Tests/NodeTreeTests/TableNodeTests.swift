import Testing
@testable import NodeTree

/// Behaviour of `TableNode` beyond the fixtures: error texts, ids, generations, commits and relayout.
@Suite struct TableNodeTests {
  let origin = TableIndexPath(section: 0, row: 0)

  @Test func rowCountMessageIsExact() throws {
    var table = try makeTable([3])
    let insert = BatchOperation<Int>.insertRows([(origin, RowSpec(content: 1))])
    #expect(throws: NodeTreeError.invalidNumberOfRows(section: 0, after: 5, before: 3, inserted: 1, deleted: 0)) {
      try table.performBatch(BatchUpdate([insert], expectedRowCounts: [5]))
    }
    let error = NodeTreeError.invalidNumberOfRows(section: 0, after: 5, before: 3, inserted: 1, deleted: 0)
    #expect(error.message == "invalid number of rows in section 0: 5 rows after the update, but 3 before + 1 inserted − 0 deleted = 4")
  }

  @Test func otherMessagesAreExact() {
    #expect(NodeTreeError.invalidNumberOfSections(after: 2, before: 2, inserted: 0, deleted: 1).message
      == "invalid number of sections: 2 sections after the update, but 2 before + 0 inserted − 1 deleted = 1")
    #expect(NodeTreeError.deleteRowOutOfBounds(TableIndexPath(section: 0, row: 7), rowCount: 3).message
      == "cannot delete row [0, 7]: section 0 has 3 rows before the update")
    #expect(NodeTreeError.duplicateRowID(RowID("a")).message == "duplicate row id \"a\"")
    #expect(NodeTreeError.negativeIndex(operation: "deleteRows", index: -1).message == "deleteRows: index -1 is negative")
    #expect(NodeTreeError.rowOutOfRange(TableIndexPath(section: 0, row: 12), rowCount: 8).message
      == "row [0, 12] out of range (section 0 has 8 rows)")
  }

  @Test func daemonChecks() throws {
    var table = try makeTable([3, 2])
    let before = snapshot(table)
    #expect(throws: NodeTreeError.duplicateRowID(RowID("s0r1"))) {
      try table.performBatch(BatchUpdate([.insertRows([(origin, RowSpec(id: RowID("s0r1"), content: 0))])]))
    }
    #expect(throws: NodeTreeError.duplicateRowID(RowID("x"))) {
      try table.performBatch(BatchUpdate([.insertRows([
        (origin, RowSpec(id: RowID("x"), content: 0)), (TableIndexPath(section: 0, row: 1), RowSpec(id: RowID("x"), content: 0)),
      ])]))
    }
    #expect(throws: NodeTreeError.unknownRowID(RowID("nope"))) {
      try table.performBatch(BatchUpdate([.deleteRows([.id(RowID("nope"))])]))
    }
    #expect(throws: NodeTreeError.negativeIndex(operation: "insertRows", index: -2)) {
      try table.performBatch(BatchUpdate([.insertRows([(TableIndexPath(section: 0, row: -2), RowSpec(content: 0))])]))
    }
    #expect(throws: NodeTreeError.duplicateIndexPath(operation: "deleteRows", TableIndexPath(section: 1, row: 0))) {
      try table.performBatch(BatchUpdate([.deleteRows([.indexPath(TableIndexPath(section: 1, row: 0)), .id(RowID("s1r0"))])]))
    }
    #expect(throws: NodeTreeError.sectionRowCountMismatch(section: 2, expected: 4, supplied: 1)) {
      try table.performBatch(BatchUpdate([.insertSections([(2, [RowSpec(content: 0)])])], expectedRowCounts: [3, 2, 4]))
    }
    #expect(throws: NodeTreeError.reloadAndDeleteSameSection(section: 1)) {
      try table.performBatch(BatchUpdate([.reloadSections([(1, [])]), .deleteSections([1])]))
    }
    #expect(snapshot(table) == before)
    // Deleting a row frees its id for a new row in the same batch.
    let result = try table.performBatch(BatchUpdate([
      .deleteRows([.id(RowID("s0r1"))]), .insertRows([(origin, RowSpec(id: RowID("s0r1"), content: 5))]),
    ]))
    #expect(result.changeSet.deletedRows == [RowID("s0r1")] && result.changeSet.insertedRows == [RowID("s0r1")])
    #expect(table.pendingMap.rowIDs(inSection: 0) == [RowID("s0r1"), RowID("s0r0"), RowID("s0r2")])
  }

  @Test func assignedIDsAvoidTakenOnes() throws {
    var table = TableNode<Int>()
    let result = try table.reloadData([[RowSpec(id: RowID("r1"), content: 0), RowSpec(content: 1), RowSpec(content: 2)]])
    #expect(table.pendingMap.rowIDs(inSection: 0) == [RowID("r1"), RowID("r2"), RowID("r3")])
    #expect(result.layoutRequests.map(\.id) == [RowID("r1"), RowID("r2"), RowID("r3")])
    #expect(Set(result.layoutRequests.map(\.generation)).count == 3)
  }

  @Test func batchBeforeReloadDataIsIgnored() throws {
    var table = TableNode<Int>()
    let result = try table.performBatch(BatchUpdate([.insertSections([(0, [RowSpec(content: 0)])])]))
    #expect(result.ignoredBeforeInitialReload && table.numberOfSections == 0 && !table.isProcessingUpdates)
  }

  @Test func reloadKeepsVisibleHeightUntilCommitAndDropsStaleResults() throws {
    var table = try makeTable([2], height: 30)
    let id = RowID("s0r0")
    let oldGeneration = try #require(table.cell(id)?.generation)
    let result = try table.performBatch(BatchUpdate([.reloadRows([(.id(id), 77)])]))
    let request = try #require(result.layoutRequests.first)
    #expect(request.content == 77 && request.generation > oldGeneration && result.changeSet.reloadedRows == [id])
    #expect(table.cell(id)?.measuredHeight == nil && table.visibleMap.height(of: id) == 30)
    #expect(try table.acceptLayout(id: id, generation: oldGeneration, height: 99).accepted == false)
    #expect(table.isProcessingUpdates && table.visibleMap.height(of: id) == 30)
    let accepted = try table.acceptLayout(id: id, generation: request.generation, height: 50)
    #expect(accepted.accepted && accepted.commits.count == 1)
    #expect(accepted.commits.first?.measuredHeights == [id: 50] && accepted.commits.first?.contentHeight == 80)
    #expect(table.visibleMap.height(of: id) == 50 && !table.isProcessingUpdates)
    #expect(throws: NodeTreeError.invalidHeight(id, -1)) { try table.acceptLayout(id: id, generation: request.generation, height: -1) }
    #expect(throws: NodeTreeError.self) { try table.acceptLayout(id: id, generation: request.generation, height: .nan) }
  }

  @Test func earlierChangeSetStillGetsItsGeneration() throws {
    var table = try makeTable([1], height: 10)
    let first = try table.performBatch(BatchUpdate([.insertRows([(origin, RowSpec(id: RowID("a"), content: 1))])]))
    let second = try table.performBatch(BatchUpdate([.reloadRows([(.id(RowID("a")), 2)])]))
    let (old, new) = (first.layoutRequests[0], second.layoutRequests[0])
    #expect(old.generation != new.generation)
    // The newer result arrives first: the second change set is ready but must wait for the first.
    #expect(try table.acceptLayout(id: RowID("a"), generation: new.generation, height: 20).commits.isEmpty)
    let commits = try table.acceptLayout(id: RowID("a"), generation: old.generation, height: 15).commits
    #expect(commits.map(\.changeSet.seq) == [first.changeSet.seq, second.changeSet.seq])
    #expect(table.visibleMap.height(of: RowID("a")) == 20 && table.cell(RowID("a"))?.measuredHeight == 20)
  }

  @Test func movesKeepHeightAndNeedNoLayout() throws {
    var table = try makeTable([3, 1], height: 10)
    _ = try table.acceptLayout(id: RowID("s0r0"), generation: 0, height: 1)
    let result = try table.performBatch(BatchUpdate([.moveRow(from: .id(RowID("s0r0")), to: TableIndexPath(section: 1, row: 1))]))
    #expect(result.layoutRequests.isEmpty && result.commits.count == 1)
    #expect(result.changeSet.movedRows == [MovedRow(id: RowID("s0r0"), from: origin, to: TableIndexPath(section: 1, row: 1))])
    #expect(result.changeSet.newIndexPath(forOld: origin) == nil)
    #expect(result.changeSet.newIndexPath(forOld: TableIndexPath(section: 0, row: 1)) == origin)
    #expect(table.visibleMap.allRowIDs == [[RowID("s0r1"), RowID("s0r2")], [RowID("s1r0"), RowID("s0r0")]])
    #expect(table.visibleMap.height(of: RowID("s0r0")) == 10)
    let sections = try table.performBatch(BatchUpdate([.moveSection(from: 1, to: 0)]))
    #expect(sections.layoutRequests.isEmpty && table.visibleMap.allRowIDs[0] == [RowID("s1r0"), RowID("s0r0")])
  }

  @Test func invalidateLayoutReportsHeightChanges() throws {
    var table = try makeTable([3], height: 10, separator: 0.5)
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: 100, height: 15)))
    let requests = try table.invalidateLayout([RowID("s0r1")])
    #expect(requests.count == 1 && !table.isProcessingUpdates)
    let acceptance = try table.acceptLayout(id: RowID("s0r1"), generation: requests[0].generation, height: 25)
    #expect(acceptance.heightChanges == [HeightChange(id: RowID("s0r1"), indexPath: TableIndexPath(section: 0, row: 1), oldHeight: 10, newHeight: 25)])
    #expect(table.contentHeight == 10 + 25 + 10 + 1.5)
    #expect(table.indexPath(atOffset: 11) == TableIndexPath(section: 0, row: 1))
    #expect(table.visibleRows(minY: 10.5, maxY: 36) == [RowID("s0r1")])
    #expect(throws: NodeTreeError.unknownRowID(RowID("zz"))) { try table.invalidateLayout([RowID("zz")]) }
    let update = try table.updateContent(of: RowID("s0r2"), to: 9)
    #expect(update.content == 9 && table.cell(RowID("s0r2"))?.content == 9)
    #expect(table.relayoutAllRows().count == 3)
  }

  @Test func viewQueriesReportRangeErrors() throws {
    let table = try makeTable([2])
    #expect(throws: NodeTreeError.rowOutOfRange(TableIndexPath(section: 0, row: 2), rowCount: 2)) {
      try table.rowHeight(at: TableIndexPath(section: 0, row: 2))
    }
    #expect(throws: NodeTreeError.sectionOutOfRange(section: 3, sectionCount: 1)) { try table.numberOfRows(inSection: 3) }
  }
}

/// Re-measuring a row whose insert has not committed yet.
@Suite struct RelayoutBeforeCommitTests {
  @Test func commitUsesTheNewerMeasurement() throws {
    var table = try makeTable([1], height: 10)
    let inserted = try table.performBatch(
      BatchUpdate([.insertRows([(TableIndexPath(section: 0, row: 1), RowSpec(id: RowID("a"), content: 1))])]))
    let relayout = try table.updateContent(of: RowID("a"), to: 2)
    // The newer result arrives first; the change set still needs its own generation to commit.
    #expect(try table.acceptLayout(id: RowID("a"), generation: relayout.generation, height: 70).commits.isEmpty)
    let commits = try measureAll(&table, inserted.layoutRequests, height: 40)
    #expect(commits.count == 1 && commits.first?.measuredHeights == [RowID("a"): 70])
    #expect(table.visibleMap.height(of: RowID("a")) == 70 && table.contentHeight == 80)
  }
}

/// Moves at the edges of section changes.
@Suite struct MoveEdgeTests {
  @Test func moveOutOfDeletedSectionKeepsTheRow() throws {
    var table = try makeTable([2, 1], height: 10)
    let result = try table.performBatch(BatchUpdate([
      .deleteSections([0]), .moveRow(from: .id(RowID("s0r1")), to: TableIndexPath(section: 0, row: 1)),
    ]))
    #expect(result.changeSet.deletedRows == [RowID("s0r0")])
    #expect(table.visibleMap.allRowIDs == [[RowID("s1r0"), RowID("s0r1")]])
    #expect(table.visibleMap.height(of: RowID("s0r1")) == 10)
  }

  @Test func moveIntoInsertedSectionDropsTheRowAsTextureDoes() throws {
    var table = try makeTable([2], height: 10)
    let result = try table.performBatch(BatchUpdate([
      .insertSections([(0, [RowSpec(id: RowID("n"), content: 0)])]),
      .moveRow(from: .id(RowID("s0r0")), to: TableIndexPath(section: 0, row: 0)),
    ]))
    #expect(result.changeSet.deletedRows == [RowID("s0r0")] && result.changeSet.movedRows.isEmpty)
    #expect(table.pendingMap.allRowIDs == [[RowID("n")], [RowID("s0r1")]] && table.cell(RowID("s0r0")) == nil)
  }
}
