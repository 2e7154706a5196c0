import NodeTree

/// Draws a snapshot of the table as SVG: the range-band column on the left, then the rows intersecting the drawn
/// rect, each a group translated to its top edge holding its display list, then the row separators, the headers and
/// footers drawn in the rect (floating ones where they float, over the rows) and the viewport marker, and under the
/// rect a legend of the bands' colours and the viewport marker (when there is a band column). One SVG unit is one
/// point; the `viewBox` is in content coordinates, so a row's group is at its content y. Pure; runs off the session
/// (in a `.compute` outcome).
enum SnapshotRenderer {
  /// The SVG document for `rows` (in order) inside `scene`.
  static func render(_ scene: SnapshotScene, rows: [DrawnRow], supplementaries: [DrawnSupplementary] = []) -> String {
    var svg = SVGWriter()
    openDocument(
      viewBox: (scene.x - scene.margin, scene.y, scene.width + scene.margin, scene.height + legendHeight(scene)),
      content: (scene.x, scene.y, scene.width, scene.height),
      title: "layoutd snapshot of \(rows.count) row\(rows.count == 1 ? "" : "s") at y \(SVGValue.format(scene.y))",
      into: &svg)
    drawRanges(scene, rows: rows, into: &svg)
    svg.open("g", ["class": "rows", "clip-path": "url(#content)"])
    for drawn in rows { drawRow(drawn, scene: scene, into: &svg) }
    drawSeparators(scene, rows: rows, into: &svg)
    drawSupplementaries(scene, supplementaries, into: &svg)
    drawFailureLabels(scene, rows: rows, into: &svg)
    svg.close()
    drawViewport(scene, into: &svg)
    drawLegend(scene, into: &svg)
    return svg.finish()
  }

  /// Opens the `<svg>` element with its `viewBox` (and the same width and height), writes its `<title>`, the clip
  /// path `content` of the drawn rect and the rect's background. Shared by tables and collections.
  static func openDocument(
    viewBox: (x: Double, y: Double, width: Double, height: Double),
    content: (x: Double, y: Double, width: Double, height: Double), title: String, into svg: inout SVGWriter
  ) {
    svg.open(
      "svg",
      [
        "xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
        "width": .number(viewBox.width), "height": .number(viewBox.height),
        "viewBox": SVGValue.numbers(viewBox.x, viewBox.y, viewBox.width, viewBox.height),
      ])
    svg.element("title", [:], content: title)
    svg.open("defs")
    svg.open("clipPath", ["id": "content"])
    svg.element(
      "rect",
      [
        "x": .number(content.x), "y": .number(content.y), "width": .number(content.width),
        "height": .number(content.height),
      ])
    svg.close()
    svg.close()
    svg.element(
      "rect",
      [
        "class": "background", "x": .number(content.x), "y": .number(content.y), "width": .number(content.width),
        "height": .number(content.height), "fill": .text(SnapshotPalette.background),
      ])
  }

  /// One row: `<g class="row" data-row-id data-index-path data-state transform="translate(0 y)">` holding its items
  /// in cell coordinates, or a failure placeholder.
  static func drawRow(_ drawn: DrawnRow, scene: SnapshotScene, into svg: inout SVGWriter) {
    let row = drawn.row
    svg.open(
      "g",
      [
        "class": drawn.list == nil ? "row failed" : "row", "data-row-id": .text(row.id.rawValue),
        "data-index-path": .text("\(row.indexPath.section),\(row.indexPath.row)"),
        "data-state": .text(stateText(row.state)),
        "transform": .text("translate(0 \(SVGValue.format(row.y)))"),
      ])
    if let list = drawn.list {
      drawHighlight(row, width: scene.viewport.width, into: &svg)
      for item in list.items { drawItem(item, into: &svg) }
      drawAccessory(row, width: scene.viewport.width, into: &svg)
    } else {
      drawFailure(width: scene.viewport.width, height: row.height, into: &svg)
    }
    svg.close()
  }

  /// The row separators: one thin line at the bottom of each row (UIKit draws it inside the row's last 1/scale),
  /// from the row's left separator inset to its width less its right inset.
  static func drawSeparators(_ scene: SnapshotScene, rows: [DrawnRow], into svg: inout SVGWriter) {
    guard scene.separator > 0, !rows.isEmpty else { return }
    svg.open(
      "g",
      ["class": "separators", "stroke": .text(SnapshotPalette.separator), "stroke-width": .number(scene.separator)])
    for drawn in rows {
      let y = drawn.row.y + drawn.row.height - scene.separator / 2
      let inset = drawn.row.accessories.separatorInset
      let (x1, x2) = (inset.left, scene.viewport.width - inset.right)
      guard x2 > x1 else { continue }  // UIKit draws no separator when its insets cover the row
      svg.element("line", ["x1": .number(x1), "y1": .number(y), "x2": .number(x2), "y2": .number(y)])
    }
    svg.close()
  }

  /// A row whose cell failed to lay out: a pale red box with a red outline over the row (often only its separator
  /// tall: a failed cell has height 0).
  static func drawFailure(width: Double, height: Double, into svg: inout SVGWriter) {
    svg.element(
      "rect",
      [
        "x": 0, "y": 0, "width": .number(width), "height": .number(height), "fill": "#fff0f0",
        "stroke": .text(SnapshotPalette.failure), "stroke-width": 1,
      ])
  }

  /// Labels of the rows that failed to lay out, over everything else (a failed row is usually too thin to hold
  /// its label): the row id and the reason in red on a white plate, just below the row's top edge.
  static func drawFailureLabels(_ scene: SnapshotScene, rows: [DrawnRow], into svg: inout SVGWriter) {
    let failed = rows.filter { $0.list == nil }
    guard !failed.isEmpty else { return }
    svg.open("g", ["class": "failures", "font-family": "sans-serif", "font-size": 9])
    for drawn in failed {
      let full = "row \"\(drawn.row.id.rawValue)\" failed to lay out: \(drawn.failure ?? "unknown reason")"
      // Sans-serif at 9 pt averages about 5.6 pt a character; cut the reason to the row's width.
      let label = fittedLabel(full, width: scene.viewport.width - 14, fontSize: 9.4) ?? "failed"
      let width = min(scene.viewport.width - 8, Double(label.count) * 5.6 + 6)
      svg.element(
        "rect",
        [
          "x": 4, "y": .number(drawn.row.y + 1), "width": .number(max(0, width)), "height": 12, "fill": "#ffffff",
          "fill-opacity": 0.9, "stroke": .text(SnapshotPalette.failure), "stroke-width": 0.5,
        ])
      svg.element(
        "text", ["x": 7, "y": .number(drawn.row.y + 10), "fill": .text(SnapshotPalette.failure)], content: label)
    }
    svg.close()
  }

  /// "measureLayout preload display visible" style list of the state's bits.
  static func stateText(_ state: InterfaceState) -> String {
    var names: [String] = []
    if state.contains(.measureLayout) { names.append("measureLayout") }
    if state.contains(.preload) { names.append("preload") }
    if state.contains(.display) { names.append("display") }
    if state.contains(.visible) { names.append("visible") }
    return names.joined(separator: " ")
  }
}
