/// Range updates of a table: viewport changes, mode events and the update that follows every commit.
extension TableNode {
  /// Sets the viewport and evaluates it: a range update runs when `force` is set or the set of on-screen rows
  /// changed, as in Texture (a scroll that keeps the same rows on screen moves no range).
  /// Returns the interface-state callbacks in firing order. Session-isolated.
  package mutating func setViewport(_ viewport: RangeViewport, force: Bool = false) -> [InterfaceStateEvent] {
    self.viewport = viewport
    if let flowCache { return ranges.update(viewport, layout: flowRangeLayout(flowCache), force: force) }
    return ranges.update(
      viewport, map: visibleMap, separator: separatorHeight, force: force, floating: floatingCells(in: viewport.bounds))
  }

  /// The interface state of committed row or header/footer cell `id` (`RangeController.state(of:in:)` against the
  /// visible map), read in place: a caller holding the table in a class property copied the map and the range
  /// controller to ask `ranges` about `visibleMap`.
  package func interfaceState(of id: RowID) -> InterfaceState { ranges.state(of: id, in: visibleMap) }

  /// Records the container's state (window, app background) for the next range update without running one.
  package mutating func setContainerState(_ state: InterfaceState) {
    viewport?.containerState = state
  }

  /// Applies a range-mode event (§3.4); when it changes the mode, a range update runs with the last viewport
  /// (`updateCurrentRangeWithMode:` requests one only then).
  /// `direction` is the scroll direction of that update (a drag's pan direction; none otherwise).
  package mutating func handleRangeModeEvent(
    _ event: RangeModeEvent, direction: ScrollDirection = []
  ) -> [InterfaceStateEvent] {
    ranges.handle(event) ? rangeUpdate(force: true, direction: direction) : []
  }

  /// Sets a range mode explicitly (`updateCurrentRangeWithMode:`): a range update runs when the mode changed.
  package mutating func setRangeMode(_ mode: RangeMode) -> [InterfaceStateEvent] {
    ranges.setExplicitMode(mode) ? rangeUpdate(force: true) : []
  }

  /// Evaluates the last viewport (forced: a committed change set or a mode change; else only when the on-screen
  /// rows changed). Empty when no viewport has been set.
  mutating func rangeUpdate(force: Bool, direction: ScrollDirection = []) -> [InterfaceStateEvent] {
    guard let viewport else { return [] }
    var current = viewport
    current.scrollDirection = direction
    if let flowCache { return ranges.update(current, layout: flowRangeLayout(flowCache), force: force) }
    return ranges.update(
      current, map: visibleMap, separator: separatorHeight, force: force, floating: floatingCells(in: viewport.bounds))
  }

  /// After the content changed: restores the scroll anchor (when anchoring is on), then clamps the offset into the
  /// content as UIKit does when the content shrinks. Returns the whole move, nil when the offset stayed.
  mutating func settleOffset(_ anchor: ScrollAnchor?) -> OffsetAdjustment? {
    guard var current = viewport else { return nil }
    let beforeX = current.bounds.x
    if flow != nil { current.bounds.x = clampedOffsetX(current.bounds.x) }
    let before = current.bounds.y
    let target = anchoredOffsetY(anchor) ?? before
    current.bounds.y = clampedOffsetY(target)
    viewport = current
    guard abs(current.bounds.y - before) >= 1e-9 || abs(current.bounds.x - beforeX) >= 1e-9 else { return nil }
    // Anchoring moved it when the anchor asked for another offset; else only the clamp did (a collection's x
    // only ever moves by the clamp).
    return OffsetAdjustment(
      oldY: before, newY: current.bounds.y, byAnchoring: abs(target - before) >= 1e-9, oldX: beforeX,
      newX: current.bounds.x)
  }
}

extension TableNode {
  /// The committed flow with the visible map's ids, for one range update.
  func flowRangeLayout(_ layout: FlowLayout) -> FlowRangeLayout { FlowRangeLayout(layout: layout, map: visibleMap) }
}
