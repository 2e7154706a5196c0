import NodeTree

/// One committed row to draw: where it sits, its interface state, and its cell content. Pure value, made on the
/// session and drawn off it.
struct SnapshotRow: Sendable {
  /// Row id.
  let id: RowID
  /// Index path in the committed (visible) map.
  let indexPath: TableIndexPath
  /// Top edge in content coordinates (points).
  let y: Double
  /// Row height: cell height plus separator (points).
  let height: Double
  /// The row's interface state as the range controller last set it.
  let state: InterfaceState
  /// The row's accessory, selection style and separator inset.
  var accessories = CellAccessories.standard
  /// True when the row is selected (highlighted per `accessories.selectionStyle`).
  var selected = false
}

/// What a snapshot shows around the rows: the drawn rect of the content, the band column, the viewport and the
/// table's geometry. All in content coordinates (points). Pure value.
struct SnapshotScene: Sendable {
  /// Left edge of the drawn rect.
  let x: Double
  /// Top edge of the drawn rect.
  let y: Double
  /// Width of the drawn rect.
  let width: Double
  /// Height of the drawn rect.
  let height: Double
  /// Width of the range-band column left of the rect (0: none).
  let margin: Double
  /// The viewport: content offset and size.
  let viewport: (y: Double, width: Double, height: Double)
  /// Separator height (1/scale, or 0 without separators).
  let separator: Double

  /// Bottom edge of the drawn rect.
  var maxY: Double { y + height }
}

/// A row ready to draw: its place and state, and its display list or the reason it could not be laid out.
/// Pure value.
struct DrawnRow: Sendable {
  /// The row.
  let row: SnapshotRow
  /// The cell's display list, nil when layout failed.
  let list: DisplayList?
  /// Why layout failed.
  let failure: String?
}
