/// Drawing headers and footers, over the rows (a floating one covers the rows under it, as in UIKit).
extension SnapshotRenderer {
  /// Each header and footer as `<g class="header|footer [floating]" data-section data-row-id? data-floating
  /// transform="translate(0 Y)">` at the top edge Y where it is drawn: a tinted plate the element's height with a
  /// hairline at its bottom (header) or top (footer), then its cell's display list, or for a fixed height the label
  /// `header 0` when there is room. Pure.
  static func drawSupplementaries(_ scene: SnapshotScene, _ elements: [DrawnSupplementary], into svg: inout SVGWriter) {
    guard !elements.isEmpty else { return }
    let width = scene.viewport.width
    for drawn in elements {
      let element = drawn.element
      let name = element.kind.rawValue
      svg.open(
        "g",
        [
          "class": .text(name + (element.isFloating ? " floating" : "") + (drawn.failure != nil ? " failed" : "")),
          "data-section": .number(Double(element.section)), "data-row-id": .optional(element.id?.rawValue),
          "data-floating": .text(element.isFloating ? "true" : "false"),
          "transform": .text("translate(0 \(SVGValue.format(element.y)))"),
        ])
      svg.element(
        "rect",
        [
          "x": 0, "y": 0, "width": .number(width), "height": .number(element.height),
          "fill": .text(SnapshotPalette.supplementaryFill),
        ])
      let edge = element.kind == .header ? element.height - 0.25 : 0.25
      svg.element(
        "line",
        [
          "x1": 0, "y1": .number(edge), "x2": .number(width), "y2": .number(edge),
          "stroke": .text(SnapshotPalette.supplementaryEdge), "stroke-width": 0.5,
        ])
      if let list = drawn.list {
        for item in list.items { drawItem(item, into: &svg) }
      } else if drawn.failure != nil {
        drawFailure(width: width, height: element.height, into: &svg)
      } else if element.height >= 10 {
        svg.element(
          "text",
          [
            "x": 4, "y": .number(min(element.height - 2, 10)), "font-family": "sans-serif", "font-size": 8,
            "fill": .text(SnapshotPalette.supplementaryEdge),
          ], content: "\(name) \(element.section)")
      }
      svg.close()
    }
  }
}
