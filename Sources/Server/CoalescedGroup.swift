import JSONCodec
import JSONRPC

/// A run of consecutive per-row notifications of one session folded into one coalesced notification
/// (`initializationOptions.notifications: "coalesced"`, Protocol.md "Coalesced notifications"). Pure value.
///
/// `table/heightChanged` and `table/supplementaryHeightChanged` with the same session, seq and content size fold into
/// `table/heightsChanged` {sessionId, seq, contentSize, changes}; `cell/interfaceStateChanged` and `cell/nodeReleased`
/// of one session fold into `cell/interfaceStatesChanged` {sessionId, changes}. Each entry of `changes` is the
/// per-row notification's params without the members the coalesced notification carries once (a released node's
/// entry also has `released: true`), in the order the per-row notifications would have been sent.
struct CoalescedGroup: Sendable {
  /// What a run holds.
  enum Kind: Sendable, Equatable {
    /// Height changes of rows, headers and footers: `table/heightsChanged`.
    case heights
    /// Interface-state changes and node releases: `cell/interfaceStatesChanged`.
    case states
  }

  /// What makes consecutive notifications fold together: the kind, the session, and for heights the seq and
  /// content size every entry shares.
  struct Key: Sendable, Equatable {
    /// What the run holds.
    let kind: Kind
    /// The notifications' `sessionId`.
    let sessionId: JSONValue
    /// Heights: the `seq` they carry (null for states).
    let seq: JSONValue
    /// Heights: the `contentSize` they carry (null for states).
    let contentSize: JSONValue
  }

  /// The coalesced notification of heights.
  static let heightsMethod = "table/heightsChanged"
  /// The coalesced notification of interface states and releases.
  static let statesMethod = "cell/interfaceStatesChanged"

  /// What every entry shares.
  let key: Key
  /// One entry per folded notification, in order.
  private(set) var entries: [JSONValue]

  /// A run starting with `entry`.
  init(key: Key, entry: JSONValue) {
    self.key = key
    entries = [entry]
  }

  /// Adds the next notification's entry (its key equals `key`).
  mutating func append(_ entry: JSONValue) { entries.append(entry) }

  /// The key and entry of a per-row notification, or nil for any other message (which ends a run).
  static func fold(_ message: Message) -> (key: Key, entry: JSONValue)? {
    guard case .notification(let method, let params) = message, let object = params.objectValue,
      let sessionId = object["sessionId"]
    else { return nil }
    switch method {
    case "table/heightChanged", "table/supplementaryHeightChanged":
      let key = Key(
        kind: .heights, sessionId: sessionId, seq: object["seq"] ?? .null, contentSize: object["contentSize"] ?? .null)
      return (key, .object(JSONObject(storage: object.storage.filter { !heightsShared.contains($0.key) })))
    case "cell/interfaceStateChanged", "cell/nodeReleased":
      var entry = JSONObject(storage: object.storage.filter { $0.key != "sessionId" })
      if method == "cell/nodeReleased" { entry["released"] = .bool(true) }
      return (Key(kind: .states, sessionId: sessionId, seq: .null, contentSize: .null), .object(entry))
    default:
      return nil
    }
  }

  /// Members a height notification shares with its run (carried once by `table/heightsChanged`).
  private static let heightsShared: Set<String> = ["sessionId", "seq", "contentSize"]

  /// The coalesced notification.
  var message: Message {
    switch key.kind {
    case .heights:
      return .notification(
        method: CoalescedGroup.heightsMethod,
        params: .object(
          JSONObject([
            ("sessionId", key.sessionId), ("seq", key.seq), ("contentSize", key.contentSize),
            ("changes", .array(entries)),
          ])))
    case .states:
      return .notification(
        method: CoalescedGroup.statesMethod,
        params: .object(JSONObject([("sessionId", key.sessionId), ("changes", .array(entries))])))
    }
  }
}
