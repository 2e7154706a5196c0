import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension Session {
  /// Resolves the cell `cell/setNeedsLayout` names against the pending state: a ROW, or the id of a header or
  /// footer cell. Session-isolated.
  func pendingCellID(_ value: JSONValue, path: String) throws(ResponseError) -> RowID {
    if let raw = value.stringValue, table.pendingMap.hasSupplementaryCells,
      table.pendingMap.supplementaryLocation(of: RowID(raw)) != nil
    {
      return RowID(raw)
    }
    return try pendingRowID(value, path: path)
  }

  /// Resolves the cell a cell query names against the pending state (a ROW, or a header or footer cell's id): its id
  /// and where it is, as members: `indexPath` for a row, `kind` and `section` for a header or footer.
  func pendingCellPosition(_ value: JSONValue, path: String) throws(ResponseError)
    -> (id: RowID, position: [(String, JSONValue)])
  {
    if let raw = value.stringValue, table.pendingMap.hasSupplementaryCells,
      let (kind, section) = table.pendingMap.supplementaryLocation(of: RowID(raw))
    {
      return (RowID(raw), [("kind", .string(kind.rawValue)), ("section", .int(Int64(section)))])
    }
    let resolved = try Session.resolveRow(value, path: path, in: table.pendingMap)
    let indexPath = resolved.indexPath
    return (resolved.id, [("indexPath", .array([.int(Int64(indexPath.section)), .int(Int64(indexPath.row))]))])
  }

  /// How a log message names cell `id`: `row "r3"`, or `header "h1" of section 0` for a header or footer cell.
  func cellDescription(_ id: RowID) -> String {
    guard let (kind, section) = table.pendingMap.supplementaryLocation(of: id) else { return "row \"\(id)\"" }
    return "\(kind.rawValue) \"\(id)\" of section \(section)"
  }

  /// Pushes `table/supplementaryHeightChanged` {sessionId, kind, section, rowId, oldHeight, newHeight, contentSize,
  /// seq} for each committed header or footer cell whose height changed (heights without separator: a header or
  /// footer has none).
  func publish(_ changes: [SupplementaryHeightChange]) {
    for change in changes {
      let params = JSONObject([
        ("sessionId", .string(id)), ("kind", .string(change.kind.rawValue)),
        ("section", .int(Int64(change.section))), ("rowId", .string(change.id.rawValue)),
        ("oldHeight", .double(change.oldHeight)), ("newHeight", .double(change.newHeight)),
        ("contentSize", contentSize), ("seq", .int(seq(table.lastCommittedSeq))),
      ])
      notify(.notification(method: "table/supplementaryHeightChanged", params: .object(params)))
    }
  }
}

extension Session {
  /// `table/ranges`' `supplementaries`: the header and footer cells holding a state above measureLayout, in content
  /// order, as `{rowId, kind, section, state}`; nil when none does.
  var supplementaryStatesJSON: JSONValue? {
    let map = table.visibleMap
    let held = table.ranges.states.keys.compactMap { id in
      map.supplementaryLocation(of: id).map { (id: id, kind: $0.kind, section: $0.section) }
    }
    guard !held.isEmpty else { return nil }
    let ordered = held.sorted { ($0.section, $0.kind == .header ? 0 : 1) < ($1.section, $1.kind == .header ? 0 : 1) }
    return .array(
      ordered.map { cell in
        .object(
          JSONObject([
            ("rowId", .string(cell.id.rawValue)), ("kind", .string(cell.kind.rawValue)),
            ("section", .int(Int64(cell.section))),
            ("state", Session.stateNames(table.ranges.state(of: cell.id, in: map))),
          ]))
      })
  }
}
