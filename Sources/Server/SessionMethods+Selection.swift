import JSONCodec
import JSONRPC
import NodeTree

extension SessionMethods {
  /// Row selection: select, deselect, the selected rows and the table's selection switches. They act on the
  /// committed rows, so each is held behind a wait still waiting, as a query of the committed state is.
  static let selectionMethods: [MethodDescriptor] =
    ([
      .session("table/selectRow") { session, params throws(ResponseError) in try session.selectRow(params) },
      .session("table/deselectRow") { session, params throws(ResponseError) in try session.deselectRow(params) },
      .session("table/selectedRows") { session, _ throws(ResponseError) in .result(session.selectedRowsJSON) },
      .session("table/setSelectionOptions") { session, params throws(ResponseError) in
        try session.setSelectionOptions(params)
      },
    ] as [MethodDescriptor]).map { $0.readingCommittedRows() }
}

extension Session {
  /// `table/selectRow` {sessionId, row: ROW} → {rows}: selects a committed row (UIKit's `selectRowAtIndexPath:`,
  /// ROW in the visible index space); with single selection the previously selected row is deselected. A change is
  /// pushed as `table/selectionChanged` before the answer; selecting the one selected row changes nothing. -32004
  /// `selection is off (allowsSelection is false)` when selection is off. Session-isolated.
  func selectRow(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let row = try selectionRow(params)
    let change: SelectionChange?
    do throws(NodeTreeError) { change = try table.selectRow(row) } catch { throw selectionError(error) }
    publish(change, seq: seq(table.lastCommittedSeq))
    return .result(selectedRowsJSON)
  }

  /// `table/deselectRow` {sessionId, row: ROW} → {rows}: deselects a committed row (UIKit's
  /// `deselectRowAtIndexPath:`); a row that was not selected changes nothing. Session-isolated.
  func deselectRow(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let row = try selectionRow(params)
    let change: SelectionChange?
    do throws(NodeTreeError) { change = try table.deselectRow(row) } catch { throw selectionError(error) }
    publish(change, seq: seq(table.lastCommittedSeq))
    return .result(selectedRowsJSON)
  }

  /// `table/setSelectionOptions` {sessionId, allowsSelection?, allowsMultipleSelection?} → {allowsSelection,
  /// allowsMultipleSelection, rows}: turning selection off deselects every row; turning multiple selection off keeps
  /// the first selected row in row order. Session-isolated.
  func setSelectionOptions(_ params: Params) throws(ResponseError) -> SessionOutcome {
    try params.check(RequestMembers.selectionOptions)
    let allows = try params.optionalBool("allowsSelection")
    let multiple = try params.optionalBool("allowsMultipleSelection")
    applySelectionOptions(allowsSelection: allows, allowsMultipleSelection: multiple)
    var answer = JSONObject([
      ("allowsSelection", .bool(table.selection.allowsSelection)),
      ("allowsMultipleSelection", .bool(table.selection.allowsMultipleSelection)),
    ])
    if case .object(let rows) = selectedRowsJSON { for member in rows.storage { answer[member.key] = member.value } }
    return .result(.object(answer))
  }

  /// Sets the switches that are given and pushes the change they cause.
  func applySelectionOptions(allowsSelection: Bool?, allowsMultipleSelection: Bool?) {
    let now = seq(table.lastCommittedSeq)
    if let allows = allowsSelection { publish(table.setAllowsSelection(allows), seq: now) }
    if let multiple = allowsMultipleSelection { publish(table.setAllowsMultipleSelection(multiple), seq: now) }
  }

  /// `{rows: [{rowId, indexPath}]}`: the selected rows in visible row order (UIKit's `indexPathsForSelectedRows`).
  var selectedRowsJSON: JSONValue {
    .object(JSONObject([("rows", .array(selectionEntries(table.selectedRows)))]))
  }

  /// Pushes `table/selectionChanged` {sessionId, selected, deselected, rows, seq} for a change (nothing for nil):
  /// row ids newly selected and deselected, then the whole selection as `{rowId, indexPath}` in row order.
  func publish(_ change: SelectionChange?, seq: Int64) {
    guard let change else { return }
    let params = JSONObject([
      ("sessionId", .string(id)), ("selected", .array(change.selected.map { .string($0.rawValue) })),
      ("deselected", .array(change.deselected.map { .string($0.rawValue) })),
      ("rows", .array(selectionEntries(change.selection))), ("seq", .int(seq)),
    ])
    notify(.notification(method: "table/selectionChanged", params: .object(params)))
  }

  /// `{rowId, indexPath}` of each row, its index path in the committed (visible) map.
  private func selectionEntries(_ ids: [RowID]) -> [JSONValue] {
    ids.compactMap { id in
      guard let path = table.visibleMap.indexPath(of: id) else { return nil }
      return .object(
        JSONObject([
          ("rowId", .string(id.rawValue)), ("indexPath", .array([.int(Int64(path.section)), .int(Int64(path.row))])),
        ]))
    }
  }

  /// The `row` member of a selection call: a row id or `[section, row]` of the committed rows.
  private func selectionRow(_ params: Params) throws(ResponseError) -> RowReference {
    try params.check(RequestMembers.selectionRow)
    let value = try params.required("row")
    if let raw = value.stringValue { return .id(RowID(raw)) }
    guard let path = Params.indexPath(value) else {
      throw Params.invalid(params.at("row"), "expected a row id or [section, row], got \(JSONWriter.string(value))")
    }
    return .indexPath(path)
  }

  /// A model error of a selection call: -32004 when selection is off, else -32602 (a ROW that names no row).
  private func selectionError(_ error: NodeTreeError) -> ResponseError {
    if case .selectionNotAllowed = error {
      return ResponseError(code: ServerError.invalidBatchCode, message: error.message)
    }
    return ResponseError(code: .invalidParams, message: error.message)
  }
}
