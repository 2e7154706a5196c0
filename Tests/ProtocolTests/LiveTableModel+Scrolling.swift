/// Scrolls, viewport changes and offset clamps of `LiveTableModel` (rules "Geometry" and "Scrolls").
extension LiveTableModel {
  /// A programmatic move of the offset to `y` (already clamped): if it changed and V, the batch-fetch check at the
  /// new offset with no direction (UIKit's scrollViewDidScroll). True when it moved.
  @discardableResult
  mutating func moveProgrammatically(to y: Double) -> Bool {
    guard y != offset else { return false }
    offset = y
    if containerInWindow { batchFetchCheck(at: offset, direction: nil) }
    return true
  }

  /// Clamps the resting offset into [minY, maxY] (after content or viewport changes); a clamp that moves it is a
  /// programmatic move.
  mutating func clampOffset() {
    moveProgrammatically(to: clamped(offset))
  }

  /// A drag to the requested offset `target` (rules "Scrolls", drag): the pan direction is the sign of the
  /// requested move; begin (S, setMode(full) with an update at the old offset when M changes), move, an update when
  /// the visible set changed, then the end-of-drag check at the resting target.
  mutating func drag(to target: Double) {
    let pan: Direction? = target > offset ? .down : target < offset ? .up : nil
    contentHasBeenScrolled = true
    if setMode(.full) { rangeUpdate(pan) }
    offset = clamped(target)
    updateIfVisibleChanged(pan)
    batchFetchCheck(at: offset, direction: pan)
  }

  /// A programmatic scroll to `target` (clamped): an update when the visible set changed (direction none), and the
  /// check when the offset moved.
  mutating func scrollProgrammatically(to target: Double) {
    moveProgrammatically(to: clamped(target))
    updateIfVisibleChanged(nil)
  }

  /// `table/scrollToOffset` / `table/scrollBy` target for `y` or `dy`, then a drag or a programmatic scroll.
  mutating func scroll(to target: Double, drag isDrag: Bool) {
    if isDrag { drag(to: target) } else { scrollProgrammatically(to: target) }
  }

  /// The unclamped offset `table/scrollToRow` aims at for a row at `top` of height `h` (rules "Scrolls").
  func scrollTarget(top: Double, height h: Double, position: String) -> Double {
    let bottom = top + h
    switch position {
    case "top": return top - insetTop
    case "middle": return top + h / 2 - viewportHeight / 2
    case "bottom": return bottom - viewportHeight + insetBottom
    default:
      let a = top - insetTop
      let b = bottom - viewportHeight + insetBottom
      return min(max(offset, min(a, b)), max(a, b))
    }
  }

  /// `table/scrollToRow` (programmatic) for committed row `id`; false when no such row (an error answer).
  mutating func scrollToRow(_ id: String, position: String) -> Bool {
    guard let found = find(id) else { return false }
    let h = Double(sections[found.section][found.row].quarters) / 4
    scrollProgrammatically(to: wireScrollTarget(top: found.top, height: h, position: position))
    return true
  }

  /// `session/setViewport` with a new height: clamp, then an update when the visible set changed.
  mutating func setViewportHeight(_ h: Double) {
    viewportHeight = h
    clampOffset()
    updateIfVisibleChanged(nil)
  }

  /// `session/setViewport` with new insets: clamp, then an update when the visible set changed.
  mutating func setInsets(top: Double, bottom: Double) {
    insetTop = top
    insetBottom = bottom
    clampOffset()
    updateIfVisibleChanged(nil)
  }
}
