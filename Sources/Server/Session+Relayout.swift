import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension Session {
  /// `cell/setNeedsLayout` {sessionId, row: ROW, cell?: SPEC} → {seq}: re-lays out the row (with new content when
  /// `cell` is given) in the background; a changed committed height is pushed as `table/heightChanged`.
  func setNeedsLayout(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let id = try pendingRowID(params.required("row"), path: params.at("row"))
    var element: LayoutElement?
    if let cell = params.value("cell") {
      element = try decodeCell(cell, path: params.at("cell"))
    }
    let request: LayoutRequest<LayoutElement>
    do throws(NodeTreeError) {
      if let element {
        request = try table.updateContent(of: id, to: element)
      } else {
        guard let only = try table.invalidateLayout([id]).first else { throw NodeTreeError.unknownRowID(id) }
        request = only
      }
    } catch {
      throw ResponseError(code: .invalidParams, message: error.message)
    }
    schedule([request])
    return .result(.object(JSONObject([("seq", .int(seq(table.lastSubmittedSeq)))])))
  }

  /// Resolves a ROW (row id string or `[section, row]`) against the pending rows (the client's latest state).
  func pendingRowID(_ value: JSONValue, path: String) throws(ResponseError) -> RowID {
    try resolveRow(value, path: path, in: table.pendingMap).id
  }

  /// Resolves a ROW against `map`: its id and index path, or -32602 naming the unknown id, the section or the row
  /// out of range, or the wrong type at `path`.
  func resolveRow(_ value: JSONValue, path: String, in map: ElementMap) throws(ResponseError)
    -> (id: RowID, indexPath: TableIndexPath)
  {
    if let raw = value.stringValue {
      guard let found = map.indexPath(of: RowID(raw)) else {
        throw ResponseError(code: .invalidParams, message: NodeTreeError.unknownRowID(RowID(raw)).message)
      }
      return (RowID(raw), found)
    }
    guard let target = Params.indexPath(value) else {
      throw Params.invalid(path, "expected a row id or [section, row], got \(JSONWriter.string(value))")
    }
    guard let count = map.numberOfRows(inSection: target.section) else {
      throw ResponseError(
        code: .invalidParams,
        message: NodeTreeError.sectionOutOfRange(section: target.section, sectionCount: map.numberOfSections).message)
    }
    guard target.row < count, let id = map.rowID(at: target) else {
      throw ResponseError(code: .invalidParams, message: NodeTreeError.rowOutOfRange(target, rowCount: count).message)
    }
    return (id, target)
  }

  /// Pushes `table/heightChanged` for each committed height change (heights are row heights, separator included).
  func publish(_ changes: [HeightChange]) {
    let separator = table.separatorHeight
    for change in changes {
      let params = JSONObject([
        ("sessionId", .string(id)), ("rowId", .string(change.id.rawValue)),
        ("indexPath", .array([.int(Int64(change.indexPath.section)), .int(Int64(change.indexPath.row))])),
        ("oldHeight", .double(change.oldHeight + separator)), ("newHeight", .double(change.newHeight + separator)),
        ("contentSize", contentSize), ("seq", .int(seq(table.lastCommittedSeq))),
      ])
      notify(.notification(method: "table/heightChanged", params: .object(params)))
    }
  }
}
