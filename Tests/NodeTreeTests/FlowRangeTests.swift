import Testing

@testable import NodeTree

/// Range sets and interface states of collections laid out by a flow layout (texture.md §3.3–3.6): range rects
/// extended along the flow's scroll axis only, the collection and pager tuning defaults (§3.5), and the pager's
/// geometry. Numbers derived by hand in each test.
@Suite struct FlowRangeTests {
  /// Ids "s<section>i<item>" for `counts` items per section.
  private func ids(_ counts: [Int]) -> [[RowID]] {
    counts.enumerated().map { section, count in (0..<count).map { RowID("s\(section)i\($0)") } }
  }

  /// A 3-column grid: 100 items of 100 × 100 in a 320-wide vertical flow with spacings 10.
  private func grid() -> FlowRangeLayout {
    var configuration = FlowLayoutConfiguration()
    configuration.itemSize = FlowSize(width: 100, height: 100)
    let layout = FlowLayout(
      sections: [FlowSection(items: Array(repeating: configuration.itemSize, count: 100))],
      bounds: FlowSize(width: 320, height: 480), configuration: configuration)
    return FlowRangeLayout(layout: layout, itemIDs: ids([100]))
  }

  /// A pager of `count` pages in a 375 × 667 viewport.
  private func pager(_ count: Int) -> FlowRangeLayout {
    let page = PagerGeometry.pageSize(bounds: FlowSize(width: 375, height: 667))
    let layout = FlowLayout(
      sections: [FlowSection(items: Array(repeating: page, count: count))], bounds: FlowSize(width: 375, height: 667),
      configuration: PagerGeometry.flowLayout)
    return FlowRangeLayout(layout: layout, itemIDs: ids([count]))
  }

  @Test func verticalGridRangesGrowDownTheScrollAxisOnly() {
    // Columns: (320 + 10) / 110 = 3 per line, lines every 110 (line k spans y 110k…110k + 100, items 3k…3k + 2).
    // Viewport y 1100 h 480, Full (display 1.0 / 0.5), moving down: display rect y 1100 − 240 = 860 to
    // 1100 + 480 + 480 = 2060, x unchanged (a vertical flow does not scroll across). Lines meeting it:
    // 110k + 100 > 860 → k ≥ 7 and 110k < 2060 → k ≤ 18 → items 21…56. Visible: 110k + 100 > 1100 → k ≥ 10 and
    // 110k < 1580 → k ≤ 14 → items 30…44. Preload (2.5 / 1.5): y 1100 − 720 = 380 to 1580 + 1200 = 2780:
    // k ≥ 3 (110k + 100 > 380 → k > 2.5) and k ≤ 25 (110k < 2780 → k < 25.3) → items 9…77.
    let layout = grid()
    let controller = RangeController()
    let viewport = RangeViewport(bounds: Rect(x: 0, y: 1100, width: 320, height: 480))
    let sets = controller.rangeSets(for: viewport, mode: .full, direction: .down, layout: layout)
    #expect(sets.displayRect == Rect(x: 0, y: 860, width: 320, height: 1200))
    #expect(sets.display == (21...56).map { RowID("s0i\($0)") })
    #expect(sets.visible == (30...44).map { RowID("s0i\($0)") })
    #expect(sets.preloadRect == Rect(x: 0, y: 380, width: 320, height: 2400))
    #expect(sets.preload == (9...77).map { RowID("s0i\($0)") })
  }

