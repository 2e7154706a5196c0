import Testing

@testable import NodeTree

/// UICollectionViewFlowLayout's placement (Protocol.md "Collections: flow layout") on both axes, with numbers
/// derived by hand from the rules: greedy lines, justified lines, the last line of a mixed-size section left at the
/// inset, uniform sections in columns, items centred across their line, insets, headers and footers.
@Suite struct FlowLayoutTests {
  /// A vertical flow with `itemSize`-sized items (or the given sizes).
  private func layout(
    _ sections: [FlowSection], bounds: FlowSize, _ configure: (inout FlowLayoutConfiguration) -> Void = { _ in }
  ) -> FlowLayout {
    var configuration = FlowLayoutConfiguration()
    configure(&configuration)
    return FlowLayout(sections: sections, bounds: bounds, configuration: configuration)
  }

  /// `count` items of `width` × `height`.
  private func items(_ count: Int, _ width: Double, _ height: Double) -> [FlowSize] {
    Array(repeating: FlowSize(width: width, height: height), count: count)
  }

  @Test func uniformGridFillsLinesAndJustifiesColumns() {
    // Width 375, items 100 × 50, spacings 10 (UIKit's defaults), no insets, 7 items.
    // Fit: n·100 + (n − 1)·10 ≤ 375 → n ≤ 385 / 110 = 3.5 → 3 per line. Full-line gap (375 − 300) / 2 = 37.5, so
    // the columns start at 0, 137.5, 275. Lines at y 0, 50 + 10 = 60, 60 + 60 = 120; the last line (item 6) keeps
    // the first column. Content height 120 + 50 = 170.
    let flow = layout([FlowSection(items: items(7, 100, 50))], bounds: FlowSize(width: 375, height: 600))
    let frames = flow.sections[0].items
    #expect(frames.map(\.x) == [0, 137.5, 275, 0, 137.5, 275, 0])
    #expect(frames.map(\.y) == [0, 0, 0, 60, 60, 60, 120])
    #expect(frames.allSatisfy { $0.width == 100 && $0.height == 50 })
    #expect(flow.sections[0].lines.map(\.items) == [0..<3, 3..<6, 6..<7])
    #expect(flow.contentSize == FlowSize(width: 375, height: 170))
  }

  @Test func insetsHeadersAndFootersFrameEachSection() {
    // Width 320, items 90 × 40, interitem 5, line 8, insets top 10 left 20 bottom 12 right 20, header 30, footer 16.
    // Room 320 − 20 − 20 = 280; fit (280 + 5) / (90 + 5) = 3 → gap (280 − 270) / 2 = 5, columns 0, 95, 190 → x 20,
    // 115, 210. Section 0 (5 items): header y 0…30 across the whole width; + top 10 → line 0 at y 40, line 1 at
    // 40 + 40 + 8 = 88; 88 + 40 + bottom 12 = 140 → footer 140…156. Section 1 (2 items) starts at 156: header
    // 156…186, line at 196 (items in columns 0 and 1), 236 + 12 = 248 → footer 248…264 = content height.
    let flow = layout(
      [
        FlowSection(items: items(5, 90, 40), headerExtent: 30, footerExtent: 16),
        FlowSection(items: items(2, 90, 40), headerExtent: 30, footerExtent: 16),
      ], bounds: FlowSize(width: 320, height: 480)
    ) {
      $0.itemSize = FlowSize(width: 90, height: 40)
      $0.minimumInteritemSpacing = 5
      $0.minimumLineSpacing = 8
      $0.sectionInset = FlowInsets(top: 10, left: 20, bottom: 12, right: 20)
    }
    let first = flow.sections[0]
    #expect(first.header == Rect(x: 0, y: 0, width: 320, height: 30))
    #expect(first.items.map(\.x) == [20, 115, 210, 20, 115])
    #expect(first.items.map(\.y) == [40, 40, 40, 88, 88])
    #expect(first.footer == Rect(x: 0, y: 140, width: 320, height: 16))
    let second = flow.sections[1]
    #expect(second.header == Rect(x: 0, y: 156, width: 320, height: 30))
    #expect(second.items == [Rect(x: 20, y: 196, width: 90, height: 40), Rect(x: 115, y: 196, width: 90, height: 40)])
    #expect(second.footer == Rect(x: 0, y: 248, width: 320, height: 16))
    #expect(flow.contentSize == FlowSize(width: 320, height: 264))
  }

