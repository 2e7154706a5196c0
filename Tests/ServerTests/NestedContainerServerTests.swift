import JSONCodec
import Testing

/// A horizontal "stories" collection inside row r9 of a table (Protocol.md "Nested containers"), through the
/// in-process server. Numbers derived by hand from Texture's rules (texture.md §3.3–3.6), never copied from output.
///
/// Table: 375 × 667 viewport, no separators, 60 rows of 100 pt (row k spans y 100k…100k + 100; content 6000).
/// Row r9's cell is an overlay whose child is the collection (style height 100; a table cell's range is
/// 375 × [0, ∞), so the element is 375 × 100) with a node "badge" over it. The collection: horizontal,
/// itemSize 100 × 100, default line spacing 10, 20 items i0…i19: one item per column (two would need 210 > 100),
/// item k spans x 110k…110k + 100; content 20 × 100 + 19 × 10 = 2190 wide.
@Suite("nested containers through a session", .serialized)
struct NestedContainerServerTests {
  /// The 60 rows, r9 holding the stories.
  static var rows: String {
    let rows = (0..<60).map { i in
      i == 9
        ? #"{"id": "r9", "cell": \#(stories(Array(0..<20)))}"#
        : #"{"id": "r\#(i)", "cell": {"type": "node", "style": {"height": 100}}}"#
    }
    return "[" + rows.joined(separator: ",") + "]"
  }

