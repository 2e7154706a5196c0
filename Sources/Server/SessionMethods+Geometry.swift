import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// Geometry queries: rows by position and the frames inside a cell.
  static let geometryMethods: [String: Handler] = [
    "table/rowAtPoint": { session, params throws(ResponseError) in try session.rowAtPoint(params) },
    "table/rowsInRect": { session, params throws(ResponseError) in try session.rowsInRect(params) },
    "cell/elementFrames": { session, params throws(ResponseError) in try session.elementFrames(params) },
  ]
}

extension Session {
  /// `table/rowAtPoint` {sessionId, point: {x, y}} → ROWFRAME or null: the committed row under a content point
  /// (x in [0, width), y in [top, top + row height)). Session-isolated.
  func rowAtPoint(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let point = try params.object("point")
    let x = try point.number("x", in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, rangeText: "")
    let y = try point.number("y", in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, rangeText: "")
    guard x >= 0, x < width, let path = table.indexPath(atOffset: y) else { return .result(.null) }
    return .result(rowFrameJSON(path) ?? .null)
  }

  /// `table/rowsInRect` {sessionId, rect: {x, y, width, height}} → {rows: [ROWFRAME]}: committed rows intersecting the
  /// rect, in order (an empty rect or one outside the table's width intersects nothing). Session-isolated.
  func rowsInRect(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let rect = try params.object("rect")
    let any = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    let x = try rect.number("x", in: any, rangeText: "")
    let y = try rect.number("y", in: any, rangeText: "")
    let w = try rect.number("width", in: 0...Double.greatestFiniteMagnitude, rangeText: "≥ 0")
    let h = try rect.number("height", in: 0...Double.greatestFiniteMagnitude, rangeText: "≥ 0")
    guard w > 0, h > 0, x < width, x + w > 0 else { return .result(.object(JSONObject([("rows", .array([]))]))) }
    let paths = table.visibleMap.indexPaths(intersectingMinY: y, maxY: y + h, separator: table.separatorHeight)
    return .result(.object(JSONObject([("rows", .array(paths.compactMap(rowFrameJSON)))])))
  }

  /// `{rowId, indexPath, frame: {x, y, width, height}}` of the committed row at `path`, nil when out of range.
  func rowFrameJSON(_ path: TableIndexPath) -> JSONValue? {
    let map = table.visibleMap
    guard let id = map.rowID(at: path), let y = map.offset(of: path, separator: table.separatorHeight),
      let h = map.rowHeight(at: path, separator: table.separatorHeight)
    else { return nil }
    return .object(
      JSONObject([
        ("rowId", .string(id.rawValue)),
        ("indexPath", .array([.int(Int64(path.section)), .int(Int64(path.row))])),
        ("frame", Session.rect(x: 0, y: y, width: width, height: h)),
      ]))
  }

  /// `cell/elementFrames` {sessionId, row: ROW, elements?: [elementId]} → {rowId, indexPath, size, elements}: the
  /// frames of the cell's elements, relative to the cell, from a layout of the row's latest content at the current
  /// width (Texture's node-level view: the pending row). Laid out off the session. Session-isolated.
  func elementFrames(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let resolved = try resolveRow(params.required("row"), path: params.at("row"), in: table.pendingMap)
    guard let cell = table.cell(resolved.id) else {
      throw ResponseError(code: .invalidParams, message: NodeTreeError.unknownRowID(resolved.id).message)
    }
    var wanted: [String]?
    if params.value("elements") != nil {
      let items = try params.array("elements")
      var ids: [String] = []
      for (index, item) in items.enumerated() {
        guard let text = item.stringValue else {
          throw Params.invalid("\(params.at("elements"))[\(index)]", "expected a string, got \(item.kindDescription)")
        }
        guard cell.content.element(withID: text) != nil else {
          throw Params.invalid(
            "\(params.at("elements"))[\(index)]", "no element with id \"\(text)\" in row \"\(resolved.id)\"")
        }
        ids.append(text)
      }
      wanted = ids
    }
    let engine = engine
    let filter = wanted
    let range = SizeRange(min: Size(width, 0), max: Size(width, CellSizeRange.cgFloatMax))
    let content = cell.content
    let path = resolved.indexPath
    return .compute { () throws(ResponseError) -> JSONValue in
      let layout: Layout
      do throws(LayoutFailure) {
        layout = try engine.layout(content, in: range)
      } catch {
        throw ResponseError(
          code: .internalError, message: "row \"\(resolved.id)\" failed to lay out: \(error.description)")
      }
      let flat = layout.flattened(grid: engine.grid)
      let frames = filter.map { ids in ids.compactMap { flat.frame($0) } } ?? flat.frames
      return .object(
        JSONObject([
          ("rowId", .string(resolved.id.rawValue)),
          ("indexPath", .array([.int(Int64(path.section)), .int(Int64(path.row))])),
          ("size", .object(JSONObject([("width", .double(flat.size.width)), ("height", .double(flat.size.height))]))),
          ("elements", .array(frames.map(Session.elementJSON))),
        ]))
    }
  }

  /// One flattened element: `{type, id?, name?, frame, lines?}`; lines carry `{range, x, width, baseline,
  /// truncated}` relative to the element (range in Unicode scalars of the leaf's text).
  static func elementJSON(_ f: FlatFrame) -> JSONValue {
    var o = JSONObject([("type", .string(f.type))])
    if let id = f.id { o["id"] = .string(id) }
    if let name = f.name { o["name"] = .string(name) }
    o["frame"] = rect(x: f.frame.origin.x, y: f.frame.origin.y, width: f.frame.size.width, height: f.frame.size.height)
    if let lines = f.textLines { o["lines"] = .array(lines.map(\.json)) }
    return .object(o)
  }

  /// `{x, y, width, height}`.
  static func rect(x: Double, y: Double, width: Double, height: Double) -> JSONValue {
    .object(JSONObject([("x", .double(x)), ("y", .double(y)), ("width", .double(width)), ("height", .double(height))]))
  }
}
