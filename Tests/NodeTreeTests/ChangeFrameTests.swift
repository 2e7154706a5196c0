import Testing

@testable import NodeTree

/// Frames before and after of the rows a committed change set affected. Index spaces follow UIKit (texture.md §1.9):
/// deletes and reloads old space, inserts new space, moves both; the new order is worked out by hand below.
@Suite struct ChangeFrameTests {
  /// Four rows of 10 pt, viewport 0–25, anchoring off (the offset stays), change frames on.
  func table(rows: Int) throws -> TableNode<Int> {
    var table = try makeTable([rows], height: 10)
    table.scrollAnchoring = false
    table.reportsChangeFrames = true
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: 320, height: 25)))
    return table
  }

  @Test func insertedDeletedMovedReloadedAndShiftedRows() throws {
    var table = try table(rows: 4)
    // Before: r0 0–10, r1 10–20, r2 20–30, r3 30–40.
    let result = try table.performBatch(
      BatchUpdate([
        .deleteRows([.id(RowID("s0r1"))]),
        .insertRows([(TableIndexPath(section: 0, row: 0), RowSpec(id: RowID("n"), content: 0))]),
        .moveRow(from: .id(RowID("s0r3")), to: TableIndexPath(section: 0, row: 2)),
        .reloadRows([(.id(RowID("s0r2")), nil)]),
      ]))
    // Old survivors after the deletes (r1, r3): r0, r2. Inserts at 0 (n) and 2 (r3) give n, r0, r3, r2.
    // Measured: n 15, r2 20. After: n 0–15, r0 15–25, r3 25–35, r2 35–55.
    var commits: [Commit] = []
    for request in result.layoutRequests {
      let height: Double = request.id == RowID("n") ? 15 : 20
      commits += try table.acceptLayout(id: request.id, generation: request.generation, height: height).commits
    }
    #expect(table.visibleMap.allRowIDs == [[RowID("n"), RowID("s0r0"), RowID("s0r3"), RowID("s0r2")]])
    #expect(
      commits.first?.changeFrames == [
        RowChangeFrame(id: RowID("n"), before: nil, after: VerticalSpan(y: 0, height: 15)),
        RowChangeFrame(
          id: RowID("s0r0"), before: VerticalSpan(y: 0, height: 10), after: VerticalSpan(y: 15, height: 10)),
        RowChangeFrame(
          id: RowID("s0r3"), before: VerticalSpan(y: 30, height: 10), after: VerticalSpan(y: 25, height: 10)),
        RowChangeFrame(
          id: RowID("s0r2"), before: VerticalSpan(y: 20, height: 10), after: VerticalSpan(y: 35, height: 20)),
        RowChangeFrame(id: RowID("s0r1"), before: VerticalSpan(y: 10, height: 10), after: nil),
      ])
  }

  @Test func shiftedRowsOutsideTheViewportAreLeftOut() throws {
    var table = try table(rows: 10)
    let result = try table.performBatch(
      BatchUpdate([.insertRows([(TableIndexPath(section: 0, row: 0), RowSpec(id: RowID("n"), content: 0))])]))
    let commits = try measureAll(&table, result.layoutRequests, height: 10)
    // Every old row moves down 10; only those on screen before (r0–r2 in 0–25) or after (n, r0, r1) are reported.
    #expect(
      commits.first?.changeFrames == [
        RowChangeFrame(id: RowID("n"), before: nil, after: VerticalSpan(y: 0, height: 10)),
        RowChangeFrame(
          id: RowID("s0r0"), before: VerticalSpan(y: 0, height: 10), after: VerticalSpan(y: 10, height: 10)),
        RowChangeFrame(
          id: RowID("s0r1"), before: VerticalSpan(y: 10, height: 10), after: VerticalSpan(y: 20, height: 10)),
        RowChangeFrame(
          id: RowID("s0r2"), before: VerticalSpan(y: 20, height: 10), after: VerticalSpan(y: 30, height: 10)),
      ])
  }

  @Test func offByDefaultAndNothingForReloadData() throws {
    var table = try makeTable([3], height: 10)
    let result = try table.performBatch(BatchUpdate([.deleteRows([.id(RowID("s0r0"))])]))
    #expect(result.commits.first?.changeFrames == [])
    table.reportsChangeFrames = true
    let reload = try table.reloadData([[RowSpec(content: 0)]])
    #expect(try measureAll(&table, reload.layoutRequests).first?.changeFrames == [])
  }
}
