/// What one applied batch (or reloadData) changed: index maps and the rows involved. Texture's
/// `_ASHierarchyChangeSet` after validation. Pure value; returned at submission and again at commit.
package struct ChangeSet: Sendable, Equatable {
  /// Submission sequence number (1, 2, …); change sets commit strictly in this order.
  package let seq: Int
  /// True for `reloadData`: every old row is gone and every row is new.
  package let includesReloadData: Bool
  /// Row counts per section before the update.
  package let oldRowCounts: [Int]
  /// Row counts per section after the update.
  package let newRowCounts: [Int]
  /// Old → new section map (final deletes and inserts, reloads included).
  package let sectionMap: IntegerMap
  /// Per surviving old section with row changes: old → new row map (user deletes and inserts only, so a
  /// reloaded row keeps a new index path and a moved row has none).
  package let itemMaps: [Int: IntegerMap]
  /// Deleted sections (old space), ascending; reloaded and moved sections included.
  package let deletedSections: [Int]
  /// Inserted sections (new space), ascending; reloaded and moved sections included.
  package let insertedSections: [Int]
  /// Rows that left the table, in old-space order.
  package let deletedRows: [RowID]
  /// New rows (need layout), in new-space order.
  package let insertedRows: [RowID]
  /// Reloaded rows (same id, new generation; need layout), in new-space order.
  package let reloadedRows: [RowID]
  /// Rows that moved (keep their height), in new-space order.
  package let movedRows: [MovedRow]
  /// New headers and footers (new space, content order): those of inserted sections and those set or replaced by
  /// a `SupplementaryUpdate`. Cells among them need layout.
  package var insertedSupplementaries: [SupplementaryRef] = []
  /// Header and footer cells of reloaded sections, kept and re-measured (new space, content order).
  package var reloadedSupplementaries: [SupplementaryRef] = []
  /// Headers and footers that left (old space, content order): those of deleted sections and replaced or removed
  /// ones (a moved section's go with it and are not listed).
  package var deletedSupplementaries: [SupplementaryRef] = []

  /// The new index path of an old one, nil when that row was deleted, reloaded as part of a section, moved,
  /// or did not exist (texture.md §1.9: sections map first, then rows inside the section).
  package func newIndexPath(forOld old: TableIndexPath) -> TableIndexPath? {
    if includesReloadData { return nil }
    guard old.section >= 0, old.section < oldRowCounts.count, old.row >= 0, old.row < oldRowCounts[old.section],
      let section = sectionMap.newIndex(forOld: old.section)
    else { return nil }
    guard let itemMap = itemMaps[old.section] else { return TableIndexPath(section: section, row: old.row) }
    return itemMap.newIndex(forOld: old.row).map { TableIndexPath(section: section, row: $0) }
  }

  /// Rows that need layout before this change set can commit: inserted then reloaded.
  package var rowsNeedingLayout: [RowID] { insertedRows + reloadedRows }

  /// True when the change set changes nothing (an empty batch).
  package var isEmpty: Bool {
    !includesReloadData && deletedSections.isEmpty && insertedSections.isEmpty && deletedRows.isEmpty
      && insertedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty && insertedSupplementaries.isEmpty
      && reloadedSupplementaries.isEmpty && deletedSupplementaries.isEmpty
  }
}

/// A header or footer named in a change set: kind, section (in the space the list states) and cell id (nil for a
/// fixed height). Pure value.
package struct SupplementaryRef: Sendable, Hashable {
  /// Header or footer.
  package let kind: SupplementaryKind
  /// Section index.
  package let section: Int
  /// Cell id of a laid-out element; nil for a fixed height.
  package let id: RowID?

  /// Creates a reference.
  package init(_ kind: SupplementaryKind, section: Int, id: RowID? = nil) {
    self.kind = kind
    self.section = section
    self.id = id
  }
}

extension ChangeSet {
  /// The change set of a batch that changed nothing (one dropped before the first reloadData), numbered `seq`.
  static func empty(seq: Int) -> ChangeSet {
    ChangeSet(
      seq: seq, includesReloadData: false, oldRowCounts: [], newRowCounts: [], sectionMap: .identity(count: 0),
      itemMaps: [:], deletedSections: [], insertedSections: [], deletedRows: [], insertedRows: [], reloadedRows: [],
      movedRows: [])
  }
}
