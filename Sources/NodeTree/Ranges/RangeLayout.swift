/// What a range update needs from a container's layout (texture.md §3.3 step 4: a table's
/// `indexPathsForRowsInRect`, a collection's layout attributes intersecting the rect): the cells whose frames meet
/// a rect, which cells the container holds, and the axes it scrolls along (the range rects grow along those only).
package protocol RangeLayout {
  /// Cells (rows, items, header and footer cells) whose frames intersect `rect`, in content order.
  func cellIDs(intersecting rect: Rect) -> [RowID]
  /// True when the container holds the cell `id`.
  func contains(_ id: RowID) -> Bool
  /// The scrollable axes (a table: vertical; a flow layout: its scroll direction).
  var scrollableDirections: ScrollDirection { get }
}

/// A table's rows as a range layout: one column as wide as the table, rows stacked down (the visible map's
/// heights plus separators). Pure value.
package struct TableRangeLayout: RangeLayout {
  /// The element map (a table's visible map).
  let map: ElementMap
  /// Separator height added to every row.
  let separator: Double

  /// The rows and header and footer cells of `map` with `separator`.
  package init(map: ElementMap, separator: Double) {
    self.map = map
    self.separator = separator
  }

  /// Cells intersecting the rect's vertical extent (a table's rows span its width).
  package func cellIDs(intersecting rect: Rect) -> [RowID] {
    map.cellIDs(intersectingMinY: rect.y, maxY: rect.maxY, separator: separator)
  }

  /// True when the map holds `id`.
  package func contains(_ id: RowID) -> Bool { map.contains(id) }

  /// Tables scroll vertically.
  package var scrollableDirections: ScrollDirection { .vertical }
}

/// A collection's flow layout as a range layout: the frames of a `FlowLayout` with the cell ids of its items,
/// headers and footers. Pure value.
package struct FlowRangeLayout: RangeLayout {
  /// The placed layout.
  package let layout: FlowLayout
  /// Item ids by section, in the layout's order.
  package let itemIDs: [[RowID]]
  /// Header cell id by section (nil: none, or not a cell).
  let headerIDs: [RowID?]
  /// Footer cell id by section (nil: none, or not a cell).
  let footerIDs: [RowID?]
  /// Every id above.
  let members: Set<RowID>
  /// The element map the item ids come from instead of `itemIDs` (a collection's visible map), nil for the above.
  let map: ElementMap?

  /// `layout` with the ids of its items (`itemIDs[s][i]` is item i of section s) and of its header and footer
  /// cells (missing entries: none).
  package init(layout: FlowLayout, itemIDs: [[RowID]], headerIDs: [RowID?] = [], footerIDs: [RowID?] = []) {
    self.layout = layout
    self.itemIDs = itemIDs
    self.headerIDs = headerIDs
    self.footerIDs = footerIDs
    var members = Set<RowID>(minimumCapacity: itemIDs.reduce(0) { $0 + $1.count })
    for section in itemIDs { members.formUnion(section) }
    members.formUnion(headerIDs.compactMap { $0 })
    members.formUnion(footerIDs.compactMap { $0 })
    self.members = members
    map = nil
  }

  /// `layout` with its item ids read from `map` (item i of section s is the map's row at [s, i]): nothing is copied
  /// or hashed per item, so a range update over a large collection costs what the rect meets. Build it for the call
  /// and drop it: holding `map` past it would make the map's next change copy its storage.
  package init(layout: FlowLayout, map: ElementMap) {
    self.layout = layout
    self.map = map
    itemIDs = []
    headerIDs = []
    footerIDs = []
    members = []
  }

  /// Cells whose frames intersect `rect` (`layoutAttributesForElementsInRect:`), in content order.
  package func cellIDs(intersecting rect: Rect) -> [RowID] {
    layout.elements(intersecting: rect).compactMap { element in
      switch element {
      case .item(let section, let item):
        if let map { return map.rowID(at: TableIndexPath(section: section, row: item)) }
        return itemIDs.indices.contains(section) && itemIDs[section].indices.contains(item)
          ? itemIDs[section][item] : nil
      case .header(let section): return headerIDs.indices.contains(section) ? headerIDs[section] : nil
      case .footer(let section): return footerIDs.indices.contains(section) ? footerIDs[section] : nil
      }
    }
  }

  /// True when the layout holds `id`.
  package func contains(_ id: RowID) -> Bool { map?.containsRow(id) ?? members.contains(id) }

  /// The flow's scroll axis.
  package var scrollableDirections: ScrollDirection { layout.configuration.scrollDirection.scrollableDirections }
}
