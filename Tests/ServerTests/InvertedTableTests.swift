import JSONCodec
import Testing

/// An inverted table (`inverted: true`) of 30 rows r0…r29 of 100 pt (100.5 with the separator; content C = 3015) in
/// a 320×480 viewport. Everything on the wire is visual: a row at model top y (row k: 100.5 k) of height h is drawn
/// at C − y − h, so r0 is at 2914.5 (the visual bottom) and r29 at 0; the model offset m is the visual offset
/// C − m − 480.
@Suite("inverted tables: visual frames, offsets, anchoring, ranges, batch fetching", .serialized)
struct InvertedTableTests {
  /// The `table/contentOffsetChanged` params in `messages`, if any.
  func moved(_ messages: [JSONValue]) -> JSONValue? {
    messages.first { $0["method"] == .string("table/contentOffsetChanged") }?["params"]
  }

  /// The y of a scroll answer.
  func offset(_ messages: [JSONValue]) -> JSONValue? { messages.last?["result"]?["contentOffset"]?["y"] }

  /// Creates an inverted s1 with `options` and commits 30 rows; returns the messages up to the wait's answer.
  @discardableResult
  static func setUp(_ h: ServerHarness, options: String = #""interfaceStates": false"#) async -> [JSONValue] {
    _ = await h.call(1, "initialize")
    _ = await h.call(
      2, "session/create", #"{"viewport": {"width": 320, "height": 480}, "inverted": true, \#(options)}"#)
    let inserted = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(ScrollTests.rows(30))}"#)
    return inserted + (await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#))
  }

  @Test("row frames, rowAtPoint and rowsInRect are visual: row 0 at the bottom")
  func frames() async {
    let h = ServerHarness()
    let setUp = await Self.setUp(h)
    // The empty table rested at its start, model offset 0, visual 0 − 0 − 480 = −480; the insert kept the model
    // offset (the newest row stays at the bottom), so the visual one became 3015 − 480 = 2535.
    #expect(
      moved(setUp)
        == json(
          #"""
          {"sessionId": "s1", "contentOffset": {"x": 0, "y": 2535}, "oldContentOffset": {"x": 0, "y": -480},
           "reason": "inverted"}
          """#))
    #expect(
      await h.call(5, "table/rowFrame", #"{"sessionId": "s1", "row": "r0"}"#).last?["result"]
        == json(#"{"rowId": "r0", "indexPath": [0, 0], "frame": {"x": 0, "y": 2914.5, "width": 320, "height": 100.5}}"#)
    )
    #expect(
      await h.call(6, "table/rowFrame", #"{"sessionId": "s1", "row": [0, 29]}"#).last?["result"]?["frame"]?["y"]
        == .int(0))
    // Visual y 0 is r29's top, 100.5 r28's top (a frame's bottom edge belongs to the row below), 2914.5 r0's top.
    let at = { (id: Int, y: String) in
      await h.call(id, "table/rowAtPoint", #"{"sessionId": "s1", "point": {"x": 5, "y": \#(y)}}"#).last?["result"]
    }
    #expect(await at(7, "0")?["rowId"] == .string("r29"))
    #expect(await at(8, "100.5")?["rowId"] == .string("r28"))
    #expect(await at(9, "100.4")?["rowId"] == .string("r29"))
    #expect(await at(10, "3014.9")?["rowId"] == .string("r0"))
    #expect(await at(11, "3015") == .null)
    #expect(await at(12, "-1") == .null)
    // Visual [50, 150) meets r29 [0, 100.5) and r28 [100.5, 201), listed top to bottom.
    let rect = await h.call(
      13, "table/rowsInRect", #"{"sessionId": "s1", "rect": {"x": 0, "y": 50, "width": 10, "height": 100}}"#)
    #expect(
      rect.last?["result"]?["rows"]?.arrayValue?.map { $0["rowId"] } == [.string("r29"), .string("r28")])
    #expect(
      rect.last?["result"]?["rows"]?.arrayValue?.last?["frame"]
        == json(#"{"x": 0, "y": 100.5, "width": 320, "height": 100.5}"#))
    // At the start the newest rows are on screen: model [0, 480) holds r0 … r4 (r4: 402–502.5), in index order.
    let ranges = await h.call(14, "table/ranges", #"{"sessionId": "s1"}"#).last?["result"]
    #expect(ranges?["contentOffset"] == json(#"{"x": 0, "y": 2535}"#))
    #expect(ranges?["visibleRowIds"] == json(#"["r0", "r1", "r2", "r3", "r4"]"#))
    h.closeInput()
  }

  @Test("offsets are visual and clamped, insets given as seen")
  func offsets() async {
    let h = ServerHarness()
    await Self.setUp(h)
    // Visual −50 is model 3015 + 50 − 480 = 2585, clamped to 3015 − 480 = 2535: visual 0, the oldest rows on top.
    let top = await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": -50}"#)
    #expect(offset(top) == .int(0))
    // Model [2535, 3015): r25 (2512.5–2613) … r29.
    #expect(top.last?["result"]?["visibleRowIds"] == json(#"["r25", "r26", "r27", "r28", "r29"]"#))
    // Visual 5000 is model −2465, clamped to 0: visual 2535.
    #expect(offset(await h.call(6, "table/scrollToOffset", #"{"sessionId": "s1", "y": 5000}"#)) == .double(2535))
    // A visual delta: 2535 − 100.
    #expect(offset(await h.call(7, "table/scrollBy", #"{"sessionId": "s1", "dy": -100}"#)) == .double(2435))
    // Insets as seen: top 20 at the screen's top, bottom 30 at its bottom (the model's top inset is 30). Visual
    // offsets then range over [−20, C + 30 − 480 = 2565].
    _ = await h.call(8, "session/setViewport", #"{"sessionId": "s1", "contentInset": {"top": 20, "bottom": 30}}"#)
    #expect(offset(await h.call(9, "table/scrollBy", #"{"sessionId": "s1", "dy": 9000}"#)) == .double(2565))
    #expect(offset(await h.call(10, "table/scrollToOffset", #"{"sessionId": "s1", "y": -900}"#)) == .int(-20))
    // scrollToRow positions are as seen: r29 (visual 0) at the top inset: 0 − 20.
    let toTop = #"{"sessionId": "s1", "row": "r29", "position": "top"}"#
    #expect(offset(await h.call(11, "table/scrollToRow", toTop)) == .int(-20))
    // r0 (visual 2914.5–3015) with its bottom at the bottom inset: 3015 − 480 + 30 = 2565.
    let toBottom = #"{"sessionId": "s1", "row": "r0", "position": "bottom"}"#
    #expect(offset(await h.call(12, "table/scrollToRow", toBottom)) == .double(2565))
    // From 2565, r10 (model 1005–1105.5, visual 1909.5–2010) is above the screen: the smallest move puts its top at
    // the top inset: a = 1909.5 − 20 = 1889.5 (b = 2010 − 480 + 30 = 1560); min(max(2565, 1560), 1889.5).
    let none = #"{"sessionId": "s1", "row": "r10"}"#
    #expect(offset(await h.call(13, "table/scrollToRow", none)) == .double(1889.5))
    // Visual 1889.5 is model 3015 − 1889.5 − 480 = 645.5: r10's model top 1005 lies in [645.5, 1125.5).
    #expect(
      await h.call(14, "table/rowAtPoint", #"{"sessionId": "s1", "point": {"x": 1, "y": 1909.5}}"#).last?["result"]?[
        "rowId"] == .string("r10"))
    h.closeInput()
  }

  @Test("at the start a row inserted at index 0 takes the bottom; elsewhere the visible rows stay on screen")
  func anchoring() async {
    let h = ServerHarness()
    await Self.setUp(h)
    // At the start (model 0, visual 2535) n (50.5) comes in at index 0: the model offset stays 0, so the visual one
    // becomes 3065.5 − 480 = 2585.5 and n (model 0–50.5) is at visual 3015, on screen at 3015 − 2585.5 = 429.5:
    // its bottom at the viewport's bottom (480).
    _ = await h.call(
      5, "table/insertRows",
      #"{"sessionId": "s1", "at": 0, "rows": [{"id": "n", "cell": {"type": "node", "style": {"height": 50}}}]}"#)
    #expect(
      moved(await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#))
        == json(
          #"""
          {"sessionId": "s1", "contentOffset": {"x": 0, "y": 2585.5}, "oldContentOffset": {"x": 0, "y": 2535},
           "reason": "inverted"}
          """#))
    #expect(
      await h.call(7, "table/rowFrame", #"{"sessionId": "s1", "row": "n"}"#).last?["result"]?["frame"]
        == json(#"{"x": 0, "y": 3015, "width": 320, "height": 50.5}"#))
    // In the middle: visual 1000 is model 3065.5 − 1000 − 480 = 1585.5. A row m (100.5) inserted at index 0 is
    // below the screen: anchoring moves the model offset by 100.5 and the content grows by 100.5, so the visual
    // offset stays 1000 and nothing is reported.
    _ = await h.call(8, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1000}"#)
    _ = await h.call(
      9, "table/insertRows",
      #"{"sessionId": "s1", "at": 0, "rows": [{"id": "m", "cell": {"type": "node", "style": {"height": 100}}}]}"#)
    #expect(moved(await h.call(10, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)) == nil)
    #expect(
      await h.call(11, "table/ranges", #"{"sessionId": "s1"}"#).last?["result"]?["contentOffset"]
        == json(#"{"x": 0, "y": 1000}"#))
    // Older rows appended at the end arrive at the visual top: the model offset stays, the content grows by 2 ×
    // 100.5, and the visual offset follows it (1000 → 1201), keeping the visible rows in place on screen.
    _ = await h.call(
      12, "table/insertRows",
      #"""
      {"sessionId": "s1", "rows": [{"id": "old0", "cell": {"type": "node", "style": {"height": 100}}},
       {"id": "old1", "cell": {"type": "node", "style": {"height": 100}}}]}
      """#)
    #expect(
      moved(await h.call(13, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#))
        == json(
          #"""
          {"sessionId": "s1", "contentOffset": {"x": 0, "y": 1201}, "oldContentOffset": {"x": 0, "y": 1000},
           "reason": "inverted"}
          """#))
    // old1, the last row, is at the visual top (y 0), old0 below it.
    #expect(
      await h.call(14, "table/rowFrame", #"{"sessionId": "s1", "row": "old0"}"#).last?["result"]?["frame"]?["y"]
        == .double(100.5))
    h.closeInput()
  }

  @Test("ranges extend ahead of the visual scroll: a drag toward the top is Down in the model")
  func ranges() async {
    let h = ServerHarness()
    await Self.setUp(h)
    // A drag from visual 2535 to 1535 (toward the top on screen) is model 0 → 1000: Down in the model, mode full.
    // Preload (2.5 / 1.5 screens): model [1000 − 720, 1480 + 1200) = [280, 2680): r2 (201–301.5) … r26
    // (2613–2713.5). Display (1 / 0.5): [760, 1960): r7 (703.5–804) … r19 (1909.5–2010). Visible [1000, 1480): r9
    // … r14. As seen: preload covers visual [335, 2735), 1200 above the screen's top (1535) and 720 below its bottom.
    let drag = await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1535}"#)
    #expect(drag.last?["result"]?["visibleRowIds"] == json(#"["r9", "r10", "r11", "r12", "r13", "r14"]"#))
    let rows = await h.call(6, "table/ranges", #"{"sessionId": "s1"}"#).last?["result"]?["rows"]?.arrayValue ?? []
    /// The rows whose state holds `bit`.
    func holding(_ bit: String) -> [String] {
      rows.filter { $0["state"]?.arrayValue?.contains(.string(bit)) == true }.compactMap { $0["rowId"]?.stringValue }
    }
    #expect(holding("preload") == (2...26).map { "r\($0)" })
    #expect(holding("display") == (7...19).map { "r\($0)" })
    #expect(holding("visible") == (9...14).map { "r\($0)" })
    h.closeInput()
  }

  @Test("batch fetching fires near the visual top, and not while scrolling toward the bottom")
  func batchFetching() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    let created = await h.call(
      2, "session/create", #"{"viewport": {"width": 320, "height": 480}, "inverted": true, "batchFetching": true}"#)
    // The empty table fetches at once; its offset as seen is 0 − 0 − 480.
    #expect(
      created.first?["params"]
        == json(
          #"{"sessionId": "s1", "contentSize": {"width": 320, "height": 0}, "contentOffset": {"x": 0, "y": -480}}"#))
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(ScrollTests.rows(30))}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    _ = await h.call(5, "table/completeBatchFetching", #"{"sessionId": "s1"}"#)
    /// True when `messages` hold a `table/willBeginBatchFetch`.
    func fetched(_ messages: [JSONValue]) -> Bool {
      messages.contains { $0["method"] == .string("table/willBeginBatchFetch") }
    }
    // Model rule: 3015 − 480 − m ≤ 2 × 480 ⇔ m ≥ 1575 ⇔ visual 2535 − m ≤ 960: within 960 of the visual top.
    #expect(!fetched(await h.call(6, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1000}"#)))
    let near = await h.call(7, "table/scrollToOffset", #"{"sessionId": "s1", "y": 900}"#)
    #expect(
      near.first { $0["method"] == .string("table/willBeginBatchFetch") }?["params"]?["contentOffset"]
        == json(#"{"x": 0, "y": 900}"#))
    _ = await h.call(8, "table/completeBatchFetching", #"{"sessionId": "s1"}"#)
    // 900 → 950 moves toward the bottom on screen: Up in the model, no fetch although model 1585 ≥ 1575.
    #expect(!fetched(await h.call(9, "table/scrollToOffset", #"{"sessionId": "s1", "y": 950}"#)))
    #expect(fetched(await h.call(10, "table/scrollToOffset", #"{"sessionId": "s1", "y": 800}"#)))
    h.closeInput()
  }

  @Test("the snapshot draws the visual layout: the viewport's rows top to bottom at their visual frames")
  func snapshot() async {
    let h = ServerHarness()
    await Self.setUp(h)
    let result = await h.call(5, "table/snapshot", #"{"sessionId": "s1", "margin": 0}"#).last?["result"]
    // The viewport at visual 2535 shows r4 (2512.5–2613) … r0 (2914.5–3015), r4 on top.
    #expect(result?["rect"] == json(#"{"x": 0, "y": 2535, "width": 320, "height": 480}"#))
    let rows = result?["rows"]?.arrayValue ?? []
    #expect(rows.map { $0["rowId"] } == ["r4", "r3", "r2", "r1", "r0"].map { JSONValue.string($0) })
    #expect(rows.map { $0["frame"]?["y"] } == [2512.5, 2613, 2713.5, 2814, 2914.5].map { JSONValue.double($0) })
    let svg = result?["svg"]?.stringValue ?? ""
    #expect(svg.contains(#"data-row-id="r0""#) && svg.contains("translate(0 2914.5)"))
    h.closeInput()
  }
}
