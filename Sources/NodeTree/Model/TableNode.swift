/// The session model of one table (Texture's `ASTableNode` with its data controller), generic over the opaque
/// cell payload. Session-isolated value type: every mutation returns what it changed and performs no effects.
///
/// Two element maps (texture.md §1.1–1.4): a submitted batch updates `pendingMap` at once (node-level queries,
/// data-source index space); `visibleMap` (view-level queries: heights, row at point, visible rows) changes
/// only when a change set commits. A change set commits once every cell it inserted or reloaded has been
/// measured, strictly in submission order.
///
/// Deviations from Texture, all deliberate:
/// - An invalid batch is refused with a `NodeTreeError` and changes nothing (Texture logs and continues in
///   release builds, §9.9).
/// - Reload keeps the row id (new generation, re-measured); a move keeps id, content and height and needs no
///   layout (Texture recreates the node). Generations are not bumped by moves: position does not affect layout.
/// - Rows of inserted and reloaded sections come from the operation itself (Texture asks the data source), so
///   row inserts or move targets inside an inserted section are dropped exactly as Texture drops them.
/// - A commit updates the ranges at once (experiment `RangeUpdateOnChangesetUpdate` on, see texture.md §0 note).
/// - Section headers and footers are laid out like rows when given as cells (Texture's table leaves them to UIKit
///   as plain views); see `SupplementarySpec`.
package struct TableNode<Content: Sendable>: Sendable {
  /// Latest data-source state: row order and, where measured, heights.
  package internal(set) var pendingMap: ElementMap
  /// What the view shows: committed rows with their measured heights.
  package internal(set) var visibleMap: ElementMap
  /// Plain (floating headers and footers) or grouped; fixed at creation as in UIKit.
  package let style: TableStyle
  /// Extra height per row in points (1/scale with separators on, 0 with none; texture.md §1.6).
  package var separatorHeight: Double
  /// False until the first `reloadData`; batches before it are ignored (Texture, §1.2 step 2).
  package internal(set) var hasLoadedData = false
  /// Range machinery: interface states, modes and tuning (texture.md §3).
  package var ranges = RangeController()
  /// Batch-fetching context (texture.md §4.4).
  package var batchContext = BatchContext()
  /// `leadingScreensForBatching` (default 2.0, texture.md §4.1).
  package var leadingScreensForBatching = BatchFetching.defaultLeadingScreens
  /// Last viewport given to `setViewport`; nil until then (no range updates happen without one). Its bounds'
  /// origin is the content offset.
  package internal(set) var viewport: RangeViewport?
  /// Scroll view content insets (points): the offset ranges over [−top, content + bottom − viewport height].
  package var contentInset: (top: Double, bottom: Double) = (0, 0)
  /// `ASTableNode.inverted`: the table is drawn upside down (row 0 at the visual bottom, as chats are). The model
  /// keeps its own (flipped) coordinates, the scroll view's; `TableNode+Inverted` maps them to what is seen.
  package var inverted = false
  /// Scroll anchoring on (the default): see `TableNode+Anchoring`.
  package var scrollAnchoring = true
  /// When on, every commit reports the frames before and after of the rows it affected (`TableNode+ChangeFrames`).
  /// Off by default: while on, a commit keeps a copy of the visible map (the replay then copies its storage once).
  package var reportsChangeFrames = false
  /// Row selection of the committed rows (`TableNode+Selection`).
  package internal(set) var selection = Selection()
  /// A collection's flow placement (`TableNode+Flow`); nil for a table (one full-width column).
  package internal(set) var flow: FlowPlacement?
  /// The flow layout of the committed items, kept in step with `visibleMap` (nil for a table); each commit places
  /// it again from the previous one (`FlowLayout.init(sections:bounds:configuration:reusing:)`).
  var flowCache: FlowLayout?

  /// Committed widths of self-sized flow items (the committed flow's item widths; heights are the visible map's).
  var itemWidths: [RowID: Double] = [:]
  /// Latest measured widths of self-sized flow items (what their next commit or relayout pass shows).
  var measuredWidths: [RowID: Double] = [:]

  /// Pending cells by id.
  var cells: [RowID: CellNode<Content>] = [:]
  /// Height ranges of the pending rows that have one (`TableNode+HeightRange`); kept across reloads and content
  /// updates, dropped with the cell. A side table because ranges are rare.
  var heightRanges: [RowID: RowHeightRange] = [:]
  /// Size ranges of the pending collection items that have their own (`TableNode+ItemSizeRange`); kept across
  /// reloads and content updates, dropped with the cell. A side table because ranges are rare.
  var itemSizeRanges: [RowID: CellSizeRange] = [:]
  /// Accessories of the pending rows that have other than the defaults (`TableNode+Accessories`); kept across
  /// reloads and content updates, dropped with the cell. A side table for the same reason.
  var rowAccessories: [RowID: CellAccessories] = [:]
  /// Submitted change sets not yet committed, in submission order (their seqs are consecutive).
  var inFlight: [InFlightChangeSet] = []
  /// Seqs of the in-flight change sets waiting for each row's layout (usually one): finds them in O(1) per result
  /// instead of scanning every change set queued behind a large insert.
  var awaitedBy: [RowID: [Int]] = [:]
  /// Rows re-measured outside any batch: id → generation whose result updates the visible height directly.
  var relayouts: [RowID: UInt64] = [:]
  /// Heights of finished relayouts of committed rows, applied together once no relayout is running (one pass).
  var passHeights: [RowID: Double] = [:]
  /// Re-measure results for rows an uncommitted change set still waits for: that change set commits with the
  /// newer height (the same node was re-measured, as in Texture).
  var relayoutHeights: [RowID: (generation: UInt64, height: Double)] = [:]
  /// Last generation handed out (shared by all rows, so a generation is never reused).
  var lastGeneration: UInt64 = 0
  /// Last automatic row number ("r<n>").
  var lastAutoID = 0
  /// Sequence number of the last submitted change set.
  package internal(set) var lastSubmittedSeq = 0
  /// Sequence number of the last committed change set.
  package internal(set) var lastCommittedSeq = 0

  /// Creates an empty table that has not loaded data yet.
  package init(separatorHeight: Double = 0, style: TableStyle = .plain) {
    self.separatorHeight = separatorHeight
    self.style = style
    pendingMap = ElementMap(absentHeights: style.absentSupplementaryHeights)
    visibleMap = pendingMap
  }

  /// True while any submitted change set has not committed (Texture's `isProcessingUpdates`).
  package var isProcessingUpdates: Bool { !inFlight.isEmpty }

  /// Number of submitted change sets waiting for layout or for an earlier one to commit.
  package var pendingChangeSetCount: Int { inFlight.count }

  // MARK: Node-level queries (pending map)

  /// Number of sections in the pending map.
  package var numberOfSections: Int { pendingMap.numberOfSections }

  /// Number of rows in `section` of the pending map.
  package func numberOfRows(inSection section: Int) throws(NodeTreeError) -> Int {
    guard let count = pendingMap.numberOfRows(inSection: section) else {
      throw .sectionOutOfRange(section: section, sectionCount: pendingMap.numberOfSections)
    }
    return count
  }

  /// The pending cell at `path` (Texture's `nodeForRowAtIndexPath:`), nil when out of range.
  package func cell(at path: TableIndexPath) -> CellNode<Content>? {
    pendingMap.rowID(at: path).flatMap { cells[$0] }
  }

  /// The pending cell with `id`, nil when the table does not hold it.
  package func cell(_ id: RowID) -> CellNode<Content>? { cells[id] }

  /// Pending index path of `id` (Texture's `indexPathForNode:` on the node).
  package func indexPath(of id: RowID) throws(NodeTreeError) -> TableIndexPath {
    guard let path = pendingMap.indexPath(of: id) else { throw .unknownRowID(id) }
    return path
  }

  // MARK: View-level queries (visible map)

  /// Content height of what the view shows: committed row heights plus separators, or a collection's flow
  /// layout height (points).
  package var contentHeight: Double {
    flowCache?.contentSize.height ?? visibleMap.contentHeight(separator: separatorHeight)
  }

  /// Visible row height (cell + separator) at a visible index path.
  package func rowHeight(at path: TableIndexPath) throws(NodeTreeError) -> Double {
    guard let height = visibleMap.rowHeight(at: path, separator: separatorHeight) else {
      throw visibleRangeError(path)
    }
    return height
  }

  /// Top edge of the visible row at `path` (points).
  package func rowOffset(at path: TableIndexPath) throws(NodeTreeError) -> Double {
    guard let offset = visibleMap.offset(of: path, separator: separatorHeight) else { throw visibleRangeError(path) }
    return offset
  }

  /// The visible row under content offset `y`, nil above the first or below the last row.
  package func indexPath(atOffset y: Double) -> TableIndexPath? {
    visibleMap.indexPath(atOffset: y, separator: separatorHeight)
  }

  /// Visible rows intersecting `[minY, maxY)`, in order.
  package func visibleRows(minY: Double, maxY: Double) -> [RowID] {
    visibleMap.rowIDs(intersectingMinY: minY, maxY: maxY, separator: separatorHeight)
  }

  /// The error for an out-of-range visible path.
  private func visibleRangeError(_ path: TableIndexPath) -> NodeTreeError {
    guard let rows = visibleMap.numberOfRows(inSection: path.section) else {
      return .sectionOutOfRange(section: path.section, sectionCount: visibleMap.numberOfSections)
    }
    return .rowOutOfRange(path, rowCount: rows)
  }
}

