/// A table's row selection (UIKit's `allowsSelection`, `allowsMultipleSelection`, `indexPathsForSelectedRows`),
/// kept by row id so that it follows rows across batch updates. Pure value; Session-isolated when owned by a table.
///
/// Rules (UIKit's documented behaviour where it has one, else stated as the daemon's choice):
/// - `allowsSelection` (default true): false "users can't select rows" (`UITableView.allowsSelection`); turning it
///   off clears the selection, and selecting while it is off is refused.
/// - `allowsMultipleSelection` (default false): with it off, selecting a row deselects the others. Turning it off
///   keeps only the first selected row in row order: UIKit documents nothing here; AppKit's `NSCollectionView`
///   documents exactly this ("reduces the current selection to the first item in the selected group").
/// - Across a committed change set: moved rows keep their selection (same row, new place), deleted rows drop it,
///   reloaded rows lose it (UIKit recreates a reloaded row's cell unselected), reloadData clears it.
package struct Selection: Sendable, Equatable {
  /// Whether rows can be selected.
  package private(set) var allowsSelection = true
  /// Whether more than one row can be selected.
  package private(set) var allowsMultipleSelection = false
  /// The selected rows.
  package private(set) var selected: Set<RowID> = []

  /// Creates an empty selection with UIKit's defaults.
  package init() {}

  /// Sets `allowsSelection`; turning it off deselects every row. Returns the deselected rows.
  mutating func setAllowsSelection(_ allows: Bool) -> Set<RowID> {
    allowsSelection = allows
    guard !allows else { return [] }
    defer { selected.removeAll() }
    return selected
  }

  /// Sets `allowsMultipleSelection`; turning it off keeps only `first` (the first selected row in row order).
  /// Returns the deselected rows.
  mutating func setAllowsMultipleSelection(_ allows: Bool, first: RowID?) -> Set<RowID> {
    allowsMultipleSelection = allows
    guard !allows, selected.count > 1 else { return [] }
    let dropped = selected.subtracting(first.map { [$0] } ?? [])
    selected.subtract(dropped)
    return dropped
  }

  /// Selects `id`; with single selection the others are deselected. Returns (selected, deselected), both empty
  /// when `id` was already the whole selection.
  mutating func select(_ id: RowID) -> (selected: Set<RowID>, deselected: Set<RowID>) {
    var deselected: Set<RowID> = []
    if !allowsMultipleSelection {
      deselected = selected.subtracting([id])
      selected.subtract(deselected)
    }
    let added: Set<RowID> = selected.insert(id).inserted ? [id] : []
    return (added, deselected)
  }

  /// Deselects `id`; returns true when it was selected.
  mutating func deselect(_ id: RowID) -> Bool { selected.remove(id) != nil }

  /// Drops every selected row `leaves` accepts (rows a commit deleted or reloaded); returns them.
  mutating func drop(where leaves: (RowID) -> Bool) -> Set<RowID> {
    let dropped = selected.filter(leaves)
    selected.subtract(dropped)
    return dropped
  }
}

/// A change of the selection: rows newly selected and rows deselected (by the client, by a setting, or because a
/// commit deleted or reloaded them), each in row order, and the whole selection after it. Pure value.
package struct SelectionChange: Sendable, Equatable {
  /// Rows that became selected, in visible row order.
  package let selected: [RowID]
  /// Rows that stopped being selected: visible row order for rows still on screen, then rows that left (by id).
  package let deselected: [RowID]
  /// The selection after the change, in visible row order.
  package let selection: [RowID]
}
