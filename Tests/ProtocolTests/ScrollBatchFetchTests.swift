import JSONCodec
import Testing

/// Protocol.md "Batch fetching" over the wire (texture.md §4.2): with `batchFetching: true`, a scroll fetches once
/// when remaining = content − viewport − offset ≤ leadingScreens (2) × viewport, not again until
/// `table/completeBatchFetching`, never while scrolling up, and again near the end of the page the client inserted.
/// Pages are 30 rows of 100.5 (3015 pt) in a 320×480 viewport.
@Suite struct ScrollBatchFetchTests {
  /// The `table/willBeginBatchFetch` message for content `height` at offset `y`.
  static func fetch(height: Double, y: Double) -> JSONValue {
    json(
      #"""
      {"jsonrpc": "2.0", "method": "table/willBeginBatchFetch", "params": {"sessionId": "s1",
       "contentSize": {"width": 320, "height": \#(height)}, "contentOffset": {"x": 0, "y": \#(y)}}}
      """#)
  }

  /// The notifications in `messages` (everything before the answer).
  static func notifications(_ messages: [JSONValue]) -> [JSONValue] { messages.filter { $0["method"] != nil } }

  /// The answer to a batch-context method: `{state, leadingScreens: 2}`.
  static func context(_ id: Int, _ state: String) -> [JSONValue] {
    [json(resultResponse("\(id)", #"{"state": "\#(state)", "leadingScreens": 2}"#))]
  }

  @Test func firesOnceAtTheThresholdThenAgainNearTheEndOfTheNextPage() throws {
    let daemon = try Daemon()
    // The empty table is shorter than its viewport: it fetches as soon as it is in its window (rule 4).
    let created = daemon.startScrollSession(options: #""interfaceStates": false, "batchFetching": true"#)
    #expect(Self.notifications(created) == [Self.fetch(height: 0, y: 0)])
    // Page 1 commits while the context is fetching: no fetch; then the client completes.
    #expect(Self.notifications(daemon.insertFixedRows(id: 3, count: 30)).count == 1)  // its didCommit
    #expect(daemon.call(5, "table/completeBatchFetching", #"{"sessionId": "s1"}"#) == Self.context(5, "completed"))
    // Content 3015: fetch when 3015 − 480 − y ≤ 960, i.e. y ≥ 1575 (a drag checks its target offset).
    let steps: [(params: String, fetchAt: Double?)] = [
      (#""y": 1574.5, "drag": false"#, nil), (#""y": 1575, "drag": true"#, 1575), (#""y": 1700, "drag": false"#, nil),
      (#""y": 2535, "drag": true"#, nil), (#""y": 2000, "drag": true"#, nil), (#""y": 2535, "drag": false"#, nil),
    ]
    for (index, step) in steps.enumerated() {
      let messages = daemon.call(10 + index, "table/scrollToOffset", #"{"sessionId": "s1", \#(step.params)}"#)
      #expect(
        Self.notifications(messages) == (step.fetchAt.map { [Self.fetch(height: 3015, y: $0)] } ?? []), "\(step)")
    }
    // The client inserts page 2 (the commit's check finds the context still fetching), then completes.
    let page = Self.notifications(daemon.insertFixedRows(id: 20, first: 30, count: 30))
    #expect(page.map { $0["method"] } == [.string("table/didCommit")])
    #expect(daemon.call(22, "table/completeBatchFetching", #"{"sessionId": "s1"}"#) == Self.context(22, "completed"))
    // Content 6030: fetch when y ≥ 6030 − 480 − 960 = 4590; scrolling up never fetches, even that near.
    let next: [(params: String, fetchAt: Double?)] = [
      (#""y": 4589.5, "drag": true"#, nil), (#""y": 4590, "drag": false"#, 4590), (#""y": 5000, "drag": true"#, nil),
    ]
    for (index, step) in next.enumerated() {
      let messages = daemon.call(30 + index, "table/scrollToOffset", #"{"sessionId": "s1", \#(step.params)}"#)
      #expect(
        Self.notifications(messages) == (step.fetchAt.map { [Self.fetch(height: 6030, y: $0)] } ?? []), "\(step)")
    }
    #expect(daemon.call(40, "table/completeBatchFetching", #"{"sessionId": "s1"}"#) == Self.context(40, "completed"))
    // remaining = 6030 − 480 − 4800 = 750 ≤ 960, but the scroll goes up (rule 6); the next one down fetches.
    #expect(Self.notifications(daemon.call(41, "table/scrollToOffset", #"{"sessionId": "s1", "y": 4800}"#)) == [])
    #expect(
      Self.notifications(daemon.call(42, "table/scrollToOffset", #"{"sessionId": "s1", "y": 4900, "drag": false}"#))
        == [Self.fetch(height: 6030, y: 4900)])
    daemon.expectAliveThenExit()
  }
}
