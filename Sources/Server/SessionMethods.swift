import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

/// What a session method produced.
enum SessionOutcome: Sendable {
  /// Answer now with this result.
  case result(JSONValue)
  /// Answer with `{seq, contentSize}` once nothing is pending (at once when idle).
  case waitForCommit
}

/// The session-scoped method table: name → handler, run on the session's actor in arrival order.
enum SessionMethods {
  /// A handler runs isolated to its session.
  typealias Handler = @Sendable (isolated Session, Params) throws(ResponseError) -> SessionOutcome

  /// Every method a session answers.
  static let table: [String: Handler] = [
    "table/insertRows": { session, params throws(ResponseError) in try session.insertRows(params) },
    "table/deleteRows": { session, params throws(ResponseError) in try session.deleteRows(params) },
    "table/reloadRows": { session, params throws(ResponseError) in try session.reloadRows(params) },
    "table/moveRow": { session, params throws(ResponseError) in try session.moveRow(params) },
    "table/waitUntilAllUpdatesAreProcessed": { _, _ throws(ResponseError) in .waitForCommit },
    "table/contentSize": { session, _ throws(ResponseError) in .result(session.contentSize) },
    "table/rowFrame": { session, params throws(ResponseError) in try session.rowFrame(params) },
    "cell/setNeedsLayout": { session, params throws(ResponseError) in try session.setNeedsLayout(params) },
  ]
}

extension Session {
  /// `table/insertRows` {sessionId, section? = 0, at? = end, rows: [{id?, cell}]} → {seq, rowIds}.
  func insertRows(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let section = try params.optionalIndex("section") ?? 0
    let items = try params.array("rows")
    var specs: [RowSpec<LayoutElement>] = []
    for (index, item) in items.enumerated() {
      let row = try Params(item, path: "params.rows[\(index)]")
      let id = try row.optionalString("id").map(RowID.init)
      let cell = try row.required("cell")
      do throws(SpecDecodingError) {
        specs.append(RowSpec(id: id, content: try SpecDecoder.decode(cell, path: row.at("cell"))))
      } catch {
        throw ResponseError(code: .invalidParams, message: error.description)
      }
    }
    let start = try params.optionalIndex("at") ?? (table.pendingMap.numberOfRows(inSection: section) ?? 0)
    let inserts = specs.enumerated().map { (at: TableIndexPath(section: section, row: start + $0.offset), row: $0.element) }
    let result: BatchResult<LayoutElement>
    do throws(NodeTreeError) {
      result = try table.performBatch(BatchUpdate([.insertRows(inserts)]))
    } catch {
      throw ResponseError(code: .invalidParams, message: error.message)
    }
    schedule(result.layoutRequests)
    publish(result.commits)
    let rowIds = inserts.compactMap { table.pendingMap.rowID(at: $0.at) }.map { JSONValue.string($0.rawValue) }
    return .result(.object(JSONObject([("seq", .int(seq(result.changeSet.seq))), ("rowIds", .array(rowIds))])))
  }

  /// `table/rowFrame` {sessionId, row: ROW} → {rowId, indexPath, frame} from the committed state.
  func rowFrame(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let map = table.visibleMap
    let path = try committedIndexPath(params.required("row"), path: params.at("row"))
    guard let id = map.rowID(at: path), let y = map.offset(of: path, separator: table.separatorHeight),
      let h = map.rowHeight(at: path, separator: table.separatorHeight)
    else {
      throw ResponseError(
        code: .invalidParams,
        message: NodeTreeError.rowOutOfRange(path, rowCount: map.numberOfRows(inSection: path.section) ?? 0).message)
    }
    let frame = JSONObject([("x", .double(0)), ("y", .double(y)), ("width", .double(width)), ("height", .double(h))])
    return .result(.object(JSONObject([
      ("rowId", .string(id.rawValue)),
      ("indexPath", .array([.int(Int64(path.section)), .int(Int64(path.row))])),
      ("frame", .object(frame)),
    ])))
  }

  /// Resolves a ROW (row id string or `[section, row]`) against the committed rows.
  func committedIndexPath(_ value: JSONValue, path: String) throws(ResponseError) -> TableIndexPath {
    let map = table.visibleMap
    return try resolveRow(value, path: path, in: map).indexPath
  }
}
