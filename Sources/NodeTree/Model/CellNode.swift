/// One row's cell in the pending (data-source) state: id, opaque content, generation and measured height.
/// Texture's `ASCellNode` as far as the model needs it. Pure value.
package struct CellNode<Content: Sendable>: Sendable {
  /// Stable row id.
  package let id: RowID
  /// Opaque payload the layout job measures.
  package var content: Content
  /// Bumped on every mutation of the row's content or layout (insert, reload, content update, invalidation; not
  /// a move); a result for a generation no one waits for is stale and dropped.
  package var generation: UInt64
  /// Measured cell height for `generation` (points, before pixel rounding, without separator); nil until laid out.
  package var measuredHeight: Double?
  /// `ASCellNode.neverShowPlaceholders`: on entering Visible the cell's display must finish before the screen
  /// updates (texture.md §6). Kept across reloads and content updates.
  package var neverShowPlaceholders = false
  // A row's height range lives in `TableNode.heightRanges`, not here: ranges are rare and a field would widen every
  // cell of the `cells` table (by 24 bytes a bucket).
}

/// A cell that needs layout: the job measures `content` and reports back with `generation`. Pure value.
///
/// Rows and header/footer cells are measured alike (at the table width); `supplementary` tells them apart.
package struct LayoutRequest<Content: Sendable>: Sendable {
  /// Row (or header/footer cell) id.
  package let id: RowID
  /// Generation the result must carry to be accepted.
  package let generation: UInt64
  /// Content to measure.
  package let content: Content
  /// Index path in the pending map when the request was made; for a header or footer, its section and row 0.
  package let indexPath: TableIndexPath
  /// Header or footer when the cell is one; nil for a row.
  package let supplementary: SupplementaryKind?
  /// The row's height bounds to lay out in (nil: the table's default 0…∞); the width is always the table's.
  package let heightRange: RowHeightRange?
  /// The row's accessory: the node is laid out at the table's width less the accessory's (`CellAccessories`).
  package let accessoryType: AccessoryType
  /// A collection item's own size range to lay out in (nil: the flow layout's range for every item).
  package let sizeRange: CellSizeRange?

  /// Creates a request.
  init(
    id: RowID, generation: UInt64, content: Content, indexPath: TableIndexPath,
    supplementary: SupplementaryKind? = nil, heightRange: RowHeightRange? = nil, accessoryType: AccessoryType = .none,
    sizeRange: CellSizeRange? = nil
  ) {
    self.sizeRange = sizeRange
    self.id = id
    self.generation = generation
    self.content = content
    self.indexPath = indexPath
    self.supplementary = supplementary
    self.heightRange = heightRange
    self.accessoryType = accessoryType
  }

  /// A request for `cell` as it is now (id, generation, content) with the row's height range and accessory.
  init(
    _ cell: CellNode<Content>, indexPath: TableIndexPath, supplementary: SupplementaryKind? = nil,
    heightRange: RowHeightRange?, accessoryType: AccessoryType = .none, sizeRange: CellSizeRange? = nil
  ) {
    self.init(
      id: cell.id, generation: cell.generation, content: cell.content, indexPath: indexPath,
      supplementary: supplementary, heightRange: heightRange, accessoryType: accessoryType, sizeRange: sizeRange)
  }

  /// The size range the layout job measures in at table width `width` (texture.md §1.6): the width the accessory
  /// leaves (Texture re-measures the node at its content view's width), the row's heights.
  package func constrainedSize(width: Double) -> CellSizeRange {
    let contentWidth = max(0, width - accessoryType.width)
    return (heightRange ?? .unconstrained).sizeRange(width: contentWidth)
  }

  /// The element the request lays out.
  package var element: TableElement {
    switch supplementary {
    case .header?: return .header(section: indexPath.section)
    case .footer?: return .footer(section: indexPath.section)
    case nil: return .row(indexPath)
    }
  }
}

/// A row that moved: it keeps its id, content and height. Pure value.
package struct MovedRow: Sendable, Equatable {
  /// Row id.
  package let id: RowID
  /// Old-space index path.
  package let from: TableIndexPath
  /// New-space index path.
  package let to: TableIndexPath
}

/// A visible header or footer cell whose height changed outside a batch (re-measured after `invalidateLayout` or
/// `updateContent`). Pure value.
package struct SupplementaryHeightChange: Sendable, Equatable {
  /// Cell id.
  package let id: RowID
  /// Header or footer.
  package let kind: SupplementaryKind
  /// Section in the visible map.
  package let section: Int
  /// Previous height (points).
  package let oldHeight: Double
  /// New height (points).
  package let newHeight: Double
}

/// A visible row whose height changed outside a batch (re-measured after `invalidateLayout`); for a self-sized
/// flow item, whose width or height changed. Pure value.
package struct HeightChange: Sendable, Equatable {
  /// Row id.
  package let id: RowID
  /// Index path in the visible map.
  package let indexPath: TableIndexPath
  /// Previous cell height (points, without separator).
  package let oldHeight: Double
  /// New cell height (points, without separator).
  package let newHeight: Double
  /// Previous width of a self-sized flow item (nil for a table row or a fixed-size item).
  package var oldWidth: Double? = nil
  /// New width of a self-sized flow item (nil for a table row or a fixed-size item).
  package var newWidth: Double? = nil

  /// Creates a change.
  package init(
    id: RowID, indexPath: TableIndexPath, oldHeight: Double, newHeight: Double, oldWidth: Double? = nil,
    newWidth: Double? = nil
  ) {
    self.id = id
    self.indexPath = indexPath
    self.oldHeight = oldHeight
    self.newHeight = newHeight
    self.oldWidth = oldWidth
    self.newWidth = newWidth
  }
}
