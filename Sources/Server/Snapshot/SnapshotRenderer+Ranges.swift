import NodeTree

/// The range-band column (Texture's range debug overlay) and the viewport marker.
extension SnapshotRenderer {
  /// The margin left of the rect, split into three columns — preload, display, visible, left to right — where each
  /// row's span is filled in that range's colour when the row's state holds it. Rows holding only measureLayout
  /// leave the margin grey. Pure.
  static func drawRanges(_ scene: SnapshotScene, rows: [DrawnRow], into svg: inout SVGWriter) {
    guard scene.margin > 0 else { return }
    let left = scene.x - scene.margin
    svg.element(
      "rect",
      [
        "class": "margin", "x": .number(left), "y": .number(scene.y), "width": .number(scene.margin),
        "height": .number(scene.height), "fill": .text(SnapshotPalette.margin),
      ])
    let column = scene.margin / 3
    let bands: [(name: String, state: InterfaceState, colour: String)] = [
      ("preload", .preload, SnapshotPalette.preload), ("display", .display, SnapshotPalette.display),
      ("visible", .visible, SnapshotPalette.visible),
    ]
    svg.open("g", ["class": "ranges"])
    for drawn in rows {
      let row = drawn.row
      // A hairline gap between rows keeps neighbouring bands apart when a row is tall enough.
      let gap = row.height > 2 ? 0.5 : 0
      for (index, band) in bands.enumerated() where row.state.contains(band.state) {
        svg.element(
          "rect",
          [
            "class": .text("band " + band.name), "data-row-id": .text(row.id.rawValue),
            "x": .number(left + Double(index) * column + 1), "y": .number(row.y + gap),
            "width": .number(max(0, column - 2)), "height": .number(max(0, row.height - 2 * gap)),
            "fill": .text(band.colour),
          ])
      }
    }
    if column >= 8 {
      // Column initials at the top, as the overlay's legend: P(reload), D(isplay), V(isible).
      for (index, band) in bands.enumerated() {
        svg.element(
          "text",
          [
            "class": "legend", "x": .number(left + (Double(index) + 0.5) * column), "y": .number(scene.y + 10),
            "text-anchor": "middle", "font-family": "sans-serif", "font-size": .number(min(9, column - 1)),
            "font-weight": 700, "fill": "#3a3a3c",
          ], content: String(band.name.prefix(1)).uppercased())
      }
    }
    svg.close()
  }

  /// The viewport: an outlined bracket over its span in the margin and, when the drawn rect is not the viewport, a
  /// dashed outline of it over the content.
  static func drawViewport(_ scene: SnapshotScene, into svg: inout SVGWriter) {
    let vp = scene.viewport
    let top = max(vp.y, scene.y)
    let bottom = min(vp.y + vp.height, scene.maxY)
    guard bottom > top else { return }
    svg.open("g", ["class": "viewport", "fill": "none", "stroke": .text(SnapshotPalette.viewport)])
    if scene.margin > 0 {
      svg.element(
        "rect",
        [
          "class": "viewport-marker", "x": .number(scene.x - scene.margin + 0.75), "y": .number(top + 0.75),
          "width": .number(max(0, scene.margin - 1.5)), "height": .number(max(0, bottom - top - 1.5)),
          "stroke-width": 1.5,
        ])
    }
    let isRect = vp.y == scene.y && vp.height == scene.height && scene.x == 0 && vp.width == scene.width
    if !isRect {
      svg.element(
        "rect",
        [
          "class": "viewport-outline", "x": 0.5, "y": .number(vp.y + 0.5), "width": .number(max(0, vp.width - 1)),
          "height": .number(max(0, vp.height - 1)), "stroke-width": 1, "stroke-dasharray": "4 3",
        ])
    }
    svg.close()
  }
}
