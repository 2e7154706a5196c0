/// What a range update needs to know about the container. Pure value.
package struct RangeViewport: Sendable, Hashable {
  /// Viewport in content coordinates (scroll view bounds; origin = content offset), points.
  package var bounds: Rect
  /// Current scroll direction (§3.6); empty when not scrolling (the previous direction is reused).
  package var scrollDirection: ScrollDirection
  /// The container's own interface state: a top-level table in a window is `[.visible, .display]`.
  package var containerState: InterfaceState

  /// Creates a viewport description.
  package init(
    bounds: Rect, scrollDirection: ScrollDirection = [], containerState: InterfaceState = [.visible, .display]
  ) {
    self.bounds = bounds
    self.scrollDirection = scrollDirection
    self.containerState = containerState
  }
}

/// Header and footer cells a plain table draws away from their content position by floating, with the span where
/// each is drawn: the range controller places them there in every set (visible, display, preload), as the layout's
/// elements-in-rect query reports a pinned header at its pinned position (`UICollectionViewFlowLayout` with
/// `sectionHeadersPinToVisibleBounds`), so a floating header is on screen while it is drawn there. Pure value.
package struct FloatingCells: Sendable, Hashable {
  /// The floating header's cell id.
  package var header: RowID?
  /// The floating footer's cell id.
  package var footer: RowID?
  /// Where the floating header is drawn (content coordinates).
  package var headerSpan: VerticalSpan?
  /// Where the floating footer is drawn.
  package var footerSpan: VerticalSpan?

  /// `ids` (content order, by content positions, for `[minY, maxY)`) with the floating cells placed where they are
  /// drawn instead: the header first and the footer last when their drawn span intersects the interval, else left
  /// out.
  func placed(into ids: [RowID], minY: Double, maxY: Double) -> [RowID] {
    guard header != nil || footer != nil else { return ids }
    var result = ids.filter { $0 != header && $0 != footer }
    if let header, let span = headerSpan, span.intersects(minY: minY, maxY: maxY) { result.insert(header, at: 0) }
    if let footer, let span = footerSpan, span.intersects(minY: minY, maxY: maxY) { result.append(footer) }
    return result
  }
}

/// The three element sets of one range update (texture.md §3.3 step 4). Pure value.
package struct RangeSets: Sendable, Equatable {
  /// Rows (and header/footer cells) on screen.
  package var visible: [RowID]
  /// Rows in the display range.
  package var display: [RowID]
  /// Rows in the preload range.
  package var preload: [RowID]
  /// The display rect used, nil when the set came from another set (zero tuning, equal tuning, LowMemory).
  package var displayRect: Rect?
  /// The preload rect used (the viewport when the tuning is zero).
  package var preloadRect: Rect
}

