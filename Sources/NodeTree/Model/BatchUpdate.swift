/// A row to insert: an optional client-chosen id (assigned as "r<n>" when nil) and its opaque content.
package struct RowSpec<Content: Sendable>: Sendable {
  /// Client-chosen id, or nil to let the table assign one.
  package var id: RowID?
  /// Opaque cell payload handed back in layout requests.
  package var content: Content
  /// The new cell's `neverShowPlaceholders` (texture.md §6).
  package var neverShowPlaceholders: Bool
  /// The row's height bounds (`tableNode:constrainedSizeForRowAtIndexPath:`), nil for the table's default 0…∞.
  package var heightRange: RowHeightRange?
  /// The cell's accessory, selection style and separator inset; nil for the defaults (`CellAccessories.standard`).
  package var accessories: CellAccessories?
  /// A collection item's own size range (`collectionNode:constrainedSizeForItemAtIndexPath:`), nil for the flow
  /// layout's (`TableNode+ItemSizeRange`).
  package var sizeRange: CellSizeRange?

  /// Creates a row spec.
  package init(
    id: RowID? = nil, content: Content, neverShowPlaceholders: Bool = false, heightRange: RowHeightRange? = nil,
    accessories: CellAccessories? = nil, sizeRange: CellSizeRange? = nil
  ) {
    self.sizeRange = sizeRange
    self.id = id
    self.content = content
    self.neverShowPlaceholders = neverShowPlaceholders
    self.heightRange = heightRange
    self.accessories = accessories
  }
}

/// How an operation names an existing row: by index path (old space of the batch) or by row id.
package enum RowReference: Hashable, Sendable {
  /// A row at an index path in the table's pending map before the batch.
  case indexPath(TableIndexPath)
  /// A row by id.
  case id(RowID)
}

/// One edit inside a batch update, with UIKit's index spaces (texture.md §1.9): deletes and reloads address the
/// old space, inserts the new space, moves both.
package enum BatchOperation<Content: Sendable>: Sendable {
  /// Insert rows at new-space index paths.
  case insertRows([(at: TableIndexPath, row: RowSpec<Content>)])
  /// Delete rows (old space).
  case deleteRows([RowReference])
  /// Reload rows (old space): same id, new generation, optionally new content; re-measured.
  case reloadRows([(row: RowReference, content: Content?)])
  /// Move a row from an old-space position to a new-space position; it keeps its id, content and height.
  case moveRow(from: RowReference, to: TableIndexPath)
  /// Insert sections at new-space indexes with their rows.
  case insertSections([(at: Int, rows: [RowSpec<Content>])])
  /// Delete sections (old space).
  case deleteSections([Int])
  /// Reload sections (old space): the section's rows are replaced by `rows`.
  case reloadSections([(section: Int, rows: [RowSpec<Content>])])
  /// Move a section with its rows from an old-space index to a new-space index.
  case moveSection(from: Int, to: Int)
}

/// A batch of edits validated and applied as a whole (UIKit's `performBatchUpdates`).
package struct BatchUpdate<Content: Sendable>: Sendable {
  /// The edits, in any order (their index spaces are fixed, not sequential).
  package var operations: [BatchOperation<Content>]
  /// The row count of every section after the update as the client's data source sees it, or nil to derive
  /// the counts from the operations. With counts, Texture's count checks (§1.8 rules 1 and 7) can fail.
  package var expectedRowCounts: [Int]?
  /// Headers and footers to set, replace or remove, addressed in the new space (see `SupplementaryUpdate`).
  package var supplementaryUpdates: [SupplementaryUpdate<Content>]

  /// Creates a batch.
  package init(
    _ operations: [BatchOperation<Content>], expectedRowCounts: [Int]? = nil,
    supplementaryUpdates: [SupplementaryUpdate<Content>] = []
  ) {
    self.operations = operations
    self.expectedRowCounts = expectedRowCounts
    self.supplementaryUpdates = supplementaryUpdates
  }
}

/// The rows a batch brings.
extension BatchUpdate {
  /// Throws `invalidHeightRange` for the first new row spec (inserted rows, rows of inserted and reloaded sections,
  /// in operation order) whose height range is malformed. Walks the operations in place: no spec is copied.
  func validateHeightRanges() throws(NodeTreeError) {
    for operation in operations {
      switch operation {
      case .insertRows(let rows):
        for row in rows { try row.row.validateHeightRange() }
      case .insertSections(let sections):
        for section in sections { for spec in section.rows { try spec.validateHeightRange() } }
      case .reloadSections(let sections):
        for section in sections { for spec in section.rows { try spec.validateHeightRange() } }
      case .deleteRows, .reloadRows, .moveRow, .deleteSections, .moveSection: continue
      }
    }
  }
}

extension RowSpec {
  /// Throws `invalidHeightRange` when the spec's height range is malformed.
  func validateHeightRange() throws(NodeTreeError) {
    if let heightRange { _ = try heightRange.validated(for: id) }
    if let sizeRange { _ = try sizeRange.validatedItemRange(for: id) }
  }
}
