/// An independent reference model of one live table session (issue 13): rows by section, viewport and offset, the
/// range controller (modes, direction, interface states) and batch fetching, written from /work/rules-13.md alone
/// and sharing no code with NodeTree or Server. Deliberately plain: arrays and linear scans, heights in quarter
/// points (integers) so every sum is exact. Each mutating entry point mirrors one request and logs what the daemon
/// must push for it (per-row state changes and releases, batch-fetch starts); `LiveTableObservation` reads it.
struct LiveTableModel: Sendable {
  /// A range mode (rules "Range controller state"); raw values are the wire names.
  enum Mode: String, CaseIterable, Sendable { case unspecified, minimum, full, visibleOnly, lowMemory }

  /// A vertical scroll direction: larger y is Down.
  enum Direction: Sendable { case up, down }

  /// The batch context's state (rules "Batch fetching").
  enum BatchState: String, Sendable { case completed, fetching, cancelled }

  /// Leading / trailing screenfuls of one range.
  struct Tuning: Equatable, Sendable {
    /// Screenfuls ahead in the direction.
    var leading: Double
    /// Screenfuls behind.
    var trailing: Double
  }

  /// One committed row: its id, its height in quarter points and its node's interface state.
  struct Row: Equatable, Sendable {
    /// Row id.
    var id: String
    /// Row height × 4 (no separators, so the cell's `style.height` × 4).
    var quarters: Int
    /// The node's interface state.
    var state: InterfaceBits
  }

  /// Something the daemon pushes about one row, in that row's order.
  enum RowEvent: Equatable, Sendable, CustomStringConvertible {
    /// `cell/interfaceStateChanged`: old and new state names and the callbacks.
    case changed(old: [String], new: [String], events: [String])
    /// `cell/nodeReleased` with the node's last state.
    case released(state: [String])

    /// `[ml, preload] → [ml] didExitPreload` or `released [ml]`.
    var description: String {
      switch self {
      case .changed(let old, let new, let events): return "\(old) → \(new) \(events.joined(separator: ","))"
      case .released(let state): return "released \(state)"
      }
    }
  }

  // MARK: Table and viewport

  /// Committed rows by section.
  var sections: [[Row]] = [[]]
  /// Each section's header and footer (issue 15; see `LiveTableModel+Sections`), parallel to `sections`.
  var extras: [Extras] = [Extras()]
  /// `style: "grouped"`: nothing floats, a missing header or footer takes the spacing.
  var grouped = false
  /// The differential test compares the sections fields too (`LiveTableObservation+Sections`).
  var observesSections = false
  /// Grouped spacing for a missing header, quarter points.
  var spacingHeader = 0
  /// Grouped spacing for a missing footer, quarter points.
  var spacingFooter = 0
  /// Viewport width (kept; only heights matter here).
  var width = 375.0
  /// Viewport height H.
  var viewportHeight = 667.0
  /// Top inset T.
  var insetTop = 0.0
  /// Bottom inset B.
  var insetBottom = 0.0
  /// Content offset y (the scroll view's own; an inverted session's wire offset is mapped, see
  /// `LiveTableModel+Inverted`).
  var offset = 0.0
  /// The session is inverted (`inverted: true`): requests and answers speak visual offsets and insets.
  var inverted = false

  // MARK: Range controller

  /// V: the container is in a window.
  var containerInWindow = true
  /// BG: the app is in the background.
  var background = false
  /// M: the current range mode.
  var mode: Mode = .unspecified
  /// P: an explicit mode is pending (survives one update).
  var explicitModePending = false
  /// S: contentHasBeenScrolled (set by the first drag).
  var contentHasBeenScrolled = false
  /// D: the previous direction.
  var previousDirection: Direction = .down
  /// Row ids of the visible set at the last evaluation.
  var lastVisible: Set<String> = []
  /// Tuning by mode: display and preload.
  var tuning: [Mode: (display: Tuning, preload: Tuning)] = LiveTableModel.defaultTuning

  // MARK: Batch fetching

  /// The session was created with `batchFetching: true`.
  var batchFetching = true
  /// The batch context's state.
  var batchState: BatchState = .completed
  /// L: leading screens for batching.
  var leadingScreens = 2.0
  /// An after-commit check found the context fetching and waits for the next complete or cancel.
  var heldCheck = false
  /// An after-commit check has been scheduled at least once (empty change sets then schedule none).
  var afterCommitCheckScheduled = false

