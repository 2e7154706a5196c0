import Testing

@testable import NodeTree

/// Plain-style floating headers and footers and grouped spacing. The expected positions are derived by hand from
/// UIKit's documented behaviour (see `FloatingSupplementaries`): a header is pinned at the top of the visible area
/// while its section is under that edge and is pushed up by the next header; a footer mirrors it at the bottom.
@Suite struct TableStyleTests {
  /// Plain table, no separators, rows of 40 pt:
  /// S0: header 20 (0–20), rows 20–140, footer 10 (140–150);
  /// S1: header 30 (150–180), rows 180–260, no footer;
  /// S2: header 20 (260–280), rows 280–440, footer 10 (440–450). Content 450.
  func threeSections(style: TableStyle = .plain) throws -> TableNode<Int> {
    var table = TableNode<Int>(style: style)
    let counts = [3, 2, 4]
    let result = try table.reloadData(
      counts.enumerated().map { section, count in
        (0..<count).map { RowSpec(id: RowID("s\(section)r\($0)"), content: 0) }
      },
      supplementaries: [
        SupplementaryUpdate(.header, section: 0, .fixed(height: 20)),
        SupplementaryUpdate(.footer, section: 0, .fixed(height: 10)),
        SupplementaryUpdate(.header, section: 1, .fixed(height: 30)),
        SupplementaryUpdate(.header, section: 2, .fixed(height: 20)),
        SupplementaryUpdate(.footer, section: 2, .fixed(height: 10)),
      ])
    try measureAll(&table, result.layoutRequests, height: 40)
    return table
  }

