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
    "table/describe": { session, params throws(ResponseError) in try session.describe(params) },
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
    return .result(
      .object(
        JSONObject([
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

  /// `table/describe` {sessionId, state? = "committed"} → {seq, contentSize, sections: [{rows: [{id, height?}]}]}:
  /// every row in order with its row height (separator included). `"pending"` lists the client's latest rows
  /// (seq = last submitted; a row not measured yet has no height); `"committed"` what the view shows.
  func describe(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let state = try params.optionalString("state") ?? "committed"
    let map: ElementMap
    let number: Int
    switch state {
    case "committed": (map, number) = (table.visibleMap, table.lastCommittedSeq)
    case "pending": (map, number) = (table.pendingMap, table.lastSubmittedSeq)
    default:
      throw Params.invalid(
        params.at("state"), "expected \"committed\" or \"pending\", got \(JSONWriter.string(.string(state)))")
    }
    let separator = table.separatorHeight
    var height = 0.0  // measured rows only (with their separators)
    let sections: [JSONValue] = map.allRowIDs.map { ids in
      let rows: [JSONValue] = ids.map { id in
        var row = JSONObject([("id", .string(id.rawValue))])
        let measured = state == "pending" ? table.cell(id)?.measuredHeight : map.height(of: id)
        if let measured {
          row["height"] = .double(measured + separator)
          height += measured + separator
        }
        return .object(row)
      }
      return .object(JSONObject([("rows", .array(rows))]))
    }
    if state == "committed" { height = map.contentHeight(separator: separator) }  // exact, as contentSize reports
    return .result(
      .object(
        JSONObject([
          ("seq", .int(seq(number))),
          ("contentSize", .object(JSONObject([("width", .double(width)), ("height", .double(height))]))),
          ("sections", .array(sections)),
        ])))
  }
}
