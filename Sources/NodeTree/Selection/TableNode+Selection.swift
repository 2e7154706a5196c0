/// Selecting rows of the committed (visible) table, and keeping the selection on its rows across commits.
/// Session-isolated. Rows are addressed in the visible (UIKit) index space, as `selectRowAtIndexPath:` is.
extension TableNode {
  /// Selected rows in visible row order (UIKit's `indexPathsForSelectedRows`, by id).
  package var selectedRows: [RowID] { inVisibleOrder(selection.selected) }

  /// Index paths of the selected rows in the visible map, in order.
  package var indexPathsForSelectedRows: [TableIndexPath] {
    selection.selected.compactMap { visibleMap.indexPath(of: $0) }.sorted()
  }

  /// Sets `allowsSelection`; turning it off clears the selection. Returns the change, nil when nothing changed.
  package mutating func setAllowsSelection(_ allows: Bool) -> SelectionChange? {
    // The receiver of `selectionChange` is read before its arguments: mutate first.
    let deselected = selection.setAllowsSelection(allows)
    return selectionChange(selected: [], deselected: deselected)
  }

  /// Sets `allowsMultipleSelection`; turning it off keeps only the first selected row in row order. Returns the
  /// change, nil when nothing changed.
  package mutating func setAllowsMultipleSelection(_ allows: Bool) -> SelectionChange? {
    let deselected = selection.setAllowsMultipleSelection(allows, first: selectedRows.first)
    return selectionChange(selected: [], deselected: deselected)
  }

  /// Selects a committed row (by visible index path or id); with single selection the previous row is deselected.
  /// Throws when selection is off or the row is not on the visible map; nil when it was already the selection.
  package mutating func selectRow(_ row: RowReference) throws(NodeTreeError) -> SelectionChange? {
    let id = try visibleRowID(row)
    guard selection.allowsSelection else { throw .selectionNotAllowed }
    let (selected, deselected) = selection.select(id)
    return selectionChange(selected: selected, deselected: deselected)
  }

  /// Deselects a committed row; nil when it was not selected.
  package mutating func deselectRow(_ row: RowReference) throws(NodeTreeError) -> SelectionChange? {
    let id = try visibleRowID(row)
    let deselected: Set<RowID> = selection.deselect(id) ? [id] : []
    return selectionChange(selected: [], deselected: deselected)
  }

  /// After a commit: selected rows the change set deleted or reloaded (every row for reloadData) lose the
  /// selection; moved rows keep it. A deleted row whose id a new row took in the same change set (a reloaded
  /// section's rows given their old ids) is a new row, unselected, as UIKit's new cell is. Nil when the selection
  /// did not change.
  mutating func updateSelection(after changeSet: ChangeSet) -> SelectionChange? {
    guard !selection.selected.isEmpty else { return nil }
    let reloaded = Set(changeSet.reloadedRows)
    let deleted = changeSet.deletedRows.isEmpty ? [] : Set(changeSet.deletedRows)
    let dropped = selection.drop { id in
      changeSet.includesReloadData || reloaded.contains(id) || deleted.contains(id) || !visibleMap.containsRow(id)
    }
    return selectionChange(selected: [], deselected: dropped)
  }

  /// The change for these sets, nil when both are empty.
  private func selectionChange(selected: Set<RowID>, deselected: Set<RowID>) -> SelectionChange? {
    guard !selected.isEmpty || !deselected.isEmpty else { return nil }
    return SelectionChange(
      selected: inVisibleOrder(selected), deselected: inVisibleOrder(deselected), selection: selectedRows)
  }

  /// `ids` in visible row order; ids no longer on the visible map follow, sorted by id.
  private func inVisibleOrder(_ ids: Set<RowID>) -> [RowID] {
    var located: [(TableIndexPath, RowID)] = []
    var gone: [RowID] = []
    for id in ids {
      if let path = visibleMap.indexPath(of: id) { located.append((path, id)) } else { gone.append(id) }
    }
    return located.sorted { $0.0 < $1.0 }.map(\.1) + gone.sorted()
  }

  /// The visible row `row` names.
  private func visibleRowID(_ row: RowReference) throws(NodeTreeError) -> RowID {
    switch row {
    case .id(let id):
      guard visibleMap.containsRow(id) else { throw .unknownRowID(id) }
      return id
    case .indexPath(let path):
      guard let id = visibleMap.rowID(at: path) else {
        guard let count = visibleMap.numberOfRows(inSection: path.section) else {
          throw .sectionOutOfRange(section: path.section, sectionCount: visibleMap.numberOfSections)
        }
        throw .rowOutOfRange(path, rowCount: count)
      }
      return id
    }
  }
}
