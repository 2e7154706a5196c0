import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension Session {
  /// `table/snapshot` of a collection or a pager {sessionId, rect?: {x?, y?, width?, height?}, margin? = 40} → {svg,
  /// rect, margin, rows: [{rowId, indexPath, frame, state, error?}], supplementaries?: [{kind, section, frame,
  /// floating: false}]}: the committed items and reference-size headers and footers whose frames intersect the rect
  /// (default: the viewport, x and y its content offset), drawn where the flow placed them, with the range bands
  /// along the scroll axis in a `margin`-thick strip (left of the rect for a vertical flow, above it for a
  /// horizontal one or a pager). Items are read here (session-isolated) and laid out at their frame's size off the
  /// session.
  func collectionSnapshot(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let any = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    let positive = Double.leastNonzeroMagnitude...100_000
    var (x, y, w, h) = (contentOffsetX, visualOffsetY, width, height)
    if params.value("rect") != nil {
      let rect = try params.object("rect")
      x = try rect.optionalNumber("x", in: any, rangeText: "") ?? x
      y = try rect.optionalNumber("y", in: any, rangeText: "") ?? y
      w = try rect.optionalNumber("width", in: positive, rangeText: "in (0, 100000]") ?? w
      h = try rect.optionalNumber("height", in: positive, rangeText: "in (0, 100000]") ?? h
    }
    let margin = try params.optionalNumber("margin", in: 0...1000, rangeText: "in [0, 1000]") ?? 40
    let map = table.visibleMap
    let elements =
      table.committedFlow.map { $0.elements(intersecting: NodeTree.Rect(x: x, y: y, width: w, height: h)) } ?? []
    let itemCount = elements.count { if case .item = $0 { true } else { false } }
    guard itemCount <= Session.maxSnapshotRows else {
      throw Params.invalid(
        params.at("rect"), "intersects \(itemCount) items, more than the maximum of \(Session.maxSnapshotRows)")
    }
    var items: [(DrawnItem, LayoutElement)] = []
    var supplementaries: [DrawnFlowSupplementary] = []
    for element in elements {
      guard let frame = table.committedFlow?.frame(of: element) else { continue }
      switch element {
      case .item(let section, let item):
        let path = TableIndexPath(section: section, row: item)
        guard let id = map.rowID(at: path), let cell = table.cell(id)?.content else { continue }
        let state = table.ranges.state(of: id, in: map)
        items.append((DrawnItem(id: id, indexPath: path, frame: frame, state: state), cell))
      case .header(let section):
        supplementaries.append(DrawnFlowSupplementary(kind: .header, section: section, frame: frame))
      case .footer(let section):
        supplementaries.append(DrawnFlowSupplementary(kind: .footer, section: section, frame: frame))
      }
    }
    let scene = CollectionSnapshotScene(
      x: x, y: y, width: w, height: h, margin: margin, vertical: !scrollsAcross,
      viewport: NodeTree.Rect(x: contentOffsetX, y: visualOffsetY, width: width, height: height))
    let engine = engine
    let drawable = items
    let extras = supplementaries
    return .compute { () throws(ResponseError) -> JSONValue in
      let drawn = drawable.map { item, content in Session.draw(item, content, engine: engine) }
      let svg = SnapshotRenderer.renderCollection(scene, items: drawn, supplementaries: extras)
      return Session.collectionSnapshotJSON(svg: svg, scene: scene, items: drawn, supplementaries: extras)
    }
  }

  /// Lays one item's cell out at exactly its frame's size (the size it was placed at) and builds its display list;
  /// a failure is drawn as such. Pure; runs off the session.
  static func draw(_ item: DrawnItem, _ content: LayoutElement, engine: LayoutEngine) -> DrawnItem {
    var drawn = item
    let size = Size(item.frame.width, item.frame.height)
    do throws(LayoutFailure) {
      let layout = try engine.layout(content, in: SizeRange(min: size, max: size))
      drawn.list = DisplayList.build(content: content, layout: layout, grid: engine.grid)
    } catch {
      drawn.failure = error.description
    }
    return drawn
  }

  /// `{svg, rect, margin, rows: [{rowId, indexPath, frame, state, error?}], supplementaries?: [{kind, section, frame,
  /// floating: false}]}` of a collection (a flow's headers and footers do not float).
  static func collectionSnapshotJSON(
    svg: String, scene: CollectionSnapshotScene, items: [DrawnItem], supplementaries: [DrawnFlowSupplementary]
  ) -> JSONValue {
    let rows: [JSONValue] = items.map { item in
      var o = JSONObject([
        ("rowId", .string(item.id.rawValue)),
        ("indexPath", .array([.int(Int64(item.indexPath.section)), .int(Int64(item.indexPath.row))])),
        ("frame", Session.rect(x: item.frame.x, y: item.frame.y, width: item.frame.width, height: item.frame.height)),
        ("state", Session.stateNames(item.state)),
      ])
      if let failure = item.failure { o["error"] = .string(failure) }
      return .object(o)
    }
    var answer = JSONObject([
      ("svg", .string(svg)),
      ("rect", Session.rect(x: scene.x, y: scene.y, width: scene.width, height: scene.height)),
      ("margin", .double(scene.margin)),
      ("rows", .array(rows)),
    ])
    if !supplementaries.isEmpty {
      answer["supplementaries"] = .array(
        supplementaries.map { element in
          .object(
            JSONObject([
              ("kind", .string(element.kind.rawValue)), ("section", .int(Int64(element.section))),
              (
                "frame",
                Session.rect(
                  x: element.frame.x, y: element.frame.y, width: element.frame.width, height: element.frame.height)
              ),
              ("floating", .bool(false)),
            ]))
        })
    }
    return .object(answer)
  }
}
