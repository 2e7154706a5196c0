import JSONCodec
import JSONRPC
import NodeTree

/// A collection's element queries over its committed flow layout: items (as rows), and the headers and footers of
/// the layout's reference sizes. A flow layout's headers and footers do not float (UIKit's
/// `sectionHeadersPinToVisibleBounds` is off by default), so each is drawn where it lies in the content.
extension CommittedView {
  /// `table/elementAtPoint` of a collection: the item, header or footer whose frame holds the point (half-open:
  /// [x, x + width) × [y, y + height)), nil in the spacing, insets and outside the content.
  func collectionElement(atPoint params: Params, flow: FlowLayout) throws(ResponseError) -> JSONValue {
    let point = try params.object("point")
    let any = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    let x = try point.number("x", in: any, rangeText: "")
    let y = try point.number("y", in: any, rangeText: "")
    for element in flow.elements(intersecting: Rect(x: x - 0.5, y: y - 0.5, width: 1, height: 1)) {
      guard let frame = flow.frame(of: element), frame.x <= x, x < frame.maxX, frame.y <= y, y < frame.maxY else {
        continue
      }
      return collectionElementJSON(element, flow: flow) ?? .null
    }
    return .null
  }

  /// `table/elementsInRect` of a collection: the items, headers and footers whose frames intersect the rect, in
  /// content order (each section's header, items, footer).
  func collectionElements(inRect params: Params, flow: FlowLayout) throws(ResponseError) -> JSONValue {
    let rect = try queryRectOfCollection(params)
    let elements = flow.elements(intersecting: rect).compactMap { collectionElementJSON($0, flow: flow) }
    return .object(JSONObject([("elements", .array(elements))]))
  }

  /// `table/supplementaryFrame` of a collection: the header or footer of `section` (a section without one, its
  /// reference size's extent along the scroll axis being 0, answers null).
  func collectionSupplementaryFrame(_ params: Params, flow: FlowLayout) throws(ResponseError) -> JSONValue {
    guard let section = try params.optionalIndex("section") else {
      throw Params.invalid(params.path, "missing required member \"section\"")
    }
    guard section < flow.sections.count else {
      throw ResponseError(
        code: .invalidParams,
        message: NodeTreeError.sectionOutOfRange(section: section, sectionCount: flow.sections.count).message)
    }
    let kind = try CommittedView.kind(params)
    return collectionElementJSON(kind == .header ? .header(section: section) : .footer(section: section), flow: flow)
      ?? .null
  }

  /// ELEMENT of a collection: an item as `{kind: "row", rowId, indexPath, frame, …}` (its ROWFRAME), a header or
  /// footer as `{kind, section, frame, contentFrame, floating: false}` (contentFrame = frame); nil when absent.
  func collectionElementJSON(_ element: FlowElement, flow: FlowLayout) -> JSONValue? {
    switch element {
    case .item(let section, let item):
      guard case .object(let row)? = rowFrameJSON(TableIndexPath(section: section, row: item)) else { return nil }
      var object = JSONObject([("kind", .string("row"))])
      for member in row.storage { object[member.key] = member.value }
      return .object(object)
    case .header(let section), .footer(let section):
      guard let frame = flow.frame(of: element) else { return nil }
      let kind = element == .header(section: section) ? "header" : "footer"
      let rect = Session.rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
      return .object(
        JSONObject([
          ("kind", .string(kind)), ("section", .int(Int64(section))), ("frame", rect), ("contentFrame", rect),
          ("floating", .bool(false)),
        ]))
    }
  }
}
