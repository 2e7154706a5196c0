import LayoutSpecs
import NodeTree

/// One nested container of a cell as the layout worker measured it with its cell (Protocol.md "Nested
/// containers"): the container element's size in the cell's layout and its items placed by their flow layout in
/// that size, each item measured in the flow's item range. Pure value.
struct NestedMeasure: Sendable {
  /// The container element's id in the cell.
  let element: String
  /// Collection or pager.
  let kind: ContainerElement.Kind
  /// The element's frame size: the inner viewport.
  let size: FlowSize
  /// The inner items placed (one section).
  let layout: FlowRangeLayout
  /// Items whose layout failed (each then 0 × 0), with the reason.
  let failures: [(id: String, reason: String)]

  /// The containers of `content`, whose layout is `layout`, measured with `engine`.
  static func measure(_ content: LayoutElement, layout: Layout, engine: LayoutEngine) -> [NestedMeasure] {
    content.containers.map { found in
      let frame = size(of: found.id, in: layout) ?? .zero
      return measure(
        found.container, element: found.id, size: FlowSize(width: frame.width, height: frame.height),
        engine: engine)
    }
  }

  /// Container `container` (element `element`) in a `size` viewport: its flow configuration (a pager's pages are
  /// `size`), each item measured in the flow's item range (`FlowPlacement.itemRange`, as a session's collection
  /// items are), self-sized items at their measured sizes and the others at `itemSize`.
  static func measure(_ container: ContainerElement, element: String, size: FlowSize, engine: LayoutEngine)
    -> NestedMeasure
  {
    let configuration = Self.configuration(container, size: size)
    let placement = FlowPlacement(configuration: configuration, bounds: size)
    let range = placement.itemRange
    let sizeRange = SizeRange(min: Size(range.minWidth, range.minHeight), max: Size(range.maxWidth, range.maxHeight))
    var sizes: [FlowSize] = []
    var failures: [(id: String, reason: String)] = []
    for item in container.items {
      do throws(LayoutFailure) {
        let measured = try engine.layout(item.cell, in: sizeRange).size
        item.cell.releaseCachedLayouts()
        sizes.append(
          placement.selfSizing ? FlowSize(width: measured.width, height: measured.height) : configuration.itemSize)
      } catch {
        failures.append((item.id, error.description))
        sizes.append(placement.selfSizing ? .zero : configuration.itemSize)
      }
    }
    // Header and footer reference sizes count along the scroll axis only, as a session's flow places them.
    let vertical = configuration.scrollDirection == .vertical
    let header = configuration.headerReferenceSize
    let footer = configuration.footerReferenceSize
    let section = FlowSection(
      items: sizes, headerExtent: vertical ? header.height : header.width,
      footerExtent: vertical ? footer.height : footer.width)
    let flow = FlowLayout(sections: [section], bounds: size, configuration: configuration)
    return NestedMeasure(
      element: element, kind: container.kind, size: size,
      layout: FlowRangeLayout(layout: flow, itemIDs: [container.items.map { RowID($0.id) }]), failures: failures)
  }

  /// The flow layout configuration of `container` in a `size` viewport.
  static func configuration(_ container: ContainerElement, size: FlowSize) -> FlowLayoutConfiguration {
    if container.kind == .pager {
      var flow = PagerGeometry.flowLayout
      flow.itemSize = size
      return flow
    }
    let given = container.layout
    var flow = FlowLayoutConfiguration()
    flow.scrollDirection = given.horizontal ? .horizontal : .vertical
    if let itemSize = given.itemSize { flow.itemSize = FlowSize(width: itemSize.width, height: itemSize.height) }
    flow.minimumLineSpacing = given.minimumLineSpacing
    flow.minimumInteritemSpacing = given.minimumInteritemSpacing
    flow.sectionInset = given.sectionInset
    flow.headerReferenceSize = FlowSize(
      width: given.headerReferenceSize.width, height: given.headerReferenceSize.height)
    flow.footerReferenceSize = FlowSize(
      width: given.footerReferenceSize.width, height: given.footerReferenceSize.height)
    return flow
  }

  /// The size of the container element `id` in `layout` (searched depth first), nil when it is not there.
  static func size(of id: String, in layout: Layout) -> Size? {
    var pending = [layout]
    while let node = pending.popLast() {
      if node.id == id, node.type == "collection" || node.type == "pager" { return node.size }
      pending.append(contentsOf: node.children)
    }
    return nil
  }
}
