/// Range updates of a table: viewport changes, mode events and the update that follows every commit.
extension TableNode {
  /// Sets the viewport and runs a range update (a scroll or a change of the container's visibility); the ranges
  /// move only when the set of on-screen rows or the container state changes, as in Texture.
  /// Returns the interface-state callbacks in firing order. Session-isolated.
  package mutating func setViewport(_ viewport: RangeViewport) -> [InterfaceStateEvent] {
    self.viewport = viewport
    return ranges.update(viewport, map: visibleMap, separator: separatorHeight)
  }

  /// Applies a range-mode event (§3.4) and runs a range update when a viewport is known.
  package mutating func handleRangeModeEvent(_ event: RangeModeEvent) -> [InterfaceStateEvent] {
    ranges.handle(event)
    return rangeEventsAfterChange() ?? []
  }

  /// Runs a forced range update with the last viewport (Texture's experiment `RangeUpdateOnChangesetUpdate`:
  /// a commit updates the ranges at once). Nil when no viewport has been set.
  mutating func rangeEventsAfterChange() -> [InterfaceStateEvent]? {
    guard let viewport else { return nil }
    return ranges.update(viewport, map: visibleMap, separator: separatorHeight, force: true)
  }
}
