import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// A nested container's own methods: scrolling it and reading its items (Protocol.md "Nested containers").
  static let nestedMethods: [MethodDescriptor] = [
    MethodDescriptor.session("container/scrollToOffset") { session, params throws(ResponseError) in
      try session.scrollNested(params)
    }.readingCommittedRows(),
    MethodDescriptor.session("container/items") { session, params throws(ResponseError) in
      try session.nestedItems(params)
    }.readingCommittedRows(),
  ]
}

extension RequestMembers {
  /// `container/scrollToOffset`'s params.
  static let containerScroll = MemberCheck(
    "container/scrollToOffset's params", valid: ["sessionId", "row", "element", "x", "y", "drag"])
  /// `container/items`' params.
  static let containerItems = MemberCheck("container/items' params", valid: ["sessionId", "row", "element"])
}

extension Session {
  /// The container `params.element` of the committed row `params.row` (a row id or `[section, row]`): -32602 for
  /// an unknown row, an element the row's cell does not have, an element that is not a collection or pager.
  func nestedContainer(_ params: Params) throws(ResponseError) -> (id: NestedContainerID, container: NestedContainer) {
    let row = try Session.resolveRow(params.required("row"), path: params.at("row"), in: table.visibleMap).id
    let element = try params.string("element")
    let containerID = NestedContainerID(row: row, element: element)
    if let container = nested[containerID] { return (containerID, container) }
    let name = JSONWriter.string(.string(element))
    let rowName = JSONWriter.string(.string(row.rawValue))
    guard let found = table.cell(row)?.content.element(withID: element) else {
      throw Params.invalid(params.at("element"), "row \(rowName)'s cell has no element \(name)")
    }
    guard found.container != nil else {
      throw Params.invalid(
        params.at("element"), "element \(name) of row \(rowName) is a \(found.typeName), not a collection or pager")
    }
    throw Params.invalid(params.at("element"), "the \(found.typeName) \(name) of row \(rowName) is not laid out yet")
  }

  /// `container/scrollToOffset` {sessionId, row: ROW, element, x (horizontal) or y (vertical), drag? = true} →
  /// {contentOffset, visibleItemIds, rangeMode}: moves the container's content offset along its scroll axis,
  /// clamped into [0, content extent − container extent]. A drag asks for range mode Full
  /// (`scrollViewWillBeginDragging`) and moves in the direction of the requested move; a programmatic scroll has
  /// no direction. The inner range controller updates when the items meeting the inner viewport change (or the
  /// mode changed); while the row lacks Preload nothing changes.
  func scrollNested(_ params: Params) throws(ResponseError) -> SessionOutcome {
    try params.check(RequestMembers.containerScroll)
    let (containerID, container) = try nestedContainer(params)
    let horizontal = container.layout.layout.configuration.scrollDirection == .horizontal
    let (along, across) = horizontal ? ("x", "y") : ("y", "x")
    if params.value(across) != nil {
      throw Params.invalid(
        params.at(across), "a \(horizontal ? "horizontal" : "vertical") container scrolls along \(along)")
    }
    let target = try params.number(along, in: -1e12...1e12, rangeText: "in [-1e12, 1e12]")
    let drag = try params.optionalBool("drag") ?? true
    let content = container.layout.layout.contentSize
    let old = container.contentOffset
    let extent = horizontal ? content.width - container.bounds.width : content.height - container.bounds.height
    let clamped = min(max(target, 0), max(0, extent)) + 0
    let (x, y) = horizontal ? (clamped, old.y) : (old.x, clamped)
    let direction: ScrollDirection =
      drag
      ? ScrollDirection.from(
        oldOffsetX: old.x, oldOffsetY: old.y, newOffsetX: horizontal ? target : old.x,
        newOffsetY: horizontal ? old.y : target, scrollable: horizontal ? .horizontal : .vertical) : []
    publish(nested: nested.scroll(containerID, toX: x, y: y, direction: direction, dragging: drag) ?? [])
    guard let moved = nested[containerID] else { return .result(.null) }
    return .result(
      .object(
        JSONObject([
          ("contentOffset", Session.offsetJSON(moved)),
          ("visibleItemIds", .array(moved.layout.cellIDs(intersecting: moved.bounds).map { .string($0.rawValue) })),
          ("rangeMode", .string(Session.rangeModeName(moved.ranges.currentMode))),
        ])))
  }

  /// `container/items` {sessionId, row: ROW, element} → {kind, size, contentSize, contentOffset, rangeMode,
  /// containerState, items: [{id, frame, state}]}: the container's items in order with their frames in its
  /// content and their interface states.
  func nestedItems(_ params: Params) throws(ResponseError) -> SessionOutcome {
    try params.check(RequestMembers.containerItems)
    let (_, container) = try nestedContainer(params)
    let flow = container.layout
    let ids = flow.itemIDs.first ?? []
    let items: [JSONValue] = ids.enumerated().map { index, id in
      let frame =
        flow.layout.frame(of: .item(section: 0, item: index)) ?? NodeTree.Rect(x: 0, y: 0, width: 0, height: 0)
      return .object(
        JSONObject([
          ("id", .string(id.rawValue)), ("frame", Session.rectJSON(frame)),
          ("state", Session.stateNames(container.state(of: id))),
        ]))
    }
    let size = container.bounds
    let content = flow.layout.contentSize
    return .result(
      .object(
        JSONObject([
          ("kind", .string(container.kind == .pager ? "pager" : "collection")),
          ("size", .object(JSONObject([("width", .double(size.width)), ("height", .double(size.height))]))),
          (
            "contentSize",
            .object(JSONObject([("width", .double(content.width)), ("height", .double(content.height))]))
          ),
          ("contentOffset", Session.offsetJSON(container)),
          ("rangeMode", .string(Session.rangeModeName(container.ranges.currentMode))),
          ("containerState", Session.stateNames(container.containerState)),
          ("items", .array(items)),
        ])))
  }

  /// `{x, y}` of a container's content offset.
  static func offsetJSON(_ container: NestedContainer) -> JSONValue {
    let offset = container.contentOffset
    return .object(JSONObject([("x", .double(offset.x)), ("y", .double(offset.y))]))
  }

  /// `{x, y, width, height}` of a frame.
  static func rectJSON(_ rect: NodeTree.Rect) -> JSONValue {
    .object(
      JSONObject([
        ("x", .double(rect.x)), ("y", .double(rect.y)), ("width", .double(rect.width)),
        ("height", .double(rect.height)),
      ]))
  }
}
