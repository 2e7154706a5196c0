/// An independent reference model of one collection or pager session (issue 16), written from Protocol.md
/// "Collections", "Collections: flow layout", "Pagers" and "Scrolling, ranges and interface states" (UIKit's
/// documented `UICollectionViewFlowLayout`, Texture's range controller and batch fetching) and sharing no code with
/// NodeTree or Server. Plain arrays and linear scans along one *scroll axis* (y for a vertical flow, x for a
/// horizontal one and a pager): every item has the flow's fixed `itemSize` (a section of such items is a grid of
/// columns) unless it carries its own `sizeRange` (`CollectionModel+Lines`: lines broken greedily and justified).
/// Each mutating entry point mirrors one request; `CollectionObservation` reads it.
struct CollectionModel: Sendable {
  /// What the session holds.
  enum Kind: String, Sendable { case vertical, horizontal, pager }

  /// A range mode; raw values are the wire names.
  enum Mode: String, Sendable { case unspecified, minimum, full, visibleOnly, lowMemory }

  /// The batch context's state.
  enum BatchState: String, Sendable { case completed, fetching, cancelled }

  /// Leading / trailing screenfuls of one range.
  struct Tuning: Equatable, Sendable {
    /// Screenfuls ahead in the direction.
    var leading: Double
    /// Screenfuls behind.
    var trailing: Double
  }

  /// The flow layout's properties (Protocol.md "Collections: flow layout"), as sent in `session/create`.
  struct Layout: Sendable {
    /// Item width.
    var itemWidth = 100.0
    /// Item height.
    var itemHeight = 100.0
    /// `minimumLineSpacing`.
    var lineSpacing = 10.0
    /// `minimumInteritemSpacing`.
    var interitemSpacing = 10.0
    /// `sectionInset` top, left, bottom, right.
    var insets = (top: 0.0, left: 0.0, bottom: 0.0, right: 0.0)
    /// Header reference extent along the scroll axis (sent as a square reference size).
    var header = 0.0
    /// Footer reference extent along the scroll axis.
    var footer = 0.0
  }

  /// Vertical, horizontal or pager.
  let kind: Kind
  /// The flow (a pager's is the page size with no spacing, insets, headers or footers).
  var layout: Layout
  /// Viewport width.
  var width: Double
  /// Viewport height.
  var height: Double
  /// Item ids by section.
  var sections: [[String]] = [[]]
  /// Content offset along the scroll axis.
  var offset = 0.0

  // MARK: Range controller (Protocol.md "The range controller's state")

  /// The container is in its window.
  var inWindow = true
  /// The current range mode.
  var mode: Mode = .unspecified
  /// An explicit mode is pending.
  var explicitModePending = false
  /// The content has been scrolled (the first drag).
  var scrolled = false
  /// The previous direction: true is forward (Down / Right), the initial one.
  var forward = true
  /// The visible items at the last evaluation.
  var lastVisible: Set<String> = []
  /// Each item's state names (items holding only measureLayout are absent).
  var states: [String: Set<String>] = [:]

  // MARK: Batch fetching

  /// The batch context.
  var batchState: BatchState = .completed
  /// leadingScreensForBatching (default 2).
  var leadingScreens = 2.0
  /// A held after-commit check.
  var heldCheck = false
  /// An after-commit check was scheduled once.
  var afterCommitCheckScheduled = false
  /// `table/willBeginBatchFetch` pushes since the last drain.
  var fetchStarts = 0

  /// A fresh session (one empty section, offset 0, in its window) and the creation check (content 0 < viewport:
  /// a fetch starts).
  init(kind: Kind, layout: Layout, width: Double, height: Double) {
    self.kind = kind
    self.width = width
    self.height = height
    if kind == .pager {
      // ASPagerNode: pages of the viewport's size, no spacing, no insets, no supplementaries.
      self.layout = Layout(
        itemWidth: width, itemHeight: height, lineSpacing: 0, interitemSpacing: 0, header: 0, footer: 0)
    } else {
      self.layout = layout
    }
    batchFetchCheck(direction: nil)
  }

  // MARK: Geometry along the axes

  /// True when the flow scrolls along y.
  var vertical: Bool { kind == .vertical }
  /// The viewport's extent along the scroll axis.
  var viewportExtent: Double { vertical ? height : width }
  /// The viewport's extent across it (the collection's bounds across).
  var crossExtent: Double { vertical ? width : height }
  /// Leading and trailing section insets along the scroll axis.
  var insetsAlong: (Double, Double) {
    vertical ? (layout.insets.top, layout.insets.bottom) : (layout.insets.left, layout.insets.right)
  }
  /// Leading and trailing section insets across.
  var insetsAcross: (Double, Double) {
    vertical ? (layout.insets.left, layout.insets.right) : (layout.insets.top, layout.insets.bottom)
  }
  /// The room of a line: the extent across less the two insets across.
  var room: Double { crossExtent - insetsAcross.0 - insetsAcross.1 }

  /// The largest offset: max(0, content extent − viewport extent) (a collection has no content insets).
  var maxOffset: Double { max(0, contentExtent - viewportExtent) }

  /// `value` clamped into [0, maxOffset].
  func clamped(_ value: Double) -> Double { min(max(value, 0), maxOffset) }

  /// The items whose extent along the scroll axis intersects [a, b), in order (items always lie inside the bounds
  /// across).
  func ids(intersecting a: Double, _ b: Double) -> [String] {
    guard b > a else { return [] }
    return placed.filter { $0.along < b && $0.along + $0.alongExtent > a }.map(\.id)
  }

  /// The visible items: those intersecting the viewport.
  var visibleIDs: [String] { ids(intersecting: offset, offset + viewportExtent) }

  /// The (section, item) of `id` in the committed map.
  func find(_ id: String) -> (section: Int, item: Int)? {
    for (s, items) in sections.enumerated() {
      if let i = items.firstIndex(of: id) { return (s, i) }
    }
    return nil
  }

  /// Number of pages (a pager's items of section 0).
  var pageCount: Int { sections.first?.count ?? 0 }
}