  @Test func pagerRangesGrowAlongTheHorizontalAxisWithThePagersTuning() {
    // Pages 375 wide side by side (page k spans x 375k…375k + 375). Viewport at x 750 (page 2), Full, moving right.
    // Pager tuning (§3.5): display 1 / 1 → x 375…1500 → pages 1, 2, 3 (page 4 starts at 1500: touching is not
    // intersecting); preload 2 / 2 → x 0…1875 → pages 0…4. Visible: page 2 only.
    var controller = RangeController()
    controller.tuning = RangeTuningTable(defaultsFor: .pager)
    let viewport = RangeViewport(bounds: Rect(x: 750, y: 0, width: 375, height: 667))
    let sets = controller.rangeSets(for: viewport, mode: .full, direction: .right, layout: pager(10))
    #expect(sets.visible == [RowID("s0i2")])
    #expect(sets.displayRect == Rect(x: 375, y: 0, width: 1125, height: 667))
    #expect(sets.display == [1, 2, 3].map { RowID("s0i\($0)") })
    #expect(sets.preloadRect == Rect(x: 0, y: 0, width: 1875, height: 667))
    #expect(sets.preload == (0...4).map { RowID("s0i\($0)") })
    // Minimum (display 0 / 0 → the visible set; preload 1 / 1 → x 375…1500 → pages 1…3).
    let minimum = controller.rangeSets(for: viewport, mode: .minimum, direction: .right, layout: pager(10))
    #expect(minimum.display == [RowID("s0i2")])
    #expect(minimum.preload == [1, 2, 3].map { RowID("s0i\($0)") })
  }

  @Test func horizontalGridMovingLeftPutsTheLeadingBufferOnTheLeft() {
    // Pages 375 wide, viewport x 1500 (page 4), collection defaults, Full, moving left: display leading 1.0 goes
    // left and trailing 0.5 right → x 1500 − 375 = 1125 to 1875 + 187.5 = 2062.5 → pages 3, 4, 5 (page 5 spans
    // 1875…2250).
    let controller = RangeController()
    let viewport = RangeViewport(bounds: Rect(x: 1500, y: 0, width: 375, height: 667))
    let sets = controller.rangeSets(for: viewport, mode: .full, direction: .left, layout: pager(10))
    #expect(sets.displayRect == Rect(x: 1125, y: 0, width: 937.5, height: 667))
    #expect(sets.display == [3, 4, 5].map { RowID("s0i\($0)") })
  }

