/// The legend under a snapshot: what the range bands' colours and the viewport marker mean.
extension SnapshotRenderer {
  /// How a legend entry's swatch is drawn.
  enum LegendSwatch {
    /// A filled square (a range band).
    case fill
    /// An outlined square (the viewport marker).
    case outline
  }

  /// One entry: its swatch, colour and label.
  struct LegendEntry {
    /// The swatch's kind.
    let swatch: LegendSwatch
    /// The swatch's colour.
    let colour: String
    /// The words after the swatch.
    let label: String
  }

  /// Font size of the legend's labels (points).
  static let legendFontSize = 9.0
  /// Height of one line of the legend (points).
  static let legendLineHeight = 14.0
  /// Side of a swatch (points).
  static let legendSwatch = 9.0

  /// The entries, in the band column's order, then the viewport.
  static let legendEntries: [LegendEntry] = [
    LegendEntry(swatch: .fill, colour: SnapshotPalette.preload, label: "Preload"),
    LegendEntry(swatch: .fill, colour: SnapshotPalette.display, label: "Display"),
    LegendEntry(swatch: .fill, colour: SnapshotPalette.visible, label: "Visible"),
    LegendEntry(swatch: .outline, colour: SnapshotPalette.viewport, label: "viewport"),
  ]

  /// Where each entry goes: (entry, x offset from the left edge, line), wrapping to a new line when the next entry
  /// would not fit in `width`. Labels are taken at about 5.2 pt per character (sans-serif at 9 pt).
  static func legendPlacement(width: Double) -> [(entry: LegendEntry, x: Double, line: Int)] {
    var placed: [(entry: LegendEntry, x: Double, line: Int)] = []
    var x = 6.0
    var line = 0
    for entry in legendEntries {
      let entryWidth = legendSwatch + 4 + Double(entry.label.count) * 5.2
      if x > 6 && x + entryWidth > width - 6 {
        line += 1
        x = 6
      }
      placed.append((entry, x, line))
      x += entryWidth + 12
    }
    return placed
  }

  /// Height of the legend strip under the drawn rect: 0 without a band column (nothing to explain).
  static func legendHeight(_ scene: SnapshotScene) -> Double {
    guard scene.margin > 0 else { return 0 }
    let lines = (legendPlacement(width: scene.width + scene.margin).map(\.line).max() ?? 0) + 1
    return Double(lines) * legendLineHeight + 4
  }

  /// Draws the legend strip under the drawn rect (`<g class="legend-key">`): a swatch and a label per entry, on a
  /// white strip with a thin rule above it.
  static func drawLegend(_ scene: SnapshotScene, into svg: inout SVGWriter) {
    let height = legendHeight(scene)
    guard height > 0 else { return }
    let left = scene.x - scene.margin
    let width = scene.width + scene.margin
    let top = scene.maxY
    svg.open("g", ["class": "legend-key", "font-family": "sans-serif", "font-size": .number(legendFontSize)])
    svg.element(
      "rect",
      ["x": .number(left), "y": .number(top), "width": .number(width), "height": .number(height), "fill": "#ffffff"])
    svg.element(
      "line",
      [
        "x1": .number(left), "y1": .number(top + 0.25), "x2": .number(left + width), "y2": .number(top + 0.25),
        "stroke": .text(SnapshotPalette.separator), "stroke-width": 0.5,
      ])
    for (entry, x, line) in legendPlacement(width: width) {
      let swatchTop = top + 4 + Double(line) * legendLineHeight + (legendLineHeight - legendSwatch) / 2
      switch entry.swatch {
      case .fill:
        svg.element(
          "rect",
          [
            "x": .number(left + x), "y": .number(swatchTop), "width": .number(legendSwatch),
            "height": .number(legendSwatch), "fill": .text(entry.colour),
          ])
      case .outline:
        svg.element(
          "rect",
          [
            "x": .number(left + x + 0.75), "y": .number(swatchTop + 0.75), "width": .number(legendSwatch - 1.5),
            "height": .number(legendSwatch - 1.5), "fill": "none", "stroke": .text(entry.colour), "stroke-width": 1.5,
          ])
      }
      svg.element(
        "text",
        [
          "x": .number(left + x + legendSwatch + 4), "y": .number(swatchTop + legendSwatch - 1),
          "fill": "#3a3a3c",
        ], content: entry.label)
    }
    svg.close()
  }
}
