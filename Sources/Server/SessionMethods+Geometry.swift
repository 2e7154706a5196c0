import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// The frames inside a cell (rows by position are the committed queries in `queryMethods`).
  static let geometryMethods: [MethodDescriptor] = [
    .session("cell/elementFrames", ordering: .waitsForLayout) { session, params throws(ResponseError) in
      try session.elementFrames(params)
    }
  ]
}

extension Session {
  /// `cell/elementFrames` {sessionId, row: ROW, elements?: [elementId]} → {rowId, indexPath, size, elements} (for a
  /// header or footer cell's id, {rowId, kind, section, size, elements}): the frames of the cell's elements, relative to the cell, from a layout of the row's latest content at the current
  /// width (Texture's node-level view: the pending row). Laid out off the session. Session-isolated.
  func elementFrames(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let resolved = try pendingCellPosition(params.required("row"), path: params.at("row"))
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
    let layout = CellFrames(engine: engine, decoding: cellDecoding)
    let filter = wanted
    let range = cellRange(of: resolved.id)
    let content = cell.content
    let position = resolved.position
    return .compute { () throws(ResponseError) -> JSONValue in
      let frames = try layout.frames(of: content, in: range, ids: filter) { reason in
        "row \"\(resolved.id)\" failed to lay out: \(reason)"
      }
      var answer = JSONObject([("rowId", .string(resolved.id.rawValue))])
      for member in position { answer[member.0] = member.1 }
      for member in frames.storage { answer[member.key] = member.value }
      return .object(answer)
    }
  }

  /// One flattened element: `{type, id?, name?, frame, lines?}`; lines carry `{range, x, width, baseline,
  /// truncated}` relative to the element (range in Unicode scalars of the leaf's text).
  static func elementJSON(_ f: FlatFrame) -> JSONValue { .object(elementObject(f)) }

  /// One flattened element as an object (see `elementJSON`).
  static func elementObject(_ f: FlatFrame) -> JSONObject {
    var o = JSONObject([("type", .string(f.type))])
    if let id = f.id { o["id"] = .string(id) }
    if let name = f.name { o["name"] = .string(name) }
    o["frame"] = rect(x: f.frame.origin.x, y: f.frame.origin.y, width: f.frame.size.width, height: f.frame.size.height)
    if let lines = f.textLines { o["lines"] = .array(lines.map(\.json)) }
    return o
  }

  /// `{x, y, width, height}`.
  static func rect(x: Double, y: Double, width: Double, height: Double) -> JSONValue {
    .object(JSONObject([("x", .double(x)), ("y", .double(y)), ("width", .double(width)), ("height", .double(height))]))
  }
}