  /// Scrolls `table` to `offsetY` with a 100 pt viewport.
  func scroll(_ table: inout TableNode<Int>, to offsetY: Double) {
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: offsetY, width: 320, height: 100)))
  }

  @Test func headersStickAndArePushedUpWhileScrollingThroughThreeSections() throws {
    var table = try threeSections()
    #expect(table.contentHeight == 450)
    // (offset, section whose header floats or nil, its visible y). Header y = min(max(S.top, offset), S.bottom − h):
    // 50 → S0: min(50, 150 − 20 = 130) = 50; 125 → 125; 140 → 130 (pushed by S1's header at 150);
    // 150 → S1 at its own top, nothing floats; 200 → S1: min(200, 260 − 30 = 230) = 200; 240 → 230;
    // 300 → S2: min(300, 450 − 20 = 430) = 300; 350 (the last offset) → 350.
    let cases: [(Double, Int?, Double?)] = [
      (0, nil, nil), (50, 0, 50), (125, 0, 125), (140, 0, 130), (150, nil, nil), (200, 1, 200), (240, 1, 230),
      (300, 2, 300), (350, 2, 350),
    ]
    for (offset, section, y) in cases {
      scroll(&table, to: offset)
      let floating = table.floatingSupplementaries.header
      #expect(floating?.section == section && floating?.y == y, "offset \(offset)")
    }
    scroll(&table, to: 240)
    let frame = try table.supplementaryFrame(.header, inSection: 1)
    #expect(frame.contentY == 150 && frame.visibleY == 230 && frame.height == 30 && frame.isFloating)
    let other = try table.supplementaryFrame(.header, inSection: 2)
    #expect(other.contentY == 260 && other.visibleY == 260 && !other.isFloating)
  }

  @Test func footersFloatAtTheBottom() throws {
    var table = try threeSections()
    // Bottom edge = offset + 100. Footer y = max(min(F, bottom − f), S.top):
    // 0 → S0: max(min(140, 90), 0) = 90; 50 → bottom 150: min(140, 140) = 140, its content position;
    // 120 → bottom 220 lies in S1, which has no footer; 165 → bottom 265 in S2: max(min(440, 255), 260) = 260;
    // 200 → S2: min(440, 290) = 290.
    let cases: [(Double, Int?, Double?)] = [(0, 0, 90), (50, nil, nil), (120, nil, nil), (165, 2, 260), (200, 2, 290)]
    for (offset, section, y) in cases {
      scroll(&table, to: offset)
      let floating = table.floatingSupplementaries.footer
      #expect(floating?.section == section && floating?.y == y, "offset \(offset)")
    }
  }

  @Test func topInsetMovesThePinningEdge() throws {
    var table = try threeSections()
    table.contentInset = (top: 64, bottom: 0)
    // At rest the offset is −64: the visible top is 0, header 0 at its own position.
    scroll(&table, to: -64)
    #expect(table.floatingSupplementaries.header == nil)
    // Offset −14: visible top 50, header 0 pinned at 50.
    scroll(&table, to: -14)
    #expect(table.floatingSupplementaries.header == FloatingElement(section: 0, y: 50))
  }

  @Test func queriesNameTheFloatingHeader() throws {
    var table = try threeSections()
    scroll(&table, to: 50)
    // Header 0 is drawn at 50–70 over row [0,0] (content 20–60); its content place (0–20) is empty.
    #expect(table.element(atOffset: 55) == .header(section: 0))
    #expect(table.element(atOffset: 10) == nil)
    #expect(table.element(atOffset: 75) == .row(TableIndexPath(section: 0, row: 1)))
    #expect(table.indexPath(atOffset: 55) == TableIndexPath(section: 0, row: 0))
    // Viewport 50–150: floating header 0, rows [0,0]–[0,2] (20–140), footer 0 (140–150).
    #expect(
      table.elements(intersectingMinY: 50, maxY: 150) == [
        .header(section: 0), .row(TableIndexPath(section: 0, row: 0)), .row(TableIndexPath(section: 0, row: 1)),
        .row(TableIndexPath(section: 0, row: 2)), .footer(section: 0),
      ])
  }

  @Test func groupedSpacingAndNoFloating() throws {
    // Spacing 35 above sections without a header, 10 below sections without a footer (the explicit parameter).
    var table = TableNode<Int>(style: .grouped(GroupedSectionSpacing(headerHeight: 35, footerHeight: 10)))
    let result = try table.reloadData(
      [[RowSpec(id: RowID("a"), content: 0)], [RowSpec(id: RowID("b"), content: 0)]],
      supplementaries: [SupplementaryUpdate(.header, section: 0, .fixed(height: 20))])
    try measureAll(&table, result.layoutRequests, height: 40)
    // S0: header 0–20, row 20–60, footer spacing 60–70; S1: header spacing 70–105, row 105–145, footer spacing
    // 145–155.
    #expect(table.contentHeight == 155)
    #expect(try table.rowOffset(at: TableIndexPath(section: 1, row: 0)) == 105)
    #expect(table.visibleMap.supplementarySpan(.header, inSection: 1, separator: 0) == VerticalSpan(y: 70, height: 35))
    #expect(table.element(atOffset: 80) == nil && table.element(atOffset: 65) == nil)
    #expect(throws: NodeTreeError.noSupplementary(.header, section: 1)) {
      try table.supplementaryFrame(.header, inSection: 1)
    }
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 30, width: 320, height: 60)))
    let frame = try table.supplementaryFrame(.header, inSection: 0)
    #expect(frame.visibleY == 0 && !frame.isFloating && table.floatingSupplementaries == .none)
  }

  @Test func floatingHeaderCellIsVisible() throws {
    for style in [TableStyle.plain, .grouped(.default)] {
      var table = TableNode<Int>(style: style)
      let result = try table.reloadData(
        [(0..<40).map { RowSpec(id: RowID("r\($0)"), content: $0) }],
        supplementaries: [SupplementaryUpdate(.header, section: 0, .cell(id: RowID("h"), content: 0))])
      try measureAll(&table, result.layoutRequests, height: 40)
      // Scrolled to 1000: the header's content (0–40) is far above, but a plain table draws it at 1000–1040.
      _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 1000, width: 320, height: 200)))
      let visible = table.ranges.state(of: RowID("h"), in: table.visibleMap).contains(.visible)
      #expect(visible == (style == .plain), "\(style)")
    }
  }
}
