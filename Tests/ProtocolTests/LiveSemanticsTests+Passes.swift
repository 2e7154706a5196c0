import Foundation
import JSONCodec
import Testing

/// The live-semantics scenarios about what does and does not move the ranges, relayout passes, batch-fetch
/// completion, deletes and `scrollToRow` (Base table, see LiveTableBase; numbers derived by hand in comments).
@Suite struct LiveSemanticsPassTests {
  /// 7. Ranges move in steps: after a drag of 10 (full) and a memory warning (visibleOnly: r0…r6 only), r0
  /// growing to 120 keeps the visible rows [10, 677) → r0…r6: no update, the mode stays visibleOnly.
  @Test func aHeightChangeThatKeepsTheVisibleRowsUpdatesNothing() throws {
    let daemon = try Daemon()
    daemon.startBase()
    _ = daemon.call(5, "table/scrollBy", #"{"sessionId":"s1","dy":10,"drag":true}"#)
    let warning = daemon.call(6, "session/applicationEvent", #"{"sessionId":"s1","event":"memoryWarning"}"#)
    #expect(warning.last?["result"]?["rangeMode"] == .string("visibleOnly"))
    let messages = daemon.settled(7, "cell/setNeedsLayout", #"{"sessionId":"s1","row":"r0","cell":\#(nodeCell(120))}"#)
    #expect(ScrollAnswer.notifications("table/heightChanged", in: messages).count == 1)
    #expect(RowEvent.of(messages).isEmpty)
    let ranges = daemon.ranges(9)
    #expect(ranges?["rangeMode"] == .string("visibleOnly"))
    #expect(rangeStates(ranges) == Dictionary(uniqueKeysWithValues: (0...6).map { ("r\($0)", States.all) }))
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }

  /// 8. Several rows re-laid out in one call settle as one pass: r0 and r1 shrink to 50, every later row moves up
  /// 100: visible [0, 667) → r0…r7, display [−166.75, 833.75) → r0…r9, preload [−166.75, 1000.5) → r0…r11 (still
  /// minimum, Down). One update: r7 enters Visible, r9 Display, r11 Preload; both height notifications carry the
  /// pass's final content size, 1900.
  @Test func severalRowsSettleAsOnePass() throws {
    let daemon = try Daemon()
    daemon.startBase()
    let messages = daemon.settled(
      5, "cell/setNeedsLayout",
      #"{"sessionId":"s1","rows":[{"row":"r0","cell":\#(nodeCell(50))},{"row":"r1","cell":\#(nodeCell(50))}]}"#)
    let heights = ScrollAnswer.notifications("table/heightChanged", in: messages)
    #expect(heights.map { $0["params"]?["rowId"] } == [.string("r0"), .string("r1")])
    #expect(heights.allSatisfy { $0["params"]?["contentSize"]?["height"]?.doubleValue == 1900 })
    #expect(
      RowEvent.of(messages) == [
        .changed("r7", States.all, ["didEnterVisible"]),
        .changed("r9", States.displayPreload, ["didEnterDisplay"]),
        .changed("r11", States.preload, ["didEnterPreload"]),
      ])
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }

  /// 9. A completion sent right after the page's insert comes before the after-commit check, every time: the
  /// empty table fetched at creation; 5 rows (500 < 667) and the completion in one write, then the check fetches
  /// again: two fetches in all, the context ends fetching. 100 sessions, one daemon.
  @Test func aCompletionRightAfterTheInsertIsHandledFirst() throws {
    let daemon = try Daemon()
    daemon.initialize()
    var id = 10
    for run in 0..<100 {
      let session = "b\(run)"
      let created = daemon.call(
        id, "session/create",
        #"{"sessionId":"\#(session)","viewport":{"width":375,"height":667},"batchFetching":true,"interfaceStates":false}"#)
      var fetches = ScrollAnswer.notifications("table/willBeginBatchFetch", in: created).count
      let rows = (0..<5).map { _ in #"{"cell":\#(nodeCell(100))}"# }.joined(separator: ",")
      let insert = request(id + 1, "table/insertRows", #"{"sessionId":"\#(session)","rows":[\#(rows)]}"#)
      let complete = request(id + 2, "table/completeBatchFetching", #"{"sessionId":"\#(session)"}"#)
      let wait = request(id + 3, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"\#(session)"}"#)
      _ = daemon.write(Array((frameText(insert) + frameText(complete) + frameText(wait)).utf8))
      let waitID = JSONValue.int(Int64(id + 3))
      var messages = daemon.take(until: { message in Daemon.isResponse(message, id: waitID) })
      messages += daemon.call(id + 4, "table/ranges", #"{"sessionId":"\#(session)"}"#)
      fetches += ScrollAnswer.notifications("table/willBeginBatchFetch", in: messages).count
      #expect(fetches == 2, "run \(run): \(messages)")
      #expect(messages.last?["result"]?["batchContext"]?["state"] == .string("fetching"), "run \(run)")
      _ = daemon.call(id + 5, "session/dispose", #"{"sessionId":"\#(session)"}"#)
      id += 6
    }
    daemon.expectAliveThenExit()
  }

  /// 10. A deleted row gets only its Visible exit, then its node is released; a deleted row that was only
  /// preloading is released without any exit. After deleting r0 the rows move up 100: r7 enters Visible, r9
  /// Display, r11 Preload; after deleting r10 (preload only), r12 comes to 1000 and enters Preload.
  @Test func aDeletedRowLosesOnlyVisibleAndIsReleased() throws {
    let daemon = try Daemon()
    daemon.startBase()
    var messages = daemon.settled(5, "table/deleteRows", #"{"sessionId":"s1","rows":["r0"]}"#)
    #expect(
      RowEvent.of(messages) == [
        RowEvent(row: "r0", kind: "changed", state: States.displayPreload, events: ["didExitVisible"], hasIndexPath: false),
        RowEvent(row: "r0", kind: "released", state: States.displayPreload, events: [], hasIndexPath: false),
        .changed("r7", States.all, ["didEnterVisible"]),
        .changed("r9", States.displayPreload, ["didEnterDisplay"]),
        .changed("r11", States.preload, ["didEnterPreload"]),
      ])
    messages = daemon.settled(7, "table/deleteRows", #"{"sessionId":"s1","rows":["r10"]}"#)
    #expect(
      RowEvent.of(messages) == [
        RowEvent(row: "r10", kind: "released", state: States.preload, events: [], hasIndexPath: false),
        .changed("r12", States.preload, ["didEnterPreload"]),
      ])
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }

  /// 11. `scrollToRow` position none on a row taller than the viewport (r5 made 1000 tall: 500…1500): UIKit's
  /// minimum move into [a, b] = [500, 1500 − 667 = 833]: from 0 to 500 (its top at the top), from 700 nowhere (it
  /// fills the viewport), from 1400 to 833 (its bottom at the bottom). A short row below (r8 at 1700…1800) comes up
  /// until its bottom meets the bottom: 1133.
  @Test func scrollToRowNoneOnATallRow() throws {
    let daemon = try Daemon()
    daemon.startBase()
    _ = daemon.call(5, "cell/setNeedsLayout", #"{"sessionId":"s1","row":"r5","cell":\#(nodeCell(1000))}"#)
    _ = daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let none = #""row":"r5","position":"none""#
    #expect(ScrollAnswer.offset(daemon.call(7, "table/scrollToRow", #"{"sessionId":"s1",\#(none)}"#)) == 500)
    _ = daemon.call(8, "table/scrollToOffset", #"{"sessionId":"s1","y":700}"#)
    #expect(ScrollAnswer.offset(daemon.call(9, "table/scrollToRow", #"{"sessionId":"s1",\#(none)}"#)) == 700)
    _ = daemon.call(10, "table/scrollToOffset", #"{"sessionId":"s1","y":1400}"#)
    #expect(ScrollAnswer.offset(daemon.call(11, "table/scrollToRow", #"{"sessionId":"s1",\#(none)}"#)) == 833)
    _ = daemon.call(12, "table/scrollToOffset", #"{"sessionId":"s1","y":0}"#)
    #expect(
      ScrollAnswer.offset(daemon.call(13, "table/scrollToRow", #"{"sessionId":"s1","row":"r8","position":"none"}"#))
        == 1133)
    daemon.disposeScrollSession(id: 900)
    daemon.expectAliveThenExit()
  }
}
