/// Cell accessories (`accessoryType`, `selectionStyle`, `separatorInset`): lookups. Session-isolated.
extension TableNode {
  /// The accessories of pending row `id` (the defaults for a row without any, or an unknown id; no lookup while no
  /// row has any).
  package func accessories(of id: RowID) -> CellAccessories {
    rowAccessories.isEmpty ? .standard : rowAccessories[id] ?? .standard
  }

  /// True when some pending row has accessories other than the defaults.
  package var hasRowAccessories: Bool { !rowAccessories.isEmpty }
}

/// The row members beside the cell, of every pending row that has one, as values a query answers from off the
/// session (`heightRange`, accessories) with the committed selection. Copying shares the tables' storage. Pure value.
package struct RowMemberTables: Sendable {
  /// Height ranges by row.
  package var heightRanges: [RowID: RowHeightRange] = [:]
  /// Accessories other than the defaults, by row.
  package var accessories: [RowID: CellAccessories] = [:]
  /// The selected rows.
  package var selected: Set<RowID> = []

  /// Empty tables: every row has the defaults and none is selected.
  package init() {}
}

extension TableNode {
  /// The row member tables as they are now.
  package var rowMemberTables: RowMemberTables {
    var tables = RowMemberTables()
    tables.heightRanges = heightRanges
    tables.accessories = rowAccessories
    tables.selected = selection.selected
    return tables
  }
}
