import NodeTree

/// Drawing a collection or a pager: items where the flow placed them on both axes, the headers and footers of the
/// layout's reference sizes, and the range bands along the scroll axis (Texture's range overlay turned with it).
extension SnapshotRenderer {
  /// The SVG document for `items` and `supplementaries` (content order) inside `scene`: the band strip (a column
  /// left of the rect for a vertical flow, a strip above it along x for a horizontal one), then, clipped to the
  /// rect, the headers and footers and each item as `<g class="item" data-row-id data-index-path data-state
  /// transform="translate(x y)">` holding its frame outline and display list, then the viewport marker and the
  /// legend. One SVG unit is one point; the `viewBox` is in content coordinates. Pure.
  static func renderCollection(
    _ scene: CollectionSnapshotScene, items: [DrawnItem], supplementaries: [DrawnFlowSupplementary]
  ) -> String {
    var svg = SVGWriter()
    let legend = legendHeight(scene.legendScene)
    let (left, top) = scene.vertical ? (scene.x - scene.margin, scene.y) : (scene.x, scene.y - scene.margin)
    let totalWidth = scene.vertical ? scene.width + scene.margin : scene.width
    let totalHeight = (scene.vertical ? scene.height : scene.height + scene.margin) + legend
    openDocument(
      viewBox: (left, top, totalWidth, totalHeight), content: (scene.x, scene.y, scene.width, scene.height),
      title: "layoutd snapshot of \(items.count) item\(items.count == 1 ? "" : "s") at x "
        + "\(SVGValue.format(scene.x)) y \(SVGValue.format(scene.y))",
      into: &svg)
    drawItemBands(scene, items: items, into: &svg)
    svg.open("g", ["class": "items", "clip-path": "url(#content)"])
    for element in supplementaries { drawFlowSupplementary(element, into: &svg) }
    for item in items { drawCollectionItem(item, into: &svg) }
    svg.close()
    drawCollectionViewport(scene, into: &svg)
    drawLegend(scene.legendScene, into: &svg)
    return svg.finish()
  }

  /// One item: its group at its frame's origin, a hairline outline of the frame, then its display list in cell
  /// coordinates (or a failure box).
  static func drawCollectionItem(_ item: DrawnItem, into svg: inout SVGWriter) {
    svg.open(
      "g",
      [
        "class": item.list == nil ? "item failed" : "item", "data-row-id": .text(item.id.rawValue),
        "data-index-path": .text("\(item.indexPath.section),\(item.indexPath.row)"),
        "data-state": .text(stateText(item.state)),
        "transform": .text("translate(\(SVGValue.format(item.frame.x)) \(SVGValue.format(item.frame.y)))"),
      ])
    if let list = item.list {
      svg.element(
        "rect",
        [
          "class": "item-frame", "x": 0, "y": 0, "width": .number(item.frame.width),
          "height": .number(item.frame.height), "fill": "none", "stroke": .text(SnapshotPalette.separator),
          "stroke-width": 0.5,
        ])
      for element in list.items { drawItem(element, into: &svg) }
    } else {
      drawFailure(width: item.frame.width, height: item.frame.height, into: &svg)
    }
    svg.close()
  }

  /// A header or footer of a reference size: a tinted plate over its frame labelled `header 0` when there is room.
  static func drawFlowSupplementary(_ element: DrawnFlowSupplementary, into svg: inout SVGWriter) {
    let frame = element.frame
    let name = element.kind.rawValue
    svg.open(
      "g",
      [
        "class": .text(name), "data-section": .number(Double(element.section)),
        "transform": .text("translate(\(SVGValue.format(frame.x)) \(SVGValue.format(frame.y)))"),
      ])
    svg.element(
      "rect",
      [
        "x": 0, "y": 0, "width": .number(frame.width), "height": .number(frame.height),
        "fill": .text(SnapshotPalette.supplementaryFill), "stroke": .text(SnapshotPalette.supplementaryEdge),
        "stroke-width": 0.5,
      ])
    if frame.height >= 10, frame.width >= 40 {
      svg.element(
        "text",
        [
          "x": 4, "y": .number(min(frame.height - 2, 10)), "font-family": "sans-serif", "font-size": 8,
          "fill": .text(SnapshotPalette.supplementaryEdge),
        ], content: "\(name) \(element.section)")
    }
    svg.close()
  }

