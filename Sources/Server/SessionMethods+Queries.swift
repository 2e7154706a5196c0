import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// The read-only methods: they answer from the committed state (or wait for it).
  static let queryMethods: [String: Handler] = [
    "table/waitUntilAllUpdatesAreProcessed": { _, _ throws(ResponseError) in .waitForCommit },
    "table/contentSize": { session, _ throws(ResponseError) in .result(session.contentSize) },
    "table/rowFrame": { session, params throws(ResponseError) in try session.rowFrame(params) },
  ]
}

extension Session {
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
