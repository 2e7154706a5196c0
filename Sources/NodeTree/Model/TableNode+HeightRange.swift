/// Row size ranges (`tableNode:constrainedSizeForRowAtIndexPath:`, texture.md §1.6): checks and changes.
/// Session-isolated.
extension TableNode {
  /// Throws `invalidHeightRange` for the first spec whose range is malformed.
  static func validateHeightRanges(_ specs: some Sequence<RowSpec<Content>>) throws(NodeTreeError) {
    for spec in specs { try spec.validateHeightRange() }
  }

  /// Sets the height range of row `id` (nil for the default) and re-measures it like a content update: the visible
  /// row keeps its height until the result arrives, then reports a height change.
  package mutating func setHeightRange(
    of id: RowID, to range: RowHeightRange?
  ) throws(NodeTreeError) -> LayoutRequest<Content> {
    guard var cell = cells[id], let path = pendingMap.indexPath(of: id) else { throw .unknownRowID(id) }
    if let range { _ = try range.validated(for: id) }
    lastGeneration += 1
    cell.generation = lastGeneration
    heightRanges[id] = range
    cells[id] = cell
    relayouts[id] = cell.generation
    return layoutRequest(cell, indexPath: path)
  }

  /// The height range of pending row `id`, nil for the default (no lookup while no row has one).
  package func heightRange(of id: RowID) -> RowHeightRange? {
    heightRanges.isEmpty ? nil : heightRanges[id]
  }

  /// `height` clamped into the height range of `id` (unchanged for a row without one or an unknown id).
  func clampedHeight(_ height: Double, of id: RowID) -> Double {
    heightRange(of: id)?.clamp(height) ?? height
  }

  /// A layout request for `cell` as it is now, with its height range.
  func layoutRequest(
    _ cell: CellNode<Content>, indexPath: TableIndexPath, supplementary: SupplementaryKind? = nil
  ) -> LayoutRequest<Content> {
    LayoutRequest(
      cell, indexPath: indexPath, supplementary: supplementary, heightRange: heightRange(of: cell.id),
      accessoryType: accessories(of: cell.id).accessoryType,
      sizeRange: supplementary == nil ? itemSizeRange(of: cell.id) : nil)
  }

  /// Forgets the pending cell `id`, its height range and its accessories.
  mutating func removeCell(_ id: RowID) {
    cells[id] = nil
    if !heightRanges.isEmpty { heightRanges[id] = nil }
    if !itemSizeRanges.isEmpty { itemSizeRanges[id] = nil }
    if !rowAccessories.isEmpty { rowAccessories[id] = nil }
  }
}
