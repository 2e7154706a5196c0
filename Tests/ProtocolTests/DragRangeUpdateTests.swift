import JSONCodec
import Testing

/// When a drag updates the ranges. texture.md §3.3 lists the triggers of a range update (the visible set changes,
/// the container enters or leaves a window, the range **mode changes**) and says scrolling alone does not recompute
/// ranges until a cell crosses the viewport edge; `scrollViewWillBeginDragging` asks for Full (§3.4), which is a
/// change only on the first drag. So a drag while already in Full that leaves the on-screen rows as they are
/// must push nothing.
@Suite struct DragRangeUpdateTests {
  /// 30 rows of 100.5 in a 320×480 viewport; a drag to 1000 (Full, Down), a programmatic scroll up by 50 (the
  /// on-screen rows r9–r14 stay: no update, but the direction is now Up), then a drag by 0.
  @Test func aDragInFullModeThatKeepsTheOnScreenRowsPushesNothing() throws {
    let daemon = try Daemon()
    daemon.startScrollSession()
    var reference = RangeReference(heights: Array(repeating: 100.5, count: 30), viewportHeight: 480)
    let committed = StateChangeLog.params(daemon.insertFixedRows(id: 3, count: 30))
    #expect(committed == reference.update().map { $0.params(sessionId: "s1") })
    let steps: [(String, String, Double, Bool)] = [
      ("table/scrollToOffset", "\"y\": 1000", 1000, true), ("table/scrollBy", "\"dy\": -50", 950, false),
    ]
    for (index, (method, member, y, drag)) in steps.enumerated() {
      let expected = reference.scroll(to: y, drag: drag).map { $0.params(sessionId: "s1") }
      let messages = daemon.call(10 + index, method, #"{"sessionId": "s1", \#(member), "drag": \#(drag)}"#)
      let received = StateChangeLog.params(messages)
      #expect(received == expected, "\(method): \(StateChangeLog.firstDifference(received, expected) ?? "")")
    }
    #expect(reference.scroll(to: 950, drag: true).isEmpty)
    let messages = daemon.call(20, "table/scrollBy", #"{"sessionId": "s1", "dy": 0, "drag": true}"#)
    let received = StateChangeLog.params(messages)
    #expect(received == [], "\(received.map(StateChangeLog.describe))")
    #expect(ScrollAnswer.offset(messages) == 950)
    daemon.disposeScrollSession(id: 21)
    daemon.expectAliveThenExit()
  }
}