  /// Row r9's cell holding items "i<k>" for `indices`.
  static func stories(_ indices: [Int]) -> String {
    let items = indices.map { #"{"id": "i\#($0)", "cell": {"type": "node"}}"# }.joined(separator: ",")
    return
      #"{"type": "overlay", "child": {"type": "collection", "id": "stories", "style": {"height": 100}, "#
      + #""layout": {"scrollDirection": "horizontal", "itemSize": {"width": 100, "height": 100}}, "#
      + #""items": [\#(items)]}, "overlay": {"type": "node", "id": "badge"}}"#
  }

  /// Inner items' `cell/interfaceStateChanged` among `messages` as "id: newState [events]" (each must name the
  /// stories container).
  static func inner(_ messages: [JSONValue]) -> [String] {
    messages.filter { $0["method"] == .string("cell/interfaceStateChanged") && $0["params"]?["container"] != nil }
      .map { message in
        let p = message["params"]
        let container = p?["container"] == json(#"{"row": "r9", "element": "stories"}"#) ? "" : "WRONG CONTAINER "
        let state = (p?["newState"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: "|")
        let events = (p?["events"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ",")
        return "\(container)\(p?["rowId"]?.stringValue ?? "?"): \(state) [\(events)]"
      }
  }

  /// The states of the 20 items from `container/items`, as "M", "MP", "MPD", "MPDV".
  static func states(_ h: ServerHarness, _ id: Int) async -> [String] {
    let result = await h.call(id, "container/items", #"{"sessionId": "s1", "row": "r9", "element": "stories"}"#)
      .last?["result"]
    return (result?["items"]?.arrayValue ?? []).map { item in
      (item["state"]?.arrayValue ?? []).compactMap(\.stringValue).map { String($0.prefix(1).uppercased()) }
        .joined()
    }
  }

  @Test("inner items follow the outer row through outer scrolls; an inner scroll changes inner states only")
  func statesThroughScrolls() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    _ = await h.call(2, "session/create", #"{"viewport": {"width": 375, "height": 667}, "separators": false}"#)
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(Self.rows)}"#)
    let committed = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // 1. The first outer update (Minimum, direction Down, viewport y 0…667; table tuning §3.5): preload y
    // −166.75…1000.5 → rows 0…10, display y −166.75…833.75 → rows 0…8, so r9 is Preload only. Its container is
    // hidden: inner first update, Minimum, direction Right, inner viewport x 0…375: preload x −93.75…562.5 → items
    // with 110k < 562.5 → 0…5; every item of the inner visible, display and preload sets gets Preload|Display and
    // none Visible. i6…i19 stay MeasureLayout (no notification).
    #expect(
      Self.inner(committed)
        == (0...5).map { "i\($0): measureLayout|preload|display [didEnterPreload,didEnterDisplay]" })
    let items = await h.call(5, "container/items", #"{"sessionId": "s1", "row": "r9", "element": "stories"}"#)
      .last?["result"]
    #expect(items?["kind"] == .string("collection"))
    #expect(items?["size"] == json(#"{"width": 375, "height": 100}"#))
    #expect(items?["contentSize"] == json(#"{"width": 2190, "height": 100}"#))
    #expect(items?["containerState"] == json(#"["measureLayout", "preload"]"#))
    #expect(items?["items"]?.arrayValue?[3]["frame"] == json(#"{"x": 330, "y": 0, "width": 100, "height": 100}"#))
    #expect(await Self.states(h, 6) == Array(repeating: "MPD", count: 6) + Array(repeating: "M", count: 14))

    // 2. Outer drag to y 400 (Full, Down): visible y 400…1067 → rows 4…10, r9 Visible. The inner update (still
    // Minimum: the inner content was never dragged) with a visible container: visible items 0…3 enter Visible,
    // i4 (display) unchanged, i5 (preload only: Minimum display 0.25 right → x −93.75…468.75 ends before
    // 550) exits Display.
    let outer = await h.call(7, "table/scrollToOffset", #"{"sessionId": "s1", "y": 400}"#)
    #expect(
      Self.inner(outer)
        == (0...3).map { "i\($0): measureLayout|preload|display|visible [didEnterVisible]" }
        + ["i5: measureLayout|preload [didExitDisplay]"])

    // 3. Inner drag to x 440 moving right: Full (collection tuning §3.5). Visible x 440…815 → items 4…7; display
    // 1.0 right / 0.5 left → x 252.5…1190 → items 2…10; preload 2.5 / 1.5 → x −122.5…1752.5 → items 0…15. No outer
    // row changes state.
    let scrolled = await h.call(
      8, "container/scrollToOffset", #"{"sessionId": "s1", "row": "r9", "element": "stories", "x": 440}"#)
    #expect(scrolled.last?["result"]?["contentOffset"] == json(#"{"x": 440, "y": 0}"#))
    #expect(scrolled.last?["result"]?["visibleItemIds"] == json(#"["i4", "i5", "i6", "i7"]"#))
    #expect(scrolled.last?["result"]?["rangeMode"] == .string("full"))
    let outerChanges = scrolled.filter {
      $0["method"] == .string("cell/interfaceStateChanged") && $0["params"]?["container"] == nil
    }
    #expect(outerChanges.isEmpty)
    #expect(
      await Self.states(h, 9)
        == ["MP", "MP", "MPD", "MPD", "MPDV", "MPDV", "MPDV", "MPDV", "MPD", "MPD", "MPD"]
        + Array(repeating: "MP", count: 5) + Array(repeating: "M", count: 4))
    // A drag past the end is clamped to 2190 − 375 = 1815.
    let clamped = await h.call(
      10, "container/scrollToOffset", #"{"sessionId": "s1", "row": "r9", "element": "stories", "x": 5000}"#)
    #expect(clamped.last?["result"]?["contentOffset"] == json(#"{"x": 1815, "y": 0}"#))
    _ = await h.call(
      11, "container/scrollToOffset",
      #"{"sessionId": "s1", "row": "r9", "element": "stories", "x": 440, "drag": false}"#)

    // 4. Outer drag to y 5000 (Full, Down): preload y 5000 − 1.5 × 667 = 3999.5 … → r9 (900…1000) leaves every
    // range. Its container lacks Preload: each inner item with Preload (0…15) returns to MeasureLayout.
    let away = await h.call(12, "table/scrollToOffset", #"{"sessionId": "s1", "y": 5000}"#)
    let left = Self.inner(away)
    #expect(left.count == 16)
    #expect(left.allSatisfy { $0.contains(": measureLayout [didExitPreload") })
    #expect(left.contains("i4: measureLayout [didExitPreload,didExitDisplay,didExitVisible]"))
    #expect(await Self.states(h, 13) == Array(repeating: "M", count: 20))
    // While r9 is in no range an inner scroll changes nothing.
    let still = await h.call(
      14, "container/scrollToOffset", #"{"sessionId": "s1", "row": "r9", "element": "stories", "x": 0}"#)
    #expect(Self.inner(still).isEmpty)
    h.closeInput()
  }

  @Test("reloading the row keeps the states of the items whose ids continue")
  func reloadKeepsSurvivingItems() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    _ = await h.call(2, "session/create", #"{"viewport": {"width": 375, "height": 667}, "separators": false}"#)
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(Self.rows)}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // r9 Visible after the outer drag to y 400 (see the first test): i0…i3 Visible, i4 Preload|Display, i5 Preload.
    _ = await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 400}"#)
    #expect(
      await Self.states(h, 6) == ["MPDV", "MPDV", "MPDV", "MPDV", "MPD", "MP"] + Array(repeating: "M", count: 14))
    // Reload r9 with i1 left out. i1 is released with only its Visible exit; the forced inner update (still
    // Minimum, inner offset 0) then sees index k hold i0, i2, i3, i4, i5, i6, …: visible indexes 0…3 → i0, i2, i3,
    // i4 (i4 enters Visible), display index 4 → i5 (enters Display), preload index 5 → i6 (enters Preload). i0, i2
    // and i3 keep their states (no notification).
    let reload = #"{"sessionId": "s1", "rows": [{"row": "r9", "cell": \#(Self.stories([0] + Array(2..<20)))}]}"#
    _ = await h.call(7, "table/reloadRows", reload)
    let committed = await h.call(8, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      Self.inner(committed).map { String($0.split(separator: ":")[0]) + " " + String($0.split(separator: "[")[1]) }
        == ["i1 didExitVisible]", "i4 didEnterVisible]", "i5 didEnterDisplay]", "i6 didEnterPreload]"])
    #expect(
      await Self.states(h, 9) == ["MPDV", "MPDV", "MPDV", "MPDV", "MPD", "MP"] + Array(repeating: "M", count: 13))
    let ids = await h.call(10, "container/items", #"{"sessionId": "s1", "row": "r9", "element": "stories"}"#)
      .last?["result"]?["items"]?.arrayValue?.prefix(3).compactMap { $0["id"]?.stringValue }
    #expect(ids == ["i0", "i2", "i3"])
    h.closeInput()
  }

  @Test("coalesced notifications fold inner changes as entries with their container")
  func coalescedEntries() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize", #"{"initializationOptions": {"notifications": "coalesced"}}"#)
    _ = await h.call(2, "session/create", #"{"viewport": {"width": 375, "height": 667}, "separators": false}"#)
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(Self.rows)}"#)
    let committed = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // The same first update as the first test: i0…i5 Preload|Display, each an entry naming the container, after
    // the outer rows' entries (rows 0…10), in the per-row order.
    #expect(!committed.contains { $0["method"] == .string("cell/interfaceStateChanged") })
    let entries = committed.filter { $0["method"] == .string("cell/interfaceStatesChanged") }
      .flatMap { $0["params"]?["changes"]?.arrayValue ?? [] }
    let innerEntries = entries.filter { $0["container"] != nil }
    #expect(innerEntries.map { $0["rowId"]?.stringValue ?? "" } == (0...5).map { "i\($0)" })
    #expect(
      innerEntries.first
        == json(
          #"{"rowId": "i0", "container": {"row": "r9", "element": "stories"}, "oldState": ["measureLayout"], "#
            + #""newState": ["measureLayout", "preload", "display"], "events": ["didEnterPreload", "didEnterDisplay"]}"#
        ))
    #expect(entries.filter { $0["container"] == nil }.count == 11)
    h.closeInput()
  }

  @Test("addressing errors and spec errors name their paths")
  func errors() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    _ = await h.call(2, "session/create", #"{"viewport": {"width": 375, "height": 667}, "separators": false}"#)
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(Self.rows)}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    func message(_ id: Int, _ method: String, _ params: String) async -> String? {
      await h.call(id, method, params).last?["error"]?["message"]?.stringValue
    }
    #expect(
      await message(5, "container/items", #"{"sessionId": "s1", "row": "r9", "element": "badge"}"#)
        == #"params.element: element "badge" of row "r9" is a node, not a collection or pager"#)
    #expect(
      await message(6, "container/items", #"{"sessionId": "s1", "row": "r9", "element": "nope"}"#)
        == #"params.element: row "r9"'s cell has no element "nope""#)
    #expect(
      await message(7, "container/items", #"{"sessionId": "s1", "row": "r99", "element": "stories"}"#)
        == #"unknown row id "r99""#)
    #expect(
      await message(8, "container/scrollToOffset", #"{"sessionId": "s1", "row": "r9", "element": "stories", "y": 5}"#)
        == "params.y: a horizontal container scrolls along x")
    #expect(
      await message(9, "container/items", #"{"sessionId": "s1", "row": "r9", "element": "stories", "z": 1}"#)?
        .hasPrefix("params.z: unknown member") == true)
    let badLayout =
      #"[{"id": "x", "cell": {"type": "collection", "id": "c", "layout": {"itemSise": {"width": 1}}}}]"#
    #expect(
      await message(10, "table/insertRows", #"{"sessionId": "s1", "rows": \#(badLayout)}"#)?
        .hasPrefix("params.rows[0].cell.layout.itemSise: unknown member") == true)
    let noID = #"[{"id": "x", "cell": {"type": "pager", "items": []}}]"#
    #expect(
      await message(11, "table/insertRows", #"{"sessionId": "s1", "rows": \#(noID)}"#)
        == #"params.rows[0].cell: missing required member "id" (it addresses the pager)"#)
    let deep =
      #"[{"id": "x", "cell": {"type": "pager", "id": "p", "items": [{"id": "a", "cell": {"type": "pager", "id": "q"}}]}}]"#
    #expect(
      await message(12, "table/insertRows", #"{"sessionId": "s1", "rows": \#(deep)}"#)
        == "params.rows[0].cell.items[0].cell: a container's items cannot hold a collection or pager (one level of nesting)"
    )
    // Nothing was inserted by the failed edits.
    let size = await h.call(13, "table/contentSize", #"{"sessionId": "s1"}"#).last?["result"]
    #expect(size?["height"] == json("6000"))
    h.closeInput()
  }
}
