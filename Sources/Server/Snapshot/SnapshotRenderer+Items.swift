import LayoutSpecs

/// Drawing one display-list item in cell coordinates.
extension SnapshotRenderer {
  /// Specs as faint outlines, nodes and boxes as light boxes, text as one `<text>` per line with its font, images as
  /// grey placeholders with a cross and their source name. Pure.
  static func drawItem(_ item: DisplayList.Item, into svg: inout SVGWriter) {
    switch item {
    case .rect(let type, let id, _, let frame):
      let isLeaf = type == "node" || type == "box"
      svg.element(
        "rect",
        [
          "class": .text(type), "data-id": .optional(id),
          "x": .number(frame.origin.x), "y": .number(frame.origin.y),
          "width": .number(frame.size.width), "height": .number(frame.size.height),
          "fill": .text(isLeaf ? SnapshotPalette.nodeFill : "none"),
          "stroke": .text(isLeaf ? SnapshotPalette.nodeOutline : SnapshotPalette.specOutline), "stroke-width": 0.5,
        ])
    case .text(let id, _, _, let leaf, let lines):
      drawText(id: id, leaf: leaf, lines: lines, into: &svg)
    case .image(let id, _, let frame, let source):
      drawImage(id: id, frame: frame, source: source, into: &svg)
    }
  }

  /// A text leaf: `<g class="text">` with one `<text>` per line at its x and baseline, in the leaf's family, size and
  /// weight; `textLength` is the measured width, so a renderer without the font still fills the laid-out width. A
  /// line with runs (right-to-left text, several faces) draws one `<text>` per run instead, in visual order, each
  /// in its face (`font-family`, `font-size`, `font-weight`, `font-style`) and a right-to-left one with
  /// `direction="rtl"` anchored at its right edge.
  static func drawText(
    id: String?, leaf: TextLeaf, lines: [DisplayList.Line], into svg: inout SVGWriter
  ) {
    svg.open(
      "g",
      [
        "class": "text", "data-id": .optional(id), "font-family": .text(leaf.fontFamily),
        "font-size": .number(leaf.fontSize), "font-weight": .number(Double(leaf.fontWeight)),
        "fill": .text(leaf.color ?? SnapshotPalette.text),
      ])
    for line in lines where !line.text.isEmpty {
      guard !line.runs.isEmpty else {
        svg.element(
          "text",
          [
            "x": .number(line.x), "y": .number(line.baseline),
            "textLength": line.width > 0 ? .number(line.width) : .absent,
            "lengthAdjust": line.width > 0 ? "spacingAndGlyphs" : .absent, "xml:space": "preserve",
          ], content: line.text)
        continue
      }
      for run in line.runs where !run.text.isEmpty {
        svg.element(
          "text",
          [
            "x": .number(run.rightToLeft ? run.x + run.width : run.x), "y": .number(line.baseline),
            "direction": run.rightToLeft ? "rtl" : .absent, "unicode-bidi": run.rightToLeft ? "embed" : .absent,
            "font-family": run.font.map { .text($0.family) } ?? .absent,
            "font-size": run.font.map { .number($0.size) } ?? .absent,
            "font-weight": run.font.map { .number(Double($0.weight)) } ?? .absent,
            "font-style": run.font?.italic == true ? "italic" : .absent,
            "textLength": run.width > 0 ? .number(run.width) : .absent,
            "lengthAdjust": run.width > 0 ? "spacingAndGlyphs" : .absent, "xml:space": "preserve",
          ], content: run.text)
      }
    }
    svg.close()
  }

  /// An image placeholder: a grey rect with both diagonals and, when there is room, the source name (or the id)
  /// centred.
  static func drawImage(id: String?, frame: Rect, source: String?, into svg: inout SVGWriter) {
    let (x, y, w, h) = (frame.origin.x, frame.origin.y, frame.size.width, frame.size.height)
    svg.open("g", ["class": "image", "data-id": .optional(id), "data-source": .optional(source)])
    svg.element(
      "rect",
      [
        "x": .number(x), "y": .number(y), "width": .number(w), "height": .number(h),
        "fill": .text(SnapshotPalette.imageFill), "stroke": .text(SnapshotPalette.imageStroke), "stroke-width": 0.5,
      ])
    let cross =
      "M\(SVGValue.format(x)) \(SVGValue.format(y))L\(SVGValue.format(x + w)) \(SVGValue.format(y + h))"
      + "M\(SVGValue.format(x + w)) \(SVGValue.format(y))L\(SVGValue.format(x)) \(SVGValue.format(y + h))"
    svg.element(
      "path", ["d": .text(cross), "stroke": .text(SnapshotPalette.imageStroke), "stroke-width": 0.5, "fill": "none"])
    let size = min(12, h / 3)
    if let label = fittedLabel(source ?? id ?? "image", width: w - 8, fontSize: size), size >= 6 {
      // A white plate under the label keeps it readable over the cross.
      let plate = min(w - 4, Double(label.count) * size * 0.6 + 8)
      svg.element(
        "rect",
        [
          "x": .number(x + (w - plate) / 2), "y": .number(y + h / 2 - size * 0.8), "width": .number(plate),
          "height": .number(size * 1.6), "fill": "#ffffff", "fill-opacity": 0.85, "rx": 3,
        ])
      svg.element(
        "text",
        [
          "x": .number(x + w / 2), "y": .number(y + h / 2 + size * 0.35), "text-anchor": "middle",
          "font-family": "sans-serif", "font-size": .number(size), "fill": "#3a3a3c",
        ], content: label)
    }
    svg.close()
  }

  /// `label` cut with "…" to fit `width` points at `fontSize` (estimating 0.6 em per character), nil when fewer
  /// than four characters would fit.
  static func fittedLabel(_ label: String, width: Double, fontSize: Double) -> String? {
    guard fontSize > 0 else { return nil }
    let fits = Int(width / (fontSize * 0.6))
    if label.count <= fits { return label }
    return fits >= 4 ? String(label.prefix(fits - 1)) + "…" : nil
  }
}
