import Foundation
import JSONCodec
import TestSupport
import Testing

/// Differential check of `initializationOptions.notifications: "coalesced"` against the spawned binary: two daemons,
/// one per-row and one coalesced, fed the same seeded random scrolls and edits; after every step the coalesced
/// daemon's messages, expanded as Protocol.md "Coalesced notifications" says, must equal the per-row daemon's. The
/// seed comes from `LAYOUTD_COALESCE_SEED` or is random, and is printed.
@Suite struct CoalescedDifferentialTests {
  /// The seed of this run.
  static let seed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["LAYOUTD_COALESCE_SEED"], let value = UInt64(text) {
      return value
    }
    return UInt64.random(in: 0...UInt64(UInt32.max))
  }()

  /// Per-row notification methods the coalesced daemon must never send.
  static let perRowMethods: Set<String> = [
    "table/heightChanged", "table/supplementaryHeightChanged", "cell/interfaceStateChanged", "cell/nodeReleased",
  ]

  /// A row spec: a node of `height` points, or (odd heights) a ratio spec whose height follows the width.
  static func cell(_ height: Int) -> String {
    height % 2 == 0
      ? #"{"type": "node", "style": {"height": \#(height)}}"#
      : #"{"type": "ratio", "ratio": \#(Double(height) / 400), "child": {"type": "node"}}"#
  }

  /// What a step's messages must agree on: display notifications and placeholder lists depend on when background
  /// display work finishes, so they are left out of the comparison.
  static func comparable(_ messages: [JSONValue]) -> [JSONValue] {
    messages.compactMap { message in
      if message["method"] == .string("cell/didDisplay") { return nil }
      guard var object = message.objectValue, var result = message["result"]?.objectValue else { return message }
      result["placeholderRowIds"] = nil
      object["result"] = .object(result)
      return .object(object)
    }
  }

  @Test("a seeded random sequence of scrolls and edits: the coalesced stream expands to the per-row stream")
  func differential() throws {
    print("CoalescedDifferentialTests seed \(Self.seed) (replay with LAYOUTD_COALESCE_SEED=\(Self.seed))")
    var random = ThrashRandom(state: Self.seed)
    let daemons = [try Daemon(), try Daemon()]
    let create = #"{"sessionId": "s1", "viewport": {"width": 320, "height": 480}, "batchFetching": false}"#
    for (index, daemon) in daemons.enumerated() {
      let form = index == 0 ? "coalesced" : "perRow"
      _ = daemon.call(1, "initialize", #"{"initializationOptions": {"notifications": "\#(form)"}}"#)
      _ = daemon.call(2, "session/create", create)
    }
    var ids = (0..<40).map { "k\($0)" }
    var next = 40
    var id = 3
    // Messages each daemon sent (all steps), to show the comparison was not vacuous.
    var sent = (coalesced: 0, perRow: 0)
    /// Sends one request to both daemons and compares what each sent back.
    func step(_ method: String, _ params: String, scroll: Bool = false) {
      let answers = daemons.map { $0.call(id, method, params) }
      let coalesced = answers[0]
      sent.coalesced += coalesced.count
      sent.perRow += answers[1].count
      let context = "seed \(Self.seed), request \(id) \(method) \(params)"
      #expect(
        !coalesced.contains { Self.perRowMethods.contains($0["method"]?.stringValue ?? "") }, "\(context)")
      if scroll {
        // One range-update notification per scroll at most (a drag's mode switch folds into it).
        #expect(
          coalesced.filter { $0["method"] == .string("cell/interfaceStatesChanged") }.count <= 1, "\(context)")
      }
      #expect(Self.comparable(expandCoalesced(coalesced)) == Self.comparable(answers[1]), "\(context)")
      id += 1
    }
    func wait() { step("table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#) }
    let initial = ids.enumerated().map { #"{"id": "\#($1)", "cell": \#(Self.cell(40 + ($0 * 7) % 90))}"# }
    step("table/insertRows", #"{"sessionId": "s1", "rows": [\#(initial.joined(separator: ","))]}"#)
    wait()
    for _ in 0..<150 {
      let roll = Int.random(in: 0..<100, using: &random)
      switch roll {
      case 0..<45:
        let dy = Int.random(in: 200...900, using: &random) * (random.chance(35) ? -1 : 1)
        step("table/scrollBy", #"{"sessionId": "s1", "dy": \#(dy), "drag": \#(random.chance(60))}"#, scroll: true)
      case 45..<55:
        let y = Int.random(in: 0...4000, using: &random)
        step("table/scrollToOffset", #"{"sessionId": "s1", "y": \#(y), "drag": false}"#, scroll: true)
      case 55..<67:
        let at = Int.random(in: 0...ids.count, using: &random)
        let count = Int.random(in: 1...4, using: &random)
        let new = (0..<count).map { _ -> String in
          next += 1
          return "k\(next)"
        }
        ids.insert(contentsOf: new, at: at)
        let rows = new.map { #"{"id": "\#($0)", "cell": \#(Self.cell(Int.random(in: 30...130, using: &random)))}"# }
        step("table/insertRows", #"{"sessionId": "s1", "at": \#(at), "rows": [\#(rows.joined(separator: ","))]}"#)
        wait()
      case 67..<77 where ids.count > 8:
        let gone = random.pick(Int.random(in: 1...3, using: &random), from: 0..<ids.count).map { ids[$0] }
        ids.removeAll { gone.contains($0) }
        let names = gone.map { #""\#($0)""# }.joined(separator: ",")
        step("table/deleteRows", #"{"sessionId": "s1", "rows": [\#(names)]}"#)
        wait()
      case 77..<87:
        let row = ids[Int.random(in: 0..<ids.count, using: &random)]
        let cell = Self.cell(Int.random(in: 30...130, using: &random))
        step("cell/setNeedsLayout", #"{"sessionId": "s1", "row": "\#(row)", "cell": \#(cell)}"#)
        wait()
      case 87..<93:
        let row = ids[Int.random(in: 0..<ids.count, using: &random)]
        let cell = Self.cell(Int.random(in: 30...130, using: &random))
        step("table/reloadRows", #"{"sessionId": "s1", "rows": [{"row": "\#(row)", "cell": \#(cell)}]}"#)
        wait()
      default:
        let width = [240, 320, 400][Int.random(in: 0..<3, using: &random)]
        step("session/setViewport", #"{"sessionId": "s1", "viewport": {"width": \#(width)}}"#)
        wait()
      }
    }
    print("CoalescedDifferentialTests seed \(Self.seed): \(sent.perRow) messages per row, \(sent.coalesced) coalesced")
    #expect(sent.coalesced > 0 && sent.coalesced < sent.perRow, "seed \(Self.seed)")
    for daemon in daemons { #expect(daemon.finish() != nil) }
  }
}
