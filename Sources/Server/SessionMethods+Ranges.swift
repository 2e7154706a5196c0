import JSONCodec
import JSONRPC
import NodeTree

extension SessionMethods {
  /// Range tuning, range modes, container visibility and the range query.
  static let rangeMethods: [MethodDescriptor] = [
    .session("table/tuningParameters", ordering: .waitsForLayout) { session, params throws(ResponseError) in
      try session.tuningParameters(params)
    },
    .session("table/setTuningParameters") { session, params throws(ResponseError) in
      try session.setTuningParameters(params)
    },
    .session("table/setRangeMode") { session, params throws(ResponseError) in try session.setRangeMode(params) },
    .session("session/setVisible") { session, params throws(ResponseError) in try session.setVisible(params) },
    .session("session/applicationEvent") { session, params throws(ResponseError) in
      try session.applicationEvent(params)
    },
    .session("table/ranges", ordering: .waitsForLayout) { session, _ throws(ResponseError) in
      .result(session.rangesJSON)
    },
  ]
}

extension Session {
  /// Wire names of the range modes a client may name.
  static let modeNames: [String: RangeMode] = [
    "minimum": .minimum, "full": .full, "visibleOnly": .visibleOnly, "lowMemory": .lowMemory,
  ]

  /// Reads a range mode member (`minimum`, `full`, `visibleOnly`, `lowMemory`).
  func rangeMode(_ params: Params, _ key: String) throws(ResponseError) -> RangeMode? {
    guard let name = try params.optionalString(key) else { return nil }
    guard let mode = Session.modeNames[name] else {
      throw Params.invalid(
        params.at(key), "expected one of minimum, full, visibleOnly, lowMemory, got \(JSONWriter.string(.string(name)))"
      )
    }
    return mode
  }

  /// Reads a range type member (`display`, `preload`).
  func rangeType(_ params: Params, _ key: String) throws(ResponseError) -> RangeType? {
    guard let name = try params.optionalString(key) else { return nil }
    switch name {
    case "display": return .display
    case "preload": return .preload
    default:
      throw Params.invalid(params.at(key), "expected display or preload, got \(JSONWriter.string(.string(name)))")
    }
  }

  /// `{leadingBufferScreenfuls, trailingBufferScreenfuls}`.
  static func tuningJSON(_ t: RangeTuningParameters) -> JSONValue {
    .object(
      JSONObject([
        ("leadingBufferScreenfuls", .double(t.leadingBufferScreenfuls)),
        ("trailingBufferScreenfuls", .double(t.trailingBufferScreenfuls)),
      ]))
  }

  /// `table/tuningParameters` {sessionId, mode? , rangeType?} → one tuning, or all of them by mode and type.
  func tuningParameters(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let mode = try rangeMode(params, "mode")
    if let type = try rangeType(params, "rangeType") {
      return .result(Session.tuningJSON(table.ranges.tuning[mode ?? .full, type]))
    }
    let modes: [RangeMode] = mode.map { [$0] } ?? [.minimum, .full, .visibleOnly, .lowMemory]
    return .result(
      .object(
        JSONObject(
          modes.map { m in
            (
              Session.rangeModeName(m),
              .object(
                JSONObject([
                  ("display", Session.tuningJSON(table.ranges.tuning[m, .display])),
                  ("preload", Session.tuningJSON(table.ranges.tuning[m, .preload])),
                ]))
            )
          })))
  }

  /// `table/setTuningParameters` {sessionId, mode? = full, rangeType, leadingBufferScreenfuls,
  /// trailingBufferScreenfuls} → null: takes effect at the next range update, as in Texture.
  func setTuningParameters(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let mode = try rangeMode(params, "mode") ?? .full
    guard let type = try rangeType(params, "rangeType") else {
      throw Params.invalid(params.path, "missing required member \"rangeType\"")
    }
    let leading = try params.number("leadingBufferScreenfuls", in: 0...1000, rangeText: "in [0, 1000]")
    let trailing = try params.number("trailingBufferScreenfuls", in: 0...1000, rangeText: "in [0, 1000]")
    table.ranges.tuning[mode, type] = RangeTuningParameters(
      leadingBufferScreenfuls: leading, trailingBufferScreenfuls: trailing)
    return .result(.null)
  }

