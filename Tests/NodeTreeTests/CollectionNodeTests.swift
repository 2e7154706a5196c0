import Testing

@testable import NodeTree

/// A `TableNode` with a flow placement as the data controller of a collection and of a pager: batches and commits
/// as a table's, frames, content size, ranges and batch fetching from the flow layout. range-controller.json's
/// collection cases run on it. Numbers derived by hand in each test.
@Suite struct CollectionNodeTests {
  /// A loaded collection of `counts` items per section ("s<section>i<item>"), placed with `configuration` in
  /// `bounds`, every item measured and committed, the viewport at `viewport`.
  private func collection(
    _ counts: [Int], configuration: FlowLayoutConfiguration, bounds: FlowSize, viewport: Rect? = nil,
    tune: (inout RangeController) -> Void = { _ in }
  ) throws -> (TableNode<Int>, [InterfaceStateEvent]) {
    var table = TableNode<Int>()
    _ = table.setFlowPlacement(FlowPlacement(configuration: configuration, bounds: bounds))
    tune(&table.ranges)
    var events = table.setViewport(
      RangeViewport(bounds: viewport ?? Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)))
    let sections = counts.enumerated().map { section, count in
      (0..<count).map { RowSpec(id: RowID("s\(section)i\($0)"), content: $0) }
    }
    let result = try table.reloadData(sections)
    events += try measureAll(&table, result.layoutRequests, height: configuration.itemSize.height)
      .flatMap(\.interfaceEvents)
    return (table, events)
  }

  /// 100 × 100 items, spacings 10.
  private var gridLayout: FlowLayoutConfiguration {
    var configuration = FlowLayoutConfiguration()
    configuration.itemSize = FlowSize(width: 100, height: 100)
    return configuration
  }

  @Test func aGridCommitsWithTheFlowsContentSizeAndRanges() throws {
    // 100 items in a 320-wide grid: 3 per line ((320 + 10) / 110 = 3), ⌈100 / 3⌉ = 34 lines → content height
    // 34 × 100 + 33 × 10 = 3730. Viewport 320 × 480 at 0: lines with 110k < 480 → k ≤ 4 → items 0…14 visible.
    let (table, events) = try collection([100], configuration: gridLayout, bounds: FlowSize(width: 320, height: 480))
    #expect(table.contentHeight == 3730)
    #expect(table.contentWidth == 320)
    #expect(table.committedFlow?.frame(of: .item(section: 0, item: 4)) == Rect(x: 110, y: 110, width: 100, height: 100))
    let visible = Set(events.filter { $0.kind == .didEnterVisible }.map(\.id))
    #expect(visible == Set((0...14).map { RowID("s0i\($0)") }))
    // First update: Minimum (display 0.25 / 0.25, preload 0.5 / 0.25), direction down|right remembered: preload
    // rect y −120…720 → lines k with 110k < 720 → k ≤ 6 → items 0…20.
    let preloaded = Set(events.filter { $0.kind == .didEnterPreload }.map(\.id))
    #expect(preloaded == Set((0...20).map { RowID("s0i\($0)") }))
  }

  @Test func itemAfterLastVisibleIsPreloaded() throws {
    // range-controller.json `itemAfterLastVisiblePreloaded_minimumPreload_1_1` on a collection: 10 sections × 10
    // items (100 × 100, width 375: 3 per line, 4 lines, sections 4 × 100 + 3 × 10 = 430 tall), screen 375 × 667.
    // On screen: section 0 and lines at 430, 540, 650 of section 1 (items 0…8); the item after the last visible is
    // s1i9 (line 3 at 760…860), inside the preload range (1 / 1: y −667…1334) → preloaded once; its replacement
    // too.
    let fixture = try #require(
      TextureFixture.cases("range-controller").first { $0.name == "itemAfterLastVisiblePreloaded_minimumPreload_1_1" })
    var (table, events) = try collection(
      Array(repeating: 10, count: 10), configuration: gridLayout, bounds: FlowSize(width: 375, height: 667)
    ) {
      $0.tuning[.minimum, .preload] = RangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 1)
      $0.setExplicitMode(.minimum)
    }
    events += try table.performBatch(BatchUpdate([])).commits.flatMap(\.interfaceEvents)
    let onScreen = table.committedFlow?.elements(intersecting: Rect(x: 0, y: 0, width: 375, height: 667)) ?? []
    #expect(onScreen.last == .item(section: 1, item: 8))
    let after = TableIndexPath(section: 1, row: 9)
    let newID = RowID("replacement")
    let result = try table.performBatch(
      BatchUpdate([.deleteRows([.indexPath(after)]), .insertRows([(after, RowSpec(id: newID, content: 0))])]))
    events += try measureAll(&table, result.layoutRequests, height: 100).flatMap(\.interfaceEvents)
    func preloadCount(_ id: RowID) -> Int { events.filter { $0.id == id && $0.kind == .didEnterPreload }.count }
    #expect(
      preloadCount(RowID("s1i9")) == fixture.expected["itemAfterLastVisible"]?["didEnterPreloadStateCount"]?.intValue)
    #expect(preloadCount(newID) == fixture.expected["replacementNode"]?["didEnterPreloadStateCount"]?.intValue)
  }

  @Test func itemAfterLastVisibleIsNotPreloadedWithoutABuffer() throws {
    // `itemAfterLastVisibleNotPreloaded_minimumPreload_0_0`: preload 0 / 0 is the visible set, so the replacement
    // of s1i9 (below the screen) never enters Preload.
    let fixture = try #require(
      TextureFixture.cases("range-controller").first {
        $0.name == "itemAfterLastVisibleNotPreloaded_minimumPreload_0_0"
      })
    var (table, events) = try collection(
      Array(repeating: 10, count: 10), configuration: gridLayout, bounds: FlowSize(width: 375, height: 667)
    ) {
      $0.tuning[.minimum, .preload] = .zero
      $0.setExplicitMode(.minimum)
    }
    let after = TableIndexPath(section: 1, row: 9)
    let newID = RowID("replacement")
    let result = try table.performBatch(
      BatchUpdate([.deleteRows([.indexPath(after)]), .insertRows([(after, RowSpec(id: newID, content: 0))])]))
    events += try measureAll(&table, result.layoutRequests, height: 100).flatMap(\.interfaceEvents)
    #expect(
      events.filter { $0.id == newID && $0.kind == .didEnterPreload }.count
        == fixture.expected["replacementNode"]?["didEnterPreloadStateCount"]?.intValue)
  }

  @Test func deletedVisibleItemLeavesVisible() throws {
    // `deletedVisibleItemLeavesVisibleState`: one visible item, deleted → only Visible is cleared, then released.
    let fixture = try #require(
      TextureFixture.cases("range-controller").first { $0.name == "deletedVisibleItemLeavesVisibleState" })
    var (table, _) = try collection([1], configuration: gridLayout, bounds: FlowSize(width: 375, height: 667))
    let id = RowID("s0i0")
    #expect(table.ranges.state(of: id, in: table.visibleMap).contains(.visible))
    let result = try table.performBatch(BatchUpdate([.deleteRows([.id(id)])], expectedRowCounts: [0]))
    let released = result.commits.flatMap(\.releasedNodes)
    #expect(released.map(\.id) == [id])
    #expect(released.first?.events.map(\.kind) == [.didExitVisible, .interfaceStateDidChange])
    #expect(
      fixture.expected["deletedNode"]?["visible"]?.boolValue
        == table.ranges.state(of: id, in: table.visibleMap).contains(.visible))
    #expect(table.contentHeight == 0)
  }

  @Test func aPagerScrollsAcrossAndFetchesAlongItsAxis() throws {
    // 10 pages of 375 × 667 side by side: content 3750 × 667. The viewport moved to x 1500 (page 4), moving right,
    // after a drag (Full; pager tuning display 1 / 1, preload 2 / 2): display x 1125…2250 → pages 3…5, preload
    // x 750…2625 → pages 2…6.
    let page = FlowSize(width: 375, height: 667)
    var configuration = PagerGeometry.flowLayout
    configuration.itemSize = page
    var (table, _) = try collection(Array([10]), configuration: configuration, bounds: page) {
      $0.tuning = RangeTuningTable(defaultsFor: .pager)
    }
    #expect(table.contentWidth == 3750)
    #expect(table.contentHeight == 667)
    _ = table.handleRangeModeEvent(.willBeginDragging)
    _ = table.setViewport(
      RangeViewport(bounds: Rect(x: 1500, y: 0, width: 375, height: 667), scrollDirection: .right), force: true)
    let states = (0..<10).map { table.ranges.state(of: RowID("s0i\($0)"), in: table.visibleMap) }
    #expect(states[4].contains(.visible))
    #expect((0..<10).filter { states[$0].contains(.display) } == [3, 4, 5])
    #expect((0..<10).filter { states[$0].contains(.preload) } == [2, 3, 4, 5, 6])
    // Batch fetching along x (leading screens 2): at x 1500 the end is 3750 − 375 − 1500 = 1875 away > 750 → no;
    // at x 2700: 3750 − 375 − 2700 = 675 ≤ 750 → fetch.
    #expect(!table.checkBatchFetch(targetOffsetY: 0, targetOffsetX: 1500, scrollDirection: .right).shouldFetch)
    #expect(table.checkBatchFetch(targetOffsetY: 0, targetOffsetX: 2700, scrollDirection: .right).shouldFetch)
    // Offsets clamp into [0, 3750 − 375 = 3375] across; a pager does not scroll down (content height = viewport).
    #expect(table.clampedOffsetX(5000) == 3375)
    #expect(table.clampedOffsetY(100) == 0)
  }
}
