import Foundation
import JSONCodec

/// Everything the differential test compares after a step, from either side: the answers, the committed rows, the
/// geometry, the range controller, the per-row pushes and batch fetching. Built from the model
/// (`LiveTableModel.observation`) or from the daemon's messages (`LiveTableObservation.init(daemon:…)`).
struct LiveTableObservation: Equatable, Sendable {
  /// Error code of each call's answer (nil: a result; -1 from the model: any error).
  var answers: [Int?] = []
  /// Row ids by section (`table/describe`).
  var rowIDs: [[String]] = []
  /// Row heights by section.
  var heights: [[Double]] = []
  /// Content height.
  var contentHeight: Double = 0
  /// Content offset y.
  var offset: Double = 0
  /// `visibleRowIds` of `table/ranges`.
  var visibleRowIDs: [String] = []
  /// Range mode name.
  var rangeMode = ""
  /// `visible` of `table/ranges` (V).
  var containerVisible = true
  /// Every committed row's interface state names.
  var states: [String: [String]] = [:]
  /// Per row id, the pushes of the step in order (rows without any are left out).
  var events: [String: [LiveTableModel.RowEvent]] = [:]
  /// `table/willBeginBatchFetch` pushes during the step.
  var fetchStarts = 0
  /// Batch context state name.
  var batchState = ""
  /// Leading screens for batching.
  var leadingScreens: Double = 0
  /// Sections mode (issue 15) only, else empty: each section's header and footer (`table/describe`).
  var supplementaries: [String] = []
  /// Sections mode: every present header's and footer's `table/supplementaryFrame` (drawn y, content y, height,
  /// floating), visual.
  var placed: [String] = []
  /// Sections mode: `table/elementAtPoint` at the viewport's top edge, middle and last quarter point (visual).
  var probes: [String] = []
  /// Sections mode: `table/elementsInRect` of the viewport (visual).
  var inRect: [String] = []
  /// Sections mode: the step's `table/supplementaryHeightChanged` pushes.
  var heightChanges: [String] = []

  /// Field kinds left out of the comparison: `$LAYOUTD_DIFF_IGNORE`, comma-separated (e.g.
  /// `visibleRowIDs,batchState`), for triage while the daemon lacks a field.
  static let ignored: Set<String> = Set(
    (ProcessInfo.processInfo.environment["LAYOUTD_DIFF_IGNORE"] ?? "").split(separator: ",").map(String.init))

  /// The first field where `daemon` differs from `model`: its name and both values as text (nil when equal).
  static func firstDifference(model: Self, daemon: Self) -> (field: String, model: String, daemon: String)? {
    guard let found = firstDifferenceOfAll(model: model, daemon: daemon) else { return nil }
    guard ignored.contains(kind(found.field)) else { return found }
    var model = model
    var daemon = daemon
    for field in ignored { blank(field, &model, &daemon) }
    return firstDifferenceOfAll(model: model, daemon: daemon)
  }

  /// Makes field kind `field` equal on both sides.
  static func blank(_ field: String, _ model: inout Self, _ daemon: inout Self) {
    switch field {
    case "answers": daemon.answers = model.answers
    case "rowIDs": daemon.rowIDs = model.rowIDs
    case "heights": daemon.heights = model.heights
    case "contentHeight": daemon.contentHeight = model.contentHeight
    case "offset": daemon.offset = model.offset
    case "visibleRowIDs": daemon.visibleRowIDs = model.visibleRowIDs
    case "rangeMode": daemon.rangeMode = model.rangeMode
    case "containerVisible": daemon.containerVisible = model.containerVisible
    case "states": daemon.states = model.states
    case "events": daemon.events = model.events
    case "fetchStarts": daemon.fetchStarts = model.fetchStarts
    case "batchState": daemon.batchState = model.batchState
    case "leadingScreens": daemon.leadingScreens = model.leadingScreens
    case "supplementaries": daemon.supplementaries = model.supplementaries
    case "placed": daemon.placed = model.placed
    case "probes": daemon.probes = model.probes
    case "inRect": daemon.inRect = model.inRect
    case "heightChanges": daemon.heightChanges = model.heightChanges
    default: break
    }
  }

