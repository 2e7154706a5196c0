import JSONCodec
import Testing

@testable import NodeTree

/// The collection cases of the Texture fixtures run against real collections — a `TableNode` with a
/// `FlowPlacement` (the data controller of an `ASCollectionNode`), on both scroll axes — where the table-based
/// conformance suites emulate them on a full-width column: range-controller.json's initial range bounds,
/// data-controller.json's empty-collection fetch and fill-until-the-leading-screens-are-met. (The other collection
/// cases of range-controller.json — the preloaded item after the last visible one and the deleted visible item — run
/// on collections in `CollectionNodeTests`.) Numbers derived by hand in each test.
@Suite struct CollectionConformanceTests {
  /// A flow of `itemSize` scrolling `direction`, spacings 10, no insets.
  static func flow(_ direction: FlowScrollDirection, itemSize: FlowSize) -> FlowLayoutConfiguration {
    var configuration = FlowLayoutConfiguration()
    configuration.scrollDirection = direction
    configuration.itemSize = itemSize
    return configuration
  }

  /// A collection of `count` items "i0"… in section 0 placed by `configuration` in `bounds`, its viewport at the
  /// origin with `containerState`, tuned by `tune`, loaded and measured.
  static func collection(
    _ count: Int, _ configuration: FlowLayoutConfiguration, bounds: FlowSize,
    containerState: InterfaceState = [.visible, .display], tune: (inout RangeController) -> Void = { _ in }
  ) throws -> TableNode<Int> {
    var table = TableNode<Int>()
    _ = table.setFlowPlacement(FlowPlacement(configuration: configuration, bounds: bounds))
    tune(&table.ranges)
    _ = table.setViewport(
      RangeViewport(
        bounds: Rect(x: 0, y: 0, width: bounds.width, height: bounds.height), containerState: containerState))
    let result = try table.reloadData([(0..<count).map { RowSpec(id: RowID("i\($0)"), content: $0) }])
    try measureAll(&table, result.layoutRequests, height: configuration.itemSize.height)
    return table
  }

  static let screen = FlowSize(width: 375, height: 667)

