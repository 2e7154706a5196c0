/// View geometry of an `ElementMap` laid out as a plain table: rows stacked vertically, section headers and
/// footers of height 0 (Texture forces estimated heights to 0 and models none). Pure.
///
/// Offsets are points from the top of the content, before pixel rounding; `separator` is the extra height
/// per row (1/scale with separators on, texture.md §1.6).
extension ElementMap {
  /// Top edge of the row at `path`, nil when out of range.
  package func offset(of path: TableIndexPath, separator: Double) -> Double? {
    guard let global = globalIndex(of: path) else { return nil }
    return rows.offset(ofIndex: global, separator: separator)
  }

  /// Row height as the view uses it (cell height + separator), nil when out of range.
  package func rowHeight(at path: TableIndexPath, separator: Double) -> Double? {
    guard let global = globalIndex(of: path), let height = rows.height(at: global) else { return nil }
    return height + separator
  }

  /// The row whose span contains `y`, nil when `y` lies above the first or below the last row.
  package func indexPath(atOffset y: Double, separator: Double) -> TableIndexPath? {
    rows.index(containingOffset: y, separator: separator).flatMap { path(ofGlobalIndex: $0) }
  }

  /// Content height: every row height plus separators (headers/footers are 0).
  package func contentHeight(separator: Double) -> Double { rows.totalHeight(separator: separator) }

  /// Index paths of rows intersecting `[minY, maxY)` in order, with `CGRectIntersectsRect` semantics
  /// (touching edges and zero-height rows at an edge do not intersect; an empty interval intersects nothing).
  package func indexPaths(intersectingMinY minY: Double, maxY: Double, separator: Double) -> [TableIndexPath] {
    globalIndexes(intersectingMinY: minY, maxY: maxY, separator: separator).compactMap { path(ofGlobalIndex: $0) }
  }

  /// Row ids intersecting `[minY, maxY)`, in order (see `indexPaths(intersectingMinY:maxY:separator:)`).
  package func rowIDs(intersectingMinY minY: Double, maxY: Double, separator: Double) -> [RowID] {
    let range = globalIndexes(intersectingMinY: minY, maxY: maxY, separator: separator)
    return rowIDs(globalRange: range)
  }

  /// Global index range of rows intersecting `[minY, maxY)`: rows with top < maxY and bottom > minY. O(log n).
  func globalIndexes(intersectingMinY minY: Double, maxY: Double, separator: Double) -> Range<Int> {
    let total = rows.totalHeight(separator: separator)
    guard maxY > minY, rows.count > 0, maxY > 0, minY < total else { return 0..<0 }
    let first = minY < 0 ? 0 : (rows.index(containingOffset: minY, separator: separator) ?? rows.count)
    var end = rows.count
    if maxY < total, let containing = rows.index(containingOffset: maxY, separator: separator) {
      end = rows.offset(ofIndex: containing, separator: separator) < maxY ? containing + 1 : containing
    }
    // Zero-height rows right at maxY lie before the row containing it but do not start before maxY.
    while end > first, rows.offset(ofIndex: end - 1, separator: separator) >= maxY { end -= 1 }
    return first..<max(first, end)
  }
}
