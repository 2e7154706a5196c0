import JSONCodec
import Testing

/// The scenarios of the live-semantics issue, each against the spawned daemon, on the Base table (LiveTableBase).
/// Every expected number is derived by hand from Protocol.md's range rules; the derivation is in the comments.
/// Base geometry: rows r0…r19 at y = 100·i; viewport 667 tall. First update: mode minimum, direction Down (the
/// initial previous direction): visible [0, 667) → r0…r6; display (0.25/0.25) [−166.75, 833.75) → r0…r8; preload
/// (0.5 ahead, 0.25 behind) [−166.75, 1000.5) → r0…r10.
@Suite struct LiveSemanticsTests {
  @Test func baseStartsAsTheRulesSay() throws {
    let daemon = try Daemon()
    daemon.startBase()
    let states = rangeStates(daemon.ranges(5))
    for i in 0...6 { #expect(states["r\(i)"] == States.all, "r\(i)") }
    for i in 7...8 { #expect(states["r\(i)"] == States.displayPreload, "r\(i)") }
    for i in 9...10 { #expect(states["r\(i)"] == States.preload, "r\(i)") }
    #expect(states.count == 11)
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }

  /// 1. A reload is a delete plus an insert: the old node loses Visible and is released, a new node enters its
  /// states again.
  @Test func reloadedRowGetsANewNode() throws {
    let daemon = try Daemon()
    daemon.startBase()
    var messages = daemon.settled(
      5, "table/performBatchUpdates",
      #"{"sessionId":"s1","operations":[{"op":"reloadRows","rows":[{"row":[0,0]}]}]}"#)
    #expect(
      RowEvent.of(messages) == [
        RowEvent(row: "r0", kind: "changed", state: States.displayPreload, events: ["didExitVisible"], hasIndexPath: false),
        RowEvent(row: "r0", kind: "released", state: States.displayPreload, events: [], hasIndexPath: false),
        .changed("r0", States.all, ["didEnterPreload", "didEnterDisplay", "didEnterVisible"]),
      ])
    // A move is a delete plus an insert too: r3 → [0, 5] (r4, r5 shift up; all stay visible).
    messages = daemon.settled(7, "table/moveRow", #"{"sessionId":"s1","from":"r3","to":[0,5]}"#)
    #expect(
      RowEvent.of(messages) == [
        RowEvent(row: "r3", kind: "changed", state: States.displayPreload, events: ["didExitVisible"], hasIndexPath: false),
        RowEvent(row: "r3", kind: "released", state: States.displayPreload, events: [], hasIndexPath: false),
        .changed("r3", States.all, ["didEnterPreload", "didEnterDisplay", "didEnterVisible"]),
      ])
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }

  /// 2. A drag up at the top (clamped to 0) faces the ranges up: the drag's start switches to Full and updates at
  /// offset 0 in direction Up: display (1 ahead = up, 0.5 behind) [−667, 1000.5) → r0…r10; preload (2.5 up, 1.5
  /// down) [−1667.5, 1667.5) → r0…r16. Facing down it would have been display r0…r13, preload everything.
  @Test func aDragStartsInThePanDirection() throws {
    let daemon = try Daemon()
    daemon.startBase()
    let messages = daemon.call(5, "table/scrollBy", #"{"sessionId":"s1","dy":-100,"drag":true}"#)
    #expect(ScrollAnswer.offset(messages) == 0)
    #expect(ScrollAnswer.result(messages)?["rangeMode"] == .string("full"))
    #expect(
      RowEvent.of(messages)
        == ["r9", "r10"].map { RowEvent.changed($0, States.displayPreload, ["didEnterDisplay"]) }
        + (11...16).map { RowEvent.changed("r\($0)", States.preload, ["didEnterPreload"]) })
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }

  /// 3. A programmatic scroll has no direction: after a drag down to 1000, scrolling back 150 programmatically
  /// keeps Down. At 850 (full, Down): visible [850, 1517) → r8…r15; display [516.5, 2184) → r5…r19; preload
  /// [−150.5, 3184.5) → all. (Facing up, display would be [183, 1850.5) → r1…r18.)
  @Test func aProgrammaticScrollKeepsThePreviousDirection() throws {
    let daemon = try Daemon()
    daemon.startBase()
    _ = daemon.call(5, "table/scrollBy", #"{"sessionId":"s1","dy":1000,"drag":true}"#)
    let messages = daemon.call(6, "table/scrollBy", #"{"sessionId":"s1","dy":-150,"drag":false}"#)
    #expect(ScrollAnswer.offset(messages) == 850)
    let states = rangeStates(daemon.ranges(7))
    for i in 0...4 { #expect(states["r\(i)"] == States.preload, "r\(i)") }
    for i in [5, 6, 7, 16, 17, 18, 19] { #expect(states["r\(i)"] == States.displayPreload, "r\(i)") }
    for i in 8...15 { #expect(states["r\(i)"] == States.all, "r\(i)") }
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }

  /// 3 (batch fetching). 40 rows (content 4000). A drag to the end (3333) fetches (remaining 0 ≤ 2 × 667); after
  /// the completion a programmatic scroll up by 150 checks with no direction: remaining 150 ≤ 1334 fetches again
  /// (with the direction of the movement, Up, it would not).
  @Test func aProgrammaticScrollNearTheEndFetches() throws {
    let daemon = try Daemon()
    let start = daemon.startBase(options: #""batchFetching":true"#, count: 40)
    #expect(ScrollAnswer.notifications("table/willBeginBatchFetch", in: start).count == 1)  // the empty table
    // The reload's check was held (fetching); the completion runs it: 4000 − 667 − 0 = 3333 > 1334: no fetch.
    let completed = daemon.call(5, "table/completeBatchFetching", #"{"sessionId":"s1"}"#)
    #expect(ScrollAnswer.notifications("table/willBeginBatchFetch", in: completed).isEmpty)
    let dragged = daemon.call(6, "table/scrollToOffset", #"{"sessionId":"s1","y":3333}"#)
    #expect(ScrollAnswer.notifications("table/willBeginBatchFetch", in: dragged).count == 1)
    _ = daemon.call(7, "table/completeBatchFetching", #"{"sessionId":"s1"}"#)
    let back = daemon.call(8, "table/scrollBy", #"{"sessionId":"s1","dy":-150,"drag":false}"#)
    #expect(ScrollAnswer.offset(back) == 3183)
    #expect(ScrollAnswer.notifications("table/willBeginBatchFetch", in: back).count == 1)
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }

  /// 4. The background masks Visible: the mode becomes visibleOnly (0/0 tunings: display = preload = visible) and
  /// the container is not visible, so r0…r6 are measureLayout|preload|display and every other row measureLayout.
  @Test func theBackgroundMasksVisible() throws {
    let daemon = try Daemon()
    daemon.startBase()
    let background = daemon.call(5, "session/applicationEvent", #"{"sessionId":"s1","event":"didEnterBackground"}"#)
    #expect(background.last?["result"]?["rangeMode"] == .string("visibleOnly"))
    #expect(
      RowEvent.of(background)
        == (0...6).map { RowEvent.changed("r\($0)", States.displayPreload, ["didExitVisible"]) }
        + (7...8).map { RowEvent.changed("r\($0)", States.none, ["didExitPreload", "didExitDisplay"]) }
        + (9...10).map { RowEvent.changed("r\($0)", States.none, ["didExitPreload"]) })
    let foreground = daemon.call(6, "session/applicationEvent", #"{"sessionId":"s1","event":"willEnterForeground"}"#)
    #expect(foreground.last?["result"]?["rangeMode"] == .string("minimum"))
    #expect(
      RowEvent.of(foreground)
        == (0...6).map { RowEvent.changed("r\($0)", States.all, ["didEnterVisible"]) }
        + (7...8).map { RowEvent.changed("r\($0)", States.displayPreload, ["didEnterPreload", "didEnterDisplay"]) }
        + (9...10).map { RowEvent.changed("r\($0)", States.preload, ["didEnterPreload"]) })
    // A reloadData in the background: the old nodes are released (none visible), the new rows get no Visible.
    _ = daemon.call(7, "session/applicationEvent", #"{"sessionId":"s1","event":"didEnterBackground"}"#)
    let rows = (0..<20).map { #"{"id":"n\#($0)","cell":\#(nodeCell(100))}"# }.joined(separator: ",")
    var reloaded = daemon.call(8, "table/reloadData", #"{"sessionId":"s1","sections":[{"rows":[\#(rows)]}]}"#)
    reloaded += daemon.call(9, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let events = RowEvent.of(reloaded)
    #expect(
      events.filter { $0.kind == "released" }
        == (0...19).map {
          RowEvent(row: "r\($0)", kind: "released", state: $0 <= 6 ? States.displayPreload : States.none, events: [],
            hasIndexPath: false)
        })
    #expect(
      events.filter { $0.kind == "changed" }
        == (0...6).map { RowEvent.changed("n\($0)", States.displayPreload, ["didEnterPreload", "didEnterDisplay"]) })
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }

  /// 5. The offset stays inside the content: at 1333 (the maximum of 2000 − 667), deleting r19 and r18 leaves
  /// 1800 of content, maximum 1133: the offset is clamped, visible [1133, 1800) → r11…r17. An empty reloadData
  /// brings it to 0; a height that decreases clamps too.
  @Test func theOffsetIsClampedWhenTheContentShrinks() throws {
    let daemon = try Daemon()
    daemon.startBase()
    _ = daemon.call(5, "table/scrollToOffset", #"{"sessionId":"s1","y":1333}"#)
    var messages = daemon.settled(6, "table/deleteRows", #"{"sessionId":"s1","rows":[[0,19],[0,18]]}"#)
    #expect(
      ScrollAnswer.notifications("table/contentOffsetChanged", in: messages).map(\.["params"]) == [
        json(#"{"sessionId":"s1","contentOffset":{"x":0,"y":1133},"oldContentOffset":{"x":0,"y":1333},"reason":"clamped"}"#)
      ])
    var ranges = daemon.ranges(8)
    #expect(ranges?["contentOffset"]?["y"]?.doubleValue == 1133)
    #expect(ranges?["visibleRowIds"] == .array((11...17).map { .string("r\($0)") }))
    // r17 loses 50 points: content 1750, maximum 1083.
    messages = daemon.settled(9, "cell/setNeedsLayout", #"{"sessionId":"s1","row":"r17","cell":\#(nodeCell(50))}"#)
    #expect(daemon.ranges(11)?["contentOffset"]?["y"]?.doubleValue == 1083)
    messages = daemon.settled(12, "table/reloadData", #"{"sessionId":"s1","sections":[{"rows":[]}]}"#)
    ranges = daemon.ranges(14)
    #expect(ranges?["contentOffset"]?["y"]?.doubleValue == 0)
    #expect(ranges?["visibleRowIds"] == .array([]))
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }

  /// 5 (anchoring on). Deleting the last row at the end: the anchor (the first visible row, r13 at 1300 − 1333)
  /// asks for no move, so the move to 1233 (1900 − 667) is the clamp's, reported as such.
  @Test func aClampWithAnchoringOnIsReportedAsClamped() throws {
    let daemon = try Daemon()
    daemon.initialize()
    _ = daemon.call(2, "session/create", #"{"sessionId":"s1","viewport":{"width":375,"height":667},"scale":4,"separators":false}"#)
    let rows = (0..<20).map { #"{"id":"r\#($0)","cell":\#(nodeCell(100))}"# }.joined(separator: ",")
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[\#(rows)]}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    _ = daemon.call(5, "table/scrollToOffset", #"{"sessionId":"s1","y":1333}"#)
    let messages = daemon.settled(6, "table/deleteRows", #"{"sessionId":"s1","rows":["r19"]}"#)
    #expect(
      ScrollAnswer.notifications("table/contentOffsetChanged", in: messages).map(\.["params"]) == [
        json(#"{"sessionId":"s1","contentOffset":{"x":0,"y":1233},"oldContentOffset":{"x":0,"y":1333},"reason":"clamped"}"#)
      ])
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }

  /// 6. `session/setViewport` clamps with the new height: 2000 − 896 = 1104.
  @Test func setViewportAnswersTheClampedOffset() throws {
    let daemon = try Daemon()
    daemon.startBase()
    _ = daemon.call(5, "table/scrollToOffset", #"{"sessionId":"s1","y":1333}"#)
    let answer = daemon.call(6, "session/setViewport", #"{"sessionId":"s1","viewport":{"height":896}}"#)
    #expect(answer.last?["result"]?["contentOffset"] == json(#"{"x":0,"y":1104}"#))
    #expect(daemon.ranges(7)?["contentOffset"]?["y"]?.doubleValue == 1104)
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }
}
