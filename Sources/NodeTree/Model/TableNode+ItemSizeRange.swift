/// A collection item's own size range (Texture's `collectionNode:constrainedSizeForItemAtIndexPath:`, texture.md
/// §1.6): the delegate's range wins over a set `itemSize` and over the scroll-direction rule, so the item is
/// measured in it and placed at the size it measured (clamped into it), as a self-sized item is. Session-isolated.
extension TableNode {
  /// The size range of pending item `id`, nil for the flow layout's (no lookup while no item has one).
  package func itemSizeRange(of id: RowID) -> CellSizeRange? {
    itemSizeRanges.isEmpty ? nil : itemSizeRanges[id]
  }
}

extension CellSizeRange {
  /// `self`, or `invalidHeightRange` when a minimum is negative or not finite, a maximum is NaN, or a maximum is
  /// below its minimum (an item's range as a client gives it).
  package func validatedItemRange(for id: RowID?) throws(NodeTreeError) -> CellSizeRange {
    guard minWidth.isFinite, minWidth >= 0, !maxWidth.isNaN, maxWidth >= minWidth else {
      throw .invalidHeightRange(id, min: minWidth, max: maxWidth)
    }
    guard minHeight.isFinite, minHeight >= 0, !maxHeight.isNaN, maxHeight >= minHeight else {
      throw .invalidHeightRange(id, min: minHeight, max: maxHeight)
    }
    return self
  }
}
