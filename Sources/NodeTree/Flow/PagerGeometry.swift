/// `ASPagerNode`'s geometry: a horizontal flow layout without spacing or insets whose pages are each measured at
/// exactly the page size, in one section. Pure.
package enum PagerGeometry {
  /// The pager's flow layout (`-[ASPagerNode init]`): horizontal, `minimumInteritemSpacing` and
  /// `minimumLineSpacing` 0, no section insets. Its `itemSize` stays unset: the pager sizes pages through its
  /// delegate range.
  package static var flowLayout: FlowLayoutConfiguration {
    var configuration = FlowLayoutConfiguration()
    configuration.scrollDirection = .horizontal
    configuration.minimumInteritemSpacing = 0
    configuration.minimumLineSpacing = 0
    return configuration
  }

  /// The page size (`-[ASPagerNode pageSize]`): the bounds less the top and bottom content insets.
  package static func pageSize(bounds: FlowSize, insetTop: Double = 0, insetBottom: Double = 0) -> FlowSize {
    FlowSize(width: bounds.width, height: bounds.height - insetTop - insetBottom)
  }

  /// The range every page is measured in (`constrainedSizeForItemAtIndexPath:` returns the page size exactly).
  package static func constrainedSize(pageSize: FlowSize) -> CellSizeRange {
    .exactly(width: pageSize.width, height: pageSize.height)
  }

  /// `currentPageIndex`: the horizontal offset divided by the page width, truncated toward zero as the cast to
  /// `NSInteger` does (offset 700 with pages 375 wide is page 1 until 750). 0 when the page width is not positive.
  package static func currentPageIndex(offsetX: Double, pageWidth: Double) -> Int {
    guard pageWidth > 0, offsetX.isFinite else { return 0 }
    return Int((offsetX / pageWidth).rounded(.towardZero))
  }

  /// The offset `scrollToPageAtIndex:` moves to (`UICollectionViewScrollPositionLeft`: the page's left edge at
  /// the viewport's), clamped as UIKit clamps a programmatic scroll into [0, content width − viewport width].
  package static func offset(ofPage index: Int, pageWidth: Double, pageCount: Int) -> Double {
    let maximum = max(0, Double(pageCount - 1) * pageWidth)
    return min(max(0, Double(index) * pageWidth), maximum)
  }

  /// The page a drag or scroll ending at `offsetX` settles on (a paging scroll view stops on page boundaries):
  /// the nearest page — halfway rounds to the later page — clamped to the pages that exist (0 without pages).
  package static func settledPage(offsetX: Double, pageWidth: Double, pageCount: Int) -> Int {
    guard pageCount > 0, pageWidth > 0, offsetX.isFinite else { return 0 }
    let nearest = (offsetX / pageWidth).rounded(.toNearestOrAwayFromZero)
    return Int(min(max(nearest, 0), Double(pageCount - 1)))
  }
}
