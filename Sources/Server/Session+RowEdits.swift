import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension Session {
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
      let id = try pendingRowID(entry.required("row"), path: entry.at("row"))
      let cell = try entry.required("cell")
      do throws(SpecDecodingError) {
        reloads.append((row: .id(id), content: try SpecDecoder.decode(cell, path: entry.at("cell"))))
      } catch {
        throw ResponseError(code: .invalidParams, message: error.description)
      }
    }
    return try apply(BatchUpdate([.reloadRows(reloads)]))
  }

  /// `table/moveRow` {sessionId, from: ROW, to: [section, row]} → {seq}: moves a row; its id, content and height
  /// stay, so no layout is needed. Session-isolated.
  func moveRow(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let from = try pendingRowID(params.required("from"), path: params.at("from"))
    let toValue = try params.required("to")
    guard let to = Params.indexPath(toValue) else {
      throw Params.invalid(params.at("to"), "expected [section, row], got \(JSONWriter.string(toValue))")
    }
    return try apply(BatchUpdate([.moveRow(from: .id(from), to: to)]))
  }

  /// Validates and applies one batch to the pending model, schedules its layout and answers `{seq}`.
  private func apply(_ update: BatchUpdate<LayoutElement>) throws(ResponseError) -> SessionOutcome {
    let result: BatchResult<LayoutElement>
    do throws(NodeTreeError) {
      result = try table.performBatch(update)
    } catch {
      throw ResponseError(code: .invalidParams, message: error.message)
    }
    schedule(result.layoutRequests)
    publish(result.commits)
    return .result(.object(JSONObject([("seq", .int(seq(result.changeSet.seq)))])))
  }
}
