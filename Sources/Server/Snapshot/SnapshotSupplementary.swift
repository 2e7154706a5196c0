import NodeTree

/// One committed header or footer to draw: where it is drawn (a plain table's floating position) and where it lies
/// in the content, its cell's interface state when it is a cell. Pure value, made on the session and drawn off it.
struct SnapshotSupplementary: Sendable {
  /// Header or footer.
  let kind: SupplementaryKind
  /// Its section in the committed map.
  let section: Int
  /// The cell's id; nil for a fixed height.
  let id: RowID?
  /// Top edge where it is drawn (content coordinates, points).
  let y: Double
  /// Top edge of its content position.
  let contentY: Double
  /// Height (points; no separator).
  let height: Double
  /// The cell's interface state; nil for a fixed height.
  let state: InterfaceState?

  /// True when floating draws it away from its content position.
  var isFloating: Bool { y != contentY }
}

/// A header or footer ready to draw: its place, and its cell's display list or the reason the cell could not be laid
/// out (both nil for a fixed height). Pure value.
struct DrawnSupplementary: Sendable {
  /// The element.
  let element: SnapshotSupplementary
  /// The cell's display list.
  let list: DisplayList?
  /// Why the cell's layout failed.
  let failure: String?
}
