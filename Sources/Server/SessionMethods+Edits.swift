import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// The methods that edit the table or a cell; each is validated as a whole and changes nothing on error.
  static let editMethods: [MethodDescriptor] = [
    .session("table/insertRows", ordering: .waitsForLayoutWithRows, unbuilt: "rows") {
      session, params, rows throws(ResponseError) in try session.insertRows(params, rows: rows)
    },
    .session("table/deleteRows") { session, params throws(ResponseError) in try session.deleteRows(params) },
    .session("table/reloadRows", ordering: .waitsForLayoutWithRows) { session, params throws(ResponseError) in
      try session.reloadRows(params)
    },
    .session("table/moveRow") { session, params throws(ResponseError) in try session.moveRow(params) },
    .session("cell/setNeedsLayout", ordering: .waitsForLayout) { session, params throws(ResponseError) in
      try session.setNeedsLayout(params)
    },
  ]
}

extension Session {
  /// `table/insertRows` {sessionId, section? = 0, at? = end, rows: [{id?, cell}]} → {seq, rowIds}. `rows`: the
  /// call's rows, built, unbuilt or decoded ahead (nil when params holds no array there: then reported as any
  /// member). Session-isolated.
  func insertRows(_ params: Params, rows: InsertedRows?) throws(ResponseError) -> SessionOutcome {
    let section = try params.optionalIndex("section") ?? 0
    let rows: InsertedRows = if let rows { rows } else { .built(try params.array("rows")) }
    let specs = try rows.specs(path: params.at("rows"), using: cellDecoding)
    try refuseTableRowMembers(specs, path: params.at("rows"))
    let start = try params.optionalIndex("at") ?? (table.pendingMap.numberOfRows(inSection: section) ?? 0)
    let inserts = specs.enumerated().map {
      (at: TableIndexPath(section: section, row: start + $0.offset), row: $0.element)
    }
    let result = try submit(BatchUpdate([.insertRows(inserts)]))
    // One copy of the map for all rows (`table.pendingMap` in the closure copied it once per row).
    let pending = table.pendingMap
    let rowIds = inserts.compactMap { pending.rowID(at: $0.at) }.map { JSONValue.string($0.rawValue) }
    return .result(.object(JSONObject([("seq", .int(seq(result.changeSet.seq))), ("rowIds", .array(rowIds))])))
  }

  /// `table/deleteRows` {sessionId, rows: [ROW]} → {seq}: removes rows (ids or index paths in the pending state);
  /// validated as a whole, nothing changes on error. Session-isolated.
  func deleteRows(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let items = try params.array("rows")
    var refs: [RowReference] = []
    for (index, item) in items.enumerated() {
      refs.append(.id(try pendingRowID(item, path: "params.rows[\(index)]")))
    }
    return try apply(BatchUpdate([.deleteRows(refs)]))
  }

  /// `table/reloadRows` {sessionId, rows: [{row: ROW, cell: SPEC}]} → {seq}: replaces rows' cells (same ids, new
  /// generations); they are laid out again and the change set commits when they are measured. Session-isolated.
  func reloadRows(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let items = try params.array("rows")
    var reloads: [(row: RowReference, content: LayoutElement?)] = []
    for (index, item) in items.enumerated() {
      let entry = try Params(item, path: "params.rows[\(index)]")
      try entry.check(RequestMembers.rowAndCell)
      let id = try pendingRowID(entry.required("row"), path: entry.at("row"))
      reloads.append((row: .id(id), content: try decodeCell(entry.required("cell"), path: entry.at("cell"))))
    }
    return try apply(BatchUpdate([.reloadRows(reloads)]))
  }

  /// `table/moveRow` {sessionId, from: ROW, to: [section, row]} → {seq}: moves a row; its id, content and height
  /// stay, so no layout is needed. Session-isolated.
  func moveRow(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let from = try pendingRowID(params.required("from"), path: params.at("from"))
    return try apply(BatchUpdate([.moveRow(from: .id(from), to: newIndexPath(params, "to"))]))
  }

  /// Validates and applies one batch to the pending model, schedules its layout and answers `{seq}`.
  func apply(_ update: BatchUpdate<LayoutElement>) throws(ResponseError) -> SessionOutcome {
    let result = try submit(update)
    return .result(.object(JSONObject([("seq", .int(seq(result.changeSet.seq)))])))
  }
}