  /// `table/setRangeMode` {sessionId, mode} → {rangeMode}: `updateCurrentRangeWithMode:` (a range update when the
  /// mode changes).
  func setRangeMode(_ params: Params) throws(ResponseError) -> SessionOutcome {
    guard let mode = try rangeMode(params, "mode") else {
      throw Params.invalid(params.path, "missing required member \"mode\"")
    }
    publish(table.setRangeMode(mode))
    return .result(.object(JSONObject([("rangeMode", .string(Session.rangeModeName(table.ranges.currentMode)))])))
  }

  /// `session/setVisible` {sessionId, visible} → {rangeMode}: the table enters or leaves its window (container
  /// state Visible|Display or none); ranges are updated, and entering checks batch fetching (texture.md §4.3).
  func setVisible(_ params: Params) throws(ResponseError) -> SessionOutcome {
    guard let visible = try params.optionalBool("visible") else {
      throw Params.invalid(params.path, "missing required member \"visible\"")
    }
    if visible != scrolling.containerVisible {
      scrolling.containerVisible = visible
      moveViewport(to: contentOffsetY, force: true)
      if visible { checkBatchFetch(targetOffsetY: contentOffsetY) }
    }
    return .result(.object(JSONObject([("rangeMode", .string(Session.rangeModeName(table.ranges.currentMode)))])))
  }

  /// `session/applicationEvent` {sessionId, event: didEnterBackground | willEnterForeground | memoryWarning} →
  /// {rangeMode}: Texture's application notification handlers: the range-mode changes of texture.md §3.4 (a range
  /// update when the mode changes); the background masks the container's Visible bit until the foreground.
  func applicationEvent(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let name = try params.string("event")
    let inWindow = scrolling.containerVisible
    switch name {
    case "didEnterBackground":
      // The mode is chosen from the state before the background masks Visible; the update then runs masked.
      let requested = table.ranges.handle(
        .didEnterBackground(containerVisible: scrolling.containerState.contains(.visible)))
      scrolling.backgrounded = true
      table.setContainerState(scrolling.containerState)
      if requested { moveViewport(to: contentOffsetY, force: true) }
    case "willEnterForeground":
      scrolling.backgrounded = false
      table.setContainerState(scrolling.containerState)
      if table.ranges.handle(.willEnterForeground(containerVisible: inWindow)) {
        moveViewport(to: contentOffsetY, force: true)
      }
    case "memoryWarning":
      if table.ranges.handle(.memoryWarning(containerInDisplayState: inWindow)) {
        moveViewport(to: contentOffsetY, force: true)
      }
    default:
      throw Params.invalid(
        params.at("event"),
        "expected one of didEnterBackground, willEnterForeground, memoryWarning, got \(JSONWriter.string(.string(name)))"
      )
    }
    return .result(.object(JSONObject([("rangeMode", .string(Session.rangeModeName(table.ranges.currentMode)))])))
  }

  /// `table/ranges` → {contentOffset, rangeMode, visible, rows: [{rowId, state}]}: the rows holding a state above
  /// measureLayout, in order, as the range controller last set them.
  var rangesJSON: JSONValue {
    let map = table.visibleMap
    let held = table.ranges.states.keys.compactMap { id in map.indexPath(of: id).map { (id, $0) } }
      .sorted { $0.1 < $1.1 }
    let rows: [JSONValue] = held.map { id, path in
      .object(
        JSONObject([
          ("rowId", .string(id.rawValue)),
          ("indexPath", .array([.int(Int64(path.section)), .int(Int64(path.row))])),
          ("state", Session.stateNames(table.ranges.state(of: id, in: map))),
        ]))
    }
    var answer = JSONObject([
      ("contentOffset", contentOffsetJSON),
      ("rangeMode", .string(Session.rangeModeName(table.ranges.currentMode))),
      ("visible", .bool(scrolling.containerVisible)),
      ("visibleRowIds", .array(visibleRowIDs.map { .string($0.rawValue) })),
      ("batchContext", batchStateJSON),
      ("rows", .array(rows)),
    ])
    if map.hasSupplementaryCells, let cells = supplementaryStatesJSON { answer["supplementaries"] = cells }
    return .object(answer)
  }
}
