import JSONCodec
import LayoutSpecs
import NodeTree

extension Session {
  /// The range row `id`'s cell is laid out in at the session's width: the width its accessory leaves and its
  /// height range (`CellLayout.range`). Display passes, snapshots and element frames use it, so they lay the cell
  /// out exactly as its height was measured. Session-isolated.
  /// A collection's item: its own size range when it has one, else its layout's range (`cellRange`).
  func cellRange(of id: RowID) -> SizeRange {
    if table.flow != nil { return table.itemSizeRange(of: id).map(CellLayout.range) ?? cellRange }
    return CellLayout.range(
      width: width, heightRange: table.heightRange(of: id), accessoryType: table.accessories(of: id).accessoryType)
  }

  /// The members a row entry of `table/describe` and `table/rowFrame` reports beside its id and height for row
  /// `id`: `heightRange` when it has one, `accessoryType`, `selectionStyle`, `separatorInset` and `contentWidth`
  /// when any differs from the defaults. Pure over the model.
  static func rowMembersJSON(
    heightRange: RowHeightRange?, accessories: CellAccessories, width: Double, into row: inout JSONObject
  ) {
    if let range = heightRange {
      var o = JSONObject([("min", .double(range.min))])
      if range.max < CellSizeRange.cgFloatMax { o["max"] = .double(range.max) }
      row["heightRange"] = .object(o)
    }
    guard accessories != .standard else { return }
    row["accessoryType"] = .string(accessories.accessoryType.rawValue)
    row["selectionStyle"] = .string(accessories.selectionStyle.rawValue)
    row["separatorInset"] = .object(
      JSONObject([
        ("left", .double(accessories.separatorInset.left)), ("right", .double(accessories.separatorInset.right)),
      ]))
    row["contentWidth"] = .double(accessories.contentWidth(tableWidth: width))
  }
}
