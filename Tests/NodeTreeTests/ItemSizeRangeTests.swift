import Testing

@testable import NodeTree

/// An item's own size range (Texture's `collectionNode:constrainedSizeForItemAtIndexPath:`): it wins over a set
/// `itemSize` and over the scroll-direction rule, the item is measured in it and placed at the size it measured,
/// clamped into it. Numbers derived by hand from UICollectionViewFlowLayout's rules (Protocol.md "Collections:
/// flow layout").
@Suite struct ItemSizeRangeTests {
  /// A loaded one-section collection of items "i<n>" measuring `sizes` (a layout job's answer, before any clamp),
  /// `ranges` giving some their own size range, every item measured and committed.
  private func collection(
    _ sizes: [FlowSize], ranges: [Int: CellSizeRange], configuration: FlowLayoutConfiguration,
    bounds: FlowSize = FlowSize(width: 320, height: 480)
  ) throws -> (TableNode<Int>, [LayoutRequest<Int>]) {
    var table = TableNode<Int>()
    _ = table.setFlowPlacement(FlowPlacement(configuration: configuration, bounds: bounds))
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)))
    let result = try table.reloadData([
      sizes.indices.map { RowSpec(id: RowID("i\($0)"), content: $0, sizeRange: ranges[$0]) }
    ])
    for request in result.layoutRequests {
      let size = sizes[request.content]
      _ = try table.acceptLayout(
        id: request.id, generation: request.generation, height: size.height, width: size.width)
    }
    return (table, result.layoutRequests)
  }

  /// The committed frame of item `item` of section 0.
  private func frame(_ table: TableNode<Int>, _ item: Int) -> Rect? {
    table.committedFlow?.frame(of: .item(section: 0, item: item))
  }

  /// A grid of `itemSize` 100 × 100 along `direction`.
  private func grid(_ direction: FlowScrollDirection = .vertical) -> FlowLayoutConfiguration {
    var configuration = FlowLayoutConfiguration()
    configuration.itemSize = FlowSize(width: 100, height: 100)
    configuration.scrollDirection = direction
    return configuration
  }

  /// [0 × 0, 150 × 80].
  private let small = CellSizeRange(minWidth: 0, minHeight: 0, maxWidth: 150, maxHeight: 80)

  @Test func anItemsRangeWinsOverASetItemSize() throws {
    // i1 measures 200 × 120 in its range [0 × 0, 150 × 80] → 150 × 80; the others are exactly 100 × 100.
    let hundred = FlowSize(width: 100, height: 100)
    let (table, requests) = try collection(
      [hundred, FlowSize(width: 200, height: 120), hundred, hundred], ranges: [1: small], configuration: grid())
    #expect(requests.map(\.sizeRange) == [nil, small, nil, nil])
    // Sizes differ, so no columns. Line 0: 100 + 10 + 150 = 260, + 10 + 100 = 370 > 320 → i0, i1; justified:
    // spare 320 − 250 − 10 = 60, gap 70 → x 0, 170; thickness 100, i1 centred: y (100 − 80) / 2 = 10.
    #expect(frame(table, 0) == Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(frame(table, 1) == Rect(x: 170, y: 10, width: 150, height: 80))
    // Line 1 at 100 + 10 = 110: i2, i3 (210 ≤ 320), the section's last line: x 0, 110. Content 320 × 210.
    #expect(frame(table, 2) == Rect(x: 0, y: 110, width: 100, height: 100))
    #expect(frame(table, 3) == Rect(x: 110, y: 110, width: 100, height: 100))
    #expect(table.committedFlow?.contentSize == FlowSize(width: 320, height: 210))
  }

  @Test func anItemsRangeWinsOverTheScrollDirectionRule() throws {
    // Unset itemSize, vertical, 320 wide: the rule would give [0 × 0, 320 × CGFLOAT_MAX]; i0's own range
    // [200 × 0, 200 × 50] makes a node 120 × 70 measure 200 × 50. i1 (no range) keeps its 100 × 40.
    let own = CellSizeRange(minWidth: 200, minHeight: 0, maxWidth: 200, maxHeight: 50)
    let (table, requests) = try collection(
      [FlowSize(width: 120, height: 70), FlowSize(width: 100, height: 40)], ranges: [0: own],
      configuration: FlowLayoutConfiguration())
    #expect(requests.map(\.sizeRange) == [own, nil])
    // 200 + 10 + 100 = 310 ≤ 320: one line, the last (x 0, 210), thickness 50, i1 at (50 − 40) / 2 = 5.
    #expect(frame(table, 0) == Rect(x: 0, y: 0, width: 200, height: 50))
    #expect(frame(table, 1) == Rect(x: 210, y: 5, width: 100, height: 40))
    #expect(table.contentHeight == 50)
  }

  @Test func aRemeasuredRangedItemReportsBothSizesInAFixedGrid() throws {
    let hundred = FlowSize(width: 100, height: 100)
    var (table, _) = try collection(
      [hundred, FlowSize(width: 200, height: 120), hundred, hundred], ranges: [1: small], configuration: grid())
    let request = try #require(try table.invalidateLayout([RowID("i1")]).first)
    #expect(request.sizeRange == small)
    let acceptance = try table.acceptLayout(id: request.id, generation: request.generation, height: 60, width: 100)
    #expect(
      acceptance.heightChanges == [
        HeightChange(
          id: RowID("i1"), indexPath: TableIndexPath(section: 0, row: 1), oldHeight: 80, newHeight: 60,
          oldWidth: 150, newWidth: 100)
      ])
    // i1 now 100 × 60 (still unlike the others). Line 0: 100 + 10 + 100 + 10 + 100 = 320 → i0, i1, i2; spare 0 →
    // x 0, 110, 220; i1 at y (100 − 60) / 2 = 20. Line 1 at 110: i3 alone, the last line, at x 0. Content 320 × 210.
    #expect(frame(table, 1) == Rect(x: 110, y: 20, width: 100, height: 60))
    #expect(frame(table, 2) == Rect(x: 220, y: 0, width: 100, height: 100))
    #expect(frame(table, 3) == Rect(x: 0, y: 110, width: 100, height: 100))
    #expect(table.contentHeight == 210)
  }

  @Test func aHorizontalGridMirrorsTheRule() throws {
    // Horizontal, bounds 480 × 320, itemSize 100 × 100: a column's room is the height 320. i1 in [0 × 0, 80 × 150]
    // measures 200 × 200 → 80 × 150. Column 0: 100 + 10 + 150 = 260, + 10 + 100 > 320 → i0, i1; justified: spare
    // 320 − 250 − 10 = 60, gap 70 → y 0, 170; thickness (width) 100, i1 centred across: x (100 − 80) / 2 = 10.
    // Column 1 at x 110: i2, i3, the last line: y 0, 110. Content 210 × 320.
    let hundred = FlowSize(width: 100, height: 100)
    let tall = CellSizeRange(minWidth: 0, minHeight: 0, maxWidth: 80, maxHeight: 150)
    let (table, _) = try collection(
      [hundred, FlowSize(width: 200, height: 200), hundred, hundred], ranges: [1: tall],
      configuration: grid(.horizontal), bounds: FlowSize(width: 480, height: 320))
    #expect(frame(table, 1) == Rect(x: 10, y: 170, width: 80, height: 150))
    #expect(frame(table, 2) == Rect(x: 110, y: 0, width: 100, height: 100))
    #expect(frame(table, 3) == Rect(x: 110, y: 110, width: 100, height: 100))
    #expect(table.committedFlow?.contentSize == FlowSize(width: 210, height: 320))
  }

  @Test func aMalformedRangeIsRefusedAndChangesNothing() throws {
    // max width 20 < min width 50: the batch is refused as a height range would be; nothing is loaded.
    var table = TableNode<Int>()
    _ = table.setFlowPlacement(FlowPlacement(configuration: grid(), bounds: FlowSize(width: 320, height: 480)))
    let bad = CellSizeRange(minWidth: 50, minHeight: 0, maxWidth: 20, maxHeight: 10)
    #expect(throws: NodeTreeError.invalidHeightRange(RowID("i0"), min: 50, max: 20)) {
      try table.reloadData([[RowSpec(id: RowID("i0"), content: 0, sizeRange: bad)]])
    }
    #expect(table.numberOfSections == 0)
    #expect(!table.hasLoadedData)
  }
}