  /// The band strip: three lanes — preload, display, visible — across the strip (left to right in a column, top
  /// to bottom in a strip on top); each item's extent along the scroll axis filled in a lane's colour when its
  /// state holds that range (items of one line share their band). Pure.
  static func drawItemBands(_ scene: CollectionSnapshotScene, items: [DrawnItem], into svg: inout SVGWriter) {
    guard scene.margin > 0 else { return }
    let (stripX, stripY) = scene.vertical ? (scene.x - scene.margin, scene.y) : (scene.x, scene.y - scene.margin)
    let (stripW, stripH) = scene.vertical ? (scene.margin, scene.height) : (scene.width, scene.margin)
    svg.element(
      "rect",
      [
        "class": "margin", "x": .number(stripX), "y": .number(stripY), "width": .number(stripW),
        "height": .number(stripH), "fill": .text(SnapshotPalette.margin),
      ])
    let lane = scene.margin / 3
    let bands: [(name: String, state: InterfaceState, colour: String)] = [
      ("preload", .preload, SnapshotPalette.preload), ("display", .display, SnapshotPalette.display),
      ("visible", .visible, SnapshotPalette.visible),
    ]
    svg.open("g", ["class": "ranges"])
    for item in items {
      let (start, length) = scene.vertical ? (item.frame.y, item.frame.height) : (item.frame.x, item.frame.width)
      let gap = length > 2 ? 0.5 : 0
      for (index, band) in bands.enumerated() where item.state.contains(band.state) {
        let across = (scene.vertical ? stripX : stripY) + Double(index) * lane + 1
        let (x, y) = scene.vertical ? (across, start + gap) : (start + gap, across)
        let (w, h) =
          scene.vertical
          ? (max(0, lane - 2), max(0, length - 2 * gap)) : (max(0, length - 2 * gap), max(0, lane - 2))
        svg.element(
          "rect",
          [
            "class": .text("band " + band.name), "data-row-id": .text(item.id.rawValue), "x": .number(x),
            "y": .number(y), "width": .number(w), "height": .number(h), "fill": .text(band.colour),
          ])
      }
    }
    svg.close()
  }

  /// The viewport: a bracket over its extent in the band strip and, when the drawn rect is not the viewport, a
  /// dashed outline of it over the content.
  static func drawCollectionViewport(_ scene: CollectionSnapshotScene, into svg: inout SVGWriter) {
    let vp = scene.viewport
    let (low, high) =
      scene.vertical
      ? (max(vp.y, scene.y), min(vp.maxY, scene.y + scene.height))
      : (max(vp.x, scene.x), min(vp.maxX, scene.x + scene.width))
    guard high > low else { return }
    svg.open("g", ["class": "viewport", "fill": "none", "stroke": .text(SnapshotPalette.viewport)])
    if scene.margin > 0 {
      let inner = max(0, scene.margin - 1.5)
      let (x, y, w, h) =
        scene.vertical
        ? (scene.x - scene.margin + 0.75, low + 0.75, inner, max(0, high - low - 1.5))
        : (low + 0.75, scene.y - scene.margin + 0.75, max(0, high - low - 1.5), inner)
      svg.element(
        "rect",
        [
          "class": "viewport-marker", "x": .number(x), "y": .number(y), "width": .number(w), "height": .number(h),
          "stroke-width": 1.5,
        ])
    }
    let isRect = vp.x == scene.x && vp.y == scene.y && vp.width == scene.width && vp.height == scene.height
    if !isRect {
      svg.element(
        "rect",
        [
          "class": "viewport-outline", "x": .number(vp.x + 0.5), "y": .number(vp.y + 0.5),
          "width": .number(max(0, vp.width - 1)), "height": .number(max(0, vp.height - 1)), "stroke-width": 1,
          "stroke-dasharray": "4 3",
        ])
    }
    svg.close()
  }
}
