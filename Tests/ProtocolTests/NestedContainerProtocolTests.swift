import JSONCodec
import Testing

/// Protocol.md "Nested containers" against the spawned daemon: a horizontal "stories" collection as the first row
/// of a table, its items' states through the commit, an inner drag and an outer scroll, derived by hand from
/// Texture's rules (texture.md §3.3–3.6).
@Suite struct NestedContainerProtocolTests {
  /// Inner-item `cell/interfaceStateChanged` params among `messages` (those with a `container`).
  private func inner(_ messages: [JSONValue]) -> [JSONValue] {
    messages.filter { $0["method"] == .string("cell/interfaceStateChanged") && $0["params"]?["container"] != nil }
      .compactMap { $0["params"] }
  }

  @Test func aHorizontalStoriesRowInATable() throws {
    // Table 375 × 667, no separators, 40 rows of 100 pt (content 4000). Row r0's cell is the collection (style
    // height 100 → 375 × 100): horizontal, items 100 × 100, line spacing 10, 20 items; item k spans x 110k…110k + 100
    // (content 2190 × 100).
    let daemon = try Daemon()
    daemon.initialize()
    _ = daemon.call(
      2, "session/create", #"{"sessionId":"s1","viewport":{"width":375,"height":667},"separators":false}"#)
    let items = (0..<20).map { #"{"id":"i\#($0)","cell":{"type":"node"}}"# }.joined(separator: ",")
    let stories =
      #"{"type":"collection","id":"stories","style":{"height":100},"items":[\#(items)],"#
      + #""layout":{"scrollDirection":"horizontal","itemSize":{"width":100,"height":100}}}"#
    let rows =
      [#"{"id":"r0","cell":\#(stories)}"#] + (1..<40).map { #"{"id":"r\#($0)","cell":\#(nodeCell(100))}"# }
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[\#(rows.joined(separator: ","))]}"#)
    let committed = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    // The first outer update makes r0 (y 0…100 in the viewport y 0…667) Visible. Inner first update, Minimum,
    // direction Right, viewport x 0…375, collection tuning (§3.5): visible items 0…3 (item 3 spans 330…430);
    // display 0.25 screens each side → x −93.75…468.75 → items 0…4; preload 0.5 right / 0.25 left → x
    // −93.75…562.5 → items 0…5. Six inner notifications, in order.
    let first = inner(committed)
    #expect(first.map { $0["rowId"]?.stringValue ?? "" } == (0...5).map { "i\($0)" })
    #expect(
      first.allSatisfy { $0["container"] == json(#"{"row":"r0","element":"stories"}"#) && $0["indexPath"] == nil })
    #expect(first.first?["newState"] == json(#"["measureLayout","preload","display","visible"]"#))
    #expect(first.first?["events"] == json(#"["didEnterPreload","didEnterDisplay","didEnterVisible"]"#))
    #expect(first.last?["newState"] == json(#"["measureLayout","preload"]"#))
    // The session's own rows carry no container member (their notifications are unchanged).
    let outerRows = committed.filter {
      $0["method"] == .string("cell/interfaceStateChanged") && $0["params"]?["container"] == nil
    }
    #expect(outerRows.first?["params"]?["rowId"] == .string("r0"))
    #expect(outerRows.first?["params"]?["indexPath"] == json("[0,0]"))

    // An inner drag to x 440 (Full): visible x 440…815 → items 4…7; i7 (MeasureLayout before) enters all three.
    let scrolled = daemon.call(
      5, "container/scrollToOffset", #"{"sessionId":"s1","row":"r0","element":"stories","x":440}"#)
    #expect(
      scrolled.last?["result"]
        == json(#"{"contentOffset":{"x":440,"y":0},"visibleItemIds":["i4","i5","i6","i7"],"rangeMode":"full"}"#))
    #expect(
      inner(scrolled).first { $0["rowId"] == .string("i7") }?["events"]
        == json(#"["didEnterPreload","didEnterDisplay","didEnterVisible"]"#))

    // An outer drag to y 3000 (Full, Down): preload y 3000 − 1.5 × 667 = 1999.5 … → r0 leaves every range, and
    // each inner item holding Preload — full preload x −122.5…1752.5 around x 440 → items 0…15 — goes back to
    // MeasureLayout.
    let away = daemon.call(6, "table/scrollToOffset", #"{"sessionId":"s1","y":3000}"#)
    let left = inner(away)
    #expect(left.count == 16)
    #expect(left.allSatisfy { $0["newState"] == json(#"["measureLayout"]"#) })
    let items0 = daemon.result(7, "container/items", #"{"sessionId":"s1","row":"r0","element":"stories"}"#)
    #expect(items0["containerState"] == json(#"["measureLayout"]"#))
    // The outer rows scrolled into view are displayed in the background: their cell/didDisplay notifications may
    // still arrive before the shutdown answer.
    let last = daemon.call(8, "shutdown")
    #expect(last.last?["result"] == .null)
    #expect(last.dropLast().allSatisfy { $0["method"] == .string("cell/didDisplay") })
    daemon.notify("exit")
    #expect(daemon.waitForExit() == 0)
  }
}
