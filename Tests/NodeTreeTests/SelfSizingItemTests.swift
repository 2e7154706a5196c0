import Testing

@testable import NodeTree

/// Self-sized items of a collection (the unset 50 × 50 `itemSize`): each item is measured in Texture's
/// scroll-direction range and placed at its measured width and height; a re-measure re-flows and reports both.
/// Numbers derived by hand in each test from UICollectionViewFlowLayout's rules (Protocol.md "Collections: flow
/// layout").
@Suite struct SelfSizingItemTests {
  /// A loaded collection of one section whose items ("i<n>") measure `sizes`, in `bounds` with `configuration`
  /// (itemSize left unset), every item measured and committed.
  private func collection(
    _ sizes: [FlowSize], configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
    bounds: FlowSize = FlowSize(width: 320, height: 480)
  ) throws -> TableNode<Int> {
    var table = TableNode<Int>()
    _ = table.setFlowPlacement(FlowPlacement(configuration: configuration, bounds: bounds))
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)))
    let result = try table.reloadData([sizes.indices.map { RowSpec(id: RowID("i\($0)"), content: $0) }])
    for request in result.layoutRequests {
      let size = sizes[request.content]
      _ = try table.acceptLayout(
        id: request.id, generation: request.generation, height: size.height, width: size.width)
    }
    return table
  }

  /// The committed frame of item `item` of section 0.
  private func frame(_ table: TableNode<Int>, _ item: Int) -> Rect? {
    table.committedFlow?.frame(of: .item(section: 0, item: item))
  }

  /// Sizes 100×40, 150×60, 80×30, 200×50, 90×20 in a vertical flow 320 wide, spacings 10, no insets.
  private let mixed = [
    FlowSize(width: 100, height: 40), FlowSize(width: 150, height: 60), FlowSize(width: 80, height: 30),
    FlowSize(width: 200, height: 50), FlowSize(width: 90, height: 20),
  ]

  @Test func itemsAreMeasuredInTheScrollDirectionRange() {
    // Unset itemSize, vertical, bounds 320 × 480, no content insets: [0 × 0, 320 × CGFLOAT_MAX]; horizontal:
    // [0 × 0, CGFLOAT_MAX × 480].
    var configuration = FlowLayoutConfiguration()
    let placement = FlowPlacement(configuration: configuration, bounds: FlowSize(width: 320, height: 480))
    #expect(placement.selfSizing)
    #expect(
      placement.itemRange
        == CellSizeRange(minWidth: 0, minHeight: 0, maxWidth: 320, maxHeight: .greatestFiniteMagnitude))
    configuration.scrollDirection = .horizontal
    #expect(
      FlowPlacement(configuration: configuration, bounds: FlowSize(width: 320, height: 480)).itemRange
        == CellSizeRange(minWidth: 0, minHeight: 0, maxWidth: .greatestFiniteMagnitude, maxHeight: 480))
  }

  @Test func linesAreBuiltFromTheMeasuredSizes() throws {
    let table = try collection(mixed)
    // Line 0: 100 + 10 + 150 = 260 ≤ 320, + 10 + 80 = 350 > 320 → i0, i1; justified: spare 320 − 250 − 10 = 60,
    // gap 70 → x 0, 170; thickness 60 (the tallest), i0 centred: y (60 − 40) / 2 = 10.
    #expect(frame(table, 0) == Rect(x: 0, y: 10, width: 100, height: 40))
    #expect(frame(table, 1) == Rect(x: 170, y: 0, width: 150, height: 60))
    // Line 1 at 60 + 10 = 70: 80 + 10 + 200 = 290, + 10 + 90 > 320 → i2, i3; spare 320 − 280 − 10 = 30, gap 40 →
    // x 0, 120; thickness 50, i2 at 70 + (50 − 30) / 2 = 80.
    #expect(frame(table, 2) == Rect(x: 0, y: 80, width: 80, height: 30))
    #expect(frame(table, 3) == Rect(x: 120, y: 70, width: 200, height: 50))
    // Line 2 at 70 + 50 + 10 = 130: i4 alone, the section's last line (not justified): at the inset.
    #expect(frame(table, 4) == Rect(x: 0, y: 130, width: 90, height: 20))
    // Content 320 × (130 + 20).
    #expect(table.contentHeight == 150)
    #expect(table.committedFlow?.contentSize == FlowSize(width: 320, height: 150))
  }

  @Test func aRemeasureReflowsAndReportsWidthAndHeight() throws {
    var table = try collection(mixed)
    let requests = try table.invalidateLayout([RowID("i1")])
    let request = try #require(requests.first)
    let acceptance = try table.acceptLayout(id: request.id, generation: request.generation, height: 40, width: 120)
    #expect(
      acceptance.heightChanges == [
        HeightChange(
          id: RowID("i1"), indexPath: TableIndexPath(section: 0, row: 1), oldHeight: 60, newHeight: 40,
          oldWidth: 150, newWidth: 120)
      ])
    // i1 now 120 × 40. Line 0: 100 + 10 + 120 + 10 + 80 = 320 ≤ 320 → i0, i1, i2; spare 0 → x 0, 110, 240;
    // thickness 40, i2 at (40 − 30) / 2 = 5.
    #expect(frame(table, 0) == Rect(x: 0, y: 0, width: 100, height: 40))
    #expect(frame(table, 1) == Rect(x: 110, y: 0, width: 120, height: 40))
    #expect(frame(table, 2) == Rect(x: 240, y: 5, width: 80, height: 30))
    // Line 1 at 40 + 10 = 50: i3, i4 (200 + 10 + 90 = 300), the last line: x 0, 210; thickness 50, i4 at
    // 50 + (50 − 20) / 2 = 65. Content 320 × 100.
    #expect(frame(table, 3) == Rect(x: 0, y: 50, width: 200, height: 50))
    #expect(frame(table, 4) == Rect(x: 210, y: 65, width: 90, height: 20))
    #expect(table.contentHeight == 100)
  }

  @Test func aWidthOnlyChangeIsReported() throws {
    var table = try collection(mixed)
    let request = try #require(try table.invalidateLayout([RowID("i4")]).first)
    // i4 90 × 20 → 150 × 20: the height is unchanged, the width is not, so the change is reported and the last line
    // moves nothing else (i4 alone at the inset, now 150 wide).
    let acceptance = try table.acceptLayout(id: request.id, generation: request.generation, height: 20, width: 150)
    #expect(acceptance.heightChanges.map(\.newWidth) == [150])
    #expect(frame(table, 4) == Rect(x: 0, y: 130, width: 150, height: 20))
  }

  @Test func aHorizontalFlowStacksColumnsOfMeasuredItems() throws {
    // Horizontal, bounds 320 × 200, spacings 10: a column's room is the height 200. Sizes 60×90, 40×100, 80×50.
    // Column 0: 90 + 10 + 100 = 200 ≤ 200 → i0, i1 (+ 10 + 50 > 200); justified: spare 0 → y 0, 100; thickness
    // (width) 60, i1 centred across: x (60 − 40) / 2 = 10. Column 1 at x 60 + 10 = 70: i2, last line: y 0.
    var configuration = FlowLayoutConfiguration()
    configuration.scrollDirection = .horizontal
    let table = try collection(
      [FlowSize(width: 60, height: 90), FlowSize(width: 40, height: 100), FlowSize(width: 80, height: 50)],
      configuration: configuration, bounds: FlowSize(width: 320, height: 200))
    #expect(frame(table, 0) == Rect(x: 0, y: 0, width: 60, height: 90))
    #expect(frame(table, 1) == Rect(x: 10, y: 100, width: 40, height: 100))
    #expect(frame(table, 2) == Rect(x: 70, y: 0, width: 80, height: 50))
    // Content (70 + 80) × 200.
    #expect(table.committedFlow?.contentSize == FlowSize(width: 150, height: 200))
  }

  @Test func aChangeSetCommitsWithTheWidthsItMeasured() throws {
    var table = try collection(mixed)
    // Insert i5 (measured 300 × 10) at the end: until it is measured the change set waits; then the last line
    // changes: i4 (90) + 10 + 300 > 320 → line 2 = i4 alone, now not the last: centred, x (320 − 90) / 2 = 115;
    // line 3 at 130 + 20 + 10 = 160: i5 at the inset.
    let result = try table.performBatch(
      BatchUpdate([.insertRows([(TableIndexPath(section: 0, row: 5), RowSpec(id: RowID("i5"), content: 5))])]))
    #expect(frame(table, 5) == nil)
    let request = try #require(result.layoutRequests.first)
    let acceptance = try table.acceptLayout(id: request.id, generation: request.generation, height: 10, width: 300)
    #expect(acceptance.commits.count == 1)
    #expect(frame(table, 4) == Rect(x: 115, y: 130, width: 90, height: 20))
    #expect(frame(table, 5) == Rect(x: 0, y: 160, width: 300, height: 10))
    #expect(table.contentHeight == 170)
  }
}
