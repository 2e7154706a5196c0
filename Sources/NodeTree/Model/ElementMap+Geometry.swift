/// View geometry of an `ElementMap` laid out as a table: per section its header, its rows stacked vertically, then
/// its footer, sections one after another (UIKit's plain and grouped layouts before any floating; Texture forces
/// estimated heights to 0, so every height here is the real one). Pure.
///
/// Offsets are points from the top of the content, before pixel rounding; `separator` is the extra height per
/// row (1/scale with separators on, texture.md §1.6), never added to headers or footers. A map whose headers and
/// footers are all 0 high (every table without any) answers the row queries through the rows' index alone, exactly
/// as before headers existed; otherwise through `ElementMap+Sections`, which adds the heights of the headers and
/// footers above (the differential test `SectionGeometryTests` checks both paths against a naive model).
extension ElementMap {
  /// True when some header or footer has a height, so row positions depend on them.
  var hasExtraHeight: Bool { extras.totalHeight() > 0 }

  /// Top edge of the row at `path`, nil when out of range.
  package func offset(of path: TableIndexPath, separator: Double) -> Double? {
    guard let global = globalIndex(of: path) else { return nil }
    let top = rows.offset(ofIndex: global, separator: separator)
    return hasExtraHeight ? top + extrasBefore(rowsOf: path.section) : top
  }

  /// Row height as the view uses it (cell height + separator), nil when out of range.
  package func rowHeight(at path: TableIndexPath, separator: Double) -> Double? {
    guard let global = globalIndex(of: path), let height = rows.height(at: global) else { return nil }
    return height + separator
  }

  /// The row whose span contains `y`, nil when `y` lies above the first or below the last row, or on a header or
  /// footer.
  package func indexPath(atOffset y: Double, separator: Double) -> TableIndexPath? {
    guard hasExtraHeight else {
      return rows.index(containingOffset: y, separator: separator).flatMap { path(ofGlobalIndex: $0) }
    }
    guard case .row(let path)? = element(atOffset: y, separator: separator) else { return nil }
    return path
  }

  /// Content height: every row height plus separators, plus every header and footer.
  package func contentHeight(separator: Double) -> Double {
    rows.totalHeight(separator: separator) + extras.totalHeight()
  }

  /// Index paths of rows intersecting `[minY, maxY)` in order, with `CGRectIntersectsRect` semantics
  /// (touching edges and zero-height rows at an edge do not intersect; an empty interval intersects nothing).
  package func indexPaths(intersectingMinY minY: Double, maxY: Double, separator: Double) -> [TableIndexPath] {
    guard hasExtraHeight else {
      return globalIndexes(intersectingMinY: minY, maxY: maxY, separator: separator).compactMap {
        path(ofGlobalIndex: $0)
      }
    }
    return elements(intersectingMinY: minY, maxY: maxY, separator: separator).compactMap {
      if case .row(let path) = $0 { return path }
      return nil
    }
  }

  /// Row ids intersecting `[minY, maxY)`, in order (see `indexPaths(intersectingMinY:maxY:separator:)`).
  package func rowIDs(intersectingMinY minY: Double, maxY: Double, separator: Double) -> [RowID] {
    guard hasExtraHeight else {
      return rowIDs(globalRange: globalIndexes(intersectingMinY: minY, maxY: maxY, separator: separator))
    }
    return indexPaths(intersectingMinY: minY, maxY: maxY, separator: separator).compactMap { rowID(at: $0) }
  }

  /// Ids of the rows and of the header and footer cells intersecting `[minY, maxY)`, in content order (what the
  /// range controller assigns states to). Fixed-height headers and footers have no id and are left out.
  package func cellIDs(intersectingMinY minY: Double, maxY: Double, separator: Double) -> [RowID] {
    guard hasSupplementaryCells else { return rowIDs(intersectingMinY: minY, maxY: maxY, separator: separator) }
    return elements(intersectingMinY: minY, maxY: maxY, separator: separator).compactMap { element in
      switch element {
      case .row(let path): return rowID(at: path)
      case .header(let section): return supplementary(.header, inSection: section)?.id
      case .footer(let section): return supplementary(.footer, inSection: section)?.id
      }
    }
  }

  /// Global index range of rows intersecting `[minY, maxY)` in the rows' own coordinates (headers and footers left
  /// out): rows with top < maxY and bottom > minY. O(log n).
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