/// Texture's `ASRangeController` for a table: assigns interface states to rows from the viewport, the scroll
/// direction, the range mode and the tuning, and reports the callbacks that fire. Session-isolated value type.
///
/// Deviation: rows present in the map and never in any range are implicitly `.measureLayout` (every row is
/// measured, §1.2 step 5) and are not stored, so the `none → measureLayout` callback is not reported and an
/// update costs O(rows in range), not O(all rows).
package struct RangeController: Sendable {
  /// Tuning for every mode and range type (Texture's defaults for tables).
  package var tuning = RangeTuningTable(defaultsFor: .table)
  /// Mode of the last update (`.unspecified` before the first).
  package private(set) var currentMode: RangeMode = .unspecified
  /// True from an explicit mode (`updateCurrentRangeWithMode:`) until the next full update keeps it.
  package private(set) var explicitModePending = false
  /// Set on the first drag (`contentHasBeenScrolled`); allows the automatic switch to Full.
  package var contentHasBeenScrolled = false
  /// Direction remembered from the last update (initially down|right).
  package private(set) var previousDirection: ScrollDirection = .initialPrevious
  /// States above `.measureLayout` of rows in the map.
  package private(set) var states: [RowID: InterfaceState] = [:]
  /// Rows with a stored state, in the order they were last visited.
  private var visitOrder: [RowID] = []
  /// The on-screen rows at the last evaluation: ranges move only when these change (§3.3).
  private var lastVisible: [RowID]?

  /// Creates a controller with Texture's table defaults.
  package init() {}

  /// The state of `id` as the controller sees it (`.measureLayout` for a row in no range).
  package func state(of id: RowID, in map: ElementMap) -> InterfaceState {
    states[id] ?? (map.contains(id) ? .measureLayout : .none)
  }

  /// `updateCurrentRangeWithMode:`: the mode is kept for at least the next update; returns true when it changed
  /// (Texture then requests a range update).
  @discardableResult
  package mutating func setExplicitMode(_ mode: RangeMode) -> Bool {
    explicitModePending = true
    guard currentMode != mode else { return false }
    currentMode = mode
    return true
  }

  /// Applies an app or scroll event (§3.4); dragging also marks the content as scrolled. Returns true when the
  /// mode changed (an update is due).
  @discardableResult
  package mutating func handle(_ event: RangeModeEvent) -> Bool {
    if case .willBeginDragging = event { contentHasBeenScrolled = true }
    return setExplicitMode(event.explicitMode)
  }

  /// The sets a range update would use, without changing anything (tables scroll vertically). `floating` cells
  /// count where they are drawn, in every set.
  package func rangeSets(
    for viewport: RangeViewport, mode: RangeMode, direction: ScrollDirection, map: ElementMap, separator: Double,
    floating: FloatingCells = FloatingCells()
  ) -> RangeSets {
    rangeSets(
      for: viewport, mode: mode, direction: direction, layout: TableRangeLayout(map: map, separator: separator),
      floating: floating)
  }

  /// The sets a range update would use in any container's `layout`: the range rects are extended along the
  /// layout's scrollable axes only (texture.md §3.6). `floating` cells are on screen wherever their content lies.
  package func rangeSets<Layout: RangeLayout>(
    for viewport: RangeViewport, mode: RangeMode, direction: ScrollDirection, layout: Layout,
    floating: FloatingCells = FloatingCells()
  ) -> RangeSets {
    func rows(in rect: Rect) -> [RowID] {
      guard !rect.isEmpty else { return [] }
      return floating.placed(into: layout.cellIDs(intersecting: rect), minY: rect.y, maxY: rect.maxY)
    }
    let scrollable = layout.scrollableDirections
    let visible = rows(in: viewport.bounds)
    let preloadTuning = tuning[mode, .preload]
    let displayTuning = tuning[mode, .display]
    var preloadRect = viewport.bounds
    let preload: [RowID]
    if preloadTuning == .zero {
      preload = visible
    } else {
      preloadRect = RangeRect.expand(
        viewport.bounds, tuning: preloadTuning, scrollable: scrollable, direction: direction)
      preload = rows(in: preloadRect)
    }
    var displayRect: Rect?
    let display: [RowID]
    if mode == .lowMemory {
      display = []
    } else if displayTuning == .zero {
      display = visible
    } else if displayTuning == preloadTuning {
      display = preload
    } else {
      let rect = RangeRect.expand(viewport.bounds, tuning: displayTuning, scrollable: scrollable, direction: direction)
      displayRect = rect
      display = rows(in: rect)
    }
    return RangeSets(
      visible: visible, display: display, preload: preload, displayRect: displayRect, preloadRect: preloadRect)
  }

  /// The state of a row from its set membership (`_updateVisibleNodeIndexPaths`; texture.md §3.3's table for a
  /// hidden container gives display-only rows preload only and preload-only rows nothing, which Texture's source
  /// does not: the source is followed).
  package static func cellState(
    containerVisible: Bool, inVisible: Bool, inDisplay: Bool, inPreload: Bool, mode: RangeMode
  ) -> InterfaceState {
    if containerVisible {
      if inVisible { return [.measureLayout, .preload, .display, .visible] }
      if inDisplay { return inPreload ? [.measureLayout, .display, .preload] : [.measureLayout, .display] }
      if inPreload { return [.measureLayout, .preload] }
      return .measureLayout
    }
    // Not visible: every row in any set gets Preload and Display (no Display in lowMemory) — what
    // `_updateVisibleNodeIndexPaths` does for `allCurrentIndexPaths`; the rows in view are what will be visible the
    // moment the container is.
    guard inVisible || inDisplay || inPreload else { return .measureLayout }
    return mode == .lowMemory ? [.measureLayout, .preload] : [.measureLayout, .preload, .display]
  }

  /// Evaluates the viewport and runs a range update (`_updateVisibleNodeIndexPaths`) when `force` is set (a
  /// committed change set, a mode change, the container entering or leaving its window) or the set of on-screen
  /// rows differs from the last evaluation (UIKit's willDisplay / didEndDisplaying); otherwise nothing happens, as
  /// ranges move in steps (texture.md §9.4). Returns the callbacks in firing order: rows visited visible first,
  /// then display, then preload, then rows that held a state.
  /// `floating` cells (a plain table's floating header and footer) count where they are drawn.
  package mutating func update(
    _ viewport: RangeViewport, map: ElementMap, separator: Double, force: Bool = false,
    floating: FloatingCells = FloatingCells()
  ) -> [InterfaceStateEvent] {
    update(viewport, layout: TableRangeLayout(map: map, separator: separator), force: force, floating: floating)
  }

  /// `update(_:map:separator:force:floating:)` for any container's `layout` (a table's rows, a collection's flow).
  package mutating func update<Layout: RangeLayout>(
    _ viewport: RangeViewport, layout: Layout, force: Bool = false, floating: FloatingCells = FloatingCells()
  ) -> [InterfaceStateEvent] {
    let bounds = viewport.bounds
    let onScreen =
      bounds.isEmpty
      ? [] : floating.placed(into: layout.cellIDs(intersecting: bounds), minY: bounds.y, maxY: bounds.maxY)
    // The on-screen set compared as a set (UIKit's willDisplay / didEndDisplaying): a floating header placed first
    // or at its content position is the same element.
    let changed = lastVisible.map { $0 != onScreen && Set($0) != Set(onScreen) } ?? true
    lastVisible = onScreen
    guard force || changed else { return [] }
    // Step 2: the direction, or the previous one when not scrolling; remembered even by an update that stops early.
    let direction = RangeRect.effectiveDirection(current: viewport.scrollDirection, previous: previousDirection)
    previousDirection = direction
    var events: [InterfaceStateEvent] = []
    if onScreen.isEmpty {
      // Step 1: nothing on screen: clear Visible from rows that had it and stop (mode and explicit flag kept).
      for id in visitOrder {
        guard let old = states[id], old.contains(.visible) else { continue }
        var new = old
        new.remove(.visible)
        events += InterfaceStateEvent.transition(of: id, from: old, to: new)
        store(new, for: id)
      }
      visitOrder.removeAll { states[$0] == nil }
      return events
    }
    let containerVisible = viewport.containerState.contains(.visible)
    let mode = RangeMode.next(
      current: currentMode, containerVisible: containerVisible, contentHasBeenScrolled: contentHasBeenScrolled,
      explicitModePending: explicitModePending)
    currentMode = mode
    explicitModePending = false
    let sets = rangeSets(for: viewport, mode: mode, direction: direction, layout: layout, floating: floating)
    let visible = Set(sets.visible)
    let display = Set(sets.display)
    let preload = Set(sets.preload)
    var order: [RowID] = []
    var seen: Set<RowID> = []
    for id in sets.visible + sets.display + sets.preload + visitOrder where seen.insert(id).inserted {
      order.append(id)
    }
    var newOrder: [RowID] = []
    for id in order where layout.contains(id) {
      let new = Self.cellState(
        containerVisible: containerVisible, inVisible: visible.contains(id), inDisplay: display.contains(id),
        inPreload: preload.contains(id), mode: mode)
      let old = states[id] ?? .measureLayout
      events += InterfaceStateEvent.transition(of: id, from: old, to: new)
      store(new, for: id)
      if states[id] != nil { newOrder.append(id) }
    }
    visitOrder = newOrder
    return events
  }

  /// Ends the nodes of rows a commit removed, reloaded or moved (Texture recreates those nodes): a node holding
  /// Visible loses only Visible (`_setVisibleNodes:`; its other bits go with it), then it is released; a row that
  /// continues gets a new node at `.measureLayout`. Returns each ended node in `ids` order.
  package mutating func release(_ ids: [RowID]) -> [ReleasedNode] {
    var released: [ReleasedNode] = []
    for id in ids {
      let old = states[id] ?? .measureLayout
      var last = old
      last.remove(.visible)
      released.append(
        ReleasedNode(id: id, events: InterfaceStateEvent.transition(of: id, from: old, to: last), lastState: last))
      states[id] = nil
    }
    visitOrder.removeAll { states[$0] == nil }
    return released
  }

  /// Takes every row holding a state back to `.measureLayout`, in the order rows were last visited, each row's full
  /// callback sequence before the next row's: what a nested container's items get when the cell holding it leaves
  /// Preload (`-[ASCollectionNode didExitPreloadState]` → `clearPreloadedData`, display contents cleared with the
  /// Display exit, and the outer `recursivelySetInterfaceState:` reaching the mounted cells). The next update
  /// evaluates the viewport afresh.
  package mutating func exitAllRanges() -> [InterfaceStateEvent] {
    var events: [InterfaceStateEvent] = []
    for id in visitOrder {
      guard let old = states[id] else { continue }
      events += InterfaceStateEvent.transition(of: id, from: old, to: .measureLayout)
    }
    states.removeAll()
    visitOrder.removeAll()
    lastVisible = nil
    return events
  }

  /// Stores a row's state, dropping the implicit `.measureLayout`.
  private mutating func store(_ state: InterfaceState, for id: RowID) {
    states[id] = state == .measureLayout || state == .none ? nil : state
  }
}

/// A cell node whose life a commit ended (deleted, reloaded or moved row): the Visible exit it got, if any, and
/// the state it was released in. Pure value.
package struct ReleasedNode: Sendable, Equatable {
  /// The row the node belonged to.
  package let id: RowID
  /// `didExitVisible` callbacks (empty when the node was not visible).
  package let events: [InterfaceStateEvent]
  /// The node's state when released (Visible already removed).
  package let lastState: InterfaceState
}
