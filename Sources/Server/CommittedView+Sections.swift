import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

/// Queries of the committed headers and footers and of elements (rows, headers, footers) by position, with a plain
/// table's floating applied for the current viewport. Every frame is where the element is drawn (visual
/// coordinates: `TableNode.visualFrame(of:)`).
extension CommittedView {
  /// `table/supplementaryFrame` {sessionId, section, kind: "header" | "footer"} → {kind, section, rowId?, frame,
  /// contentFrame, floating}: where a committed section's header or footer is drawn and where it lies in the content.
  func supplementaryFrame(_ params: Params) throws(ResponseError) -> JSONValue {
    if let flow { return try collectionSupplementaryFrame(params, flow: flow) }
    guard let section = try params.optionalIndex("section") else {
      throw Params.invalid(params.path, "missing required member \"section\"")
    }
    let kind = try CommittedView.kind(params)
    let table = geometry
    do throws(NodeTreeError) {
      _ = try table.supplementaryFrame(kind, inSection: section)
    } catch {
      throw ResponseError(code: .invalidParams, message: error.message)
    }
    return elementJSON(kind == .header ? .header(section: section) : .footer(section: section), in: table) ?? .null
  }

  /// `table/elementAtPoint` {sessionId, point: {x, y}} → ELEMENT or null: the committed row, header or footer drawn
  /// under a point of the content (a floating header is drawn above the rows it covers); null outside the table's
  /// width or content, in a grouped table's spacing and on zero-height elements.
  func elementAtPoint(_ params: Params) throws(ResponseError) -> JSONValue {
    if let flow { return try collectionElement(atPoint: params, flow: flow) }
    let point = try params.object("point")
    let any = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    let x = try point.number("x", in: any, rangeText: "")
    let y = try point.number("y", in: any, rangeText: "")
    guard x >= 0, x < width else { return .null }
    let table = geometry
    guard let element = table.visualElement(atOffset: y) else { return .null }
    return elementJSON(element, in: table) ?? .null
  }

  /// `table/elementsInRect` {sessionId, rect: {x, y, width, height}} → {elements: [ELEMENT]}: the committed rows,
  /// headers and footers drawn in the rect (floating ones where they are drawn), in content order: section by
  /// section, header, rows, footer.
  func elementsInRect(_ params: Params) throws(ResponseError) -> JSONValue {
    if let flow { return try collectionElements(inRect: params, flow: flow) }
    guard let (y, h) = try queryRect(params) else { return .object(JSONObject([("elements", .array([]))])) }
    let table = geometry
    let elements = table.visualElements(intersectingMinY: y, maxY: y + h)
    return .object(JSONObject([("elements", .array(elements.compactMap { elementJSON($0, in: table) }))]))
  }

  /// ELEMENT: `{kind: "row", rowId, indexPath, frame, selected?, heightRange?, …}` (a ROWFRAME) or `{kind: "header" | "footer", section, rowId?, frame,
  /// contentFrame, floating}`; nil when `table` has no such element.
  func elementJSON(_ element: TableElement, in table: TableNode<LayoutElement>) -> JSONValue? {
    guard let drawn = table.visualFrame(of: element) else { return nil }
    switch element {
    case .row(let path):
      guard let id = map.rowID(at: path) else { return nil }
      var row = JSONObject([
        ("kind", .string("row")), ("rowId", .string(id.rawValue)),
        ("indexPath", .array([.int(Int64(path.section)), .int(Int64(path.row))])),
        ("frame", Session.rect(x: 0, y: drawn.y, width: width, height: drawn.height)),
      ])
      addRowMembers(of: id, to: &row)
      return .object(row)
    case .header(let section), .footer(let section):
      let kind: SupplementaryKind = element.supplementaryKind ?? .header
      guard let frame = try? table.supplementaryFrame(kind, inSection: section) else { return nil }
      let content = table.visualSpan(VerticalSpan(y: frame.contentY, height: frame.height))
      var object = JSONObject([("kind", .string(kind.rawValue)), ("section", .int(Int64(section)))])
      if let id = frame.id { object["rowId"] = .string(id.rawValue) }
      object["frame"] = Session.rect(x: 0, y: drawn.y, width: width, height: drawn.height)
      object["contentFrame"] = Session.rect(x: 0, y: content.y, width: width, height: content.height)
      object["floating"] = .bool(frame.isFloating)
      return .object(object)
    }
  }

  /// The `kind` member: `"header"` or `"footer"`.
  static func kind(_ params: Params) throws(ResponseError) -> SupplementaryKind {
    let name = try params.string("kind")
    guard let kind = SupplementaryKind(rawValue: name) else {
      throw Params.invalid(
        params.at("kind"), "expected \"header\" or \"footer\", got \(JSONWriter.string(.string(name)))")
    }
    return kind
  }

  /// `table/describe`'s section: `{header?, rows, footer?}`.
  static func sectionJSON(header: JSONValue?, rows: [JSONValue], footer: JSONValue?) -> JSONValue {
    var object = JSONObject()
    if let header { object["header"] = header }
    object["rows"] = .array(rows)
    if let footer { object["footer"] = footer }
    return .object(object)
  }

  /// `table/describe`'s entry of a header or footer: `{type: "fixed", height}` or `{type: "cell", id, height?}`
  /// (`height` is nil for a cell not measured yet).
  static func supplementaryJSON(_ entry: SupplementaryEntry, height: Double?) -> JSONValue {
    var object = JSONObject([("type", .string(entry.id == nil ? "fixed" : "cell"))])
    if let id = entry.id { object["id"] = .string(id.rawValue) }
    if let height { object["height"] = .double(height) }
    return .object(object)
  }
}