  @Test func mixedSizesJustifyLinesCentreLoneItemsAndCentreAcrossTheLine() {
    // Width 300, spacings 10, sizes 100×40, 80×60, 150×20, 200×30, 50×50, 40×40.
    // Lines: 100 + 10 + 80 = 190 fits, + 10 + 150 = 350 does not → [0, 1]; 150 + 10 + 200 = 360 → [2];
    // 200 + 10 + 50 = 260 fits, + 10 + 40 = 310 does not → [3, 4]; [5] last.
    // Line 0: spare 300 − 180 − 10 = 110 → gap 120 → x 0, 220; thickness 60, item 0 (40 tall) at y (60 − 40) / 2 = 10.
    // Line 1 (y 60 + 10 = 70, thickness 20): one item, not last → centred: x (300 − 150) / 2 = 75.
    // Line 2 (y 70 + 20 + 10 = 100, thickness 50): spare 300 − 250 − 10 = 40 → gap 50 → x 0, 250; item 3 (30 tall)
    // at y 100 + (50 − 30) / 2 = 110. Line 3 (y 100 + 50 + 10 = 160): last line of mixed sizes → x 0. Height 200.
    let sizes = [
      FlowSize(width: 100, height: 40), FlowSize(width: 80, height: 60), FlowSize(width: 150, height: 20),
      FlowSize(width: 200, height: 30), FlowSize(width: 50, height: 50), FlowSize(width: 40, height: 40),
    ]
    let flow = layout([FlowSection(items: sizes)], bounds: FlowSize(width: 300, height: 500))
    let frames = flow.sections[0].items
    #expect(flow.sections[0].lines.map(\.items) == [0..<2, 2..<3, 3..<5, 5..<6])
    #expect(frames.map(\.x) == [0, 220, 75, 0, 250, 0])
    #expect(frames.map(\.y) == [10, 0, 70, 110, 100, 160])
    #expect(flow.sections[0].lines.map(\.thickness) == [60, 20, 50, 40])
    #expect(flow.contentSize.height == 200)
  }

  @Test func lastLineOfMixedSizesStartsAtTheInsetWithMinimumSpacing() {
    // Width 250, spacing 10, sizes 100, 100, 100, 50, 60 wide (10 tall). 100 + 10 + 100 = 210 fits, 320 does not →
    // [0, 1]; 100 + 10 + 50 + 10 + 60 = 230 fits → [2, 3, 4] is the last line. Line 0 justified: spare
    // 250 − 200 − 10 = 40 → x 0, 150. Last line not justified: x 0, 110, 170 (y 10 + 10 = 20).
    let sizes = [100.0, 100, 100, 50, 60].map { FlowSize(width: $0, height: 10) }
    let flow = layout([FlowSection(items: sizes)], bounds: FlowSize(width: 250, height: 400))
    #expect(flow.sections[0].items.map(\.x) == [0, 150, 0, 110, 170])
    #expect(flow.sections[0].items.map(\.y) == [0, 0, 20, 20, 20])
  }

