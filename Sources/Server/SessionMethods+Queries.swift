import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// The read-only methods: they answer from the committed state (or wait for it). The geometry queries are
  /// `CommittedView.queries` answered from the session's current view (the query lane answers the same ones from
  /// the published view); `table/describe` also has a pending form.
  static let queryMethods: [String: Handler] = [
    "table/waitUntilAllUpdatesAreProcessed": { _, _ throws(ResponseError) in .waitForCommit },
    "table/describe": { session, params throws(ResponseError) in try session.describe(params) },
    "table/contentSize": { session, _ throws(ResponseError) in .result(session.contentSize) },
    "table/rowFrame": { session, params throws(ResponseError) in .result(try session.committedView.rowFrame(params)) },
    "table/rowAtPoint": { session, params throws(ResponseError) in
      .result(try session.committedView.rowAtPoint(params))
    },
    "table/rowsInRect": { session, params throws(ResponseError) in
      .result(try session.committedView.rowsInRect(params))
    },
  ]
}

extension Session {
  /// The committed state as a value (see `CommittedView`).
  var committedView: CommittedView {
    CommittedView(
      width: width, separator: table.separatorHeight, map: table.visibleMap, seq: seq(table.lastCommittedSeq))
  }

  /// Resolves a ROW (row id string or `[section, row]`) against the committed rows.
  func committedIndexPath(_ value: JSONValue, path: String) throws(ResponseError) -> TableIndexPath {
    try Session.resolveRow(value, path: path, in: table.visibleMap).indexPath
  }

  /// `table/describe` {sessionId, state? = "committed"} → {seq, contentSize, sections: [{rows: [{id, height?}]}]}:
  /// every row in order with its row height (separator included). `"pending"` lists the client's latest rows
  /// (seq = last submitted; a row not measured yet has no height); `"committed"` what the view shows.
  func describe(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let state = try params.optionalString("state") ?? "committed"
    switch state {
    case "committed": return .result(try committedView.describe(params))
    case "pending": break
    default:
      throw Params.invalid(
        params.at("state"), "expected \"committed\" or \"pending\", got \(JSONWriter.string(.string(state)))")
    }
    let map = table.pendingMap
    let separator = table.separatorHeight
    var height = 0.0  // measured rows only (with their separators)
    let sections: [JSONValue] = map.allRowIDs.map { ids in
      let rows: [JSONValue] = ids.map { id in
        var row = JSONObject([("id", .string(id.rawValue))])
        if let measured = table.cell(id)?.measuredHeight {
          row["height"] = .double(measured + separator)
          height += measured + separator
        }
        return .object(row)
      }
      return .object(JSONObject([("rows", .array(rows))]))
    }
    return .result(
      .object(
        JSONObject([
          ("seq", .int(seq(table.lastSubmittedSeq))),
          ("contentSize", .object(JSONObject([("width", .double(width)), ("height", .double(height))]))),
          ("sections", .array(sections)),
        ])))
  }
}
