import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

/// What a session's committed state shows, as a value: the committed rows and heights, the width and the last
/// committed seq. The geometry queries (`table/contentSize`, `table/rowFrame`, `table/rowAtPoint`,
/// `table/rowsInRect`, committed `table/describe`: the `MethodDescriptor.Ordering.committedQuery` methods) are
/// answered from it, by the session itself or, through the session's `QueryLane`, by the router without waiting
/// for the session's queue. Pure; copying it shares the
/// element map's storage.
struct CommittedView: Sendable {
  /// Viewport width (every row's width).
  let width: Double
  /// Separator height added below each row.
  let separator: Double
  /// The committed rows.
  let map: ElementMap
  /// Reported seq of the last committed change set.
  let seq: Int64
  /// The table is inverted: frames and points are visual (see `Session+Inverted`); model top y of a row of height
  /// h is drawn at C − y − h in content of height C.
  var inverted = false

  /// Content height of the committed rows.
  var contentHeight: Double { map.contentHeight(separator: separator) }
  /// The rows' height ranges, accessories and selection (reported beside their frames).
  var rowMembers = RowMemberTables()
  /// How headers and footers behave: plain (floating) or grouped (with its spacing).
  var style = TableStyle.plain
  /// The viewport in content coordinates (its top is the content offset), which places floating headers.
  var viewportBounds: NodeTree.Rect? = nil
  /// Content insets (top, bottom): floating headers pin inside them.
  var contentInset: (top: Double, bottom: Double) = (0, 0)
  /// A collection's flow layout of the committed items (their frames), nil for a table.
  var flow: FlowLayout? = nil

  /// The committed state as a table holding only its geometry, for the view-level queries of headers, footers and
  /// elements (built per query: nothing is copied).
  var geometry: TableNode<LayoutElement> {
    TableNode.committedGeometry(
      map: map, separatorHeight: separator, style: style, viewportBounds: viewportBounds,
      contentInset: contentInset, inverted: inverted)
  }

  /// True when `table/describe` params ask for the committed state (`state` absent, null or `"committed"`); the
  /// session answers the `"pending"` form.
  static func describesCommitted(_ params: JSONValue) -> Bool {
    let state = params["state"]
    return state == nil || state == .null || state == .string("committed")
  }

  /// `{width, height}` of the committed content.
  var contentSize: JSONValue {
    if let flow {
      return .object(
        JSONObject([("width", .double(flow.contentSize.width)), ("height", .double(flow.contentSize.height))]))
    }
    return .object(JSONObject([("width", .double(width)), ("height", .double(contentHeight))]))
  }

  /// `table/rowFrame` {sessionId, row: ROW} → {rowId, indexPath, frame}.
  func rowFrame(_ params: Params) throws(ResponseError) -> JSONValue {
    let path = try Session.resolveRow(params.required("row"), path: params.at("row"), in: map).indexPath
    guard let frame = rowFrameJSON(path) else {
      throw ResponseError(
        code: .invalidParams,
        message: NodeTreeError.rowOutOfRange(path, rowCount: map.numberOfRows(inSection: path.section) ?? 0).message)
    }
    return frame
  }

  /// `table/rowAtPoint` {sessionId, point: {x, y}} → ROWFRAME or null: the committed row under a content point
  /// (x in [0, width), y in [top, top + row height) of its frame as seen). An inverted table's visual point y is
  /// model point C − y, taken just above it: visual spans are half-open downwards on screen, upwards in the model.
  func rowAtPoint(_ params: Params) throws(ResponseError) -> JSONValue {
    let point = try params.object("point")
    let x = try point.number("x", in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, rangeText: "")
    let y = try point.number("y", in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, rangeText: "")
    if let flow {
      // A collection: the item whose frame holds the point (half-open: [x, x + width) × [y, y + height)).
      let near = flow.elements(intersecting: Rect(x: x - 0.5, y: y - 0.5, width: 1, height: 1))
      for case .item(let section, let item) in near {
        guard let frame = flow.frame(of: .item(section: section, item: item)), frame.x <= x, x < frame.maxX,
          frame.y <= y, y < frame.maxY
        else { continue }
        return rowFrameJSON(TableIndexPath(section: section, row: item)) ?? .null
      }
      return .null
    }
    let modelY = inverted ? (contentHeight - y).nextDown : y
    guard x >= 0, x < width, let path = map.indexPath(atOffset: modelY, separator: separator) else { return .null }
    return rowFrameJSON(path) ?? .null
  }

  /// The vertical extent `(y, height)` of a rect query's `rect: {x, y, width, height}`; nil when the rect
  /// intersects nothing (zero width or height, or outside the table's width). Negative sizes are -32602.
  func queryRect(_ params: Params) throws(ResponseError) -> (y: Double, height: Double)? {
    let rect = try params.object("rect")
    let any = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    let x = try rect.number("x", in: any, rangeText: "")
    let y = try rect.number("y", in: any, rangeText: "")
    let w = try rect.number("width", in: 0...Double.greatestFiniteMagnitude, rangeText: "≥ 0")
    let h = try rect.number("height", in: 0...Double.greatestFiniteMagnitude, rangeText: "≥ 0")
    guard w > 0, h > 0, x < width, x + w > 0 else { return nil }
    return (y, h)
  }

