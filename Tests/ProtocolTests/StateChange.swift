import JSONCodec

/// Interface state bits (texture.md §3.1), as the reference model keeps them.
struct InterfaceBits: OptionSet, Hashable, Sendable {
  /// The raw bits: measureLayout 1, preload 2, display 4, visible 8.
  let rawValue: Int
  /// Measured; every committed row has it.
  static let measureLayout = InterfaceBits(rawValue: 1)
  /// In the preload range.
  static let preload = InterfaceBits(rawValue: 2)
  /// In the display range.
  static let display = InterfaceBits(rawValue: 4)
  /// On screen.
  static let visible = InterfaceBits(rawValue: 8)

  /// The wire names of the set bits, in Protocol.md's order.
  var names: [String] {
    [(Self.measureLayout, "measureLayout"), (.preload, "preload"), (.display, "display"), (.visible, "visible")]
      .filter { contains($0.0) }.map(\.1)
  }
}

/// One row's state change as `cell/interfaceStateChanged` reports it (row of section 0). Pure value.
struct StateChange: Equatable, Sendable, CustomStringConvertible {
  /// Row index in section 0 (the row's id is `r<row>`).
  var row: Int
  /// State before.
  var old: InterfaceBits
  /// State after.
  var new: InterfaceBits

  /// The callbacks in Texture's order (texture.md §3.2): preload, then display, then visible, enter or exit.
  var events: [String] {
    var out: [String] = []
    for (bit, name) in [(InterfaceBits.preload, "Preload"), (.display, "Display"), (.visible, "Visible")]
    where old.contains(bit) != new.contains(bit) {
      out.append((new.contains(bit) ? "didEnter" : "didExit") + name)
    }
    return out
  }

  /// The notification's params as the daemon must send them for session `sessionId`.
  func params(sessionId: String) -> JSONValue {
    .object(
      JSONObject([
        ("sessionId", .string(sessionId)), ("rowId", .string("r\(row)")),
        ("indexPath", .array([.int(0), .int(Int64(row))])),
        ("oldState", .array(old.names.map(JSONValue.string))), ("newState", .array(new.names.map(JSONValue.string))),
        ("events", .array(events.map(JSONValue.string))),
      ]))
  }

  /// `r7 [measureLayout] → [measureLayout, preload] didEnterPreload`.
  var description: String { "r\(row) \(old.names) → \(new.names) \(events.joined(separator: ","))" }
}

/// Reading the daemon's notifications for the exact-sequence comparisons.
enum StateChangeLog {
  /// The `cell/interfaceStateChanged` params in `messages`, in order; `cell/didDisplay` (asynchronous) and every
  /// other message are left out.
  static func params(_ messages: [JSONValue]) -> [JSONValue] {
    messages.filter { $0["method"] == .string("cell/interfaceStateChanged") }.map { $0["params"] ?? .null }
  }

  /// A readable line for one notification's params (for failure messages).
  static func describe(_ params: JSONValue) -> String {
    let names = { (key: String) in (params[key]?.arrayValue ?? []).compactMap(\.stringValue) }
    let row = params["rowId"]?.stringValue ?? "?"
    return "\(row) \(names("oldState")) → \(names("newState")) \(names("events").joined(separator: ","))"
  }

  /// Where `actual` first differs from `expected` (nil when they are equal): index and both sides.
  static func firstDifference(_ actual: [JSONValue], _ expected: [JSONValue]) -> String? {
    for i in 0..<max(actual.count, expected.count) {
      let a = i < actual.count ? actual[i] : nil
      let e = i < expected.count ? expected[i] : nil
      if a != e {
        return "at \(i) of \(expected.count) expected / \(actual.count) received: expected "
          + (e.map(describe) ?? "nothing") + ", received " + (a.map { "\(describe($0)) \($0)" } ?? "nothing")
      }
    }
    return nil
  }
}