  // MARK: What the daemon must push (drained after every step)

  /// Per row id, the events since the last drain, in order.
  var rowEvents: [String: [RowEvent]] = [:]
  /// `table/willBeginBatchFetch` pushes since the last drain.
  var fetchStarts = 0
  /// `table/supplementaryHeightChanged` pushes since the last drain: `kind section rowId old → new`.
  var supplementaryHeightChanges: [String] = []

  /// Default tuning (rules: "Default tuning").
  static let defaultTuning: [Mode: (display: Tuning, preload: Tuning)] = [
    .full: (Tuning(leading: 1, trailing: 0.5), Tuning(leading: 2.5, trailing: 1.5)),
    .minimum: (Tuning(leading: 0.25, trailing: 0.25), Tuning(leading: 0.5, trailing: 0.25)),
    .visibleOnly: (Tuning(leading: 0, trailing: 0), Tuning(leading: 0, trailing: 0)),
    .lowMemory: (Tuning(leading: 0, trailing: 0), Tuning(leading: 0, trailing: 0)),
  ]

  /// A fresh session as `session/create` makes it: one empty section, in a window, offset 0; with batch fetching,
  /// the creation check (content 0 < H) starts a fetch. `inverted` draws it upside down.
  init(viewportHeight: Double = 667, batchFetching: Bool = true, inverted: Bool = false) {
    self.viewportHeight = viewportHeight
    self.batchFetching = batchFetching
    self.inverted = inverted
    batchFetchCheck(at: offset, direction: nil)
  }

  // MARK: Geometry

  /// Effective container visibility: V and not BG.
  var containerVisible: Bool { containerInWindow && !background }

  /// Every row in order with its top, in points (after its section's header space).
  var placedRows: [(row: Row, top: Double)] {
    var y = 0.0
    var out: [(row: Row, top: Double)] = []
    for (s, rows) in sections.enumerated() {
      y += headerSpace(s)
      for row in rows {
        out.append((row, y))
        y += Double(row.quarters) / 4
      }
      y += footerSpace(s)
    }
    return out
  }

  /// C: the content height (headers, rows, footers and grouped spacing).
  var contentHeight: Double { spans.last?.bottom ?? 0 }

  /// minY = −T.
  var minOffset: Double { -insetTop }

  /// maxY = max(−T, C + B − H).
  var maxOffset: Double { max(-insetTop, contentHeight + insetBottom - viewportHeight) }

  /// `y` clamped into [minY, maxY].
  func clamped(_ y: Double) -> Double { min(max(y, minOffset), maxOffset) }

  /// Ids of the rows intersecting [a, b), in row order: b > a, top < b and top + h > a.
  func rowIDs(intersecting a: Double, _ b: Double) -> [String] {
    guard b > a else { return [] }
    return placedRows.filter { $0.top < b && $0.top + Double($0.row.quarters) / 4 > a }.map(\.row.id)
  }

  /// Ids of the visible rows: those intersecting [y, y + H).
  var visibleIDs: [String] { rowIDs(intersecting: offset, offset + viewportHeight) }

  /// The committed row with `id`: its section, index and top.
  func find(_ id: String) -> (section: Int, row: Int, top: Double)? {
    var y = 0.0
    for (s, rows) in sections.enumerated() {
      y += headerSpace(s)
      for (r, row) in rows.enumerated() {
        if row.id == id { return (s, r, y) }
        y += Double(row.quarters) / 4
      }
      y += footerSpace(s)
    }
    return nil
  }

  /// Applies `body` to the row with `id` (no-op when absent).
  mutating func updateRow(_ id: String, _ body: (inout Row) -> Void) {
    for s in sections.indices {
      for r in sections[s].indices where sections[s][r].id == id { body(&sections[s][r]) }
    }
  }

  /// Logs a state change of row `id` from `old` to `new` (nothing when equal).
  mutating func logChange(_ id: String, from old: InterfaceBits, to new: InterfaceBits) {
    guard old != new else { return }
    let change = StateChange(row: 0, old: old, new: new)
    rowEvents[id, default: []].append(.changed(old: old.names, new: new.names, events: change.events))
  }

  /// Returns and clears what the daemon must have pushed since the last drain.
  mutating func drain() -> (events: [String: [RowEvent]], fetchStarts: Int) {
    defer {
      rowEvents = [:]
      fetchStarts = 0
      supplementaryHeightChanges = []
    }
    return (rowEvents, fetchStarts)
  }
}