  /// The first difference over every field.
  static func firstDifferenceOfAll(model: Self, daemon: Self) -> (field: String, model: String, daemon: String)? {
    let answersMatch =
      model.answers.count == daemon.answers.count
      && zip(model.answers, daemon.answers).allSatisfy { m, d in m == -1 ? d != nil : m == d }
    if !answersMatch { return ("answers", describe(model.answers), describe(daemon.answers)) }
    // Numbers compare as numbers (the wire may say -0 for 0).
    let simple: [(String, Bool, String, String)] = [
      ("rowIDs", model.rowIDs == daemon.rowIDs, "\(model.rowIDs)", "\(daemon.rowIDs)"),
      ("heights", model.heights == daemon.heights, "\(model.heights)", "\(daemon.heights)"),
      (
        "contentHeight", model.contentHeight == daemon.contentHeight, "\(model.contentHeight)",
        "\(daemon.contentHeight)"
      ),
      ("offset", model.offset == daemon.offset, "\(model.offset)", "\(daemon.offset)"),
      (
        "visibleRowIDs", model.visibleRowIDs == daemon.visibleRowIDs, "\(model.visibleRowIDs)",
        "\(daemon.visibleRowIDs)"
      ),
      ("rangeMode", model.rangeMode == daemon.rangeMode, model.rangeMode, daemon.rangeMode),
      (
        "containerVisible", model.containerVisible == daemon.containerVisible, "\(model.containerVisible)",
        "\(daemon.containerVisible)"
      ),
    ]
    for (field, equal, m, d) in simple where !equal { return (field, m, d) }
    for id in Set(model.states.keys).union(daemon.states.keys).sorted() where model.states[id] != daemon.states[id] {
      return ("states[\(id)]", "\(model.states[id] ?? [])", "\(daemon.states[id] ?? [])")
    }
    for id in Set(model.events.keys).union(daemon.events.keys).sorted() where model.events[id] != daemon.events[id] {
      return ("events[\(id)]", "\(model.events[id] ?? [])", "\(daemon.events[id] ?? [])")
    }
    let rest: [(String, Bool, String, String)] = [
      ("fetchStarts", model.fetchStarts == daemon.fetchStarts, "\(model.fetchStarts)", "\(daemon.fetchStarts)"),
      ("batchState", model.batchState == daemon.batchState, model.batchState, daemon.batchState),
      (
        "leadingScreens", model.leadingScreens == daemon.leadingScreens, "\(model.leadingScreens)",
        "\(daemon.leadingScreens)"
      ),
      (
        "supplementaries", model.supplementaries == daemon.supplementaries, "\(model.supplementaries)",
        "\(daemon.supplementaries)"
      ),
      ("placed", model.placed == daemon.placed, "\(model.placed)", "\(daemon.placed)"),
      ("probes", model.probes == daemon.probes, "\(model.probes)", "\(daemon.probes)"),
      ("inRect", model.inRect == daemon.inRect, "\(model.inRect)", "\(daemon.inRect)"),
      (
        "heightChanges", model.heightChanges == daemon.heightChanges, "\(model.heightChanges)",
        "\(daemon.heightChanges)"
      ),
    ]
    for (field, equal, m, d) in rest where !equal { return (field, m, d) }
    return nil
  }

  /// `[ok, -32004, error]` (nil: a result; -1: any error; -2: no answer).
  static func describe(_ answers: [Int?]) -> String {
    "["
      + answers.map { $0.map { $0 == -1 ? "error" : $0 == -2 ? "no answer" : "\($0)" } ?? "ok" }.joined(separator: ", ")
      + "]"
  }

