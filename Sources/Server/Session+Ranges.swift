import JSONCodec
import JSONRPC
import NodeTree

extension Session {
  /// Content offset y of the viewport (points, the model's: see `Session+Inverted`).
  var contentOffsetY: Double { table.viewport?.bounds.y ?? 0 }

  /// `{x, y}` of the viewport as seen (x is 0 for a table: tables do not scroll sideways).
  var contentOffsetJSON: JSONValue {
    .object(JSONObject([("x", .double(contentOffsetX + 0)), ("y", .double(visualOffsetY))]))
  }

  /// Moves the viewport to `y` (and a collection's to `x`; both already clamped) with the session's size and
  /// container state and evaluates it: a range update runs when `force` is set or the on-screen rows changed; its
  /// callbacks are pushed.
  func moveViewport(to y: Double, x: Double? = nil, direction: ScrollDirection = [], force: Bool = false) {
    let bounds = Rect(x: (x ?? contentOffsetX) + 0, y: y + 0, width: width, height: height)  // + 0: never −0
    let viewport = RangeViewport(bounds: bounds, scrollDirection: direction, containerState: scrolling.containerState)
    publish(table.setViewport(viewport, force: force))
    recordShownOffset()
  }

  /// Pushes the end of nodes a commit released: a node that was visible first gets its `didExitVisible`
  /// (`cell/interfaceStateChanged` without indexPath), then `cell/nodeReleased` {sessionId, rowId, state}.
  func publish(_ released: [ReleasedNode]) {
    guard scrolling.interfaceStates else { return }
    for node in released {
      publish(node.events, ofReleasedNodes: true)
      displayStateChanged(node.id, from: node.lastState, to: .none)  // its contents go with the node
      let params = JSONObject([
        ("sessionId", .string(id)), ("rowId", .string(node.id.rawValue)),
        ("state", Session.stateNames(node.lastState)),
      ])
      notify(.notification(method: "cell/nodeReleased", params: .object(params)))
    }
  }

  /// Pushes one `cell/interfaceStateChanged` per row whose state changed, in Texture's firing order, with the
  /// callbacks (`didEnterPreload`, …) the row received in order; then starts or drops display work. The events of
  /// `released` nodes carry no indexPath (the node is no longer in the table, even when its row continues).
  func publish(_ events: [InterfaceStateEvent], ofReleasedNodes released: Bool = false) {
    defer { if !released && !nested.isEmpty { publish(nested: nested.follow(events)) } }
    guard scrolling.interfaceStates else { return }
    var callbacks: [String] = []
    for event in events {
      guard event.kind == .interfaceStateDidChange else {
        callbacks.append(event.kind.rawValue)
        continue
      }
      var params = JSONObject([("sessionId", .string(id)), ("rowId", .string(event.id.rawValue))])
      if !released, let path = table.visibleMap.indexPath(of: event.id) {
        params["indexPath"] = .array([.int(Int64(path.section)), .int(Int64(path.row))])
      } else if !released, table.visibleMap.hasSupplementaryCells,
        let (kind, section) = table.visibleMap.supplementaryLocation(of: event.id)
      {
        params["kind"] = .string(kind.rawValue)
        params["section"] = .int(Int64(section))
      }
      params["oldState"] = Session.stateNames(event.oldState)
      params["newState"] = Session.stateNames(event.newState)
      params["events"] = .array(callbacks.map { .string($0) })
      notify(.notification(method: "cell/interfaceStateChanged", params: .object(params)))
      callbacks.removeAll()
      displayStateChanged(event.id, from: event.oldState, to: event.newState)
    }
  }

  /// Names of the bits of `state` in bit order: `["measureLayout", "preload", "display", "visible"]`.
  static func stateNames(_ state: InterfaceState) -> JSONValue {
    let names: [(InterfaceState, String)] = [
      (.measureLayout, "measureLayout"), (.preload, "preload"), (.display, "display"), (.visible, "visible"),
    ]
    return .array(names.filter { state.contains($0.0) }.map { .string($0.1) })
  }

  /// Rows on screen (committed state), in order.
  var visibleRowIDs: [RowID] {
    guard let bounds = table.viewport?.bounds, !bounds.isEmpty else { return [] }
    if let flow = table.committedFlow {
      return flow.elements(intersecting: bounds).compactMap { element in
        guard case .item(let section, let item) = element else { return nil }
        return table.visibleMap.rowID(at: TableIndexPath(section: section, row: item))
      }
    }
    return table.visibleRows(minY: bounds.y, maxY: bounds.maxY)
  }
}
