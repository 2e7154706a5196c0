/// A geometry-only copy of a table for answering queries of a committed snapshot off the session. Pure.
extension TableNode {
  /// A table whose visible (and pending) map is `map`, seen through `viewportBounds` with `contentInset`, `style`
  /// and `inverted` as given, and holding nothing else (no cells, change sets or range state): enough for the
  /// view-level queries (`supplementaryFrame`, `floatingSupplementaries`, `visualFrame(of:)`,
  /// `visualElement(atOffset:)`, `visualElements(intersectingMinY:maxY:)`), which read only those. The map's storage
  /// is shared, not copied. The session's table cannot be handed out whole: a copy would retain its pending map and
  /// cells, and the next edit would copy them.
  package static func committedGeometry(
    map: ElementMap, separatorHeight: Double, style: TableStyle, viewportBounds: Rect?,
    contentInset: (top: Double, bottom: Double), inverted: Bool
  ) -> TableNode {
    var table = TableNode(separatorHeight: separatorHeight, style: style)
    table.pendingMap = map
    table.visibleMap = map
    table.viewport = viewportBounds.map { RangeViewport(bounds: $0) }
    table.contentInset = contentInset
    table.inverted = inverted
    return table
  }
}
