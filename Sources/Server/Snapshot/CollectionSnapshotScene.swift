import NodeTree

/// What a collection's or pager's snapshot shows: the drawn rect of the content, the band strip along the scroll
/// axis (a column left of the rect for a vertical flow, a strip above it for a horizontal one or a pager) and the
/// viewport. All in content coordinates (points). Pure value.
struct CollectionSnapshotScene: Sendable {
  /// Left edge of the drawn rect.
  let x: Double
  /// Top edge of the drawn rect.
  let y: Double
  /// Width of the drawn rect.
  let width: Double
  /// Height of the drawn rect.
  let height: Double
  /// Thickness of the band strip (0: none).
  let margin: Double
  /// True when the flow scrolls along y (the strip is a column on the left), false along x (a strip on top).
  let vertical: Bool
  /// The viewport: content offset and size.
  let viewport: Rect

  /// The scene the table's legend is drawn for: the same left edge and total width, its top under the rect.
  var legendScene: SnapshotScene {
    let left = vertical ? x : x + margin
    let inner = vertical ? width : width - margin
    return SnapshotScene(
      x: left, y: y, width: inner, height: height, margin: margin,
      viewport: (viewport.y, viewport.width, viewport.height), separator: 0)
  }
}

/// One committed item to draw: its id, index path, flow frame and interface state, with its cell's display list
/// or the reason it could not be laid out. Pure value, made on the session and drawn off it.
struct DrawnItem: Sendable {
  /// Item id.
  let id: RowID
  /// [section, item] in the committed map.
  let indexPath: TableIndexPath
  /// The item's flow frame (content coordinates).
  let frame: Rect
  /// The item's interface state as the range controller last set it.
  let state: InterfaceState
  /// The cell's display list laid out at the frame's size, nil when layout failed.
  var list: DisplayList?
  /// Why layout failed.
  var failure: String?
}

/// A header or footer of a flow layout's reference size to draw (a plain plate: it has no cell). Pure value.
struct DrawnFlowSupplementary: Sendable {
  /// Header or footer.
  let kind: SupplementaryKind
  /// Its section.
  let section: Int
  /// Its frame (content coordinates; a flow's headers and footers do not float).
  let frame: Rect
}
