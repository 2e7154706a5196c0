/// Every error the NodeTree model reports. Cases carry the offending values; `message` is the exact text a
/// client sees (the Server maps it to JSON-RPC −32602). Pure value.
///
/// The first eight cases are Texture's batch-validity failures (texture.md §1.8), checked in Texture's order;
/// the rest are what a daemon adds (malformed addressing, unknown or duplicate row ids, bad layout results).
package enum NodeTreeError: Error, Sendable, Equatable {
  // Texture's checks.
  /// A section is both reloaded and deleted in one batch (Texture asserts while decomposing the reload).
  case reloadAndDeleteSameSection(section: Int)
  /// §1.8 rule 1: the section count does not add up.
  case invalidNumberOfSections(after: Int, before: Int, inserted: Int, deleted: Int)
  /// §1.8 rule 2: a deleted section does not exist in the old space.
  case deleteSectionOutOfBounds(section: Int, sectionCount: Int)
  /// §1.8 rule 3: a deleted row names a section that does not exist in the old space.
  case deleteRowSectionOutOfBounds(TableIndexPath, sectionCount: Int)
  /// §1.8 rule 3: a deleted row does not exist in its old section.
  case deleteRowOutOfBounds(TableIndexPath, rowCount: Int)
  /// §1.8 rule 4: an inserted row names a section that does not exist in the new space.
  case insertRowSectionOutOfBounds(TableIndexPath, sectionCount: Int)
  /// §1.8 rule 4: an inserted row lies beyond its new section's count.
  case insertRowOutOfBounds(TableIndexPath, rowCount: Int)
  /// §1.8 rule 5: an inserted section lies beyond the new section count.
  case insertSectionOutOfBounds(section: Int, sectionCount: Int)
  /// §1.8 rule 6: a row is both deleted and reloaded.
  case deleteAndReloadSameRow(TableIndexPath)
  /// §1.8 rule 7: a surviving section's row count does not add up.
  case invalidNumberOfRows(section: Int, after: Int, before: Int, inserted: Int, deleted: Int)

  // Daemon additions.
  /// An index in `operation` is negative.
  case negativeIndex(operation: String, index: Int)
  /// The same index path appears twice where it may appear once (`operation` names the list or lists).
  case duplicateIndexPath(operation: String, TableIndexPath)
  /// The same section appears twice where it may appear once.
  case duplicateSection(operation: String, section: Int)
  /// A row id that the table does not hold (pending space).
  case unknownRowID(RowID)
  /// A row id that would appear twice in the table after the update.
  case duplicateRowID(RowID)
  /// An inserted or reloaded section brings a different number of rows than the expected count says.
  case sectionRowCountMismatch(section: Int, expected: Int, supplied: Int)
  /// A query addressed a row that does not exist.
  case rowOutOfRange(TableIndexPath, rowCount: Int)
  /// A query addressed a section that does not exist.
  case sectionOutOfRange(section: Int, sectionCount: Int)
  /// A layout result or size is negative, NaN or infinite.
  case invalidHeight(RowID, Double)
  /// A row edit addresses a section the same batch moves (old space for deletes, reloads and move sources, new
  /// space for inserts and move targets). Texture drops such edits and rebuilds the section from its data source;
  /// the daemon has none, so it refuses the batch rather than guess.
  case rowEditInMovedSection(operation: String, TableIndexPath, section: Int)
  /// The same section's header (or footer) is set twice in one batch.
  case duplicateSupplementary(SupplementaryKind, section: Int)
  /// A header or footer update names a section that does not exist after the batch.
  case supplementarySectionOutOfBounds(SupplementaryKind, section: Int, sectionCount: Int)
  /// A fixed header or footer height is negative, NaN or infinite.
  case invalidSupplementaryHeight(SupplementaryKind, section: Int, Double)
  /// A query addressed a header or footer that the section does not have.
  case noSupplementary(SupplementaryKind, section: Int)
  /// A row's height range has a negative, NaN or infinite minimum, a NaN maximum, or a maximum below the minimum.
  case invalidHeightRange(RowID?, min: Double, max: Double)
  /// Selection is off (`allowsSelection` false), so a row cannot be selected.
  case selectionNotAllowed

  /// The exact human-readable text of the error.
  package var message: String {
    switch self {
    case .reloadAndDeleteSameSection(let section):
      return "section \(section) is both reloaded and deleted"
    case .invalidNumberOfSections(let after, let before, let inserted, let deleted):
      return "invalid number of sections: \(after) sections after the update, but \(before) before + "
        + "\(inserted) inserted − \(deleted) deleted = \(before + inserted - deleted)"
    case .deleteSectionOutOfBounds(let section, let count):
      return "cannot delete section \(section): only \(count) sections before the update"
    case .deleteRowSectionOutOfBounds(let path, let count):
      return "cannot delete row \(path): section \(path.section) does not exist (\(count) sections before the update)"
    case .deleteRowOutOfBounds(let path, let count):
      return "cannot delete row \(path): section \(path.section) has \(count) rows before the update"
    case .insertRowSectionOutOfBounds(let path, let count):
      return "cannot insert row \(path): section \(path.section) does not exist (\(count) sections after the update)"
    case .insertRowOutOfBounds(let path, let count):
      return "cannot insert row \(path): section \(path.section) has \(count) rows after the update"
    case .insertSectionOutOfBounds(let section, let count):
      return "cannot insert section \(section): only \(count) sections after the update"
    case .deleteAndReloadSameRow(let path):
      return "row \(path) is both deleted and reloaded"
    case .invalidNumberOfRows(let section, let after, let before, let inserted, let deleted):
      return "invalid number of rows in section \(section): \(after) rows after the update, but \(before) before + "
        + "\(inserted) inserted − \(deleted) deleted = \(before + inserted - deleted)"
    case .negativeIndex(let operation, let index):
      return "\(operation): index \(index) is negative"
    case .duplicateIndexPath(let operation, let path):
      return "\(operation): row \(path) appears more than once"
    case .duplicateSection(let operation, let section):
      return "\(operation): section \(section) appears more than once"
    case .unknownRowID(let id):
      return "unknown row id \"\(id)\""
    case .duplicateRowID(let id):
      return "duplicate row id \"\(id)\""
    case .sectionRowCountMismatch(let section, let expected, let supplied):
      return "section \(section): expected \(expected) rows after the update, but \(supplied) rows were supplied"
    case .rowOutOfRange(let path, let count):
      return "row \(path) out of range (section \(path.section) has \(count) rows)"
    case .sectionOutOfRange(let section, let count):
      return "section \(section) out of range (\(count) sections)"
    case .invalidHeight(let id, let value):
      return "row \"\(id)\": height \(value) is not a finite non-negative number"
    case .rowEditInMovedSection(let operation, let path, let section):
      return "\(operation): row \(path) lies in section \(section), which this batch moves; "
        + "edit a moved section's rows in another batch"
    case .duplicateSupplementary(let kind, let section):
      return "the \(kind.rawValue) of section \(section) is set more than once"
    case .supplementarySectionOutOfBounds(let kind, let section, let count):
      return "cannot set the \(kind.rawValue) of section \(section): only \(count) sections after the update"
    case .invalidSupplementaryHeight(let kind, let section, let value):
      return "\(kind.rawValue) of section \(section): height \(value) is not a finite non-negative number"
    case .noSupplementary(let kind, let section):
      return "section \(section) has no \(kind.rawValue)"
    case .invalidHeightRange(let id, let min, let max):
      let subject = id.map { "row \"\($0)\": " } ?? ""
      return "\(subject)height range \(min)…\(max) is invalid (need 0 ≤ min ≤ max, min finite)"
    case .selectionNotAllowed:
      return "selection is off (allowsSelection is false)"
    }
  }
}
