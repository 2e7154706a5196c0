import NodeTree

/// Drawing a row's selection highlight and its accessory.
extension SnapshotRenderer {
  /// A selected row's highlight under its content, as UIKit's `selectedBackgroundView` for the row's selection style
  /// (none: nothing; blue: the tint blue; gray and default: the system's gray), over the row less its separator.
  /// Pure.
  static func drawHighlight(_ row: SnapshotRow, width: Double, into svg: inout SVGWriter) {
    guard row.selected else { return }
    let fill: String
    switch row.accessories.selectionStyle {
    case .none: return
    case .blue: fill = SnapshotPalette.selectionBlue
    case .gray, .default: fill = SnapshotPalette.selectionGray
    }
    svg.element(
      "rect",
      [
        "class": "selection", "data-selection-style": .text(row.accessories.selectionStyle.rawValue), "x": 0, "y": 0,
        "width": .number(width), "height": .number(row.height), "fill": .text(fill),
      ])
  }

  /// The row's accessory in the strip it takes at the row's trailing edge (`AccessoryType.width` wide, centred
  /// vertically): a chevron, a checkmark, an info button, or an info button and a chevron. Pure.
  static func drawAccessory(_ row: SnapshotRow, width: Double, into svg: inout SVGWriter) {
    let type = row.accessories.accessoryType
    guard type != .none else { return }
    let left = width - type.width
    let middle = row.height / 2
    svg.open(
      "g",
      [
        "class": "accessory", "data-accessory-type": .text(type.rawValue),
        "transform": .text("translate(\(SVGValue.format(left)) \(SVGValue.format(middle)))"),
        "fill": "none", "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round",
      ])
    // Shapes are drawn in the strip's coordinates: x from 0 to the accessory's width, y from its vertical middle.
    switch type {
    case .none: break
    case .disclosureIndicator:
      chevron(atX: type.width - 20, into: &svg)
    case .checkmark:
      svg.element(
        "path", ["d": "M 13 0 L 18 5 L 27 -6", "stroke": .text(SnapshotPalette.tint)])
    case .detailButton:
      infoButton(centerX: type.width - 26, into: &svg)
    case .detailDisclosureButton:
      infoButton(centerX: type.width - 46, into: &svg)
      chevron(atX: type.width - 20, into: &svg)
    }
    svg.close()
  }

  /// UIKit's grey disclosure chevron, 8 × 13 points from `x`.
  private static func chevron(atX x: Double, into svg: inout SVGWriter) {
    let x0 = SVGValue.format(x)
    let x1 = SVGValue.format(x + 6)
    svg.element(
      "path", ["d": .text("M \(x0) -6.5 L \(x1) 0 L \(x0) 6.5"), "stroke": .text(SnapshotPalette.chevron)])
  }

  /// UIKit's info button: a 22-point tinted circle with an "i", centred at `centerX`.
  private static func infoButton(centerX: Double, into svg: inout SVGWriter) {
    svg.element(
      "circle",
      ["cx": .number(centerX), "cy": 0, "r": 10, "stroke": .text(SnapshotPalette.tint), "stroke-width": 1.5])
    svg.element(
      "text",
      [
        "x": .number(centerX), "y": 4.5, "text-anchor": "middle", "font-family": "serif", "font-size": 13,
        "font-weight": 700, "fill": .text(SnapshotPalette.tint), "stroke": "none",
      ], content: "i")
  }
}
