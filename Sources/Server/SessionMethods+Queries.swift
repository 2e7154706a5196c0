import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// The read-only methods: they answer from the committed state (or wait for it). The geometry queries are
  /// answered from a `CommittedView`: the session's current one, or the view the query lane published;
  /// `table/describe` also has a pending form, which the session answers in order.
  static let queryMethods: [MethodDescriptor] = [
    .session("table/waitUntilAllUpdatesAreProcessed") { _, _ throws(ResponseError) in .waitForCommit },
    .committedQuery(
      "table/describe", applies: CommittedView.describesCommitted,
      otherwise: { session, params throws(ResponseError) in try session.describe(params) },
      { view, params throws(ResponseError) in try view.describe(params) }),
    .committedQuery("table/contentSize") { view, _ throws(ResponseError) in view.contentSize },
    .committedQuery("table/rowFrame") { view, params throws(ResponseError) in try view.rowFrame(params) },
    .committedQuery("table/rowAtPoint") { view, params throws(ResponseError) in try view.rowAtPoint(params) },
    .committedQuery("table/rowsInRect") { view, params throws(ResponseError) in try view.rowsInRect(params) },
    .committedQuery("table/supplementaryFrame") { view, params throws(ResponseError) in
      try view.supplementaryFrame(params)
    },
    .committedQuery("table/elementAtPoint") { view, params throws(ResponseError) in try view.elementAtPoint(params) },
    .committedQuery("table/elementsInRect") { view, params throws(ResponseError) in try view.elementsInRect(params) },
  ]
}

extension Session {
  /// The committed state as a value (see `CommittedView`).
  var committedView: CommittedView {
    CommittedView(
      width: width, separator: table.separatorHeight, map: table.visibleMap, seq: seq(table.lastCommittedSeq),
      inverted: table.inverted, rowMembers: table.rowMemberTables, style: table.style,
      viewportBounds: table.viewport?.bounds, contentInset: table.contentInset, flow: table.committedFlow)
  }

  /// Resolves a ROW (row id string or `[section, row]`) against the committed rows.
  func committedIndexPath(_ value: JSONValue, path: String) throws(ResponseError) -> TableIndexPath {
    try Session.resolveRow(value, path: path, in: table.visibleMap).indexPath
  }

  /// `table/describe` {sessionId, state? = "committed"} → {seq, contentSize, sections: [{rows: [{id, height?,
  /// selected?, heightRange?, accessoryType?, selectionStyle?, separatorInset?, contentWidth?}]}]}: every row in
  /// order with its row height (separator included), whether it is selected, and its members that differ from the
  /// defaults. `"pending"` lists the client's latest rows
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
    let view = committedView
    let absent = table.style.absentSupplementaryHeights
    var height = 0.0  // measured rows, headers and footers only (rows with their separators), and grouped spacing
    let sections: [JSONValue] = map.allRowIDs.enumerated().map { section, ids in
      let rows: [JSONValue] = ids.map { id in
        var row = JSONObject([("id", .string(id.rawValue))])
        if let measured = table.cell(id)?.measuredHeight {
          row["height"] = .double(measured + separator)
          height += measured + separator
        }
        view.addRowMembers(of: id, to: &row)
        return .object(row)
      }
      let extras = SupplementaryKind.allCases.map { kind -> JSONValue? in
        guard let entry = map.supplementary(kind, inSection: section) else {
          height += kind == .header ? absent.headerHeight : absent.footerHeight  // a grouped table's spacing
          return nil
        }
        let measured = entry.id.map { table.cell($0)?.measuredHeight } ?? entry.height
        height += measured ?? 0
        return CommittedView.supplementaryJSON(entry, height: measured)
      }
      return CommittedView.sectionJSON(header: extras[0], rows: rows, footer: extras[1])
    }
    // A collection's pending content is its flow's over the pending items (a fixed item size at once, a self-sized
    // item's measured size once measured, 0 × 0 before).
    let size = table.pendingFlow?.contentSize ?? FlowSize(width: width, height: height)
    return .result(
      .object(
        JSONObject([
          ("seq", .int(seq(table.lastSubmittedSeq))),
          ("contentSize", .object(JSONObject([("width", .double(size.width)), ("height", .double(size.height))]))),
          ("sections", .array(sections)),
        ])))
  }
}