  /// The field's kind for shrinking: `events[r3]` → `events`.
  static func kind(_ field: String) -> String { String(field.prefix(while: { $0 != "[" })) }
}

extension LiveTableObservation {
  /// The daemon's side for session `session`: `answers` are the step's responses in call order, `messages` every
  /// message taken during the step and its settling, `ranges` and `describe` the two results.
  init(session: String, answers: [JSONValue?], messages: [JSONValue], ranges: JSONValue?, describe: JSONValue?) {
    self.answers = answers.map { answer -> Int? in
      guard let answer else { return -2 }  // no answer at all
      return answer["error"]?["code"]?.intValue
    }
    let sections = describe?["sections"]?.arrayValue ?? []
    rowIDs = sections.map { ($0["rows"]?.arrayValue ?? []).map { $0["id"]?.stringValue ?? "?" } }
    heights = sections.map { ($0["rows"]?.arrayValue ?? []).map { $0["height"]?.doubleValue ?? -1 } }
    contentHeight = describe?["contentSize"]?["height"]?.doubleValue ?? -1
    offset = ranges?["contentOffset"]?["y"]?.doubleValue ?? -1
    visibleRowIDs = (ranges?["visibleRowIds"]?.arrayValue ?? []).map { $0.stringValue ?? "?" }
    rangeMode = ranges?["rangeMode"]?.stringValue ?? "?"
    containerVisible = ranges?["visible"]?.boolValue ?? false
    var held: [String: [String]] = [:]
    for row in ranges?["rows"]?.arrayValue ?? [] {
      held[row["rowId"]?.stringValue ?? "?"] = Self.names(row["state"])
    }
    for id in rowIDs.joined() { states[id] = held[id] ?? ["measureLayout"] }
    for (id, state) in held where states[id] == nil { states[id] = state }
    for message in messages where message["params"]?["sessionId"] == .string(session) {
      guard let params = message["params"], let id = params["rowId"]?.stringValue else {
        if message["method"] == .string("table/willBeginBatchFetch") { fetchStarts += 1 }
        continue
      }
      switch message["method"]?.stringValue {
      case "cell/interfaceStateChanged":
        events[id, default: []].append(
          .changed(
            old: Self.names(params["oldState"]), new: Self.names(params["newState"]),
            events: Self.names(params["events"])))
      case "cell/nodeReleased":
        events[id, default: []].append(.released(state: Self.names(params["state"])))
      default:
        break
      }
    }
    batchState = ranges?["batchContext"]?["state"]?.stringValue ?? "?"
    leadingScreens = ranges?["batchContext"]?["leadingScreens"]?.doubleValue ?? -1
  }

  /// A list of strings (state or event names).
  static func names(_ value: JSONValue?) -> [String] { (value?.arrayValue ?? []).compactMap(\.stringValue) }
}

extension LiveTableModel {
  /// The model's side after a step whose calls are expected to answer `answers`; drains the pushes.
  mutating func observation(answers: [Int?]) -> LiveTableObservation {
    let heightChanges = supplementaryHeightChanges
    let (events, starts) = drain()
    var o = LiveTableObservation()
    o.answers = answers
    o.rowIDs = sections.map { $0.map(\.id) }
    o.heights = sections.map { $0.map { Double($0.quarters) / 4 } }
    o.contentHeight = contentHeight
    o.offset = wireOffset(offset)
    o.visibleRowIDs = visibleIDs
    o.rangeMode = mode.rawValue
    o.containerVisible = containerInWindow
    for row in sections.joined() { o.states[row.id] = row.state.names }
    o.events = events.filter { !$0.value.isEmpty }
    o.fetchStarts = starts
    o.batchState = batchState.rawValue
    o.leadingScreens = leadingScreens
    if observesSections {
      for s in sections.indices { o.states.merge(extras(s).cellStates) { a, _ in a } }
      observeSections(&o)
      o.heightChanges = heightChanges
    }
    return o
  }
}
