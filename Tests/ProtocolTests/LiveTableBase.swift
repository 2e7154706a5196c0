import JSONCodec
import Testing

/// The "Base" table of the live-semantics scenarios: session s1 375×667 at scale 4, no separators, interface states
/// on, scroll anchoring off, `table/reloadData` with rows r0…r19 of 100 pt nodes. Expected numbers in the tests
/// that use it are derived by hand from Protocol.md's range rules, never read from the daemon.
extension Daemon {
  /// Initializes, creates the Base session (`options`: extra `session/create` members) and loads `count` rows of
  /// 100 pt, then waits for the commit; returns every message up to the wait's answer.
  @discardableResult
  func startBase(options: String = "", count: Int = 20) -> [JSONValue] {
    initialize()
    let extra = options.isEmpty ? "" : ", " + options
    var messages = call(
      2, "session/create",
      #"{"sessionId":"s1","viewport":{"width":375,"height":667},"scale":4,"separators":false,"#
        + #""scrollAnchoring":false\#(extra)}"#)
    let rows = (0..<count).map { #"{"id":"r\#($0)","cell":\#(nodeCell(100))}"# }.joined(separator: ",")
    messages += call(3, "table/reloadData", #"{"sessionId":"s1","sections":[{"rows":[\#(rows)]}]}"#)
    messages += call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    return messages
  }

  /// Sends a request of session s1 and then `table/waitUntilAllUpdatesAreProcessed` (id + 1); returns every message
  /// up to the wait's answer (the change sets and relayouts the request started have settled by then).
  func settled(_ id: Int, _ method: String, _ params: String) -> [JSONValue] {
    call(id, method, params) + call(id + 1, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
  }

  /// `table/ranges` of s1 (performed on the session, so every notification of earlier calls came before it).
  func ranges(_ id: Int) -> JSONValue? {
    call(id, "table/ranges", #"{"sessionId":"s1"}"#).last?["result"]
  }
}

/// One `cell/interfaceStateChanged` or `cell/nodeReleased`, reduced to what the scenarios compare.
struct RowEvent: Equatable, CustomStringConvertible {
  /// Row id.
  var row: String
  /// `changed` or `released`.
  var kind: String
  /// New state names (the released state for `released`).
  var state: [String]
  /// Callback names (empty for `released`).
  var events: [String]
  /// Whether the notification carried an indexPath.
  var hasIndexPath: Bool

  var description: String { "\(row) \(kind) \(state) \(events)\(hasIndexPath ? "" : " (no indexPath)")" }

  /// The row events among `messages`, in order.
  static func of(_ messages: [JSONValue]) -> [RowEvent] {
    messages.compactMap { message in
      let params = message["params"]
      let row = params?["rowId"]?.stringValue ?? ""
      switch message["method"]?.stringValue {
      case "cell/interfaceStateChanged":
        return RowEvent(
          row: row, kind: "changed", state: params?["newState"]?.arrayValue?.compactMap(\.stringValue) ?? [],
          events: params?["events"]?.arrayValue?.compactMap(\.stringValue) ?? [], hasIndexPath: params?["indexPath"] != nil)
      case "cell/nodeReleased":
        return RowEvent(
          row: row, kind: "released", state: params?["state"]?.arrayValue?.compactMap(\.stringValue) ?? [], events: [],
          hasIndexPath: false)
      default: return nil
      }
    }
  }

  /// A state change with an indexPath.
  static func changed(_ row: String, _ state: [String], _ events: [String]) -> RowEvent {
    RowEvent(row: row, kind: "changed", state: state, events: events, hasIndexPath: true)
  }
}

/// State names used by the scenarios.
enum States {
  static let all = ["measureLayout", "preload", "display", "visible"]
  static let displayPreload = ["measureLayout", "preload", "display"]
  static let preload = ["measureLayout", "preload"]
  static let none = ["measureLayout"]
}

/// The state of each row in a `table/ranges` answer (rows absent are measureLayout).
func rangeStates(_ ranges: JSONValue?) -> [String: [String]] {
  var states: [String: [String]] = [:]
  for row in ranges?["rows"]?.arrayValue ?? [] {
    states[row["rowId"]?.stringValue ?? ""] = row["state"]?.arrayValue?.compactMap(\.stringValue) ?? []
  }
  return states
}
