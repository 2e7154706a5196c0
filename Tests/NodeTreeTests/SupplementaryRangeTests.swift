import Testing

@testable import NodeTree

/// Header and footer cells in the range controller and across section moves, found by issue 15's combined
/// differential test (`LiveTableDifferentialTests.randomCombinedSequencesMatchTheModel`):
/// - a floating cell counts where it is drawn in every set (Protocol.md: the range controller gives header and footer
///   cells states "by the span where they are drawn"), not only in the visible one;
/// - the on-screen set is compared as a set, so a header that starts floating with the same cells on screen runs no
///   update;
/// - a moved section's header and footer cells get new nodes (Texture performs a section move as a delete plus an
///   insert and recreates the section's supplementary nodes), as its rows do.
/// Numbers are worked out by hand in the comments (no separators, tuning in screenfuls of the viewport height).
@Suite struct SupplementaryRangeTests {
  @Test func aZeroHeightFloatingHeaderIsInTheRangesWhereItIsDrawn() throws {
    // Plain, one section: a 0 pt header cell h and 30 rows of 50 (span [0, 1500)). Viewport 100 tall at y = 1000:
    // h floats at min(max(0, 1000), 1500 − 0) = 1000, a zero-height span at the viewport's top edge, so not on
    // screen (a zero-height element counts only strictly inside). Minimum mode, direction Down: preload
    // [1000 − 0.25·100, 1000 + 100 + 0.5·100) = [975, 1150) and display [975, 1125) hold 1000 strictly inside, so h
    // is measureLayout|preload|display; its content position (0) is in neither.
    var table = TableNode<Int>(style: .plain)
    let result = try table.reloadData(
      [(0..<30).map { RowSpec(id: RowID("r\($0)"), content: $0) }],
      supplementaries: [SupplementaryUpdate(.header, section: 0, .cell(id: RowID("h"), content: 0))])
    for request in result.layoutRequests {
      _ = try table.acceptLayout(
        id: request.id, generation: request.generation, height: request.id == RowID("h") ? 0 : 50)
    }
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: 320, height: 100)))
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 1000, width: 320, height: 100)))
    #expect(table.floatingSupplementaries.header == FloatingElement(section: 0, y: 1000))
    #expect(table.ranges.state(of: RowID("h"), in: table.visibleMap) == [.measureLayout, .preload, .display])
  }

  @Test func aHeaderStartingToFloatWithTheSameCellsOnScreenRunsNoUpdate() throws {
    // Plain, top inset 50, viewport 100. Section 0: row a 50 + footer cell f 10 (span [0, 60)); section 1: header
    // cell h 20 + rows b0…b9 of 50 (span [60, 580)). At y = 10 the top edge is 60 = section 1's top: h is at its
    // content position [60, 80); on screen [10, 110): a, f, h, b0 ([80, 130)). At y = 15 the edge is 65: h floats at
    // [65, 85); on screen [15, 115): a, f, h, b0 again — the same set, so no update, although h is now placed first.
    // A preload tuning changed in between would show in an update (b1, b2 entering preload): none comes.
    var table = TableNode<Int>(style: .plain)
    table.contentInset = (top: 50, bottom: 0)
    let result = try table.reloadData(
      [[RowSpec(id: RowID("a"), content: 0)], (0..<10).map { RowSpec(id: RowID("b\($0)"), content: $0) }],
      supplementaries: [
        SupplementaryUpdate(.footer, section: 0, .cell(id: RowID("f"), content: 0)),
        SupplementaryUpdate(.header, section: 1, .cell(id: RowID("h"), content: 0)),
      ])
    for request in result.layoutRequests {
      let height: Double = request.id == RowID("f") ? 10 : request.id == RowID("h") ? 20 : 50
      _ = try table.acceptLayout(id: request.id, generation: request.generation, height: height)
    }
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 10, width: 320, height: 100)))
    #expect(table.floatingSupplementaries.header == nil)
    table.ranges.tuning[.minimum, .preload] = RangeTuningParameters(
      leadingBufferScreenfuls: 3, trailingBufferScreenfuls: 0)
    let events = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 15, width: 320, height: 100)))
    #expect(table.floatingSupplementaries.header == FloatingElement(section: 1, y: 65))
    #expect(events.isEmpty)
  }

  @Test func aMovedSectionsHeaderCellGetsANewNode() throws {
    // Sections [a] and [b] with header cells h0 and h1 (20 pt each, rows 20). Moving section 1 to 0 re-measures h1
    // (a reloaded supplementary: its old node ends, a new one is made) and keeps h0, which only shifts.
    var table = TableNode<Int>(style: .plain)
    let loaded = try table.reloadData(
      [[RowSpec(id: RowID("a"), content: 0)], [RowSpec(id: RowID("b"), content: 0)]],
      supplementaries: [
        SupplementaryUpdate(.header, section: 0, .cell(id: RowID("h0"), content: 0)),
        SupplementaryUpdate(.header, section: 1, .cell(id: RowID("h1"), content: 0)),
      ])
    try measureAll(&table, loaded.layoutRequests, height: 20)
    let result = try table.performBatch(BatchUpdate([.moveSection(from: 1, to: 0)]))
    #expect(result.changeSet.reloadedSupplementaries == [SupplementaryRef(.header, section: 0, id: RowID("h1"))])
    #expect(result.layoutRequests.map(\.id) == [RowID("h1")])
    try measureAll(&table, result.layoutRequests, height: 20)
    #expect(table.visibleMap.allRowIDs == [[RowID("b")], [RowID("a")]])
    #expect(table.visibleMap.supplementary(.header, inSection: 0)?.id == RowID("h1"))
    #expect(table.visibleMap.supplementary(.header, inSection: 1)?.id == RowID("h0"))
    // 20 + 20 | 20 + 20 = 80.
    #expect(table.contentHeight == 80)
  }
}
