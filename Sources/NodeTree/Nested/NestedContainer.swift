/// A collection or pager nested in a cell (a horizontal "stories" row in a table): its items placed by a flow
/// layout in a viewport the size of the container element's frame, scrolled on its own, with its own range
/// controller whose container state is the interface state of the cell holding it (texture.md §3.3: a nested
/// `ASCollectionNode` is range-managed, so `ASInterfaceStateForDisplayNode` reports its pending interface state,
/// which the outer range controller sets recursively on the cell's subtree). Pure value.
///
/// Rules (each a consequence of Texture's source; Protocol.md states them for the wire):
/// - The outer cell holds Preload (or more) and is not Visible: every inner item in the inner visible, display or
///   preload set gets MeasureLayout|Preload|Display (Display left out in LowMemory) and none gets Visible
///   (`_updateVisibleNodeIndexPaths` for a container whose state lacks Visible); items outside those sets keep
///   MeasureLayout. The range mode is chosen as for a hidden container (Minimum on the first update).
/// - The outer cell is Visible: the inner items get the usual states from the inner viewport alone (an item is
///   Visible when it meets the inner viewport, however much of the outer cell is on screen: UIKit's `willDisplay`
///   of the inner collection view).
/// - The outer cell lacks Preload (MeasureLayout or none): every inner item goes back to MeasureLayout
///   (`didExitPreloadState` → `clearPreloadedData`, contents cleared with Display) and inner scrolls change
///   nothing until the outer cell enters Preload again.
/// - A change of the outer cell's state, a change of the inner items (edits) and a range-mode change force an
///   inner range update; an inner scroll runs one only when the set of items meeting the inner viewport changes
///   (as for the session's own container).
package struct NestedContainer: Sendable {
  /// The inner items' frames and ids.
  package private(set) var layout: FlowRangeLayout
  /// The inner range controller (tuning: the collection's or the pager's defaults, §3.5).
  package var ranges: RangeController
  /// The inner viewport in the container's content coordinates: origin = its content offset, size = the
  /// container element's frame size.
  package private(set) var bounds: Rect
  /// Collection or pager (the tuning defaults it started with).
  package let kind: RangeContainerKind
  /// The interface state of the outer cell, which is the inner range controller's container state.
  package private(set) var containerState: InterfaceState = .none

  /// A container of `layout`'s items seen through a `size` viewport at offset (0, 0), with `kind`'s tuning
  /// defaults; its outer cell is in no range yet.
  package init(layout: FlowRangeLayout, size: FlowSize, kind: RangeContainerKind = .collection) {
    self.layout = layout
    self.kind = kind
    bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
    ranges = RangeController()
    ranges.tuning = RangeTuningTable(defaultsFor: kind)
  }

  /// The state of inner item `id` (`.measureLayout` for an item in no range, `.none` for an unknown id).
  package func state(of id: RowID) -> InterfaceState {
    ranges.states[id] ?? (layout.contains(id) ? .measureLayout : .none)
  }

  /// The outer cell's state changed to `state`: runs a forced inner update (or takes every item back to
  /// MeasureLayout when `state` lacks Preload). Returns the inner callbacks in firing order; none when the state
  /// did not change.
  package mutating func setContainerState(_ state: InterfaceState) -> [InterfaceStateEvent] {
    guard state != containerState else { return [] }
    containerState = state
    return update(force: true, direction: [])
  }

  /// Scrolls the inner viewport to content offset (`x`, `y`) moving in `direction` (empty: not scrolling, the
  /// previous direction is reused); `dragging` is a user drag, which sets Full explicitly (`willBeginDragging`)
  /// and marks the content as scrolled. Returns the inner callbacks.
  package mutating func scroll(
    toX x: Double, y: Double, direction: ScrollDirection, dragging: Bool = false
  ) -> [InterfaceStateEvent] {
    bounds.x = x
    bounds.y = y
    let modeChanged = dragging ? ranges.handle(.willBeginDragging) : false
    return update(force: modeChanged, direction: direction)
  }

  /// Resizes the inner viewport (the container element's frame changed size). Forces an update.
  package mutating func resize(to size: FlowSize) -> [InterfaceStateEvent] {
    bounds.width = size.width
    bounds.height = size.height
    return update(force: true, direction: [])
  }

  /// Replaces the inner items (a committed edit): items no longer present are released (a Visible one gets only
  /// its Visible exit, as Texture releases a deleted node), ids in `ended` that continue (reloaded, moved) get new
  /// nodes the same way, then a forced update places the rest. Returns the callbacks, releases first.
  package mutating func setLayout(_ newLayout: FlowRangeLayout, ended: [RowID] = []) -> [InterfaceStateEvent] {
    let gone = ranges.states.keys.filter { !newLayout.contains($0) }.sorted()
    var seen = Set<RowID>()
    let released = ranges.release((gone + ended).filter { seen.insert($0).inserted })
    layout = newLayout
    return released.flatMap(\.events) + update(force: true, direction: [])
  }

  /// The outer cell was measured again: the container element is `size` and holds `newLayout`'s items (ids that
  /// continue keep their states). The inner offset is clamped into the new content as UIKit clamps a scroll view's
  /// offset when its content shrinks, then a forced update runs. Returns the callbacks (releases first).
  package mutating func relayout(_ newLayout: FlowRangeLayout, size: FlowSize) -> [InterfaceStateEvent] {
    bounds.width = size.width
    bounds.height = size.height
    let content = newLayout.layout.contentSize
    bounds.x = min(max(bounds.x, 0), max(0, content.width - size.width)) + 0
    bounds.y = min(max(bounds.y, 0), max(0, content.height - size.height)) + 0
    return setLayout(newLayout)
  }

  /// The inner content offset along both axes.
  package var contentOffset: (x: Double, y: Double) { (bounds.x, bounds.y) }

  /// One inner range update with the outer cell's state as the container state.
  private mutating func update(force: Bool, direction: ScrollDirection) -> [InterfaceStateEvent] {
    guard containerState.contains(.preload) else { return ranges.exitAllRanges() }
    let viewport = RangeViewport(bounds: bounds, scrollDirection: direction, containerState: containerState)
    return ranges.update(viewport, layout: layout, force: force)
  }
}