/// A submitted, uncommitted change set with what it waits for. Pure value.
struct InFlightChangeSet: Sendable {
  /// The change set reported at submission.
  let changeSet: ChangeSet
  /// How to turn the visible map into this change set's result.
  let replay: VisibleReplay
  /// Rows this change set must see measured: id → generation.
  var awaiting: [RowID: UInt64]
  /// Heights measured so far for awaited rows.
  var measured: [RowID: Double]
  /// Widths measured so far for awaited self-sized flow items (empty otherwise).
  var widths: [RowID: Double] = [:]

  /// A change set waiting for `awaiting` (room for every height reserved, so that a large insert's results do not
  /// rehash the table as they arrive).
  init(changeSet: ChangeSet, replay: VisibleReplay, awaiting: [RowID: UInt64]) {
    self.changeSet = changeSet
    self.replay = replay
    self.awaiting = awaiting
    measured = Dictionary(minimumCapacity: awaiting.count)
  }

  /// True once every awaited row is measured.
  var isReady: Bool { measured.count == awaiting.count }
}

/// The structural edits of one change set in Texture's map-construction order (texture.md §1.7), replayed on
/// the visible map at commit. Pure value.
struct VisibleReplay: Sendable {
  /// For reloadData: the new sections (everything else is ignored).
  var reloadAll: [ReplaySection]?
  /// Item deletes, old space, descending.
  var itemDeletes: [TableIndexPath] = []
  /// Section deletes, old space, descending.
  var sectionDeletes: [Int] = []
  /// Section inserts, new space, ascending, with their rows, header and footer.
  var sectionInserts: [(index: Int, section: ReplaySection)] = []
  /// Item inserts, new space, ascending.
  var itemInserts: [(path: TableIndexPath, id: RowID)] = []
  /// Headers and footers set, replaced or removed in surviving sections (new space), applied last.
  var supplementarySets: [(slot: SupplementaryKey, entry: SupplementaryEntry?)] = []
}
