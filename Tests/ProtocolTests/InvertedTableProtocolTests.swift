import JSONCodec
import Testing

/// Protocol.md "Inverted tables" against the spawned daemon, as a chat uses it: an inverted 320×480 session with
/// batch fetching and interface states; rows of 100 (100.5 with the separator). Offsets and frames are visual: model
/// offset m is visual C − m − 480 for content height C, a row at model top y of height h is at C − y − h.
@Suite struct InvertedTableProtocolTests {
  /// The params of the `method` notifications in `messages`.
  static func pushed(_ method: String, _ messages: [JSONValue]) -> [JSONValue] {
    ScrollAnswer.notifications(method, in: messages).compactMap { $0["params"] }
  }

  /// `{"sessionId": "s1", "contentOffset": …, "oldContentOffset": …, "reason": "inverted"}`.
  static func followed(_ old: Double, _ new: Double) -> JSONValue {
    json(
      #"""
      {"sessionId": "s1", "contentOffset": {"x": 0, "y": \#(new)}, "oldContentOffset": {"x": 0, "y": \#(old)},
       "reason": "inverted"}
      """#)
  }

  @Test func chatPagesOlderRowsInAtTheTopAndKeepsTheNewestAtTheBottom() throws {
    let daemon = try Daemon()
    let created = daemon.startScrollSession(options: #""inverted": true, "batchFetching": true"#)
    // Empty: it fetches at once, at visual offset 0 − 0 − 480.
    #expect(
      Self.pushed("table/willBeginBatchFetch", created)
        == [
          json(
            #"{"sessionId": "s1", "contentSize": {"width": 320, "height": 0}, "contentOffset": {"x": 0, "y": -480}}"#)
        ])
    // The first page, r0 (newest) … r9: C = 1005; the table rests at its start (model 0): visual 1005 − 480 = 525.
    let first = daemon.insertFixedRows(id: 3, count: 10)
    #expect(Self.pushed("table/contentOffsetChanged", first) == [Self.followed(-480, 525)])
    // r0 is at the bottom: model 0–100.5 is visual 904.5, on screen 904.5 − 525 = 379.5 … 480.
    #expect(
      daemon.result(5, "table/rowFrame", #"{"sessionId": "s1", "row": "r0"}"#)["frame"]
        == json(#"{"x": 0, "y": 904.5, "width": 320, "height": 100.5}"#))
    // Completing runs the held after-commit check: model 1005 − 480 − 0 = 525 ≤ 2 × 480, another page is wanted;
    // the notification carries the visual offset.
    let completed = daemon.call(6, "table/completeBatchFetching", #"{"sessionId": "s1"}"#)
    #expect(
      Self.pushed("table/willBeginBatchFetch", completed)
        == [
          json(
            #"{"sessionId": "s1", "contentSize": {"width": 320, "height": 1005}, "contentOffset": {"x": 0, "y": 525}}"#)
        ])
    // The older page r10 … r19 is appended (at the visual top): the model offset stays, the visual one follows the
    // content, 525 + 1005 = 1530, so the rows on screen stay where they are.
    let older = daemon.insertFixedRows(id: 7, first: 10, count: 10)
    #expect(Self.pushed("table/contentOffsetChanged", older) == [Self.followed(525, 1530)])
    #expect(daemon.result(9, "table/rowFrame", #"{"sessionId": "s1", "row": "r19"}"#)["frame"]?["y"] == .int(0))
    // Completing checks again: 2010 − 480 − 0 = 1530 > 960, no fetch.
    #expect(
      Self.pushed("table/willBeginBatchFetch", daemon.call(10, "table/completeBatchFetching", #"{"sessionId": "s1"}"#))
        .isEmpty)
    // A new message at index 0 while at the start takes the bottom: C = 2060.5, visual 2060.5 − 480 = 1580.5; its
    // frame (model 0–50.5) is at 2010, on screen 2010 − 1580.5 = 429.5 … 480.
    let message =
      daemon.call(
        11, "table/insertRows", #"{"sessionId": "s1", "at": 0, "rows": [{"id": "new", "cell": \#(nodeCell(50))}]}"#)
      + daemon.call(12, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(Self.pushed("table/contentOffsetChanged", message) == [Self.followed(1530, 1580.5)])
    #expect(
      daemon.result(13, "table/rowFrame", #"{"sessionId": "s1", "row": "new"}"#)["frame"]
        == json(#"{"x": 0, "y": 2010, "width": 320, "height": 50.5}"#))
    // Visible: model [0, 480) holds new (0–50.5), r0 … r4 (452.5–553): index order.
    #expect(
      ScrollAnswer.visible(daemon.call(14, "table/scrollBy", #"{"sessionId": "s1", "dy": 0, "drag": false}"#))
        == ["new", "r0", "r1", "r2", "r3", "r4"])
    // Dragging toward the top to visual 600 (model 2060.5 − 600 − 480 = 980.5, Down in the model) leaves
    // 2060.5 − 480 − 980.5 = 600 ≤ 960 to the visual top: a fetch, at the visual offset.
    let drag = daemon.call(15, "table/scrollToOffset", #"{"sessionId": "s1", "y": 600}"#)
    #expect(ScrollAnswer.offset(drag) == 600)
    #expect(
      Self.pushed("table/willBeginBatchFetch", drag).map { $0["contentOffset"] } == [json(#"{"x": 0, "y": 600}"#)])
    daemon.disposeScrollSession(id: 90)
    daemon.expectAliveThenExit()
  }

  @Test func visualOffsetsClampWithInsetsAsSeen() throws {
    let daemon = try Daemon()
    daemon.startScrollSession(options: #""inverted": true, "interfaceStates": false"#)
    daemon.insertFixedRows(id: 3, count: 3)  // C = 301.5, shorter than the viewport
    // The table rests with its rows at the bottom: visual 301.5 − 480 = −178.5 (the smallest and largest offset).
    #expect(ScrollAnswer.offset(daemon.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 0}"#)) == -178.5)
    // Insets as seen, top 40 and bottom 60: offsets over [min(−40, 301.5 + 60 − 480), 301.5 + 60 − 480] = [−118.5,
    // −118.5]: the bottom inset lifts the rows; the top inset does not matter while the content is short.
    let viewport = daemon.call(
      6, "session/setViewport",
      #"{"sessionId": "s1", "contentInset": {"top": 40, "bottom": 60}, "contentOffset": {"y": -900}}"#)
    #expect(ScrollAnswer.offset(viewport) == -118.5)
    // A viewport of 200 with the same insets: [min(−40, 301.5 + 60 − 200 = 161.5), 161.5] = [−40, 161.5].
    _ = daemon.call(7, "session/setViewport", #"{"sessionId": "s1", "viewport": {"height": 200}}"#)
    #expect(ScrollAnswer.offset(daemon.call(8, "table/scrollToOffset", #"{"sessionId": "s1", "y": -900}"#)) == -40)
    #expect(ScrollAnswer.offset(daemon.call(9, "table/scrollToOffset", #"{"sessionId": "s1", "y": 900}"#)) == 161.5)
    // At 161.5 the screen shows visual [161.5, 361.5): r0 (201–301.5) and r1 (100.5–201); rowsInRect lists them top
    // to bottom.
    let rect = daemon.result(
      10, "table/rowsInRect", #"{"sessionId": "s1", "rect": {"x": 0, "y": 161.5, "width": 320, "height": 200}}"#)
    #expect(rect["rows"]?.arrayValue?.map { $0["rowId"] } == [.string("r1"), .string("r0")])
    daemon.expectAliveThenExit()
  }
}
