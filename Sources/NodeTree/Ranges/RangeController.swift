/// What a range update needs to know about the container. Pure value.
package struct RangeViewport: Sendable, Hashable {
  /// Viewport in content coordinates (scroll view bounds; origin = content offset), points.
  package var bounds: Rect
  /// Current scroll direction (§3.6); empty when not scrolling (the previous direction is reused).
  package var scrollDirection: ScrollDirection
  /// The container's own interface state: a top-level table in a window is `[.visible, .display]`.
  package var containerState: InterfaceState

  /// Creates a viewport description.
  package init(bounds: Rect, scrollDirection: ScrollDirection = [], containerState: InterfaceState = [.visible, .display]) {
    self.bounds = bounds
    self.scrollDirection = scrollDirection
    self.containerState = containerState
  }
}

/// The three element sets of one range update (texture.md §3.3 step 4). Pure value.
package struct RangeSets: Sendable, Equatable {
  /// Rows on screen.
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
/// update costs O(rows in range), not O(all rows). Deleted rows go to `.none` (Texture clears only Visible).
package struct RangeController: Sendable {
  /// Tuning for every mode and range type (Texture's defaults for tables).
  package var tuning = RangeTuningTable(defaultsFor: .table)
  /// Mode of the last update (`.unspecified` before the first).
  package private(set) var currentMode: RangeMode = .unspecified
  /// True while an explicit mode waits to be used by one update.
  package private(set) var explicitModePending = false
  /// Set on the first drag (`contentHasBeenScrolled`); allows the automatic switch to Full.
  package var contentHasBeenScrolled = false
  /// Direction remembered from the last scrolling update (initially down|right).
  package private(set) var previousDirection: ScrollDirection = .initialPrevious
  /// States above `.measureLayout` of rows in the map, plus rows whose last state is stored.
  package private(set) var states: [RowID: InterfaceState] = [:]
  /// Rows with a stored state, in the order they were last visited.
  private var visitOrder: [RowID] = []
  /// Visible rows and container state of the last update: ranges move only when these change (§3.3).
  private var lastVisible: [RowID]?
  /// Container state of the last update.
  private var lastContainerState: InterfaceState?

  /// Creates a controller with Texture's table defaults.
  package init() {}

  /// The state of `id` as the controller sees it (`.measureLayout` for a row in no range).
  package func state(of id: RowID, in map: ElementMap) -> InterfaceState {
    states[id] ?? (map.contains(id) ? .measureLayout : .none)
  }

  /// Sets a mode explicitly (`updateCurrentRangeWithMode:`); it survives at least the next update.
  package mutating func setExplicitMode(_ mode: RangeMode) {
    currentMode = mode
    explicitModePending = true
  }

  /// Applies an app or scroll event (§3.4); dragging also marks the content as scrolled.
  package mutating func handle(_ event: RangeModeEvent) {
    if case .willBeginDragging = event { contentHasBeenScrolled = true }
    setExplicitMode(event.explicitMode)
  }

  /// The sets a range update would use, without changing anything (tables scroll vertically).
  package func rangeSets(
    for viewport: RangeViewport, mode: RangeMode, direction: ScrollDirection, map: ElementMap, separator: Double
  ) -> RangeSets {
    func rows(in rect: Rect) -> [RowID] {
      rect.isEmpty ? [] : map.rowIDs(intersectingMinY: rect.y, maxY: rect.maxY, separator: separator)
    }
    let visible = rows(in: viewport.bounds)
    let preloadTuning = tuning[mode, .preload]
    let displayTuning = tuning[mode, .display]
    var preloadRect = viewport.bounds
    let preload: [RowID]
    if preloadTuning == .zero {
      preload = visible
    } else {
      preloadRect = RangeRect.expand(viewport.bounds, tuning: preloadTuning, scrollable: .vertical, direction: direction)
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
      let rect = RangeRect.expand(viewport.bounds, tuning: displayTuning, scrollable: .vertical, direction: direction)
      displayRect = rect
      display = rows(in: rect)
    }
    return RangeSets(visible: visible, display: display, preload: preload, displayRect: displayRect, preloadRect: preloadRect)
  }

  /// The state of a row from its set membership (§3.3 step 5 table).
  package static func cellState(
    containerVisible: Bool, inVisible: Bool, inDisplay: Bool, inPreload: Bool, mode: RangeMode
  ) -> InterfaceState {
    if containerVisible {
      if inVisible { return [.measureLayout, .preload, .display, .visible] }
      if inDisplay { return inPreload ? [.measureLayout, .display, .preload] : [.measureLayout, .display] }
      if inPreload { return [.measureLayout, .preload] }
      return .measureLayout
    }
    if inVisible { return mode == .lowMemory ? [.measureLayout, .preload] : [.measureLayout, .preload, .display] }
    if inDisplay { return [.measureLayout, .preload] }
    return .measureLayout
  }

  /// Runs one range update (`_updateVisibleNodeIndexPaths`) over the visible map and returns the callbacks in
  /// firing order: rows visited visible first, then display, then preload, then rows that held a state.
  ///
  /// Like Texture, a scroll that leaves the set of on-screen rows and the container state unchanged does not
  /// move the ranges (they move in steps, texture.md §9.4); `force` (a committed change set, which invalidates
  /// the ranges) and a pending explicit mode always update.
  package mutating func update(
    _ viewport: RangeViewport, map: ElementMap, separator: Double, force: Bool = false
  ) -> [InterfaceStateEvent] {
    let onScreen = viewport.bounds.isEmpty
      ? [] : map.rowIDs(intersectingMinY: viewport.bounds.y, maxY: viewport.bounds.maxY, separator: separator)
    if !force, !explicitModePending, currentMode != .unspecified, onScreen == lastVisible,
      viewport.containerState == lastContainerState
    {
      return []
    }
    lastVisible = onScreen
    lastContainerState = viewport.containerState
    var events: [InterfaceStateEvent] = []
    // Rows that left the map: their callbacks come first, in the order they were visited before.
    for id in visitOrder where !map.contains(id) {
      events += InterfaceStateEvent.transition(of: id, from: states[id] ?? .none, to: .none)
      states[id] = nil
    }
    visitOrder.removeAll { states[$0] == nil }
    let containerVisible = viewport.containerState.contains(.visible)
    if onScreen.isEmpty {
      // Step 1: nothing on screen: clear Visible from rows that had it and stop.
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
    let direction = RangeRect.effectiveDirection(current: viewport.scrollDirection, previous: previousDirection)
    if !viewport.scrollDirection.isEmpty { previousDirection = viewport.scrollDirection }
    let mode = RangeMode.next(
      current: currentMode, containerVisible: containerVisible, contentHasBeenScrolled: contentHasBeenScrolled,
      explicitModePending: explicitModePending)
    currentMode = mode
    explicitModePending = false
    let sets = rangeSets(for: viewport, mode: mode, direction: direction, map: map, separator: separator)
    let visible = Set(sets.visible)
    let display = Set(sets.display)
    let preload = Set(sets.preload)
    var order: [RowID] = []
    var seen: Set<RowID> = []
    for id in sets.visible + sets.display + sets.preload + visitOrder where seen.insert(id).inserted {
      order.append(id)
    }
    var newOrder: [RowID] = []
    for id in order {
      let new = Self.cellState(
        containerVisible: containerVisible, inVisible: visible.contains(id), inDisplay: display.contains(id),
        inPreload: preload.contains(id), mode: mode)
      let old = state(of: id, in: map)
      events += InterfaceStateEvent.transition(of: id, from: old, to: new)
      store(new, for: id)
      if states[id] != nil { newOrder.append(id) }
    }
    visitOrder = newOrder
    return events
  }

  /// Stores a row's state, dropping the implicit `.measureLayout`.
  private mutating func store(_ state: InterfaceState, for id: RowID) {
    states[id] = state == .measureLayout || state == .none ? nil : state
  }
}
