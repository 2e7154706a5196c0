import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// SVG snapshots of the table, collection or pager.
  static let snapshotMethods: [MethodDescriptor] = [
    .session("table/snapshot") { session, params throws(ResponseError) in try session.snapshot(params) }
  ]
}

extension Session {
  /// Most rows one snapshot draws (a rect intersecting more is refused).
  static let maxSnapshotRows = 1_000

  /// `table/snapshot` {sessionId, rect?: {x?, y?, width?, height?}, margin? = 40} → {svg, rect, margin, rows}: the
  /// committed rows intersecting the rect (default: the viewport; absent members default to the viewport's) drawn as
  /// SVG with the range bands in a `margin`-wide column on the left. The rect, the frames and the picture are as seen
  /// (an inverted table's rows upside down in order, each cell upright with its separator below it, as Texture flips
  /// each cell back). The rows, their frames and states are read here (session-isolated); the cells are laid out as
  /// they were measured (the width their accessory leaves, their height range) and drawn off the session, with their
  /// selection highlight, accessory and separator inset.
  func snapshot(_ params: Params) throws(ResponseError) -> SessionOutcome {
    if table.flow != nil { return try collectionSnapshot(params) }
    let any = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    let positive = Double.leastNonzeroMagnitude...100_000
    var (x, y, w, h) = (0.0, visualOffsetY, width, height)
    if params.value("rect") != nil {
      let rect = try params.object("rect")
      x = try rect.optionalNumber("x", in: any, rangeText: "") ?? x
      y = try rect.optionalNumber("y", in: any, rangeText: "") ?? y
      w = try rect.optionalNumber("width", in: positive, rangeText: "in (0, 100000]") ?? w
      h = try rect.optionalNumber("height", in: positive, rangeText: "in (0, 100000]") ?? h
    }
    let margin = try params.optionalNumber("margin", in: 0...1000, rangeText: "in [0, 1000]") ?? 40
    let map = table.visibleMap
    let separator = table.separatorHeight
    // The rect is as seen: an inverted table draws the model span [C − y − h, C − y), top row first.
    let content = table.contentHeight
    let (minY, maxY) = inverted ? (content - y - h, content - y) : (y, y + h)
    var paths = x < width && x + w > 0 ? map.indexPaths(intersectingMinY: minY, maxY: maxY, separator: separator) : []
    if inverted { paths.reverse() }
    guard paths.count <= Session.maxSnapshotRows else {
      throw Params.invalid(
        params.at("rect"), "intersects \(paths.count) rows, more than the maximum of \(Session.maxSnapshotRows)")
    }
    var rows: [(SnapshotRow, LayoutElement, SizeRange)] = []
    for path in paths {
      guard let id = map.rowID(at: path), let top = map.offset(of: path, separator: separator),
        let rowHeight = map.rowHeight(at: path, separator: separator), let cell = table.cell(id)?.content
      else { continue }
      let state = table.ranges.state(of: id, in: map)
      let drawnY = table.visualSpan(VerticalSpan(y: top, height: rowHeight)).y
      var row = SnapshotRow(id: id, indexPath: path, y: drawnY, height: rowHeight, state: state)
      row.accessories = table.accessories(of: id)
      row.selected = table.selection.selected.contains(id)
      rows.append((row, cell, cellRange(of: id)))
    }
    let supplementaries = x < width && x + w > 0 ? snapshotSupplementaries(minY: y, maxY: y + h) : []
    let scene = SnapshotScene(
      x: x, y: y, width: w, height: h, margin: margin, viewport: (visualOffsetY, width, height), separator: separator)
    let engine = engine
    let drawable = rows
    // Headers and footers are laid out like rows without members: at the table width, any height.
    let supplementaryRange = SizeRange(min: Size(width, 0), max: Size(width, CellSizeRange.cgFloatMax))
    return .compute { () throws(ResponseError) -> JSONValue in
      let drawn = drawable.map { row, content, range in Session.draw(row, content, engine: engine, range: range) }
      let extras = supplementaries.map { element, content in
        Session.draw(element, content, engine: engine, range: supplementaryRange)
      }
      let svg = SnapshotRenderer.render(scene, rows: drawn, supplementaries: extras)
      return Session.snapshotJSON(svg: svg, scene: scene, rows: drawn, supplementaries: extras)
    }
  }

  /// Lays one row's cell out and builds its display list; a failure is drawn as such. Pure; runs off the session.
  static func draw(_ row: SnapshotRow, _ content: LayoutElement, engine: LayoutEngine, range: SizeRange)
    -> DrawnRow
  {
    do throws(LayoutFailure) {
      let layout = try engine.layout(content, in: range)
      return DrawnRow(
        row: row, list: DisplayList.build(content: content, layout: layout, grid: engine.grid), failure: nil)
    } catch {
      return DrawnRow(row: row, list: nil, failure: error.description)
    }
  }

  /// `{svg, rect: {x, y, width, height}, margin, rows: [{rowId, indexPath, frame, state, selected?, error?}],
  /// supplementaries?}` (`supplementaries` only when a header or footer is drawn).
  static func snapshotJSON(
    svg: String, scene: SnapshotScene, rows: [DrawnRow], supplementaries: [DrawnSupplementary] = []
  ) -> JSONValue {
    let rowsJSON: [JSONValue] = rows.map { drawn in
      let row = drawn.row
      var o = JSONObject([
        ("rowId", .string(row.id.rawValue)),
        ("indexPath", .array([.int(Int64(row.indexPath.section)), .int(Int64(row.indexPath.row))])),
        ("frame", Session.rect(x: 0, y: row.y, width: scene.viewport.width, height: row.height)),
        ("state", Session.stateNames(row.state)),
      ])
      if row.selected { o["selected"] = .bool(true) }
      if let failure = drawn.failure { o["error"] = .string(failure) }
      return .object(o)
    }
    var answer = JSONObject([
      ("svg", .string(svg)),
      ("rect", Session.rect(x: scene.x, y: scene.y, width: scene.width, height: scene.height)),
      ("margin", .double(scene.margin)),
      ("rows", .array(rowsJSON)),
    ])
    if !supplementaries.isEmpty {
      answer["supplementaries"] = .array(supplementaries.map { supplementaryJSON($0, width: scene.viewport.width) })
    }
    return .object(answer)
  }
}
