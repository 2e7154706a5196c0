import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension Session {
  /// The committed headers and footers drawn in `[minY, maxY)` (floating ones where they float), in content order,
  /// each with its cell's content (nil for a fixed height). Session-isolated; a table without any pays one lookup.
  func snapshotSupplementaries(minY: Double, maxY: Double) -> [(SnapshotSupplementary, LayoutElement?)] {
    let elements = table.visualElements(intersectingMinY: minY, maxY: maxY)
    var result: [(SnapshotSupplementary, LayoutElement?)] = []
    for element in elements {
      guard let kind = element.supplementaryKind, let drawn = table.visualFrame(of: element),
        let frame = try? table.supplementaryFrame(kind, inSection: element.section)
      else { continue }
      let content = table.visualSpan(VerticalSpan(y: frame.contentY, height: frame.height))
      let state = frame.id.map { table.ranges.state(of: $0, in: table.visibleMap) }
      let snapshot = SnapshotSupplementary(
        kind: kind, section: element.section, id: frame.id, y: drawn.y, contentY: content.y, height: drawn.height,
        state: state)
      result.append((snapshot, frame.id.flatMap { table.cell($0)?.content }))
    }
    return result
  }

  /// Lays a header or footer cell out and builds its display list (nothing for a fixed height). Pure; runs off the
  /// session.
  static func draw(_ element: SnapshotSupplementary, _ content: LayoutElement?, engine: LayoutEngine, range: SizeRange)
    -> DrawnSupplementary
  {
    guard let content else { return DrawnSupplementary(element: element, list: nil, failure: nil) }
    do throws(LayoutFailure) {
      let layout = try engine.layout(content, in: range)
      return DrawnSupplementary(
        element: element, list: DisplayList.build(content: content, layout: layout, grid: engine.grid), failure: nil)
    } catch {
      return DrawnSupplementary(element: element, list: nil, failure: error.description)
    }
  }

  /// A snapshot's `{kind, section, rowId?, frame, floating, state?, error?}` of a drawn header or footer.
  static func supplementaryJSON(_ drawn: DrawnSupplementary, width: Double) -> JSONValue {
    let element = drawn.element
    var o = JSONObject([("kind", .string(element.kind.rawValue)), ("section", .int(Int64(element.section)))])
    if let id = element.id { o["rowId"] = .string(id.rawValue) }
    o["frame"] = Session.rect(x: 0, y: element.y, width: width, height: element.height)
    o["floating"] = .bool(element.isFloating)
    if let state = element.state { o["state"] = Session.stateNames(state) }
    if let failure = drawn.failure { o["error"] = .string(failure) }
    return .object(o)
  }
}
