import Testing

@testable import NodeTree

/// Row selection: single and multiple, the settings, and how a committed batch carries it (UIKit: moved rows keep it,
/// deleted rows drop it, reloaded rows lose it).
@Suite struct SelectionTests {
  let path = { (section: Int, row: Int) in TableIndexPath(section: section, row: row) }

  @Test func singleSelectionReplacesTheSelectedRow() throws {
    var table = try makeTable([3])
    let first = try table.selectRow(.indexPath(path(0, 0)))
    #expect(first == SelectionChange(selected: [RowID("s0r0")], deselected: [], selection: [RowID("s0r0")]))
    let second = try table.selectRow(.id(RowID("s0r2")))
    #expect(
      second == SelectionChange(selected: [RowID("s0r2")], deselected: [RowID("s0r0")], selection: [RowID("s0r2")]))
    #expect(try table.selectRow(.indexPath(path(0, 2))) == nil)
    #expect(table.indexPathsForSelectedRows == [path(0, 2)])
    #expect(try table.deselectRow(.id(RowID("s0r2")))?.selection == [])
    #expect(try table.deselectRow(.id(RowID("s0r2"))) == nil)
  }

  @Test func settings() throws {
    var table = try makeTable([4])
    #expect(table.setAllowsMultipleSelection(true) == nil)
    for id in ["s0r3", "s0r1", "s0r2"] { _ = try table.selectRow(.id(RowID(id))) }
    #expect(table.selectedRows == [RowID("s0r1"), RowID("s0r2"), RowID("s0r3")])
    // Multiple → single keeps the first selected row in row order.
    let reduced = table.setAllowsMultipleSelection(false)
    #expect(reduced?.deselected == [RowID("s0r2"), RowID("s0r3")] && reduced?.selection == [RowID("s0r1")])
    // Selection off clears and refuses.
    #expect(table.setAllowsSelection(false)?.deselected == [RowID("s0r1")])
    #expect(throws: NodeTreeError.selectionNotAllowed) { try table.selectRow(.id(RowID("s0r0"))) }
    _ = table.setAllowsSelection(true)
    #expect(throws: NodeTreeError.rowOutOfRange(path(0, 9), rowCount: 4)) {
      try table.selectRow(.indexPath(path(0, 9)))
    }
    // A row that is submitted but not committed cannot be selected yet.
    _ = try table.performBatch(BatchUpdate([.insertRows([(path(0, 0), RowSpec(id: RowID("new"), content: 0))])]))
    #expect(throws: NodeTreeError.unknownRowID(RowID("new"))) { try table.selectRow(.id(RowID("new"))) }
  }

  @Test func selectionFollowsRowsAcrossABatchThatDeletesMovesAndReloads() throws {
    var table = try makeTable([5, 2], height: 10)
    _ = table.setAllowsMultipleSelection(true)
    for id in ["s0r0", "s0r1", "s0r3", "s1r0", "s1r1"] { _ = try table.selectRow(.id(RowID(id))) }
    let result = try table.performBatch(
      BatchUpdate([
        .deleteRows([.id(RowID("s0r0"))]), .moveRow(from: .id(RowID("s0r1")), to: path(1, 0)),
        .reloadRows([(.id(RowID("s0r3")), nil)]),
      ]))
    // Nothing changes before the commit.
    #expect(table.selectedRows.count == 5)
    let commits = try measureAll(&table, result.layoutRequests, height: 10)
    // After: section 0 = s0r2, s0r3, s0r4; section 1 = s0r1 (moved here), s1r0, s1r1. The moved row keeps its
    // selection, the deleted one (s0r0, gone) and the reloaded one (s0r3, now at [0, 1]) lose it.
    #expect(
      table.visibleMap.allRowIDs == [
        [RowID("s0r2"), RowID("s0r3"), RowID("s0r4")], [RowID("s0r1"), RowID("s1r0"), RowID("s1r1")],
      ])
    #expect(
      commits.first?.selectionChange
        == SelectionChange(
          selected: [], deselected: [RowID("s0r3"), RowID("s0r0")],
          selection: [RowID("s0r1"), RowID("s1r0"), RowID("s1r1")]))
    #expect(table.indexPathsForSelectedRows == [path(1, 0), path(1, 1), path(1, 2)])
    // A commit that touches no selected row reports nothing; reloadData clears everything.
    let quiet = try table.performBatch(BatchUpdate([.deleteRows([.id(RowID("s0r4"))])]))
    #expect(quiet.commits.first?.selectionChange == nil)
    let reload = try table.reloadData([[RowSpec(id: RowID("s0r1"), content: 0)]])
    let cleared = try measureAll(&table, reload.layoutRequests)
    #expect(cleared.first?.selectionChange?.selection == [] && table.selectedRows.isEmpty)
  }

  @Test func deletedSectionsDropAndMovedSectionsKeep() throws {
    var table = try makeTable([1, 1, 1], height: 10)
    _ = table.setAllowsMultipleSelection(true)
    for id in ["s0r0", "s1r0", "s2r0"] { _ = try table.selectRow(.id(RowID(id))) }
    let result = try table.performBatch(
      BatchUpdate([.deleteSections([0]), .moveSection(from: 2, to: 0), .reloadSections([(1, [RowSpec(content: 0)])])]))
    let commits = try measureAll(&table, result.layoutRequests, height: 10)
    // s2r0 moves with its section and stays selected; s0r0 (deleted section) and s1r0 (reloaded section: its rows
    // are replaced) lose it.
    #expect(commits.first?.selectionChange?.selection == [RowID("s2r0")])
    #expect(commits.first?.selectionChange?.deselected == [RowID("s0r0"), RowID("s1r0")])
  }
}