  /// `table/rowsInRect` {sessionId, rect: {x, y, width, height}} → {rows: [ROWFRAME]}: committed rows intersecting
  /// the rect, top to bottom as seen (index order, reversed when inverted; an empty rect or one outside the table's
  /// width intersects nothing).
  func rowsInRect(_ params: Params) throws(ResponseError) -> JSONValue {
    if let flow {
      // A collection: the items whose frames intersect the rect, in item order.
      let rect = try queryRectOfCollection(params)
      let paths = flow.elements(intersecting: rect).compactMap { element -> TableIndexPath? in
        guard case .item(let section, let item) = element else { return nil }
        return TableIndexPath(section: section, row: item)
      }
      return .object(JSONObject([("rows", .array(paths.compactMap(rowFrameJSON)))]))
    }
    guard let (y, h) = try queryRect(params) else { return .object(JSONObject([("rows", .array([]))])) }
    guard inverted else {
      let paths = map.indexPaths(intersectingMinY: y, maxY: y + h, separator: separator)
      return .object(JSONObject([("rows", .array(paths.compactMap(rowFrameJSON)))]))
    }
    let paths = map.indexPaths(intersectingMinY: contentHeight - y - h, maxY: contentHeight - y, separator: separator)
    return .object(JSONObject([("rows", .array(paths.reversed().compactMap(rowFrameJSON)))]))
  }

  /// Committed `table/describe` {sessionId, state?: "committed"} → {seq, contentSize, sections: [{rows: [{id,
  /// height}]}]}.
  func describe(_ params: Params) throws(ResponseError) -> JSONValue {
    let state = try params.optionalString("state") ?? "committed"
    guard state == "committed" else {
      throw Params.invalid(params.at("state"), "expected \"committed\", got \(JSONWriter.string(.string(state)))")
    }
    let sections: [JSONValue] = map.allRowIDs.enumerated().map { section, ids in
      let rows: [JSONValue] = ids.map { id in
        var row = JSONObject([("id", .string(id.rawValue))])
        if let measured = map.height(of: id) { row["height"] = .double(measured + separator) }
        addRowMembers(of: id, to: &row)
        return .object(row)
      }
      let extras = SupplementaryKind.allCases.map { kind in
        map.supplementary(kind, inSection: section).map { CommittedView.supplementaryJSON($0, height: $0.height) }
      }
      return CommittedView.sectionJSON(header: extras[0], rows: rows, footer: extras[1])
    }
    return .object(
      JSONObject([("seq", .int(seq)), ("contentSize", contentSize), ("sections", .array(sections))]))
  }

  /// `{rowId, indexPath, frame: {x, y, width, height}, selected?, heightRange?, accessoryType?, …}` of the
  /// committed row at `path` (frame as seen), nil when out of range.
  func rowFrameJSON(_ path: TableIndexPath) -> JSONValue? {
    if let flow {
      guard let id = map.rowID(at: path), let frame = flow.frame(of: .item(section: path.section, item: path.row))
      else { return nil }
      var row = JSONObject([
        ("rowId", .string(id.rawValue)),
        ("indexPath", .array([.int(Int64(path.section)), .int(Int64(path.row))])),
        ("frame", Session.rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)),
      ])
      addRowMembers(of: id, to: &row)
      return .object(row)
    }
    guard let id = map.rowID(at: path), let y = map.offset(of: path, separator: separator),
      let h = map.rowHeight(at: path, separator: separator)
    else { return nil }
    var row = JSONObject([
      ("rowId", .string(id.rawValue)),
      ("indexPath", .array([.int(Int64(path.section)), .int(Int64(path.row))])),
      ("frame", Session.rect(x: 0, y: inverted ? contentHeight - y - h : y, width: width, height: h)),
    ])
    addRowMembers(of: id, to: &row)
    return .object(row)
  }

  /// Adds `selected: true` for a selected row and the row's members that differ from the defaults
  /// (`Session.rowMembersJSON`).
  func addRowMembers(of id: RowID, to row: inout JSONObject) {
    if !rowMembers.selected.isEmpty, rowMembers.selected.contains(id) { row["selected"] = .bool(true) }
    guard !rowMembers.heightRanges.isEmpty || !rowMembers.accessories.isEmpty else { return }
    Session.rowMembersJSON(
      heightRange: rowMembers.heightRanges[id], accessories: rowMembers.accessories[id] ?? .standard, width: width,
      into: &row)
  }
}

/// A collection's committed view: the queries that read its flow layout.
extension CommittedView {
  /// A rect query's `rect: {x, y, width, height}` of a collection (negative sizes are -32602).
  func queryRectOfCollection(_ params: Params) throws(ResponseError) -> NodeTree.Rect {
    let rect = try params.object("rect")
    let any = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    return NodeTree.Rect(
      x: try rect.number("x", in: any, rangeText: ""), y: try rect.number("y", in: any, rangeText: ""),
      width: try rect.number("width", in: 0...Double.greatestFiniteMagnitude, rangeText: "≥ 0"),
      height: try rect.number("height", in: 0...Double.greatestFiniteMagnitude, rangeText: "≥ 0"))
  }
}
