import Testing

@testable import NodeTree

/// Section headers and footers: geometry with fixed heights, cells pending until their change set commits, batch
/// operations carrying them, relayout of a header alone, interface states, and the checks.
///
/// Expected numbers follow UIKit's table layout (each section: header, rows, footer; `rectForHeaderInSection:` of a
/// section without a header is a zero-height rect at the section's top) with Texture's row height = cell height +
/// 1/scale separator (texture.md §1.6); separators belong to rows only. They are worked out by hand in the comments.
@Suite struct SupplementaryTests {
  /// Three sections of [2, 1, 0] rows of 44 pt with a 0.5 pt separator; headers 30 / none / 20, footers 10 / 15 /
  /// none, all fixed.
  func fixedTable() throws -> TableNode<Int> {
    var table = TableNode<Int>(separatorHeight: 0.5)
    let sections = [2, 1, 0].enumerated().map { section, count in
      (0..<count).map { RowSpec(id: RowID("s\(section)r\($0)"), content: $0) }
    }
    let result = try table.reloadData(
      sections,
      supplementaries: [
        SupplementaryUpdate(.header, section: 0, .fixed(height: 30)),
        SupplementaryUpdate(.footer, section: 0, .fixed(height: 10)),
        SupplementaryUpdate(.footer, section: 1, .fixed(height: 15)),
        SupplementaryUpdate(.header, section: 2, .fixed(height: 20)),
      ])
    try measureAll(&table, result.layoutRequests, height: 44)
    return table
  }

