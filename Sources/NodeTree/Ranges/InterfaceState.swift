/// How close a node is to the screen (Texture's `ASInterfaceState`, texture.md §3.1), with Texture's bit values.
/// Pure value.
package struct InterfaceState: OptionSet, Sendable, Hashable, CustomStringConvertible {
  /// Raw bits.
  package let rawValue: Int

  /// Creates a state from raw bits.
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// Not expected on screen soon (0).
  package static let none: InterfaceState = []
  /// May be added soon; measure (1 << 0).
  package static let measureLayout = InterfaceState(rawValue: 1 << 0)
  /// Fetch data from disk or network (1 << 1).
  package static let preload = InterfaceState(rawValue: 1 << 1)
  /// Render contents (1 << 2).
  package static let display = InterfaceState(rawValue: 1 << 2)
  /// At least one pixel on screen (1 << 3).
  package static let visible = InterfaceState(rawValue: 1 << 3)
  /// Every bit: nodes not managed by a range controller while in a window.
  package static let inHierarchy: InterfaceState = [.measureLayout, .preload, .display, .visible]

  /// Names of the set bits in bit order, e.g. `measureLayout|preload`.
  package var description: String {
    let names = [(InterfaceState.measureLayout, "measureLayout"), (.preload, "preload"), (.display, "display"),
                 (.visible, "visible")]
    let set = names.filter { contains($0.0) }.map(\.1)
    return set.isEmpty ? "none" : set.joined(separator: "|")
  }
}

/// One interface-state callback Texture fires on a cell (texture.md §3.2). Pure value.
package struct InterfaceStateEvent: Sendable, Equatable {
  /// Which callback.
  package enum Kind: String, Sendable, Equatable {
    /// `didEnterPreloadState`.
    case didEnterPreload
    /// `didExitPreloadState`.
    case didExitPreload
    /// `didEnterDisplayState`.
    case didEnterDisplay
    /// `didExitDisplayState`.
    case didExitDisplay
    /// `didEnterVisibleState`.
    case didEnterVisible
    /// `didExitVisibleState`.
    case didExitVisible
    /// `interfaceStateDidChange:fromState:`, always last for a node whose state changed.
    case interfaceStateDidChange
  }

  /// The row the callback is for.
  package let id: RowID
  /// The callback.
  package let kind: Kind
  /// State before the change.
  package let oldState: InterfaceState
  /// State after the change.
  package let newState: InterfaceState

  /// Creates an event.
  package init(id: RowID, kind: Kind, oldState: InterfaceState, newState: InterfaceState) {
    self.id = id
    self.kind = kind
    self.oldState = oldState
    self.newState = newState
  }

  /// The callbacks for one node changing from `old` to `new`, in Texture's fixed order: preload, display,
  /// visible, then `interfaceStateDidChange` (`applyPendingInterfaceState:`). Empty when nothing changed.
  package static func transition(of id: RowID, from old: InterfaceState, to new: InterfaceState) -> [InterfaceStateEvent] {
    guard old != new else { return [] }
    var kinds: [Kind] = []
    let pairs: [(InterfaceState, Kind, Kind)] = [
      (.preload, .didEnterPreload, .didExitPreload),
      (.display, .didEnterDisplay, .didExitDisplay),
      (.visible, .didEnterVisible, .didExitVisible),
    ]
    for (bit, enter, exit) in pairs where old.contains(bit) != new.contains(bit) {
      kinds.append(new.contains(bit) ? enter : exit)
    }
    kinds.append(.interfaceStateDidChange)
    return kinds.map { InterfaceStateEvent(id: id, kind: $0, oldState: old, newState: new) }
  }

  /// The callbacks for many rows visited in order, each row's full sequence before the next row's; rows whose
  /// state did not change produce nothing. A missing old state counts as `.none`; so does a missing new state.
  package static func transitions(
    order: [RowID], old: [RowID: InterfaceState], new: [RowID: InterfaceState]
  ) -> [InterfaceStateEvent] {
    order.flatMap { transition(of: $0, from: old[$0] ?? .none, to: new[$0] ?? .none) }
  }
}
