/// How a collection places its items: a flow layout in a collection of a given size. A `TableNode` with a
/// placement is the data controller of an `ASCollectionNode` (or `ASPagerNode`): the same maps, batches,
/// validation, commits and range controller, with the items' frames from the flow layout instead of one
/// full-width column. Pure value.
///
/// Items are measured at exactly `itemSize` (a pager's page size): the frames come from the configuration, the
/// measured heights only decide when a change set commits. Headers and footers come from the reference sizes.
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

  /// The flow layout of `map`'s items.
  package func layout(of map: ElementMap) -> FlowRangeLayout {
    let ids = map.allRowIDs
    let header = extent(configuration.headerReferenceSize)
    let footer = extent(configuration.footerReferenceSize)
    let sections = ids.map { rows in
      FlowSection(
        items: Array(repeating: configuration.itemSize, count: rows.count), headerExtent: header, footerExtent: footer)
    }
    return FlowRangeLayout(
      layout: FlowLayout(sections: sections, bounds: bounds, configuration: configuration), itemIDs: ids)
  }
}

/// A collection's flow placement on a `TableNode`: its committed layout, content size and offsets on both axes.
extension TableNode {
  /// The flow layout of the committed items, nil for a table.
  package var committedFlow: FlowLayout? { flowCache?.layout }

  /// Sets (or, with nil, removes) the collection's placement and re-places the committed items; the range
  /// controller then uses the flow's frames and scroll axis. Returns the range update's callbacks (forced: every
  /// frame may have moved).
  package mutating func setFlowPlacement(_ placement: FlowPlacement?) -> [InterfaceStateEvent] {
    flow = placement
    refreshFlow()
    return rangeUpdate(force: true)
  }

  /// Re-places the committed items after the visible map changed.
  mutating func refreshFlow() {
    flowCache = flow.map { $0.layout(of: visibleMap) }
  }

  /// The committed content width: the flow's, or the viewport's for a table (nil without either).
  package var contentWidth: Double? { flowCache?.layout.contentSize.width ?? viewport?.bounds.width }

  /// `x` clamped into [0, content width − viewport width] (a table does not scroll across: always 0).
  package func clampedOffsetX(_ x: Double) -> Double {
    guard let layout = flowCache?.layout, let viewport else { return 0 }
    return min(max(x, 0), max(0, layout.contentSize.width - viewport.bounds.width)) + 0
  }
}