  @Test func oneColumnOfUniformItemsIsCentred() {
    // Width 300, items 200 × 20, spacing 10: (300 + 10) / 210 = 1.47 → one per line, centred at (300 − 200) / 2 = 50;
    // lines at y 0 and 20 + 10 = 30.
    let flow = layout([FlowSection(items: items(2, 200, 20))], bounds: FlowSize(width: 300, height: 400))
    #expect(
      flow.sections[0].items == [Rect(x: 50, y: 0, width: 200, height: 20), Rect(x: 50, y: 30, width: 200, height: 20)])
  }

  @Test func horizontalFlowMirrorsTheAxes() {
    // Bounds 320 × 200, horizontal, items 60 × 90, interitem 10, line 15, insets top 5 left 8 bottom 5 right 12,
    // header reference width 40. Room 200 − 5 − 5 = 190; fit (190 + 10) / (90 + 10) = 2 per column, gap
    // (190 − 180) / 1 = 10 → rows at y 5, 105. Header x 0…40 over the full height 200; + left 8 → column 0 at x 48,
    // column 1 at 48 + 60 + 15 = 123, column 2 at 123 + 75 = 198 (item 4 in the first row); 198 + 60 + right 12 = 270.
    let flow = layout(
      [FlowSection(items: items(5, 60, 90), headerExtent: 40)], bounds: FlowSize(width: 320, height: 200)
    ) {
      $0.scrollDirection = .horizontal
      $0.minimumLineSpacing = 15
      $0.sectionInset = FlowInsets(top: 5, left: 8, bottom: 5, right: 12)
    }
    let section = flow.sections[0]
    #expect(section.header == Rect(x: 0, y: 0, width: 40, height: 200))
    #expect(section.items.map(\.x) == [48, 48, 123, 123, 198])
    #expect(section.items.map(\.y) == [5, 105, 5, 105, 5])
    #expect(flow.contentSize == FlowSize(width: 270, height: 200))
  }

  @Test func horizontalMixedSizesCentreAcrossTheColumn() {
    // Bounds 500 × 100, horizontal, spacings 10, sizes 30×40, 50×40, 20×90. Column 0: 40 + 10 + 40 = 90 fits, + 10 + 90
    // does not → [0, 1], spare 100 − 80 − 10 = 10 → gap 20 → y 0, 60; thickness (widest) 50 → item 0 at
    // x (50 − 30) / 2 = 10. Column 1 at x 50 + 10 = 60: item 2 last, at y 0. Content width 60 + 20 = 80.
    let sizes = [FlowSize(width: 30, height: 40), FlowSize(width: 50, height: 40), FlowSize(width: 20, height: 90)]
    let flow = layout([FlowSection(items: sizes)], bounds: FlowSize(width: 500, height: 100)) {
      $0.scrollDirection = .horizontal
    }
    #expect(
      flow.sections[0].items == [
        Rect(x: 10, y: 0, width: 30, height: 40), Rect(x: 0, y: 60, width: 50, height: 40),
        Rect(x: 60, y: 0, width: 20, height: 90),
      ])
    #expect(flow.contentSize == FlowSize(width: 80, height: 100))
  }

  @Test func emptySectionKeepsItsHeaderAndInsets() {
    // No items: header 20 + top 5 + bottom 7 = 32 (the insets apply to every section).
    let flow = layout([FlowSection(items: [], headerExtent: 20)], bounds: FlowSize(width: 100, height: 100)) {
      $0.sectionInset = FlowInsets(top: 5, bottom: 7)
    }
    #expect(flow.sections[0].lines.isEmpty)
    #expect(flow.contentSize == FlowSize(width: 100, height: 32))
  }

  @Test func elementsIntersectingARect() {
    // The 7-item grid of `uniformGridFillsLinesAndJustifiesColumns` (lines y 0…50, 60…110, 120…170; columns x
    // 0…100, 137.5…237.5, 275…375) under a header of 30 (everything 30 lower) and a footer of 10 (y 200…210).
    let flow = layout(
      [FlowSection(items: items(7, 100, 50), headerExtent: 30, footerExtent: 10)],
      bounds: FlowSize(width: 375, height: 600))
    // y 85…145 meets only line 1 (90…140): items 3, 4, 5.
    #expect(
      flow.elements(intersecting: Rect(x: 0, y: 85, width: 375, height: 60))
        == [.item(section: 0, item: 3), .item(section: 0, item: 4), .item(section: 0, item: 5)])
    // x 140…200 over everything: the header, column 1 (items 1 and 4), the footer.
    #expect(
      flow.elements(intersecting: Rect(x: 140, y: 0, width: 60, height: 300))
        == [.header(section: 0), .item(section: 0, item: 1), .item(section: 0, item: 4), .footer(section: 0)])
    // Touching edges do not intersect: y 80…90 lies between line 0's bottom (80) and line 1's top (90).
    #expect(flow.elements(intersecting: Rect(x: 0, y: 80, width: 375, height: 10)).isEmpty)
    #expect(flow.frame(of: .item(section: 0, item: 6)) == Rect(x: 0, y: 150, width: 100, height: 50))
    #expect(flow.frame(of: .item(section: 0, item: 7)) == nil)
  }

  @Test func constrainedSizeFollowsTexturesInspector() {
    var configuration = FlowLayoutConfiguration()
    configuration.sectionInset = FlowInsets(top: 4, left: 10, bottom: 6, right: 15)
    let bounds = FlowSize(width: 320, height: 480)
    // Unset itemSize (50, 50), vertical (NodeConstrainedSizeForScrollDirection): width ≤ the bounds width less the
    // content insets (none: 320; the section insets do not count), height unbounded (CGFLOAT_MAX), min 0.
    #expect(
      configuration.constrainedSize(bounds: bounds)
        == CellSizeRange(minWidth: 0, minHeight: 0, maxWidth: 320, maxHeight: .greatestFiniteMagnitude))
    // Content insets left 7, right 3: width ≤ 320 − 7 − 3 = 310.
    #expect(
      configuration.constrainedSize(bounds: bounds, contentInset: FlowInsets(top: 1, left: 7, bottom: 2, right: 3))
        == CellSizeRange(minWidth: 0, minHeight: 0, maxWidth: 310, maxHeight: .greatestFiniteMagnitude))
    // Horizontal: height ≤ 480 (no content insets), width unbounded; with top 1, bottom 2: 480 − 1 − 2 = 477.
    configuration.scrollDirection = .horizontal
    #expect(
      configuration.constrainedSize(bounds: bounds)
        == CellSizeRange(minWidth: 0, minHeight: 0, maxWidth: .greatestFiniteMagnitude, maxHeight: 480))
    #expect(
      configuration.constrainedSize(bounds: bounds, contentInset: FlowInsets(top: 1, left: 7, bottom: 2, right: 3))
        == CellSizeRange(minWidth: 0, minHeight: 0, maxWidth: .greatestFiniteMagnitude, maxHeight: 477))
    // A set itemSize is the exact size; a delegate range wins over it.
    configuration.itemSize = FlowSize(width: 100, height: 80)
    #expect(configuration.constrainedSize(bounds: bounds) == .exactly(width: 100, height: 80))
    let delegate = CellSizeRange(minWidth: 10, minHeight: 20, maxWidth: 30, maxHeight: 40)
    #expect(configuration.constrainedSize(bounds: bounds, delegateRange: delegate) == delegate)
  }
}
