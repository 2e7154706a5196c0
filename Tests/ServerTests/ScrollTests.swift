import JSONCodec
import Testing

/// Scrolling over 30 rows of 100 pt (100.5 with the separator; content 3015) in a 320×480 viewport.
@Suite("scrolling: offsets, clamping, rows", .serialized)
struct ScrollTests {
  /// `count` node rows `height` points tall, ids r0, r1, ….
  static func rows(_ count: Int, height: Int = 100, never: Int? = nil) -> String {
    let rows = (0..<count).map { i in
      let flag = i == never ? #", "neverShowPlaceholders": true"# : ""
      return #"{"id": "r\#(i)", "cell": {"type": "node", "style": {"height": \#(height)}}\#(flag)}"#
    }
    return "[" + rows.joined(separator: ",") + "]"
  }

  /// Creates s1 with `options` and commits 30 rows.
  static func setUp(_ h: ServerHarness, options: String = #""interfaceStates": false"#, never: Int? = nil) async {
    _ = await h.call(1, "initialize")
    _ = await h.call(2, "session/create", #"{"viewport": {"width": 320, "height": 480}, \#(options)}"#)
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(rows(30, never: never))}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
  }

  /// The y of a scroll answer.
  func offset(_ messages: [JSONValue]) -> JSONValue? { messages.last?["result"]?["contentOffset"]?["y"] }

  @Test("offsets are clamped as UIKit clamps them, insets included")
  func clamping() async {
    let h = ServerHarness()
    await Self.setUp(h)
    #expect(offset(await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": -50}"#)) == .int(0))
    #expect(offset(await h.call(6, "table/scrollToOffset", #"{"sessionId": "s1", "y": 5000}"#)) == .double(2535))
    _ = await h.call(7, "session/setViewport", #"{"sessionId": "s1", "contentInset": {"top": 20, "bottom": 30}}"#)
    #expect(offset(await h.call(8, "table/scrollToOffset", #"{"sessionId": "s1", "y": -50}"#)) == .int(-20))
    #expect(offset(await h.call(9, "table/scrollBy", #"{"sessionId": "s1", "dy": 9000}"#)) == .double(2565))
    let result = await h.call(10, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1000}"#).last?["result"]
    // Rows 9 (904.5–1005) to 14 (1407–1507.5) intersect [1000, 1480).
    #expect(result?["visibleRowIds"] == json(#"["r9", "r10", "r11", "r12", "r13", "r14"]"#))
    #expect(result?["placeholderRowIds"] == json("[]"))  // no display work without interface states
    #expect(result?["rangeMode"] == .string("full"))  // a drag switches to Full
    h.closeInput()
  }

  @Test("scrollToRow: top, middle, bottom and none")
  func scrollToRow() async {
    let h = ServerHarness()
    await Self.setUp(h)
    let cases: [(String, JSONValue)] = [
      (#""row": "r10", "position": "top""#, .double(1005)),  // 10 × 100.5
      (#""row": "r10", "position": "middle""#, .double(815.25)),  // 1005 + 50.25 − 240
      (#""row": [0, 10], "position": "bottom""#, .double(625.5)),  // 1005 + 100.5 − 480
      (#""row": "r8""#, .double(625.5)),  // fully visible: no move
      (#""row": "r2""#, .double(201)),  // above: to the top
      (#""row": "r29", "position": "top""#, .double(2535)),  // clamped
    ]
    for (index, (params, expected)) in cases.enumerated() {
      #expect(
        offset(await h.call(5 + index, "table/scrollToRow", #"{"sessionId": "s1", \#(params)}"#)) == expected,
        "\(params)")
    }
    #expect(
      await h.call(20, "table/scrollToRow", #"{"sessionId": "s1", "row": "r1", "position": "left"}"#).last?["error"]?[
        "message"]
        == .string(#"params.position: expected one of top, middle, bottom, none, got "left""#))
    #expect(
      await h.call(21, "table/scrollToRow", #"{"sessionId": "s1", "row": "r99"}"#).last?["error"]?["message"]
        == .string(#"unknown row id "r99""#))
    h.closeInput()
  }

  @Test("the first range update (Minimum mode) sets the states texture.md §3.3 and §3.5 give")
  func initialStates() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    _ = await h.call(2, "session/create", #"{"viewport": {"width": 320, "height": 480}}"#)
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(Self.rows(30))}"#)
    let messages = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let changes = messages.filter { $0["method"] == .string("cell/interfaceStateChanged") }.compactMap { m -> String? in
      guard let p = m["params"], let id = p["rowId"]?.stringValue, let events = p["events"]?.arrayValue else {
        return nil
      }
      return id + ":" + events.compactMap(\.stringValue).joined(separator: ",")
    }
    // Visible [0, 480): r0–r4. Display (0.25 up and down): [−120, 600): r5 too. Preload (0.5 down, 0.25 up):
    // [−120, 720): r6 (603–703.5) and r7 (703.5–804). Visited visible, display, preload.
    let all = "didEnterPreload,didEnterDisplay,didEnterVisible"
    #expect(
      changes == [
        "r0:\(all)", "r1:\(all)", "r2:\(all)", "r3:\(all)", "r4:\(all)", "r5:didEnterPreload,didEnterDisplay",
        "r6:didEnterPreload", "r7:didEnterPreload",
      ])
    let first = messages.first { $0["method"] == .string("cell/interfaceStateChanged") }?["params"]
    #expect(
      first
        == json(
          #"""
          {"sessionId": "s1", "rowId": "r0", "indexPath": [0, 0], "oldState": ["measureLayout"],
           "newState": ["measureLayout", "preload", "display", "visible"],
           "events": ["didEnterPreload", "didEnterDisplay", "didEnterVisible"]}
          """#))
    #expect(
      await h.call(5, "table/ranges", #"{"sessionId": "s1"}"#).last?["result"]?["rangeMode"] == .string("minimum"))
    h.closeInput()
  }
}
