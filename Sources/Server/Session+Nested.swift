import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

/// The collections and pagers inside rows' cells (Protocol.md "Nested containers"): their items measured with
/// their rows, their range controllers following their rows' interface states, their notifications.
extension Session {
  /// Takes the nested containers measured with `result`'s row (its current generation): a container new to the
  /// row starts with the row's current state as its container state, one the row already had keeps its offset and
  /// the states of the items whose ids continue (a reload of the row replaces its items), one the cell no longer
  /// holds is removed (its items leave every range). Failed item layouts are logged like failed cells.
  func acceptNested(_ result: CellResult) {
    let before = nested.ids(of: result.id)
    guard !result.nested.isEmpty || !before.isEmpty else { return }
    var events: [NestedStateEvent] = []
    let kept = Set(result.nested.map(\.element))
    for id in before where !kept.contains(id.element) {
      events += nested.remove(id)
    }
    let rowState = table.ranges.state(of: result.id, in: table.visibleMap)
    for measure in result.nested {
      for failure in measure.failures {
        let message =
          "session \"\(id)\": item \"\(failure.id)\" of \(measure.kind.rawValue) \"\(measure.element)\" in "
          + "\(cellDescription(result.id)) failed to lay out: \(failure.reason)"
        ServerLog.write(.warning, message)
        notify(Notifications.logMessage(type: 1, message))
      }
      let containerID = NestedContainerID(row: result.id, element: measure.element)
      if let existing = nested[containerID], existing.kind == measure.rangeKind {
        events += nested.relayout(containerID, measure.layout, size: measure.size) ?? []
      } else {
        let container = NestedContainer(layout: measure.layout, size: measure.size, kind: measure.rangeKind)
        events += nested.set(container, for: containerID, rowState: rowState)
      }
    }
    publish(nested: events)
  }

  /// Removes the containers of rows a commit deleted for good (not in the committed rows, nor pending).
  func removeNested(deleted: [RowID], inserted: [RowID]) {
    guard !nested.isEmpty, !deleted.isEmpty else { return }
    let gone = Set(deleted).filter { !table.visibleMap.contains($0) && table.cell($0) == nil }
    guard !gone.isEmpty else { return }
    publish(nested: nested.removeContainers(of: gone.sorted()))
  }

  /// Pushes one `cell/interfaceStateChanged` per inner item whose state changed, with its `container`
  /// `{row, element}` and the callbacks it received in order (no indexPath: an inner item is addressed by its
  /// container and id).
  func publish(nested events: [NestedStateEvent]) {
    guard scrolling.interfaceStates else { return }
    var callbacks: [String] = []
    for tagged in events {
      let event = tagged.event
      guard event.kind == .interfaceStateDidChange else {
        callbacks.append(event.kind.rawValue)
        continue
      }
      let params = JSONObject([
        ("sessionId", .string(id)), ("rowId", .string(event.id.rawValue)),
        ("container", Session.containerJSON(tagged.container)),
        ("oldState", Session.stateNames(event.oldState)), ("newState", Session.stateNames(event.newState)),
        ("events", .array(callbacks.map { .string($0) })),
      ])
      notify(.notification(method: "cell/interfaceStateChanged", params: .object(params)))
      callbacks.removeAll()
    }
  }

  /// `{row, element}` of a container.
  static func containerJSON(_ id: NestedContainerID) -> JSONValue {
    .object(JSONObject([("row", .string(id.row.rawValue)), ("element", .string(id.element))]))
  }
}

extension NestedMeasure {
  /// The tuning defaults of the container's kind (texture.md §3.5).
  var rangeKind: RangeContainerKind { kind == .pager ? .pager : .collection }
}
