/// The nested containers of a session's rows, keyed by row and element, following the outer range controller:
/// each outer `interfaceStateDidChange` of a row holding containers becomes their container state. Pure value.
package struct NestedContainers: Sendable {
  /// Containers by id.
  package private(set) var containers: [NestedContainerID: NestedContainer] = [:]
  /// Container element ids by outer row, in the order they were added.
  private var elementsByRow: [RowID: [String]] = [:]

  /// No containers.
  package init() {}

  /// True when no row holds a container.
  package var isEmpty: Bool { containers.isEmpty }

  /// The container `id`, if any.
  package subscript(id: NestedContainerID) -> NestedContainer? { containers[id] }

  /// The container ids of `row`, in the order they were added.
  package func ids(of row: RowID) -> [NestedContainerID] {
    (elementsByRow[row] ?? []).map { NestedContainerID(row: row, element: $0) }
  }

  /// Adds (or replaces) container `id` and gives it the outer row's current `rowState`. Returns its callbacks.
  package mutating func set(
    _ container: NestedContainer, for id: NestedContainerID, rowState: InterfaceState
  ) -> [NestedStateEvent] {
    var events: [NestedStateEvent] = []
    if containers[id] != nil {
      events = remove(id)
    }
    var container = container
    let inner = container.setContainerState(rowState)
    containers[id] = container
    elementsByRow[id.row, default: []].append(id.element)
    return events + inner.map { NestedStateEvent(container: id, event: $0) }
  }

  /// Removes container `id` (its row was deleted or reloaded, or its cell no longer holds it): its items leave
  /// every range first. Returns their callbacks.
  @discardableResult
  package mutating func remove(_ id: NestedContainerID) -> [NestedStateEvent] {
    guard var container = containers.removeValue(forKey: id) else { return [] }
    elementsByRow[id.row]?.removeAll { $0 == id.element }
    if elementsByRow[id.row]?.isEmpty == true { elementsByRow[id.row] = nil }
    return container.setContainerState(.none).map { NestedStateEvent(container: id, event: $0) }
  }

  /// Removes every container of `rows` (rows a commit removed or reloaded). Returns the callbacks.
  package mutating func removeContainers(of rows: [RowID]) -> [NestedStateEvent] {
    rows.flatMap { row in ids(of: row).flatMap { remove($0) } }
  }

  /// Follows the outer range controller's `events`: the last state each row with containers reached becomes
  /// their container state, rows in the order their `interfaceStateDidChange` fired (the inner updates run after
  /// the outer update, as Texture's nested range controllers update on their own turn). Returns the inner
  /// callbacks.
  package mutating func follow(_ events: [InterfaceStateEvent]) -> [NestedStateEvent] {
    guard !containers.isEmpty else { return [] }
    var order: [RowID] = []
    var last: [RowID: InterfaceState] = [:]
    for event in events where event.kind == .interfaceStateDidChange && elementsByRow[event.id] != nil {
      if last.updateValue(event.newState, forKey: event.id) == nil { order.append(event.id) }
    }
    return order.flatMap { row in
      ids(of: row).flatMap { id in update(id) { $0.setContainerState(last[row] ?? .none) } }
    }
  }

  /// Scrolls container `id` (see `NestedContainer.scroll`); nil when there is no such container.
  package mutating func scroll(
    _ id: NestedContainerID, toX x: Double, y: Double, direction: ScrollDirection, dragging: Bool = false
  ) -> [NestedStateEvent]? {
    guard containers[id] != nil else { return nil }
    return update(id) { $0.scroll(toX: x, y: y, direction: direction, dragging: dragging) }
  }

  /// Replaces the items of container `id` (see `NestedContainer.setLayout`); nil when there is no such container.
  package mutating func setLayout(
    _ id: NestedContainerID, _ layout: FlowRangeLayout, ended: [RowID] = []
  ) -> [NestedStateEvent]? {
    guard containers[id] != nil else { return nil }
    return update(id) { $0.setLayout(layout, ended: ended) }
  }

  /// Gives container `id` the outer cell's new measurement (see `NestedContainer.relayout`); nil when there is no
  /// such container.
  package mutating func relayout(_ id: NestedContainerID, _ layout: FlowRangeLayout, size: FlowSize)
    -> [NestedStateEvent]?
  {
    guard containers[id] != nil else { return nil }
    return update(id) { $0.relayout(layout, size: size) }
  }

  /// Applies `change` to container `id` and tags the callbacks it returns.
  private mutating func update(
    _ id: NestedContainerID, _ change: (inout NestedContainer) -> [InterfaceStateEvent]
  ) -> [NestedStateEvent] {
    guard var container = containers[id] else { return [] }
    let events = change(&container)
    containers[id] = container
    return events.map { NestedStateEvent(container: id, event: $0) }
  }
}
