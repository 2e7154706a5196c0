import JSONCodec
import Testing

/// Helpers for the scrolling protocol tests: a session with interface states on, rows of fixed node cells with ids
/// `r0`, `r1`, …, and a clean end that leaves no asynchronous `cell/didDisplay` behind.
extension Daemon {
  /// Initializes the daemon and creates session "s1" (viewport 320×480, scale 2, separators, interface states
  /// on) with extra `options` (JSON members, e.g. `"batchFetching": true`); returns every message up to the answer.
  @discardableResult
  func startScrollSession(options: String = "") -> [JSONValue] {
    initialize()
    let extra = options.isEmpty ? "" : ", " + options
    return call(2, "session/create", #"{"sessionId": "s1", "viewport": {"width": 320, "height": 480}\#(extra)}"#)
  }

  /// Inserts `count` rows of node cells `height` points tall with ids `r<first>`…, at the end (or at `at`), then
  /// waits for the commit; returns every message up to the wait's answer. `never` marks one row index
  /// `neverShowPlaceholders`.
  @discardableResult
  func insertFixedRows(
    id: Int, first: Int = 0, count: Int, height: Double = 100, at: Int? = nil, never: Int? = nil
  ) -> [JSONValue] {
    let rows = (first..<first + count).map { i in
      let flag = i == never ? #", "neverShowPlaceholders": true"# : ""
      return #"{"id": "r\#(i)", "cell": \#(nodeCell(height))\#(flag)}"#
    }
    let position = at.map { #", "at": \#($0)"# } ?? ""
    var messages = call(
      id, "table/insertRows", #"{"sessionId": "s1"\#(position), "rows": [\#(rows.joined(separator: ","))]}"#)
    messages += call(id + 1, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    return messages
  }

  /// Disposes s1 and takes every message up to the answer: display results still running are dropped with the
  /// session, so nothing of it can arrive later. Everything before the answer must be a `cell/didDisplay` (the
  /// caller has taken the rest); returns those messages.
  @discardableResult
  func disposeScrollSession(id: Int, sourceLocation: SourceLocation = #_sourceLocation) -> [JSONValue] {
    let messages = call(id, "session/dispose", #"{"sessionId": "s1"}"#)
    #expect(messages.last == json(resultResponse("\(id)", "null")), sourceLocation: sourceLocation)
    let early = messages.dropLast().filter { $0["method"] != .string("cell/didDisplay") }
    #expect(early.isEmpty, "unexpected before the dispose answer: \(early)", sourceLocation: sourceLocation)
    return Array(messages.dropLast())
  }
}

/// Reading scroll answers (Protocol.md: SCROLL = {contentOffset, visibleRowIds, placeholderRowIds, rangeMode}).
enum ScrollAnswer {
  /// The answer's `result` (nil when the last message is not a result).
  static func result(_ messages: [JSONValue]) -> JSONValue? { messages.last?["result"] }

  /// The answer's content offset y.
  static func offset(_ messages: [JSONValue]) -> Double? { result(messages)?["contentOffset"]?["y"]?.doubleValue }

  /// The answer's visible row ids.
  static func visible(_ messages: [JSONValue]) -> [String]? {
    result(messages)?["visibleRowIds"]?.arrayValue?.compactMap(\.stringValue)
  }

  /// The answer's placeholder row ids.
  static func placeholders(_ messages: [JSONValue]) -> [String]? {
    result(messages)?["placeholderRowIds"]?.arrayValue?.compactMap(\.stringValue)
  }

  /// The messages named `method`.
  static func notifications(_ method: String, in messages: [JSONValue]) -> [JSONValue] {
    messages.filter { $0["method"] == .string(method) }
  }
}