  @Test(arguments: [FlowScrollDirection.vertical, .horizontal])
  func initialRangeBoundsExtendTwoScreensAlongTheAxis(_ direction: FlowScrollDirection) throws {
    // range-controller.json `initialRangeBounds_minimumPreload_2_0`: Minimum preload 2 / 0, not scrolled, the
    // remembered direction down|right, so the preload rect is the screen plus 2 screens after it along the axis.
    // Vertical: 100 × 50 items, lines every 60 → preload y [0, 2001) meets lines k with 60k < 2001 (k ≤ 33), their
    // union 0…2030 = 3.04 screens. Horizontal: 50 × 100 items, lines every 60 along x → preload x [0, 1125) meets
    // k ≤ 18, union 0…1130 = 3.01 screens of 375.
    let fixture = try #require(
      TextureFixture.cases("range-controller").first { $0.name == "initialRangeBounds_minimumPreload_2_0" })
    let vertical = direction == .vertical
    let itemSize = vertical ? FlowSize(width: 100, height: 50) : FlowSize(width: 50, height: 100)
    let table = try Self.collection(200, Self.flow(direction, itemSize: itemSize), bounds: Self.screen) {
      $0.tuning[.minimum, .preload] = RangeTuningParameters(leadingBufferScreenfuls: 2, trailingBufferScreenfuls: 0)
    }
    #expect(table.ranges.currentMode == .minimum)
    #expect(fixture.expected["rangeMode"]?.stringValue == "minimum")
    let flow = try #require(table.committedFlow)
    let preloaded = (0..<200).filter {
      table.ranges.state(of: RowID("i\($0)"), in: table.visibleMap).contains(.preload)
    }
    let frames = preloaded.compactMap { flow.frame(of: .item(section: 0, item: $0)) }
    let low = frames.map { vertical ? $0.y : $0.x }.min() ?? 0
    let high = frames.map { vertical ? $0.maxY : $0.maxX }.max() ?? 0
    let screenfuls = (high - low) / (vertical ? Self.screen.height : Self.screen.width)
    #expect(high == (vertical ? 2030 : 1130))
    let expected = fixture.expected["preloadedItemsUnionHeightInScreenfuls"]?.doubleValue ?? 0
    #expect(abs(screenfuls - expected) <= (fixture.expected["tolerance"]?.doubleValue ?? 0))
  }

  @Test(arguments: [FlowScrollDirection.vertical, .horizontal])
  func anEmptyCollectionFetchesOnce(_ direction: FlowScrollDirection) throws {
    // data-controller.json `emptyCollectionBatchFetchesOnce`: no sections, visible; the app never completes, so
    // only the first check fetches (content 0 is shorter than the screen along either axis).
    let fixture = try #require(
      TextureFixture.cases("data-controller").first { $0.name == "emptyCollectionBatchFetchesOnce" })
    var table = TableNode<Int>()
    _ = table.setFlowPlacement(
      FlowPlacement(
        configuration: Self.flow(direction, itemSize: FlowSize(width: 100, height: 100)), bounds: Self.screen))
    _ = try table.reloadData([])
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: 375, height: 667)))
    var calls = 0
    for _ in 0..<5 where table.checkBatchFetch(targetOffsetY: 0).shouldFetch { calls += 1 }
    _ = try table.performBatch(BatchUpdate([]))
    if table.checkBatchFetch(targetOffsetY: 0).shouldFetch { calls += 1 }
    #expect(calls == fixture.expected["willBeginBatchFetchCalls"]?.intValue)
  }

  /// data-controller.json `fillUntilLeadingScreensMet_visible` / `_invisible` on a 100 × 100 grid scrolling
  /// `direction`: each fetch inserts one item and completes; checks at offset 0 run until the content along the
  /// axis is past maxY(bounds) + 2 screens (visible) or the screen (invisible). Vertical, 3 a line, lines of 110:
  /// visible stops at the first content height 110k − 10 > 3 × 667 = 2001 → k = 19, 2080 (18 full lines + 1 item =
  /// 55 fetches); invisible at 110k − 10 ≥ 667 → k = 7, 760. Horizontal, 6 a line ((667 + 10) / 110): visible past
  /// 3 × 375 = 1125 → k = 11, 1200; invisible ≥ 375 → k = 4, 430.
  @Test(arguments: [
    (FlowScrollDirection.vertical, true, 2080.0), (.vertical, false, 760), (.horizontal, true, 1200),
    (.horizontal, false, 430),
  ])
  func fetchesUntilTheLeadingScreensAreMet(_ direction: FlowScrollDirection, _ visible: Bool, _ extent: Double)
    throws
  {
    let name = visible ? "fillUntilLeadingScreensMet_visible" : "fillUntilLeadingScreensMet_invisible"
    let fixture = try #require(TextureFixture.cases("data-controller").first { $0.name == name })
    let vertical = direction == .vertical
    var table = try Self.collection(
      0, Self.flow(direction, itemSize: FlowSize(width: 100, height: 100)), bounds: Self.screen,
      containerState: visible ? [.visible, .display] : [])
    table.leadingScreensForBatching = fixture.input["leadingScreensForBatching"]?.doubleValue ?? 2
    var fetches = 0
    while fetches < 1000, table.checkBatchFetch(targetOffsetY: 0).shouldFetch {
      fetches += 1
      let count = try table.numberOfRows(inSection: 0)
      let result = try table.performBatch(
        BatchUpdate([
          .insertRows([(TableIndexPath(section: 0, row: count), RowSpec(id: RowID("i\(count)"), content: count))])
        ]))
      try measureAll(&table, result.layoutRequests, height: 100)
      table.batchContext.completeBatchFetching(true)
    }
    let content = vertical ? table.contentHeight : (table.contentWidth ?? 0)
    let screen = vertical ? Self.screen.height : Self.screen.width
    let atLeast = visible ? 3 * screen : screen
    #expect(content == extent)
    #expect(fetches > (fixture.expected["batchFetchCountGreaterThan"]?.intValue ?? 0))
    #expect(content >= atLeast)
    #expect(content <= atLeast + 3 * 100)
    if vertical && visible { #expect(fetches == 55) }
  }
}