  @Test func fixedHeadersAndFootersCountInEveryQuery() throws {
    let table = try fixedTable()
    let map = table.visibleMap
    // Section 0: header 0–30, rows 30–74.5 and 74.5–119 (44 + 0.5 each), footer 119–129.
    // Section 1: no header (zero-height at 129), row 129–173.5, footer 173.5–188.5.
    // Section 2: header 188.5–208.5, no rows, no footer. Content: 208.5.
    #expect(table.contentHeight == 208.5)
    #expect(try table.rowOffset(at: TableIndexPath(section: 0, row: 1)) == 74.5)
    #expect(try table.rowOffset(at: TableIndexPath(section: 1, row: 0)) == 129)
    #expect(map.supplementarySpan(.footer, inSection: 0, separator: 0.5) == VerticalSpan(y: 119, height: 10))
    #expect(map.supplementarySpan(.header, inSection: 1, separator: 0.5) == VerticalSpan(y: 129, height: 0))
    #expect(map.supplementarySpan(.footer, inSection: 1, separator: 0.5) == VerticalSpan(y: 173.5, height: 15))
    #expect(map.supplementarySpan(.header, inSection: 2, separator: 0.5) == VerticalSpan(y: 188.5, height: 20))
    #expect(map.sectionSpan(1, separator: 0.5) == VerticalSpan(y: 129, height: 59.5))
    let hits: [(Double, TableElement?)] = [
      (0, .header(section: 0)), (29.9, .header(section: 0)), (30, .row(TableIndexPath(section: 0, row: 0))),
      (119, .footer(section: 0)), (128.99, .footer(section: 0)), (129, .row(TableIndexPath(section: 1, row: 0))),
      (173.5, .footer(section: 1)), (190, .header(section: 2)), (208.5, nil), (-1, nil),
    ]
    for (y, element) in hits { #expect(map.element(atOffset: y, separator: 0.5) == element, "y \(y)") }
    #expect(table.indexPath(atOffset: 119) == nil)
    #expect(table.indexPath(atOffset: 130) == TableIndexPath(section: 1, row: 0))
    // [100, 180): row [0,1] (74.5–119), footer 0, row [1,0], footer 1 (173.5–188.5); section 1 has no header.
    #expect(
      map.elements(intersectingMinY: 100, maxY: 180, separator: 0.5) == [
        .row(TableIndexPath(section: 0, row: 1)), .footer(section: 0), .row(TableIndexPath(section: 1, row: 0)),
        .footer(section: 1),
      ])
    #expect(table.visibleRows(minY: 100, maxY: 180) == [RowID("s0r1"), RowID("s1r0")])
    // [129, 129.5) starts exactly where footer 0 ends: footer 0 does not intersect.
    #expect(
      map.elements(intersectingMinY: 129, maxY: 129.5, separator: 0.5) == [.row(TableIndexPath(section: 1, row: 0))])
  }

  @Test func headerCellIsPendingUntilItsChangeSetCommits() throws {
    var table = TableNode<Int>()
    let result = try table.reloadData(
      [[RowSpec(id: RowID("a"), content: 1)]],
      supplementaries: [SupplementaryUpdate(.header, section: 0, .cell(id: RowID("h"), content: 9))])
    // The header's request comes first (content order) and carries its kind.
    #expect(result.layoutRequests.map(\.id) == [RowID("h"), RowID("a")])
    #expect(result.layoutRequests.map(\.element) == [.header(section: 0), .row(TableIndexPath(section: 0, row: 0))])
    #expect(result.changeSet.insertedSupplementaries == [SupplementaryRef(.header, section: 0, id: RowID("h"))])
    _ = try table.acceptLayout(id: RowID("a"), generation: result.layoutRequests[1].generation, height: 44)
    #expect(table.isProcessingUpdates && table.contentHeight == 0)
    let commit = try table.acceptLayout(id: RowID("h"), generation: result.layoutRequests[0].generation, height: 28)
    #expect(commit.commits.count == 1 && commit.commits.first?.measuredHeights[RowID("h")] == 28)
    // Header 0–28, row 28–72.
    #expect(table.contentHeight == 72)
    #expect(try table.rowOffset(at: TableIndexPath(section: 0, row: 0)) == 28)
    #expect(table.visibleMap.supplementary(.header, inSection: 0) == SupplementaryEntry(id: RowID("h"), height: 28))
    #expect(table.cell(RowID("h"))?.measuredHeight == 28)
  }

  @Test func headerAloneRelayoutReportsAHeightChange() throws {
    var table = TableNode<Int>()
    let loaded = try table.reloadData(
      [[RowSpec(id: RowID("a"), content: 1)], [RowSpec(id: RowID("b"), content: 2)]],
      supplementaries: [SupplementaryUpdate(.header, section: 1, .cell(id: RowID("h1"), content: 0))])
    try measureAll(&table, loaded.layoutRequests, height: 40)
    // a 0–40, header 1 40–80, b 80–120.
    #expect(try table.rowOffset(at: TableIndexPath(section: 1, row: 0)) == 80)
    let request = try table.updateContent(of: RowID("h1"), to: 5)
    #expect(request.element == .header(section: 1) && request.content == 5)
    let acceptance = try table.acceptLayout(id: RowID("h1"), generation: request.generation, height: 55)
    #expect(acceptance.heightChanges.isEmpty && acceptance.commits.isEmpty)
    #expect(
      acceptance.supplementaryHeightChanges == [
        SupplementaryHeightChange(id: RowID("h1"), kind: .header, section: 1, oldHeight: 40, newHeight: 55)
      ])
    // Header 40–95, b 95–135.
    #expect(table.contentHeight == 135)
    #expect(try table.rowOffset(at: TableIndexPath(section: 1, row: 0)) == 95)
    let invalidated = try table.invalidateLayout([RowID("h1")])
    #expect(invalidated.map(\.element) == [.header(section: 1)])
    #expect(table.relayoutAllRows().map(\.id) == [RowID("a"), RowID("b"), RowID("h1")])
  }

  @Test func sectionOperationsCarryHeadersAndFooters() throws {
    var table = TableNode<Int>()
    let loaded = try table.reloadData(
      [
        [RowSpec(id: RowID("a"), content: 0)], [RowSpec(id: RowID("b"), content: 0)],
        [RowSpec(id: RowID("c"), content: 0)],
      ],
      supplementaries: [
        SupplementaryUpdate(.header, section: 0, .cell(id: RowID("h0"), content: 0)),
        SupplementaryUpdate(.footer, section: 1, .fixed(height: 12)),
        SupplementaryUpdate(.header, section: 2, .cell(id: RowID("h2"), content: 0)),
      ])
    try measureAll(&table, loaded.layoutRequests, height: 20)
    // Move section 1 (with its 12 pt footer) to the end, delete section 0 (header h0 goes), reload section 2 (h2
    // kept and re-measured), insert a new section at 0 with a fixed 7 pt header.
    let result = try table.performBatch(
      BatchUpdate(
        [
          .moveSection(from: 1, to: 2), .deleteSections([0]),
          .reloadSections([(2, [RowSpec(id: RowID("c2"), content: 0)])]),
          .insertSections([(0, [RowSpec(id: RowID("n"), content: 0)])]),
        ],
        supplementaryUpdates: [SupplementaryUpdate(.header, section: 0, .fixed(height: 7))]))
    #expect(result.changeSet.deletedSupplementaries == [SupplementaryRef(.header, section: 0, id: RowID("h0"))])
    #expect(result.changeSet.insertedSupplementaries == [SupplementaryRef(.header, section: 0)])
    #expect(result.changeSet.reloadedSupplementaries == [SupplementaryRef(.header, section: 1, id: RowID("h2"))])
    #expect(table.cell(RowID("h0")) == nil && table.cell(RowID("h2")) != nil)
    #expect(Set(result.layoutRequests.map(\.id)) == [RowID("n"), RowID("h2"), RowID("c2")])
    // The visible map keeps the old sections until commit.
    #expect(table.visibleMap.supplementary(.header, inSection: 0)?.id == RowID("h0"))
    for request in result.layoutRequests {
      _ = try table.acceptLayout(
        id: request.id, generation: request.generation, height: request.id == RowID("h2") ? 33 : 20)
    }
    let map = table.visibleMap
    #expect(map.allRowIDs == [[RowID("n")], [RowID("c2")], [RowID("b")]])
    #expect(map.supplementary(.header, inSection: 0) == SupplementaryEntry(height: 7))
    #expect(map.supplementary(.header, inSection: 1) == SupplementaryEntry(id: RowID("h2"), height: 33))
    #expect(map.supplementary(.footer, inSection: 2) == SupplementaryEntry(height: 12))
    #expect(map.supplementary(.footer, inSection: 1) == nil && map.supplementary(.header, inSection: 2) == nil)
    // 7 + 20 | 33 + 20 | 20 + 12 = 112.
    #expect(table.contentHeight == 112)
  }

  @Test func replacingAndRemovingInASurvivingSection() throws {
    var table = try fixedTable()
    let result = try table.performBatch(
      BatchUpdate(
        [],
        supplementaryUpdates: [
          SupplementaryUpdate(.header, section: 0, .cell(id: RowID("h"), content: 3)),
          SupplementaryUpdate(.footer, section: 1, nil),
        ]))
    #expect(
      result.changeSet.deletedSupplementaries == [
        SupplementaryRef(.header, section: 0), SupplementaryRef(.footer, section: 1),
      ])
    #expect(!result.changeSet.isEmpty && result.layoutRequests.map(\.id) == [RowID("h")])
    #expect(table.contentHeight == 208.5)
    _ = try table.acceptLayout(id: RowID("h"), generation: result.layoutRequests[0].generation, height: 50)
    // 208.5 − 30 + 50 − 15 = 213.5.
    #expect(table.contentHeight == 213.5)
    #expect(table.visibleMap.supplementary(.footer, inSection: 1) == nil)
  }

  @Test func headerCellGetsInterfaceStates() throws {
    // Grouped, so the header scrolls away instead of floating (`TableStyleTests` covers the floating case).
    var table = TableNode<Int>(style: .grouped(.default))
    let loaded = try table.reloadData(
      [(0..<30).map { RowSpec(id: RowID("r\($0)"), content: $0) }],
      supplementaries: [SupplementaryUpdate(.header, section: 0, .cell(id: RowID("h"), content: 0))])
    try measureAll(&table, loaded.layoutRequests, height: 50)
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: 320, height: 100)))
    #expect(table.ranges.state(of: RowID("h"), in: table.visibleMap).contains(.visible))
    // Scrolled to 1000 (Minimum mode: preload 0.5 screens up = 950): the header (0–50) leaves every range.
    let events = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 1000, width: 320, height: 100)))
    #expect(table.ranges.state(of: RowID("h"), in: table.visibleMap) == .measureLayout)
    #expect(events.contains { $0.id == RowID("h") && $0.kind == .didExitVisible })
  }

  @Test func checksAndMessages() throws {
    var table = try fixedTable()
    let before = snapshot(table)
    #expect(throws: NodeTreeError.duplicateSupplementary(.header, section: 1)) {
      try table.performBatch(
        BatchUpdate(
          [],
          supplementaryUpdates: [
            SupplementaryUpdate(.header, section: 1, .fixed(height: 1)), SupplementaryUpdate(.header, section: 1, nil),
          ]))
    }
    #expect(throws: NodeTreeError.supplementarySectionOutOfBounds(.footer, section: 3, sectionCount: 3)) {
      try table.performBatch(BatchUpdate([], supplementaryUpdates: [SupplementaryUpdate(.footer, section: 3, nil)]))
    }
    #expect(throws: NodeTreeError.invalidSupplementaryHeight(.header, section: 0, -2)) {
      try table.performBatch(
        BatchUpdate([], supplementaryUpdates: [SupplementaryUpdate(.header, section: 0, .fixed(height: -2))]))
    }
    #expect(throws: NodeTreeError.duplicateRowID(RowID("s0r0"))) {
      try table.performBatch(
        BatchUpdate(
          [], supplementaryUpdates: [SupplementaryUpdate(.header, section: 1, .cell(id: RowID("s0r0"), content: 0))]))
    }
    #expect(snapshot(table) == before)
    #expect(
      NodeTreeError.supplementarySectionOutOfBounds(.footer, section: 3, sectionCount: 3).message
        == "cannot set the footer of section 3: only 3 sections after the update")
    #expect(
      NodeTreeError.duplicateSupplementary(.header, section: 1).message
        == "the header of section 1 is set more than once")
    #expect(
      NodeTreeError.invalidSupplementaryHeight(.header, section: 0, -2).message
        == "header of section 0: height -2.0 is not a finite non-negative number")
    // A header cell's id is taken: a row cannot reuse it, but the id of a header that leaves is free again.
    var cells = TableNode<Int>()
    _ = try cells.reloadData(
      [[]], supplementaries: [SupplementaryUpdate(.header, section: 0, .cell(id: RowID("x"), content: 0))])
    #expect(throws: NodeTreeError.duplicateRowID(RowID("x"))) {
      try cells.performBatch(
        BatchUpdate([.insertRows([(TableIndexPath(section: 0, row: 0), RowSpec(id: RowID("x"), content: 0))])]))
    }
    _ = try cells.performBatch(
      BatchUpdate(
        [.insertRows([(TableIndexPath(section: 0, row: 0), RowSpec(id: RowID("x"), content: 0))])],
        supplementaryUpdates: [SupplementaryUpdate(.header, section: 0, nil)]))
    #expect(cells.pendingMap.rowIDs(inSection: 0) == [RowID("x")])
  }
}
