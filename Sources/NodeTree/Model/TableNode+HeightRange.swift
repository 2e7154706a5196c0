/// Row size ranges (`tableNode:constrainedSizeForRowAtIndexPath:`, texture.md §1.6): checks and changes.
/// Session-isolated.
extension TableNode {
  /// Throws `invalidHeightRange` for the first spec whose range is malformed.
  static func validateHeightRanges(_ specs: some Sequence<RowSpec<Content>>) throws(NodeTreeError) {
    for spec in specs {
      if let range = spec.heightRange { _ = try range.validated(for: spec.id) }
    }
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
    cell.heightRange = range
    cells[id] = cell
    relayouts[id] = cell.generation
    return LayoutRequest(cell, indexPath: path)
  }

  /// `height` clamped into the height range of `id` (unchanged for a row without one or an unknown id).
  func clampedHeight(_ height: Double, of id: RowID) -> Double {
    cells[id]?.heightRange?.clamp(height) ?? height
  }
}
