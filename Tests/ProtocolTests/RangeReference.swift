/// An independent, deliberately naive model of Texture's range controller for one table section, written from
/// texture.md §3.2–§3.6 and Protocol.md "Scrolling, ranges and interface states" (not from the daemon's code), to
/// predict the exact `cell/interfaceStateChanged` sequence of a scripted scroll. Container visible, app in the
/// foreground, default tuning, rows of any height. Pure; all values in points.
struct RangeReference {
  /// A range mode (texture.md §3.4); only the two that scrolling reaches.
  enum Mode: String { case minimum, full }

  /// A vertical scroll direction (texture.md §3.6).
  enum Direction { case up, down }

  /// Leading / trailing screenfuls of one range (texture.md §3.5).
  struct Tuning: Equatable {
    /// Screenfuls ahead of the viewport in the scroll direction.
    var leading: Double
    /// Screenfuls behind it.
    var trailing: Double
  }

  /// Row heights (separator included), in row order.
  private(set) var heights: [Double]
  /// Top of each row (prefix sums of `heights`).
  private(set) var tops: [Double]
  /// Viewport height.
  let viewportHeight: Double
  /// Content offset (the viewport's y).
  private(set) var offset: Double = 0
  /// The current range mode: `minimum` from the first update until the first drag (texture.md §3.4).
  private(set) var mode: Mode = .minimum
  /// The last scroll direction; initially Down (texture.md §3.3 step 2).
  private(set) var direction: Direction = .down
  /// Every row's interface state.
  private(set) var states: [InterfaceBits]
  /// The rows on screen at the last range update (ranges move only when this set changes).
  private(set) var onScreen: [Int] = []
  /// The rows the last range update put in a range, in its visit order (visible, display, preload).
  private(set) var lastRanged: [Int] = []

  /// A table of rows with `heights`, all committed and measured (state measureLayout), viewport `viewportHeight`.
  init(heights: [Double], viewportHeight: Double) {
    self.heights = heights
    self.viewportHeight = viewportHeight
    tops = []
    states = Array(repeating: .measureLayout, count: heights.count)
    recomputeTops()
  }

  /// Recomputes `tops` from `heights`.
  private mutating func recomputeTops() {
    var y = 0.0
    tops = heights.map { h in
      defer { y += h }
      return y
    }
  }

  /// The content height: the sum of the row heights.
  var contentHeight: Double { (tops.last ?? 0) + (heights.last ?? 0) }

  /// The largest offset a scroll may reach (UIKit's clamp, no insets).
  var maxOffset: Double { max(0, contentHeight - viewportHeight) }

  /// Default tuning of `mode` for the display range and the preload range (texture.md §3.5).
  static func tuning(_ mode: Mode) -> (display: Tuning, preload: Tuning) {
    switch mode {
    case .full: return (Tuning(leading: 1, trailing: 0.5), Tuning(leading: 2.5, trailing: 1.5))
    case .minimum: return (Tuning(leading: 0.25, trailing: 0.25), Tuning(leading: 0.5, trailing: 0.25))
    }
  }

  /// The rows whose frames intersect the vertical span [minY, maxY) with `CGRectIntersectsRect` semantics: a
  /// positive overlap is needed, so rows that only touch an edge do not count. Linear on purpose.
  func rows(intersecting minY: Double, _ maxY: Double) -> [Int] {
    guard maxY > minY else { return [] }
    return heights.indices.filter { i in heights[i] > 0 && tops[i] < maxY && tops[i] + heights[i] > minY }
  }

  /// The viewport expanded by `tuning` in `direction` (texture.md §3.6, vertical axis): Down extends down by
  /// leading and up by trailing screenfuls; otherwise down by trailing and up by leading.
  func rangeSpan(_ tuning: Tuning) -> (minY: Double, maxY: Double) {
    let h = viewportHeight
    switch direction {
    case .down: return (offset - tuning.trailing * h, offset + h + tuning.leading * h)
    case .up: return (offset - tuning.leading * h, offset + h + tuning.trailing * h)
    }
  }

  /// The rows on screen now.
  var visibleRows: [Int] { rows(intersecting: offset, offset + viewportHeight) }

  /// One range update (texture.md §3.3): the visible, display and preload sets, each in row order, then the rows
  /// the previous update put in a range ("every index path touched last time"), in that update's visit order —
  /// texture.md leaves the order inside a group open (Texture keeps them in sets); this is the daemon's choice —
  /// each row once. Every state that differs is applied and reported.
  mutating func update() -> [StateChange] {
    let visible = visibleRows
    onScreen = visible
    guard !visible.isEmpty else { return [] }
    let tuning = Self.tuning(mode)
    let displaySpan = rangeSpan(tuning.display)
    let display = rows(intersecting: displaySpan.minY, displaySpan.maxY)
    let preloadSpan = rangeSpan(tuning.preload)
    let preload = tuning.preload == tuning.display ? display : rows(intersecting: preloadSpan.minY, preloadSpan.maxY)
    let ranged = Self.unique(visible + display + preload)
    let earlier = Set(lastRanged)
    let held = lastRanged + states.indices.filter { states[$0] != .measureLayout && !earlier.contains($0) }
    lastRanged = ranged
    var changes: [StateChange] = []
    let visibleSet = Set(visible)
    let displaySet = Set(display)
    let preloadSet = Set(preload)
    for row in Self.unique(ranged + held) {
      var new: InterfaceBits = .measureLayout
      if visibleSet.contains(row) {
        new = [.measureLayout, .preload, .display, .visible]
      } else {
        if displaySet.contains(row) { new.insert(.display) }
        if preloadSet.contains(row) { new.insert(.preload) }
      }
      if new != states[row] {
        changes.append(StateChange(row: row, old: states[row], new: new))
        states[row] = new
      }
    }
    return changes
  }

  /// `rows` without repeats, first occurrences kept in order.
  static func unique(_ rows: [Int]) -> [Int] {
    var seen = Set<Int>()
    return rows.filter { seen.insert($0).inserted }
  }

  /// A scroll to `y` (clamped), as Protocol.md describes it: a drag is a pan gesture whose direction is the sign
  /// of the requested move (even when the clamp keeps the offset); it first switches to Full with one range update
  /// at the old offset in that direction (only when the mode changes). A programmatic scroll has no direction
  /// (updates reuse the last one). Then the viewport moves, and the ranges are updated only if the on-screen rows
  /// changed.
  mutating func scroll(to y: Double, drag: Bool) -> [StateChange] {
    var changes: [StateChange] = []
    if drag && y != offset { direction = y > offset ? .down : .up }
    if drag && mode != .full {
      mode = .full
      changes += update()
    }
    offset = min(max(y, 0), maxOffset)
    if visibleRows != onScreen { changes += update() }
    return changes
  }
}
