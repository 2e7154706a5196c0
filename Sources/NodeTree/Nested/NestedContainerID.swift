/// Which nested container: the outer row whose cell holds it and the id of the container element inside that
/// cell. Pure value.
package struct NestedContainerID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The outer row (a table row or a collection item of the session's own container).
  package var row: RowID
  /// The container element's id inside the row's cell.
  package var element: String

  /// Names a container by its row and element.
  package init(row: RowID, element: String) {
    self.row = row
    self.element = element
  }

  /// Orders by row id, then element id (deterministic outputs only).
  package static func < (lhs: NestedContainerID, rhs: NestedContainerID) -> Bool {
    lhs.row != rhs.row ? lhs.row < rhs.row : lhs.element < rhs.element
  }

  /// Renders as `row/element`.
  package var description: String { "\(row)/\(element)" }
}

/// One interface-state callback of an item of a nested container, with the container it belongs to. Pure value.
package struct NestedStateEvent: Sendable, Equatable {
  /// The container whose item the callback is for.
  package let container: NestedContainerID
  /// The callback (its `id` is the inner item's id).
  package let event: InterfaceStateEvent

  /// Tags `event` with `container`.
  package init(container: NestedContainerID, event: InterfaceStateEvent) {
    self.container = container
    self.event = event
  }
}
