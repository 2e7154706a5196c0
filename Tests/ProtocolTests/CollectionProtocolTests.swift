import JSONCodec
import Testing

/// Protocol.md "Collections" and "Pagers" against the spawned daemon: a 3-column grid and a pager with frames,
/// content sizes, offsets and pages derived by hand from the flow layout rules, and the members and methods a
/// collection refuses.
@Suite struct CollectionProtocolTests {
  /// A daemon with session "s1" created with `params` (sessionId added).
  private func daemon(_ params: String) throws -> Daemon {
    let daemon = try Daemon()
    daemon.initialize()
    let create = #"{"sessionId":"s1","interfaceStates":false,"# + params + "}"
    #expect(daemon.result(2, "session/create", create) == json(#"{"sessionId":"s1"}"#))
    return daemon
  }

  /// `count` items "i0"… as a `rows` array (cells that would be 10 tall: an item is measured at its item size).
  private func items(_ count: Int, prefix: String = "i") -> String {
    "[" + (0..<count).map { #"{"id":"\#(prefix)\#($0)","cell":\#(nodeCell(10))}"# }.joined(separator: ",") + "]"
  }

  /// A daemon holding the 320 × 480 grid every grid test starts from: a vertical collection of `itemSize` 100 × 100
  /// (default spacings 10: (320 + 10) / 110 = 3 columns at x 0, 110, 220, lines 110 apart) with the `layout`
  /// members `extraLayout` added, and `count` items "i0"… inserted (request 3) and committed (request 4), with
  /// that wait's result. Requests from 5 on are the test's.
  private func grid(_ count: Int, extraLayout: String = "") throws -> (Daemon, JSONValue) {
    let daemon = try daemon(
      #""kind":"collection","viewport":{"width":320,"height":480},"layout":{"itemSize":{"width":100,"height":100}"#
        + extraLayout + "}")
    guard count > 0 else { return (daemon, .null) }
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(items(count))}"#)
    return (daemon, daemon.result(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#))
  }

  @Test func aGridPlacesItemsInColumns() throws {
    // Width 320, itemSize 100 × 100, spacings 10 (defaults): (320 + 10) / 110 = 3 per line, gap (320 − 300) / 2 = 10 →
    // columns x 0, 110, 220; lines y 0, 110, 220. 7 items → 3 lines → content 320 × (3 × 100 + 2 × 10) = 320 × 320.
    let (daemon, committed) = try grid(7)
    #expect(committed == json(#"{"seq":1,"contentSize":{"width":320,"height":320}}"#))
    // Item 4: column 1, line 1.
    #expect(
      daemon.result(5, "table/rowFrame", #"{"sessionId":"s1","row":"i4"}"#)
        == json(#"{"rowId":"i4","indexPath":[0,4],"frame":{"x":110,"y":110,"width":100,"height":100}}"#))
    // x 150…160 over everything: column 1 → items 1 and 4 (line 2 holds item 6 in column 0 only).
    let inRect = daemon.result(
      6, "table/rowsInRect", #"{"sessionId":"s1","rect":{"x":150,"y":0,"width":10,"height":400}}"#)
    #expect(inRect["rows"]?.arrayValue?.map { $0["rowId"] } == [.string("i1"), .string("i4")])
    // (225, 50) is in item 2 (x 220…320, y 0…100); (215, 50) falls in the gap between columns 1 and 2.
    #expect(
      daemon.result(7, "table/rowAtPoint", #"{"sessionId":"s1","point":{"x":225,"y":50}}"#)["rowId"] == .string("i2"))
    #expect(daemon.result(8, "table/rowAtPoint", #"{"sessionId":"s1","point":{"x":215,"y":50}}"#) == .null)
    #expect(daemon.result(9, "table/contentSize", #"{"sessionId":"s1"}"#) == json(#"{"width":320,"height":320}"#))
    daemon.expectAliveThenExit()
  }

  @Test func selfSizedItemsFlowAtTheirMeasuredSizes() throws {
    // No itemSize (Texture's unset 50 × 50): each item is measured in [0 × 0, 320 × CGFLOAT_MAX] and keeps its
    // node's size. Sizes 100×40, 150×60, 80×30, 200×50, 90×20, width 320, spacings 10:
    // line 0 = i0, i1 (100 + 10 + 150 + 10 + 80 > 320), justified gap 10 + (320 − 250 − 10) = 70, thickness 60,
    // i0 centred at y 10; line 1 at y 70 = i2, i3, gap 10 + (320 − 280 − 10) = 40 → i3 at x 120; line 2 at y 130 = i4
    // (the last line: at the inset). Content 320 × 150.
    let daemon = try daemon(#""kind":"collection","viewport":{"width":320,"height":480},"layout":{}"#)
    let sizes = [(100, 40), (150, 60), (80, 30), (200, 50), (90, 20)]
    let rows = sizes.enumerated().map { index, size in
      #"{"id":"i\#(index)","cell":{"type":"node","style":{"width":\#(size.0),"height":\#(size.1)}}}"#
    }
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[\#(rows.joined(separator: ","))]}"#)
    #expect(
      daemon.result(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
        == json(#"{"seq":1,"contentSize":{"width":320,"height":150}}"#))
    #expect(
      daemon.result(5, "table/rowFrame", #"{"sessionId":"s1","row":"i0"}"#)["frame"]
        == json(#"{"x":0,"y":10,"width":100,"height":40}"#))
    #expect(
      daemon.result(6, "table/rowFrame", #"{"sessionId":"s1","row":"i3"}"#)["frame"]
        == json(#"{"x":120,"y":70,"width":200,"height":50}"#))
    // i1 re-measured at 120 × 40: line 0 = i0, i1, i2 (100 + 10 + 120 + 10 + 80 = 320), thickness 40; line 1 at
    // y 50 = i3, i4 (thickness 50) → content 320 × 100. The change reports both sizes.
    let pushed =
      daemon.call(
        7, "cell/setNeedsLayout",
        #"{"sessionId":"s1","row":"i1","cell":{"type":"node","style":{"width":120,"height":40}}}"#)
      + daemon.call(8, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(
      pushed.first { $0["method"] == .string("table/heightChanged") }?["params"]
        == json(
          #"{"sessionId":"s1","rowId":"i1","indexPath":[0,1],"oldHeight":60,"newHeight":40,"oldWidth":150,"newWidth":120,"contentSize":{"width":320,"height":100},"seq":1}"#
        ))
    #expect(
      daemon.result(9, "table/rowFrame", #"{"sessionId":"s1","row":"i4"}"#)["frame"]
        == json(#"{"x":210,"y":65,"width":90,"height":20}"#))
    daemon.expectAliveThenExit()
  }

  @Test func scrollToRowMovesAlongTheFlowsAxis() throws {
    // 30 items 100 × 100 in 320 × 480, spacings 10: 3 per line, 10 lines → content 320 × (10 × 100 + 9 × 10) =
    // 320 × 1090, offsets in [0, 1090 − 480 = 610]. Item 16 is on line 5: y 550…650.
    let (daemon, _) = try grid(30)
    func offset(_ id: Int, _ params: String) -> JSONValue? {
      daemon.result(id, "table/scrollToRow", #"{"sessionId":"s1","row":"i16"\#(params)}"#)["contentOffset"]
    }
    // none from 0: the least move showing it whole, its bottom at the viewport's: 650 − 480 = 170.
    #expect(offset(5, "") == json(#"{"x":0,"y":170}"#))
    // top: 550; middle: 600 − 240 = 360; bottom: 170.
    #expect(offset(6, #","position":"top""#) == json(#"{"x":0,"y":550}"#))
    #expect(offset(7, #","position":"middle""#) == json(#"{"x":0,"y":360}"#))
    #expect(offset(8, #","position":"bottom""#) == json(#"{"x":0,"y":170}"#))
    // Item 29 (line 9, y 990) at the top is clamped to 610.
    #expect(
      daemon.result(9, "table/scrollToRow", #"{"sessionId":"s1","row":"i29","position":"top"}"#)["contentOffset"]
        == json(#"{"x":0,"y":610}"#))
    #expect(
      daemon.call(10, "table/scrollToRow", #"{"sessionId":"s1","row":"i1","position":"left"}"#) == [
        json(
          errorResponse(
            "10", -32602, #"params.position: expected one of top, middle, bottom, none, got "left""#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func scrollToRowOfAPagerMovesAlongX() throws {
    // 10 pages 375 wide: page 3 at x 1125 ("left"); "middle" is 1125 + 187.5 − 187.5 = 1125 too; from there
    // "none" to page 5 (x 1875…2250) moves the least: 2250 − 375 = 1875.
    let daemon = try daemon(#""kind":"pager","viewport":{"width":375,"height":667}"#)
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(items(10, prefix: "p"))}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(
      daemon.result(5, "table/scrollToRow", #"{"sessionId":"s1","row":"p3","position":"left"}"#)["contentOffset"]
        == json(#"{"x":1125,"y":0}"#))
    #expect(
      daemon.result(6, "table/scrollToRow", #"{"sessionId":"s1","row":"p5"}"#)["contentOffset"]
        == json(#"{"x":1875,"y":0}"#))
    #expect(
      daemon.call(7, "table/scrollToRow", #"{"sessionId":"s1","row":"p1","position":"top"}"#) == [
        json(
          errorResponse("7", -32602, #"params.position: expected one of left, middle, right, none, got "top""#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func aNewViewportWidthRemeasuresSelfSizedItems() throws {
    // Self-sized items a (100 × 40) and b (300 × 60) in a vertical collection 320 wide: line 0 = a alone (100 + 10
    // + 300 > 320), not the last line: centred, x (320 − 100) / 2 = 110; line 1 at y 50 = b at x 0; content 320 × 110.
    let daemon = try daemon(#""kind":"collection","viewport":{"width":320,"height":480},"layout":{}"#)
    let rows =
      #"[{"id":"a","cell":{"type":"node","style":{"width":100,"height":40}}},"#
      + #"{"id":"b","cell":{"type":"node","style":{"width":300,"height":60}}}]"#
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(rows)}"#)
    #expect(
      daemon.result(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
        == json(#"{"seq":1,"contentSize":{"width":320,"height":110}}"#))
    #expect(
      daemon.result(5, "table/rowFrame", #"{"sessionId":"s1","row":"a"}"#)["frame"]
        == json(#"{"x":110,"y":0,"width":100,"height":40}"#))
    // Width 200: items are measured in [0 × 0, 200 × CGFLOAT_MAX], so b (300 wide) is clamped to 200 × 60 (a node's
    // size is clamped into its range) and both items are re-measured (relayoutRows 2); a stays 100 × 40, now centred
    // at x (200 − 100) / 2 = 50. Content 200 × 110.
    let pushed =
      daemon.call(6, "session/setViewport", #"{"sessionId":"s1","viewport":{"width":200}}"#)
      + daemon.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(pushed.first { $0["id"] == .int(6) }?["result"]?["relayoutRows"] == .int(2))
    #expect(
      pushed.first { $0["method"] == .string("table/heightChanged") }?["params"]
        == json(
          #"{"sessionId":"s1","rowId":"b","indexPath":[0,1],"oldHeight":60,"newHeight":60,"oldWidth":300,"newWidth":200,"contentSize":{"width":200,"height":110},"seq":1}"#
        ))
    #expect(
      pushed.last { $0["method"] == .string("table/contentSizeChanged") }?["params"]
        == json(#"{"sessionId":"s1","contentSize":{"width":200,"height":110},"seq":1}"#))
    #expect(
      daemon.result(8, "table/rowFrame", #"{"sessionId":"s1","row":"a"}"#)["frame"]
        == json(#"{"x":50,"y":0,"width":100,"height":40}"#))
    daemon.expectAliveThenExit()
  }

  @Test func aPagersPagesFollowTheViewport() throws {
    // 10 pages at 375 × 667, at page 3 (x 1125). Viewport 300 wide: pages are 300 × 667 at once (content 3000 ×
    // 667, page 2 at x 600), all 10 re-measured at the new page size; x 1125 is inside [0, 3000 − 300].
    let daemon = try daemon(#""kind":"pager","viewport":{"width":375,"height":667}"#)
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(items(10, prefix: "p"))}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    _ = daemon.call(5, "pager/scrollToPage", #"{"sessionId":"s1","page":3}"#)
    let answer = daemon.result(6, "session/setViewport", #"{"sessionId":"s1","viewport":{"width":300}}"#)
    #expect(answer == json(#"{"seq":1,"relayoutRows":10,"contentOffset":{"x":1125,"y":0}}"#))
    _ = daemon.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(
      daemon.result(8, "table/rowFrame", #"{"sessionId":"s1","row":"p2"}"#)["frame"]
        == json(#"{"x":600,"y":0,"width":300,"height":667}"#))
    #expect(daemon.result(9, "table/contentSize", #"{"sessionId":"s1"}"#) == json(#"{"width":3000,"height":667}"#))
    // 1125 / 300 = 3.75 → page 3.
    #expect(daemon.result(10, "pager/currentPage", #"{"sessionId":"s1"}"#) == json(#"{"page":3,"pageCount":10}"#))
    daemon.expectAliveThenExit()
  }

  @Test func elementQueriesFindItemsHeadersAndFooters() throws {
    // 320 × 480, items 100 × 100, header reference height 30, footer 20, 4 items: header y 0…30 across the whole
    // width; line 0 at y 30 (items at x 0, 110, 220: (320 + 10) / 110 = 3 columns, gap (320 − 300) / 2 = 10); line 1
    // at y 140 (item 3 in column 0); footer y 240…260. Content 320 × 260.
    let (daemon, committed) = try grid(
      4, extraLayout: #","headerReferenceSize":{"height":30},"footerReferenceSize":{"height":20}"#)
    #expect(committed == json(#"{"seq":1,"contentSize":{"width":320,"height":260}}"#))
    let header =
      #"{"kind":"header","section":0,"frame":{"x":0,"y":0,"width":320,"height":30},"#
      + #""contentFrame":{"x":0,"y":0,"width":320,"height":30},"floating":false}"#
    let footer =
      #"{"kind":"footer","section":0,"frame":{"x":0,"y":240,"width":320,"height":20},"#
      + #""contentFrame":{"x":0,"y":240,"width":320,"height":20},"floating":false}"#
    #expect(
      daemon.result(5, "table/elementAtPoint", #"{"sessionId":"s1","point":{"x":5,"y":10}}"#) == json(header))
    // (115, 50) is in item 1 (x 110…210, y 30…130); (105, 50) is in the gap between columns 0 and 1.
    #expect(
      daemon.result(6, "table/elementAtPoint", #"{"sessionId":"s1","point":{"x":115,"y":50}}"#)
        == json(
          #"{"kind":"row","rowId":"i1","indexPath":[0,1],"frame":{"x":110,"y":30,"width":100,"height":100}}"#))
    #expect(daemon.result(7, "table/elementAtPoint", #"{"sessionId":"s1","point":{"x":105,"y":50}}"#) == .null)
    // y 200…300: item 3 (140…240) and the footer (240…260), in content order.
    let inRect = daemon.result(
      8, "table/elementsInRect", #"{"sessionId":"s1","rect":{"x":0,"y":200,"width":320,"height":100}}"#)
    #expect(
      inRect
        == json(
          #"{"elements":[{"kind":"row","rowId":"i3","indexPath":[0,3],"frame":{"x":0,"y":140,"width":100,"height":100}},"#
            + footer + "]}"))
    #expect(
      daemon.result(9, "table/supplementaryFrame", #"{"sessionId":"s1","section":0,"kind":"footer"}"#)
        == json(footer))
    #expect(
      daemon.call(10, "table/supplementaryFrame", #"{"sessionId":"s1","section":1,"kind":"header"}"#) == [
        json(errorResponse("10", -32602, "section 1 out of range (1 sections)"))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func aPagerPagesAcross() throws {
    // 10 pages of 375 × 667 side by side: content 3750 × 667; page k at x 375k.
    let daemon = try daemon(#""kind":"pager","viewport":{"width":375,"height":667}"#)
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(items(10, prefix: "p"))}"#)
    #expect(
      daemon.result(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
        == json(#"{"seq":1,"contentSize":{"width":3750,"height":667}}"#))
    #expect(
      daemon.result(5, "table/rowFrame", #"{"sessionId":"s1","row":"p2"}"#)["frame"]
        == json(#"{"x":750,"y":0,"width":375,"height":667}"#))
    // scrollToPage 3 → x 3 × 375 = 1125; the current page is 1125 / 375 = 3.
    let toPage = daemon.result(6, "pager/scrollToPage", #"{"sessionId":"s1","page":3}"#)
    #expect(toPage["contentOffset"] == json(#"{"x":1125,"y":0}"#))
    #expect(toPage["visibleRowIds"] == json(#"["p3"]"#))
    #expect(daemon.result(7, "pager/currentPage", #"{"sessionId":"s1"}"#) == json(#"{"page":3,"pageCount":10}"#))
    // A drag to x 1900 (5.07 pages) settles on the nearest page, 5 (x 1875), in range mode Full.
    let drag = daemon.result(8, "table/scrollToOffset", #"{"sessionId":"s1","x":1900}"#)
    #expect(drag["contentOffset"] == json(#"{"x":1875,"y":0}"#))
    #expect(drag["visibleRowIds"] == json(#"["p5"]"#))
    #expect(drag["rangeMode"] == .string("full"))
    // scrollBy −500 from 1875 → 1375 (3.67 pages) → page 4 (x 1500).
    #expect(
      daemon.result(9, "table/scrollBy", #"{"sessionId":"s1","dx":-500}"#)["contentOffset"]
        == json(#"{"x":1500,"y":0}"#))
    // Past the end clamps to the last page's offset 9 × 375 = 3375 (a programmatic move: session/setViewport).
    #expect(
      daemon.result(10, "session/setViewport", #"{"sessionId":"s1","contentOffset":{"x":99999}}"#)["contentOffset"]
        == json(#"{"x":3375,"y":0}"#))
    #expect(daemon.result(11, "pager/currentPage", #"{"sessionId":"s1"}"#) == json(#"{"page":9,"pageCount":10}"#))
    daemon.expectAliveThenExit()
  }

  @Test func aPagersRangesFollowItsTuningAlongX() throws {
    // 10 pages of 375. First update (Minimum; pager tuning display 0 / 0, preload 1 / 1; remembered direction
    // down|right) at x 0: preload x −375…750 → p0, p1. A drag to x 1500 (page 4, moving right) switches to Full:
    // display 1 / 1 → x 1125…2250 → p3, p4, p5; preload 2 / 2 → x 750…2625 → p2…p6; p0 and p1 leave every range.
    let daemon = try Daemon()
    daemon.initialize()
    // Interface-state notifications off: the display passes they announce finish at their own pace (a slow machine
    // would push cell/didDisplay after the last answer); the ranges are computed all the same.
    let create = #"{"sessionId":"s1","kind":"pager","viewport":{"width":375,"height":667},"interfaceStates":false}"#
    #expect(daemon.result(2, "session/create", create) == json(#"{"sessionId":"s1"}"#))
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(items(10, prefix: "p"))}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    func states(_ ranges: JSONValue) -> [String: [String]] {
      var result: [String: [String]] = [:]
      for row in ranges["rows"]?.arrayValue ?? [] {
        result[row["rowId"]?.stringValue ?? ""] = row["state"]?.arrayValue?.compactMap(\.stringValue)
      }
      return result
    }
    let first = daemon.result(5, "table/ranges", #"{"sessionId":"s1"}"#)
    #expect(first["rangeMode"] == .string("minimum"))
    #expect(
      states(first) == [
        "p0": ["measureLayout", "preload", "display", "visible"], "p1": ["measureLayout", "preload"],
      ])
    let drag = daemon.result(6, "table/scrollToOffset", #"{"sessionId":"s1","x":1500}"#)
    #expect(drag["contentOffset"] == json(#"{"x":1500,"y":0}"#))
    let moved = daemon.result(7, "table/ranges", #"{"sessionId":"s1"}"#)
    #expect(moved["rangeMode"] == .string("full"))
    #expect(
      states(moved) == [
        "p2": ["measureLayout", "preload"], "p3": ["measureLayout", "preload", "display"],
        "p4": ["measureLayout", "preload", "display", "visible"], "p5": ["measureLayout", "preload", "display"],
        "p6": ["measureLayout", "preload"],
      ])
    daemon.expectAliveThenExit()
  }

  @Test func aHorizontalGridFetchesAlongX() throws {
    // Horizontal flow in 320 × 480, items 100 × 100, spacings 10: (480 + 10) / 110 = 4 per column, 100 items → 25
    // columns → content 25 × 100 + 24 × 10 = 2740 wide. Batch fetching with 2 leading screens (2 × 320 = 640):
    // the empty collection fetches at creation; at x 0 the end is 2740 − 320 = 2420 away (no fetch after the
    // commit); a drag to x 1700 leaves 720 (no fetch), one to 1800 leaves 620 ≤ 640 (fetch, at x 1800).
    let daemon = try Daemon()
    daemon.initialize()
    let create =
      #"{"sessionId":"s1","kind":"collection","interfaceStates":false,"batchFetching":true,"viewport":{"width":320,"height":480},"layout":{"scrollDirection":"horizontal","itemSize":{"width":100,"height":100}}}"#
    let created = daemon.call(2, "session/create", create)
    #expect(created.first?["method"] == .string("table/willBeginBatchFetch"))
    #expect(created.first?["params"]?["contentSize"] == json(#"{"width":0,"height":480}"#))
    _ = daemon.call(3, "table/completeBatchFetching", #"{"sessionId":"s1"}"#)
    _ = daemon.call(4, "table/insertRows", #"{"sessionId":"s1","rows":\#(items(100))}"#)
    let committed = daemon.call(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(committed.last?["result"] == json(#"{"seq":1,"contentSize":{"width":2740,"height":480}}"#))
    #expect(!committed.contains { $0["method"] == .string("table/willBeginBatchFetch") })
    // Item 5: column 1 (x 110), row 1 (gap (480 − 400) / 3, so y 100 + 80 / 3).
    let frame = daemon.result(6, "table/rowFrame", #"{"sessionId":"s1","row":"i5"}"#)["frame"]
    #expect(frame?["x"] == .double(110) || frame?["x"] == .int(110))
    #expect(abs((frame?["y"]?.doubleValue ?? 0) - (100 + 80.0 / 3)) < 1e-9)
    let near = daemon.call(7, "table/scrollToOffset", #"{"sessionId":"s1","x":1700}"#)
    #expect(!near.contains { $0["method"] == .string("table/willBeginBatchFetch") })
    let far = daemon.call(8, "table/scrollToOffset", #"{"sessionId":"s1","x":1800}"#)
    let fetch = far.first { $0["method"] == .string("table/willBeginBatchFetch") }
    #expect(fetch?["params"]?["contentOffset"] == json(#"{"x":1800,"y":0}"#))
    #expect(far.last?["result"]?["contentOffset"] == json(#"{"x":1800,"y":0}"#))
    daemon.expectAliveThenExit()
  }

  @Test func aShrinkingPagerClampsItsOffset() throws {
    // At the last of 10 pages (x 9 × 375 = 3375), deleting pages 5…9 leaves content 5 × 375 = 1875 wide: the
    // offset is clamped to 1875 − 375 = 1500 (page 4), pushed after the commit.
    let daemon = try daemon(#""kind":"pager","viewport":{"width":375,"height":667}"#)
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(items(10, prefix: "p"))}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(
      daemon.result(5, "pager/scrollToPage", #"{"sessionId":"s1","page":9}"#)["contentOffset"]
        == json(#"{"x":3375,"y":0}"#))
    // A delete needs no layout: it commits at once, its notifications before its answer.
    let pushed =
      daemon.call(6, "table/deleteRows", #"{"sessionId":"s1","rows":["p5","p6","p7","p8","p9"]}"#)
      + daemon.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let methods = pushed.compactMap { $0["method"]?.stringValue }.filter { $0.hasPrefix("table/") }
    #expect(methods == ["table/didCommit", "table/contentOffsetChanged"])
    #expect(
      pushed.first { $0["method"] == .string("table/contentOffsetChanged") }?["params"]
        == json(
          #"{"sessionId":"s1","contentOffset":{"x":1500,"y":0},"oldContentOffset":{"x":3375,"y":0},"reason":"clamped"}"#
        ))
    #expect(daemon.result(8, "pager/currentPage", #"{"sessionId":"s1"}"#) == json(#"{"page":4,"pageCount":5}"#))
    daemon.expectAliveThenExit()
  }

  @Test(arguments: [
    (
      #""kind":"grid","viewport":{"width":320,"height":480}"#,
      #"params.kind: expected "table", "collection" or "pager", got "grid""#
    ),
    (#""kind":"collection","viewport":{"width":320,"height":480}"#, #"params: missing required member "layout""#),
    (
      #""kind":"collection","style":"grouped","viewport":{"width":320,"height":480},"layout":{"itemSize":{"width":10,"height":10}}"#,
      "params.style: a collection has no table style"
    ),
    (
      #""kind":"collection","viewport":{"width":320,"height":480},"layout":{"itemSize":{"width":10,"height":10},"scrollDirection":"diagonal"}"#,
      #"params.layout.scrollDirection: expected "vertical" or "horizontal", got "diagonal""#
    ),
    (
      #""kind":"pager","viewport":{"width":320,"height":480},"layout":{"itemSize":{"width":10,"height":10}}"#,
      "params.layout: a pager's layout is fixed (horizontal pages of the viewport's size)"
    ),
    (#""viewport":{"width":320,"height":480},"layout":{}"#, "params.layout: only a collection has a layout"),
  ])
  func badCollectionsAreRefusedNamingThePath(_ params: String, _ message: String) throws {
    let daemon = try Daemon()
    daemon.initialize()
    let create = #"{"sessionId":"s1","# + params + "}"
    #expect(daemon.call(2, "session/create", create) == [json(errorResponse("2", -32602, message))])
    daemon.expectAliveThenExit()
  }

  @Test func anUnknownLayoutMemberNamesItsPath() throws {
    let daemon = try Daemon()
    daemon.initialize()
    let create =
      #"{"sessionId":"s1","kind":"collection","viewport":{"width":320,"height":480},"layout":{"itemSize":{"width":10,"hieght":10}}}"#
    let error = daemon.call(2, "session/create", create).last?["error"]
    #expect(error?["code"] == .int(-32602))
    #expect(error?["message"]?.stringValue?.hasPrefix("params.layout.itemSize.hieght: unknown member") == true)
    daemon.expectAliveThenExit()
  }

  @Test func anItemsSizeRangeIsItsDelegateRange() throws {
    // The grid with i1 given sizeRange [0 × 0, 150 × 80] and a node of 200 × 120: measured in its range, it is
    // 150 × 80 (the others exactly 100 × 100). Sizes differ, so no columns. Line 0: 100 + 10 + 150 = 260, + 10 + 100
    // > 320 → i0, i1, justified: spare 320 − 250 − 10 = 60, gap 70 → i1 at x 170, centred in the 100-thick line at
    // y 10. Line 1 at y 110: i2, i3, the last line at x 0, 110. Content 320 × 210.
    let (daemon, _) = try grid(0)
    let rows = [
      #"{"id":"i0","cell":\#(nodeCell(10))}"#,
      #"{"id":"i1","cell":{"type":"node","style":{"width":200,"height":120}},"sizeRange":{"max":{"width":150,"height":80}}}"#,
      #"{"id":"i2","cell":\#(nodeCell(10))}"#, #"{"id":"i3","cell":\#(nodeCell(10))}"#,
    ]
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[\#(rows.joined(separator: ","))]}"#)
    #expect(
      daemon.result(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
        == json(#"{"seq":1,"contentSize":{"width":320,"height":210}}"#))
    #expect(
      daemon.result(5, "table/rowFrame", #"{"sessionId":"s1","row":"i1"}"#)["frame"]
        == json(#"{"x":170,"y":10,"width":150,"height":80}"#))
    #expect(
      daemon.result(6, "table/rowFrame", #"{"sessionId":"s1","row":"i3"}"#)["frame"]
        == json(#"{"x":110,"y":110,"width":100,"height":100}"#))
    // Malformed ranges name their path and insert nothing.
    let bad = [
      (
        #"{"max":{"width":20},"min":{"width":50}}"#,
        "params.rows[0].sizeRange.max.width: expected a number ≥ min.width (50), got 20"
      ),
      (#"{"min":{"width":-1}}"#, "params.rows[0].sizeRange.min.width: expected a number in [0, 1e9], got -1"),
      (#"{"max":[1,2]}"#, "params.rows[0].sizeRange.max: expected an object {width?, height?}, got an array"),
    ]
    for (index, (range, message)) in bad.enumerated() {
      let row = #"[{"id":"x","cell":\#(nodeCell(10)),"sizeRange":\#(range)}]"#
      #expect(
        daemon.call(7 + index, "table/insertRows", #"{"sessionId":"s1","rows":\#(row)}"#) == [
          json(errorResponse("\(7 + index)", -32602, message))
        ])
    }
    let unknown = #"[{"id":"x","cell":\#(nodeCell(10)),"sizeRange":{"min":{"depth":1}}}]"#
    let error = daemon.call(10, "table/insertRows", #"{"sessionId":"s1","rows":\#(unknown)}"#).last?["error"]
    #expect(error?["message"]?.stringValue?.hasPrefix("params.rows[0].sizeRange.min.depth: unknown member") == true)
    #expect(daemon.result(11, "table/contentSize", #"{"sessionId":"s1"}"#) == json(#"{"width":320,"height":210}"#))
    daemon.expectAliveThenExit()
  }

  @Test func aTableRowRefusesASizeRange() throws {
    let daemon = try daemon(#""viewport":{"width":320,"height":480}"#)
    let row = #"[{"id":"a","cell":\#(nodeCell(10)),"sizeRange":{"max":{"width":100}}}]"#
    #expect(
      daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(row)}"#) == [
        json(
          errorResponse(
            "3", -32602, #"params.rows[0].sizeRange: a table row's width is the table's (use "heightRange")"#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func tableOnlyMethodsAndMembersAreRefused() throws {
    let (daemon, _) = try grid(0)
    // A row's heightRange: an item is measured at the item size; nothing is inserted.
    let row = #"[{"id":"a","cell":\#(nodeCell(10)),"heightRange":{"min":0,"max":10}}]"#
    #expect(
      daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(row)}"#) == [
        json(
          errorResponse(
            "3", -32602,
            "params.rows[0]: a collection's items have no heightRange or accessories (they are measured in the flow layout's range or their own sizeRange)"
          ))
      ])
    #expect(
      daemon.call(4, "cell/elementFrames", #"{"sessionId":"s1","row":"a"}"#) == [
        json(
          errorResponse(
            "4", -32602, #"params.sessionId: session "s1" holds a collection: cell/elementFrames does not apply"#))
      ])
    #expect(
      daemon.call(5, "pager/currentPage", #"{"sessionId":"s1"}"#) == [
        json(
          errorResponse(
            "5", -32602, #"params.sessionId: session "s1" holds a collection: pager/currentPage does not apply"#))
      ])
    #expect(
      daemon.call(6, "table/scrollToOffset", #"{"sessionId":"s1","x":10}"#) == [
        json(errorResponse("6", -32602, "params.x: a vertical collection scrolls along y"))
      ])
    #expect(
      daemon.call(7, "session/setViewport", #"{"sessionId":"s1","contentInset":{"top":10}}"#) == [
        json(errorResponse("7", -32602, "params.contentInset: a collection's contentInset is fixed for the session"))
      ])
    #expect(daemon.result(8, "table/describe", #"{"sessionId":"s1"}"#)["sections"] == json(#"[{"rows":[]}]"#))
    daemon.expectAliveThenExit()
  }
}
