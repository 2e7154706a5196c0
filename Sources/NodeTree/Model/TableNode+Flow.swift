/// How a collection places its items: a flow layout in a collection of a given size. A `TableNode` with a
/// placement is the data controller of an `ASCollectionNode` (or `ASPagerNode`): the same maps, batches,
/// validation, commits and range controller, with the items' frames from the flow layout instead of one
/// full-width column. Pure value.
///
/// With a set `itemSize` (a pager's page size) items are measured at exactly that size and the measured heights
/// only decide when a change set commits. With the unset (50, 50) items size themselves (Texture's scroll-direction
/// rule, `FlowLayoutConfiguration.constrainedSize`): each item's frame has its measured width and height. Headers
/// and footers come from the reference sizes.
package struct FlowPlacement: Sendable, Hashable {
  /// The flow layout's properties (`itemSize` must be set).
  package var configuration: FlowLayoutConfiguration
  /// The collection's bounds size.
  package var bounds: FlowSize

  /// A placement of `configuration` in a collection of `bounds` size.
  package init(configuration: FlowLayoutConfiguration, bounds: FlowSize) {
    self.configuration = configuration
    self.bounds = bounds
  }

  /// The extent of a header or footer of `reference` size along the scroll axis.
  func extent(_ reference: FlowSize) -> Double {
    configuration.scrollDirection == .vertical ? reference.height : reference.width
  }

  /// True when items size themselves (the unset `itemSize`).
  package var selfSizing: Bool { !configuration.hasFixedItemSize }

  /// The range items are measured in (no delegate range, no content insets: `FlowLayoutConfiguration.constrainedSize`).
  package var itemRange: CellSizeRange { configuration.constrainedSize(bounds: bounds) }

  /// The flow layout of `map`'s items; self-sized items take their height from `map` and their width from `widths`
  /// (0 when not measured yet). With a set `itemSize`, an item with a measured width (one of its own size range,
  /// `TableNode+ItemSizeRange`) is self-sized too; the others are `itemSize`. `previous`: the layout this one
  /// replaces, whose unchanged sections and lines are kept (`FlowLayout.init(sections:bounds:configuration:reusing:)`).
  package func flowLayout(of map: ElementMap, widths: [RowID: Double], previous: FlowLayout? = nil) -> FlowLayout {
    let header = extent(configuration.headerReferenceSize)
    let footer = extent(configuration.footerReferenceSize)
    let selfSizing = selfSizing
    let itemSize = configuration.itemSize
    var sections: [FlowSection] = []
    sections.reserveCapacity(map.numberOfSections)
    for section in 0..<map.numberOfSections {
      let items: [FlowSize]
      if !selfSizing && widths.isEmpty {
        items = Array(repeating: itemSize, count: map.numberOfRows(inSection: section) ?? 0)
      } else {
        items = map.rowIDs(inSection: section).map { id in
          let width = widths[id]
          guard selfSizing || width != nil else { return itemSize }
          return FlowSize(width: width ?? 0, height: map.height(of: id) ?? 0)
        }
      }
      sections.append(FlowSection(items: items, headerExtent: header, footerExtent: footer))
    }
    return FlowLayout(sections: sections, bounds: bounds, configuration: configuration, reusing: previous)
  }
}

/// A collection's flow placement on a `TableNode`: its committed layout, content size and offsets on both axes.
extension TableNode {
  /// The flow layout of the committed items, nil for a table.
  package var committedFlow: FlowLayout? { flowCache }

  /// Sets (or, with nil, removes) the collection's placement and re-places the committed items; the range
  /// controller then uses the flow's frames and scroll axis. Returns the range update's callbacks (forced: every
  /// frame may have moved).
  package mutating func setFlowPlacement(_ placement: FlowPlacement?) -> [InterfaceStateEvent] {
    flow = placement
    refreshFlow()
    return rangeUpdate(force: true)
  }

  /// The flow layout of the pending items (self-sized ones at their latest measured sizes), nil for a table.
  package var pendingFlow: FlowLayout? { flow.map { $0.flowLayout(of: pendingMap, widths: measuredWidths) } }

  /// The latest measured width of self-sized item `id`, nil when not measured (or not a self-sized item).
  package func measuredWidth(of id: RowID) -> Double? { measuredWidths[id] }

  /// Commits the widths `measured` for a change set (a row re-measured since by a relayout: its latest width, as
  /// its height is) and forgets those of `ended` rows the visible map no longer holds.
  mutating func commitWidths(_ measured: [RowID: Double], newer: Set<RowID>, ended: [RowID]) {
    guard flow != nil else { return }
    for (id, width) in measured { itemWidths[id] = newer.contains(id) ? measuredWidths[id] ?? width : width }
    for id in ended where !visibleMap.contains(id) {
      itemWidths[id] = nil
      if cells[id] == nil { measuredWidths[id] = nil }
    }
  }

  /// Re-places the committed items after the visible map changed.
  mutating func refreshFlow() {
    let previous = flowCache
    flowCache = nil
    flowCache = flow.map { $0.flowLayout(of: visibleMap, widths: itemWidths, previous: previous) }
  }

  /// The committed content width: the flow's, or the viewport's for a table (nil without either).
  package var contentWidth: Double? { flowCache?.contentSize.width ?? viewport?.bounds.width }

  /// `x` clamped into [0, content width − viewport width] (a table does not scroll across: always 0).
  package func clampedOffsetX(_ x: Double) -> Double {
    guard let layout = flowCache, let viewport else { return 0 }
    return min(max(x, 0), max(0, layout.contentSize.width - viewport.bounds.width)) + 0
  }
}
