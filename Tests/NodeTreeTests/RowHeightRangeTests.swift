import Testing

@testable import NodeTree

/// Row size ranges (`tableNode:constrainedSizeForRowAtIndexPath:`, texture.md §1.6): the constrained size a row is
/// measured in and the clamp of its measured height.
@Suite struct RowHeightRangeTests {
  @Test func constrainedSizeKeepsTheTableWidth() {
    // texture.md §1.6 `tableRowIgnoresDelegateWidth`: a 100 pt wide table whose delegate returns 10 × 42 measures the
    // row at 100 × 42 (the delegate's width is replaced).
    #expect(RowHeightRange(min: 42, max: 42).sizeRange(width: 100) == .exactly(width: 100, height: 42))
    // No range: (W, 0)…(W, CGFLOAT_MAX), the table default.
    #expect(
      RowHeightRange.unconstrained.sizeRange(width: 320)
        == CellSizeRange(minWidth: 320, minHeight: 0, maxWidth: 320, maxHeight: .greatestFiniteMagnitude))
  }

  @Test func measuredHeightsAreClampedIntoTheRange() throws {
    var table = TableNode<Int>()
    let range = RowHeightRange(min: 50, max: 80)
    let result = try table.reloadData([
      [
        RowSpec(id: RowID("low"), content: 0, heightRange: range),
        RowSpec(id: RowID("high"), content: 0, heightRange: range),
        RowSpec(id: RowID("inside"), content: 0, heightRange: range),
        RowSpec(id: RowID("open"), content: 0, heightRange: RowHeightRange(min: 10, max: .infinity)),
        RowSpec(id: RowID("free"), content: 0),
      ]
    ])
    #expect(
      result.layoutRequests.map(\.heightRange) == [range, range, range, RowHeightRange(min: 10, max: .infinity), nil])
    #expect(
      result.layoutRequests[0].constrainedSize(width: 320)
        == CellSizeRange(minWidth: 320, minHeight: 50, maxWidth: 320, maxHeight: 80))
    // Results 30, 120, 60, 1000, 7 → 50 (raised to min), 80 (lowered to max), 60, 1000, 7.
    let reported: [RowID: Double] = [
      RowID("low"): 30, RowID("high"): 120, RowID("inside"): 60, RowID("open"): 1000, RowID("free"): 7,
    ]
    for request in result.layoutRequests {
      _ = try table.acceptLayout(id: request.id, generation: request.generation, height: reported[request.id] ?? 0)
    }
    let heights = table.visibleMap.allRowIDs[0].map { table.visibleMap.height(of: $0) }
    #expect(heights == [50, 80, 60, 1000, 7])
    #expect(table.contentHeight == 1197)
  }

  @Test func changingTheRangeRemeasures() throws {
    var table = try makeTable([2], height: 44)
    let request = try table.setHeightRange(of: RowID("s0r1"), to: RowHeightRange(min: 0, max: 30))
    #expect(request.heightRange == RowHeightRange(min: 0, max: 30) && table.visibleMap.height(of: RowID("s0r1")) == 44)
    let acceptance = try table.acceptLayout(id: RowID("s0r1"), generation: request.generation, height: 44)
    #expect(
      acceptance.heightChanges == [
        HeightChange(id: RowID("s0r1"), indexPath: TableIndexPath(section: 0, row: 1), oldHeight: 44, newHeight: 30)
      ])
    // The range survives a reload with new content.
    let reload = try table.performBatch(BatchUpdate([.reloadRows([(.id(RowID("s0r1")), 5)])]))
    #expect(reload.layoutRequests.first?.heightRange == RowHeightRange(min: 0, max: 30))
  }

  @Test func malformedRangesAreRefused() throws {
    var table = try makeTable([1])
    let before = snapshot(table)
    let bad: [RowHeightRange] = [
      RowHeightRange(min: -1, max: 10), RowHeightRange(min: 20, max: 10), RowHeightRange(min: 0, max: .nan),
      RowHeightRange(min: .infinity, max: .infinity),
    ]
    for range in bad {
      let spec = RowSpec(id: RowID("n"), content: 0, heightRange: range)
      // Compared by message: NaN is not equal to itself.
      let error = #expect(throws: NodeTreeError.self) {
        try table.performBatch(BatchUpdate([.insertRows([(TableIndexPath(section: 0, row: 0), spec)])]))
      }
      #expect(error?.message == NodeTreeError.invalidHeightRange(RowID("n"), min: range.min, max: range.max).message)
    }
    #expect(snapshot(table) == before)
    #expect(throws: NodeTreeError.self) { try table.reloadData([[RowSpec(content: 0, heightRange: bad[1])]]) }
    #expect(throws: NodeTreeError.unknownRowID(RowID("zz"))) { try table.setHeightRange(of: RowID("zz"), to: nil) }
    #expect(
      NodeTreeError.invalidHeightRange(RowID("n"), min: 20, max: 10).message
        == "row \"n\": height range 20.0…10.0 is invalid (need 0 ≤ min ≤ max, min finite)")
  }
}