  @Test func firstUpdateOfAGridPreloadsThreeScreens() throws {
    // range-controller.json `initialRangeBounds_minimumPreload_2_0` on a real flow layout: a full-screen vertical
    // grid (375 × 480; items 120 × 48, spacings 0 → 3 per line, lines every 48), not scrolled. The first update is
    // Minimum with the remembered direction down|right, so preload (2, 0) covers y 0…480 + 960 = 1440: lines 0…29
    // (line 29 spans 1392…1440), a union 1440 tall = 3 screens.
    let fixture = try #require(
      TextureFixture.cases("range-controller").first { $0.name == "initialRangeBounds_minimumPreload_2_0" })
    var configuration = FlowLayoutConfiguration()
    configuration.itemSize = FlowSize(width: 120, height: 48)
    configuration.minimumLineSpacing = 0
    configuration.minimumInteritemSpacing = 0
    let layout = FlowLayout(
      sections: [FlowSection(items: Array(repeating: configuration.itemSize, count: 300))],
      bounds: FlowSize(width: 375, height: 480), configuration: configuration)
    let ranges = FlowRangeLayout(layout: layout, itemIDs: ids([300]))
    var controller = RangeController()
    controller.tuning[.minimum, .preload] = RangeTuningParameters(
      leadingBufferScreenfuls: 2, trailingBufferScreenfuls: 0)
    _ = controller.update(RangeViewport(bounds: Rect(x: 0, y: 0, width: 375, height: 480)), layout: ranges)
    #expect(controller.currentMode == rangeMode(fixture.expected["rangeMode"]?.stringValue))
    let preloaded = ids([300])[0].indices.filter { controller.states[RowID("s0i\($0)")]?.contains(.preload) == true }
    #expect(preloaded == Array(0..<90))
    let frames = preloaded.compactMap { layout.frame(of: .item(section: 0, item: $0)) }
    let union = (frames.map(\.maxY).max() ?? 0) - (frames.map(\.y).min() ?? 0)
    let expected = fixture.expected["preloadedItemsUnionHeightInScreenfuls"]?.doubleValue ?? 0
    #expect(abs(union / 480 - expected) <= (fixture.expected["tolerance"]?.doubleValue ?? 0))
  }

  @Test func aRemovedItemLeavesVisible() {
    // range-controller.json `deletedVisibleItemLeavesVisibleState` on a flow: one visible item, then a layout without
    // it: nothing is on screen, so the update only clears Visible (texture.md §3.3 step 1).
    let configuration = FlowLayoutConfiguration()
    let one = FlowLayout(
      sections: [FlowSection(items: [FlowSize(width: 50, height: 50)])], bounds: FlowSize(width: 375, height: 667),
      configuration: configuration)
    let none = FlowLayout(sections: [FlowSection(items: [])], bounds: one.bounds, configuration: configuration)
    var controller = RangeController()
    let screen = RangeViewport(bounds: Rect(x: 0, y: 0, width: 375, height: 667))
    _ = controller.update(screen, layout: FlowRangeLayout(layout: one, itemIDs: ids([1])))
    #expect(controller.states[RowID("s0i0")]?.contains(.visible) == true)
    let events = controller.update(screen, layout: FlowRangeLayout(layout: none, itemIDs: [[]]), force: true)
    #expect(events.contains { $0.id == RowID("s0i0") && $0.kind == .didExitVisible })
    #expect(controller.states[RowID("s0i0")]?.contains(.visible) != true)
  }

  @Test func pagerGeometry() {
    // Page size: 375 × (667 − 20 − 30) = 375 × 617, measured exactly at that size.
    let page = PagerGeometry.pageSize(bounds: FlowSize(width: 375, height: 667), insetTop: 20, insetBottom: 30)
    #expect(page == FlowSize(width: 375, height: 617))
    #expect(PagerGeometry.constrainedSize(pageSize: page) == .exactly(width: 375, height: 617))
    // currentPageIndex truncates: 700 / 375 = 1.87 → 1; 750 → 2.
    #expect(PagerGeometry.currentPageIndex(offsetX: 700, pageWidth: 375) == 1)
    #expect(PagerGeometry.currentPageIndex(offsetX: 750, pageWidth: 375) == 2)
    // scrollToPage 3 of 10 → x 1125; page 12 → clamped to the last page's offset 9 × 375 = 3375.
    #expect(PagerGeometry.offset(ofPage: 3, pageWidth: 375, pageCount: 10) == 1125)
    #expect(PagerGeometry.offset(ofPage: 12, pageWidth: 375, pageCount: 10) == 3375)
    // A drag ending at 700 (1.87 pages) settles on page 2; at 560 (1.49) on page 1; at 562.5 (1.5) on page 2;
    // past the last page on page 9; before the first on page 0.
    #expect(PagerGeometry.settledPage(offsetX: 700, pageWidth: 375, pageCount: 10) == 2)
    #expect(PagerGeometry.settledPage(offsetX: 560, pageWidth: 375, pageCount: 10) == 1)
    #expect(PagerGeometry.settledPage(offsetX: 562.5, pageWidth: 375, pageCount: 10) == 2)
    #expect(PagerGeometry.settledPage(offsetX: 5000, pageWidth: 375, pageCount: 10) == 9)
    #expect(PagerGeometry.settledPage(offsetX: -100, pageWidth: 375, pageCount: 10) == 0)
    // Pages sit side by side: page k at x 375k, y 0 (one page per column: (667 + 0) / (667 + 0) = 1, centred at
    // (667 − 667) / 2 = 0); 10 pages → content 3750 × 667.
    let layout = FlowLayout(
      sections: [FlowSection(items: Array(repeating: FlowSize(width: 375, height: 667), count: 10))],
      bounds: FlowSize(width: 375, height: 667), configuration: PagerGeometry.flowLayout)
    #expect(layout.sections[0].items.map(\.x) == (0..<10).map { Double($0) * 375 })
    #expect(layout.sections[0].items.allSatisfy { $0.y == 0 })
    #expect(layout.contentSize == FlowSize(width: 3750, height: 667))
  }
}
