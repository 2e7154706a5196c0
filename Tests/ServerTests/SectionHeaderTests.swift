import JSONCodec
import Testing

/// Section headers and footers over the wire, in process: sticky positions while scrolling, grouped spacing, header
/// cells sizing themselves, edits carrying headers, and the errors. Every expected number is derived by hand in a
/// comment from UIKit's documented rules (Protocol.md "Sections, headers and footers"), not read from layoutd.
@Suite("section headers and footers", .serialized)
struct SectionHeaderTests {
  /// A node cell `height` points tall.
  static func cell(_ height: Int) -> String { #"{"type": "node", "style": {"height": \#(height)}}"# }

  /// A row `{id, cell}`.
  static func row(_ id: String, _ height: Int) -> String { #"{"id": "\#(id)", "cell": \#(cell(height))}"# }

  /// Creates session "s1" (width 100, viewport 100, no separators) with `extra` create members.
  func start(_ h: ServerHarness, _ extra: String = "") async {
    _ = await h.call(1, "initialize")
    _ = await h.call(
      2, "session/create",
      #"{"viewport": {"width": 100, "height": 100}, "separators": false, "interfaceStates": false\#(extra)}"#)
  }

  /// Creates session "s1" holding `threeSections`, laid out (request ids 1–4).
  func startWithThreeSections(_ h: ServerHarness) async {
    await start(h)
    _ = await h.call(3, "table/reloadData", Self.threeSections)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
  }

  /// The result of a call (nil when it failed).
  func result(_ h: ServerHarness, _ id: Int, _ method: String, _ params: String) async -> JSONValue? {
    await h.call(id, method, params).last?["result"]
  }

  /// The error of a call as (code, message).
  func error(_ h: ServerHarness, _ id: Int, _ method: String, _ params: String) async -> (Int64?, String?) {
    let error = await h.call(id, method, params).last?["error"]
    return (error?["code"]?.intValue.map(Int64.init), error?["message"]?.stringValue)
  }

  /// Three sections of the plain example: S0 = header 20 + rows a 50, b 50 → [0, 120); S1 = header cell h1 30 + row
  /// c 100 + footer 10 → [120, 260); S2 = header 20 + row d 200 → [260, 480). Content 480.
  static let threeSections =
    #"{"sessionId": "s1", "sections": ["#
    + #"{"header": {"height": 20}, "rows": [\#(row("a", 50)), \#(row("b", 50))]}, "#
    + #"{"header": {"id": "h1", "cell": \#(cell(30))}, "rows": [\#(row("c", 100))], "footer": {"height": 10}}, "#
    + #"{"header": {"height": 20}, "rows": [\#(row("d", 200))]}]}"#

  /// `{kind, section, rowId?, frame, contentFrame, floating}` with frames of width 100.
  static func supplementary(_ kind: String, _ section: Int, id: String? = nil, y: Double, contentY: Double, h: Double)
    -> JSONValue
  {
    let rowID = id.map { #""rowId": "\#($0)", "# } ?? ""
    return json(
      #"{"kind": "\#(kind)", "section": \#(section), \#(rowID)"frame": {"x": 0, "y": \#(y), "width": 100, "height": \#(h)}, "#
        + #""contentFrame": {"x": 0, "y": \#(contentY), "width": 100, "height": \#(h)}, "floating": \#(y != contentY)}"#
    )
  }

  @Test("plain: headers stick to the top and are pushed up by the next one while scrolling through three sections")
  func stickyHeaders() async {
    let h = ServerHarness()
    await start(h)
    #expect(
      await result(h, 3, "table/reloadData", Self.threeSections)
        == json(#"{"seq": 1, "rowIds": [["a", "b"], ["c"], ["d"]]}"#))
    // 20 + 100 + 30 + 100 + 10 + 20 + 200 = 480.
    #expect(
      await result(h, 4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)?["contentSize"]
        == json(#"{"width": 100, "height": 480}"#))
    // The header of the section S holding top = offset sits at min(max(S.top, top), S.bottom − h):
    // (offset, section, header height, content top, expected y)
    let steps: [(Double, Int, String?, Double, Double, Double)] = [
      (0, 0, nil, 20, 0, 0),  // at rest: S0's header at its content position
      (50, 0, nil, 20, 0, 50),  // inside S0: pinned at the top, min(max(0, 50), 120 − 20) = 50
      (100, 0, nil, 20, 0, 100),  // the push-up point: min(100, 100) = 100, its bottom meets S1's header
      (110, 0, nil, 20, 0, 100),  // pushed up: min(110, 100) = 100, half of it above the viewport
      (120, 1, "h1", 30, 120, 120),  // S1 reaches the top: its header at its content position 120
      (200, 1, "h1", 30, 120, 200),  // inside S1: min(max(120, 200), 260 − 30) = 200
      (240, 1, "h1", 30, 120, 230),  // pushed by S2's header at 260: min(240, 230) = 230
      (300, 2, nil, 20, 260, 300),  // inside S2: min(max(260, 300), 480 − 20) = 300
      (380, 2, nil, 20, 260, 380),  // the end (480 − 100): min(380, 460) = 380
    ]
    var id = 5
    for (offset, section, rowID, height, contentY, y) in steps {
      let scroll = await result(h, id, "table/scrollToOffset", #"{"sessionId": "s1", "y": \#(offset)}"#)
      #expect(scroll?["contentOffset"] == json(#"{"x": 0, "y": \#(offset)}"#))
      let frame = await result(
        h, id + 1, "table/supplementaryFrame", #"{"sessionId": "s1", "section": \#(section), "kind": "header"}"#)
      #expect(
        frame == Self.supplementary("header", section, id: rowID, y: y, contentY: contentY, h: height),
        "offset \(offset)")
      id += 2
    }
    // Once S1 is on top, S0's header is back at its content position 0.
    _ = await result(h, 40, "table/scrollToOffset", #"{"sessionId": "s1", "y": 120}"#)
    #expect(
      await result(h, 41, "table/supplementaryFrame", #"{"sessionId": "s1", "section": 0, "kind": "header"}"#)
        == Self.supplementary("header", 0, y: 0, contentY: 0, h: 20))
    h.closeInput()
  }

  @Test("plain: footers stick to the bottom; element queries name what is drawn where")
  func floatingFooterAndElements() async {
    let h = ServerHarness()
    await startWithThreeSections(h)
    _ = await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 110}"#)
    // bottom = 110 + 100 = 210 lies in S1 = [120, 260): its footer (content 120 + 30 + 100 = 250, height 10) is drawn
    // at max(min(250, 210 − 10), 120) = 200.
    #expect(
      await result(h, 6, "table/supplementaryFrame", #"{"sessionId": "s1", "section": 1, "kind": "footer"}"#)
        == Self.supplementary("footer", 1, y: 200, contentY: 250, h: 10))
    // At y 115 the floating S0 header [100, 120) is drawn over row b [70, 120).
    #expect(
      await result(h, 7, "table/elementAtPoint", #"{"sessionId": "s1", "point": {"x": 5, "y": 115}}"#)
        == Self.supplementary("header", 0, y: 100, contentY: 0, h: 20))
    // rowAtPoint answers rows by content position: row b.
    #expect(
      await result(h, 8, "table/rowAtPoint", #"{"sessionId": "s1", "point": {"x": 5, "y": 115}}"#)?["rowId"]
        == .string("b"))
    // Row a is [20, 70); y 5 is the content position of S0's header, which is drawn elsewhere: nothing.
    #expect(
      await result(h, 9, "table/elementAtPoint", #"{"sessionId": "s1", "point": {"x": 5, "y": 50}}"#)
        == json(
          #"{"kind": "row", "rowId": "a", "indexPath": [0, 0], "frame": {"x": 0, "y": 20, "width": 100, "height": 50}}"#
        ))
    #expect(await result(h, 10, "table/elementAtPoint", #"{"sessionId": "s1", "point": {"x": 5, "y": 5}}"#) == .null)
    #expect(await result(h, 11, "table/elementAtPoint", #"{"sessionId": "s1", "point": {"x": 100, "y": 50}}"#) == .null)
    // The viewport [110, 210): S0's header (drawn [100, 120)), row b [70, 120), h1 [120, 150), row c [150, 250) and
    // S1's footer drawn [200, 210), in content order.
    let elements = await result(
      h, 12, "table/elementsInRect", #"{"sessionId": "s1", "rect": {"x": 0, "y": 110, "width": 100, "height": 100}}"#)
    #expect(
      elements?["elements"]
        == .array([
          Self.supplementary("header", 0, y: 100, contentY: 0, h: 20),
          json(
            #"{"kind": "row", "rowId": "b", "indexPath": [0, 1], "frame": {"x": 0, "y": 70, "width": 100, "height": 50}}"#
          ),
          Self.supplementary("header", 1, id: "h1", y: 120, contentY: 120, h: 30),
          json(
            #"{"kind": "row", "rowId": "c", "indexPath": [1, 0], "frame": {"x": 0, "y": 150, "width": 100, "height": 100}}"#
          ),
          Self.supplementary("footer", 1, y: 200, contentY: 250, h: 10),
        ]))
    // Row frames count the headers above them: d = 20 + 100 + 30 + 100 + 10 + 20 = 280.
    #expect(
      await result(h, 13, "table/rowFrame", #"{"sessionId": "s1", "row": "d"}"#)?["frame"]
        == json(#"{"x": 0, "y": 280, "width": 100, "height": 200}"#))
    h.closeInput()
  }

  @Test("table/ranges lists the header cells holding a state")
  func headerCellRanges() async {
    let h = ServerHarness()
    await startWithThreeSections(h)
    // At offset 0 (viewport [0, 100), no direction yet: Down), the full mode's display range reaches one screen
    // below, [0, 200), and preload 2.5 screens: h1 [120, 150) is in both but not visible.
    let ranges = await result(h, 5, "table/ranges", #"{"sessionId": "s1"}"#)
    #expect(
      ranges?["supplementaries"]
        == json(
          #"[{"rowId": "h1", "kind": "header", "section": 1, "state": ["measureLayout", "preload", "display"]}]"#))
    // Scrolled to 130, h1 is pinned on screen: visible.
    _ = await h.call(6, "table/scrollToOffset", #"{"sessionId": "s1", "y": 130}"#)
    let moved = await result(h, 7, "table/ranges", #"{"sessionId": "s1"}"#)
    #expect(
      moved?["supplementaries"]?.arrayValue?.first?["state"]
        == json(#"["measureLayout", "preload", "display", "visible"]"#))
    h.closeInput()
  }

  @Test("cell/elementFrames and cell/displayList take a header cell's id")
  func headerCellFramesAndDisplayList() async {
    let h = ServerHarness()
    await startWithThreeSections(h)
    // h1 is a 30-point node laid out at the table width 100: one element filling the cell.
    #expect(
      await result(h, 5, "cell/elementFrames", #"{"sessionId": "s1", "row": "h1"}"#)
        == json(
          #"{"rowId": "h1", "kind": "header", "section": 1, "size": {"width": 100, "height": 30}, "elements": ["#
            + #"{"type": "node", "frame": {"x": 0, "y": 0, "width": 100, "height": 30}}]}"#))
    let list = await result(h, 6, "cell/displayList", #"{"sessionId": "s1", "row": "h1"}"#)
    #expect(list?["rowId"] == .string("h1"))
    #expect(list?["size"] == json(#"{"width": 100, "height": 30}"#))
    // A row still answers with its indexPath.
    #expect(
      await result(h, 7, "cell/elementFrames", #"{"sessionId": "s1", "row": "c"}"#)?["indexPath"] == json("[1, 0]"))
    h.closeInput()
  }

  @Test("grouped: headers and footers scroll with the content; absent ones take the section spacing")
  func groupedSpacing() async {
    let h = ServerHarness()
    await start(h, #", "style": "grouped", "groupedSectionSpacing": {"header": 35, "footer": 17}"#)
    let data =
      #"{"sessionId": "s1", "sections": [{"rows": [\#(Self.row("a", 10)), \#(Self.row("b", 20))]}, "#
      + #"{"header": {"height": 28}, "rows": [\#(Self.row("c", 40))]}, "#
      + #"{"rows": [\#(Self.row("d", 5))], "footer": {"height": 5}}]}"#
    _ = await h.call(3, "table/reloadData", data)
    // S0: 35 (no header) + 10 + 20 + 17 (no footer) = 82 → [0, 82); S1: 28 + 40 + 17 = 85 → [82, 167);
    // S2: 35 + 5 + 5 = 45 → [167, 212).
    #expect(
      await result(h, 4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)?["contentSize"]
        == json(#"{"width": 100, "height": 212}"#))
    #expect(
      await result(h, 5, "table/rowFrame", #"{"sessionId": "s1", "row": "a"}"#)?["frame"]
        == json(#"{"x": 0, "y": 35, "width": 100, "height": 10}"#))
    // c: 82 + 28 = 110; d: 167 + 35 = 202.
    #expect(await result(h, 6, "table/rowFrame", #"{"sessionId": "s1", "row": "c"}"#)?["frame"]?["y"] == .double(110))
    #expect(await result(h, 7, "table/rowFrame", #"{"sessionId": "s1", "row": "d"}"#)?["frame"]?["y"] == .double(202))
    // Scrolled to 100 (inside S1), S1's header stays at its content position 82: nothing floats when grouped.
    _ = await h.call(8, "table/scrollToOffset", #"{"sessionId": "s1", "y": 100}"#)
    #expect(
      await result(h, 9, "table/supplementaryFrame", #"{"sessionId": "s1", "section": 1, "kind": "header"}"#)
        == Self.supplementary("header", 1, y: 82, contentY: 82, h: 28))
    // S2's footer: 167 + 35 + 5 = 207.
    #expect(
      await result(h, 10, "table/supplementaryFrame", #"{"sessionId": "s1", "section": 2, "kind": "footer"}"#)
        == Self.supplementary("footer", 2, y: 207, contentY: 207, h: 5))
    // The spacing is no element: y 10 lies in S0's header spacing [0, 35).
    #expect(await result(h, 11, "table/elementAtPoint", #"{"sessionId": "s1", "point": {"x": 1, "y": 10}}"#) == .null)
    #expect(
      await error(h, 12, "table/supplementaryFrame", #"{"sessionId": "s1", "section": 0, "kind": "header"}"#)
        == (-32602, "section 0 has no header"))
    // The pending state counts the same: measured rows and headers, and the spacing (212 as above).
    #expect(
      await result(h, 13, "table/describe", #"{"sessionId": "s1", "state": "pending"}"#)?["contentSize"]
        == json(#"{"width": 100, "height": 212}"#))
    h.closeInput()
  }

  @Test("a header cell sizes itself, is re-laid out on its own and at a new width, with a height-change notification")
  func headerCellRelayout() async {
    let h = ServerHarness()
    await startWithThreeSections(h)
    #expect(
      await result(
        h, 5, "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "h1", "cell": \#(Self.cell(40))}"#)
        == json(#"{"seq": 1}"#))
    // h1 30 → 40: content 480 + 10 = 490.
    let changed = await h.notification("table/supplementaryHeightChanged")
    #expect(
      changed?["params"]
        == json(
          #"{"sessionId": "s1", "kind": "header", "section": 1, "rowId": "h1", "oldHeight": 30, "newHeight": 40, "#
            + #""contentSize": {"width": 100, "height": 490}, "seq": 1}"#))
    // A header whose height is half its width (ratio 0.5): 50 at width 100, 30 at width 60.
    let ratio = #"{"type": "ratio", "ratio": 0.5, "child": {"type": "node"}}"#
    #expect(
      await result(
        h, 6, "table/setHeader", #"{"sessionId": "s1", "section": 2, "header": {"id": "w", "cell": \#(ratio)}}"#)
        == json(#"{"seq": 2, "rowId": "w"}"#))
    _ = await h.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // S2's header 20 → 50: 490 + 30 = 520.
    #expect(
      await result(h, 8, "table/contentSize", #"{"sessionId": "s1"}"#) == json(#"{"width": 100, "height": 520}"#))
    _ = await h.call(9, "session/setViewport", #"{"sessionId": "s1", "viewport": {"width": 60}}"#)
    let narrower = await h.notification("table/supplementaryHeightChanged")
    // Rows are fixed-height nodes; only w changes: 50 → 30, content 520 − 20 = 500.
    #expect(
      narrower?["params"]
        == json(
          #"{"sessionId": "s1", "kind": "header", "section": 2, "rowId": "w", "oldHeight": 50, "newHeight": 30, "#
            + #""contentSize": {"width": 60, "height": 500}, "seq": 2}"#))
    h.closeInput()
  }

  @Test("section moves, reloads, inserts and deletes carry their headers and footers")
  func editsCarryHeaders() async {
    let h = ServerHarness()
    await start(h)
    let data =
      #"{"sessionId": "s1", "sections": [{"header": {"height": 10}, "rows": [\#(Self.row("a", 20))]}, "#
      + #"{"header": {"id": "h1", "cell": \#(Self.cell(30))}, "footer": {"height": 5}, "rows": [\#(Self.row("b", 40))]}]}"#
    _ = await h.call(3, "table/reloadData", data)
    _ = await h.call(4, "table/moveSection", #"{"sessionId": "s1", "from": 0, "to": 1}"#)
    // Reloading section 0 (the moved S1) without header or footer keeps both (h1 re-measured: still 30).
    _ = await h.call(
      5, "table/reloadSections", #"{"sessionId": "s1", "sections": [{"section": 0, "rows": [\#(Self.row("c", 15))]}]}"#)
    // Reloading section 1 with "header": null removes its header.
    _ = await h.call(
      6, "table/reloadSections",
      #"{"sessionId": "s1", "sections": [{"section": 1, "header": null, "rows": [\#(Self.row("d", 25))]}]}"#)
    _ = await h.call(
      7, "table/insertSections",
      #"{"sessionId": "s1", "at": 0, "sections": [{"header": {"height": 7}, "rows": []}]}"#)
    _ = await h.call(8, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // [7 | ], [h1 30 | c 15 | 5], [d 25]: 7 + 30 + 15 + 5 + 25 = 82.
    #expect(
      await result(h, 9, "table/describe", #"{"sessionId": "s1"}"#)
        == json(
          #"""
          {"seq": 5, "contentSize": {"width": 100, "height": 82}, "sections": [
            {"header": {"type": "fixed", "height": 7}, "rows": []},
            {"header": {"type": "cell", "id": "h1", "height": 30}, "rows": [{"id": "c", "height": 15}],
             "footer": {"type": "fixed", "height": 5}},
            {"rows": [{"id": "d", "height": 25}]}]}
          """#))
    // Deleting the section drops h1: its id is free again and no longer a cell.
    _ = await h.call(10, "table/deleteSections", #"{"sessionId": "s1", "sections": [1]}"#)
    #expect(
      await error(h, 11, "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "h1"}"#) == (
        -32602, #"unknown row id "h1""#
      ))
    // A batch: insert a section with a footer cell and set the header of a surviving one (new space).
    let batch =
      #"{"sessionId": "s1", "operations": [{"op": "insertSections", "sections": [{"at": 0, "rows": [], "#
      + #""footer": {"id": "f", "cell": \#(Self.cell(6))}}]}, {"op": "setHeader", "section": 2, "header": {"height": 9}}]}"#
    #expect(await result(h, 12, "table/performBatchUpdates", batch) == json(#"{"seq": 7, "insertedRowIds": []}"#))
    _ = await h.call(13, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // [f 6], [7], [9 | d 25]: 6 + 7 + 9 + 25 = 47.
    #expect(
      await result(h, 14, "table/describe", #"{"sessionId": "s1"}"#)
        == json(
          #"""
          {"seq": 7, "contentSize": {"width": 100, "height": 47}, "sections": [
            {"rows": [], "footer": {"type": "cell", "id": "f", "height": 6}},
            {"header": {"type": "fixed", "height": 7}, "rows": []},
            {"header": {"type": "fixed", "height": 9}, "rows": [{"id": "d", "height": 25}]}]}
          """#))
    h.closeInput()
  }

  @Test("malformed headers, styles and queries are refused with their path and change nothing")
  func errors() async {
    let h = ServerHarness()
    await start(h)
    _ = await h.call(3, "table/reloadData", Self.threeSections)
    // Committed before the queries below, which would otherwise overtake the reload (they read the committed view).
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let cases: [(String, String, Int64, String)] = [
      (
        "table/insertSections", #"{"sessionId": "s1", "sections": [{"rows": [], "header": {"hieght": 3}}]}"#, -32602,
        #"params.sections[0].header.hieght: unknown member of a header or footer; "#
          + #"valid members: "height", "id", "cell""#
      ),
      (
        "table/insertSections", #"{"sessionId": "s1", "sections": [{"rows": [], "heder": {"height": 3}}]}"#, -32602,
        #"params.sections[0].heder: unknown member of a section; valid members: "rows", "header", "footer""#
      ),
      (
        "table/reloadData", #"{"sessionId": "s1", "sections": [{"rows": [], "footer": {"height": -1}}]}"#, -32602,
        "params.sections[0].footer.height: expected a number in [0, 100000], got -1"
      ),
      (
        "table/insertSections",
        #"{"sessionId": "s1", "sections": [{"rows": [], "header": {"height": 3, "cell": \#(Self.cell(1))}}]}"#, -32602,
        #"params.sections[0].header: give either "height" or "cell" (with "id"), not both"#
      ),
      (
        "table/insertSections", #"{"sessionId": "s1", "sections": [{"rows": [], "header": {}}]}"#, -32602,
        #"params.sections[0].header: missing required member "height" or "cell""#
      ),
      (
        "table/insertSections", #"{"sessionId": "s1", "sections": [{"rows": [], "header": 12}]}"#, -32602,
        #"params.sections[0].header: expected {"height": n}, {"id"?, "cell": SPEC} or null, got a number"#
      ),
      (
        "table/setFooter", #"{"sessionId": "s1", "section": 3, "footer": {"height": 1}}"#, -32004,
        "cannot set the footer of section 3: only 3 sections after the update"
      ),
      (
        "table/setHeader", #"{"sessionId": "s1", "section": 0}"#, -32602, #"params: missing required member "header""#
      ),
      (
        "table/performBatchUpdates",
        #"{"sessionId": "s1", "operations": [{"op": "setHeader", "section": 0, "header": null}, "#
          + #"{"op": "setHeader", "section": 0, "header": {"height": 1}}]}"#, -32004,
        "the header of section 0 is set more than once"
      ),
      (
        "table/performBatchUpdates",
        #"{"sessionId": "s1", "operations": [{"op": "setFooter", "section": 0, "header": null}]}"#, -32602,
        #"params.operations[0].header: unknown member of a setFooter operation; valid members: "op", "section", "footer""#
      ),
      (
        "table/supplementaryFrame", #"{"sessionId": "s1", "section": 0, "kind": "side"}"#, -32602,
        #"params.kind: expected "header" or "footer", got "side""#
      ),
      (
        "table/supplementaryFrame", #"{"sessionId": "s1", "section": 7, "kind": "header"}"#, -32602,
        "section 7 out of range (3 sections)"
      ),
      (
        "table/supplementaryFrame", #"{"sessionId": "s1", "section": 0, "kind": "footer"}"#, -32602,
        "section 0 has no footer"
      ),
    ]
    var id = 10
    for (method, params, code, message) in cases {
      #expect(await error(h, id, method, params) == (code, message), "\(method) \(params)")
      id += 1
    }
    // Nothing changed: 480 as before.
    _ = await h.call(40, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      await result(h, 41, "table/contentSize", #"{"sessionId": "s1"}"#) == json(#"{"width": 100, "height": 480}"#))
    let creates: [(String, String)] = [
      (
        #""groupedSectionSpacing": {"header": 10}"#,
        #"params.groupedSectionSpacing: only a grouped table has section spacing (give "style": "grouped")"#
      ),
      (#""style": "insetGrouped""#, #"params.style: expected "plain" or "grouped", got "insetGrouped""#),
      (
        #""style": "grouped", "groupedSectionSpacing": {"top": 1}"#,
        #"params.groupedSectionSpacing.top: unknown member of groupedSectionSpacing; valid members: "header", "footer""#
      ),
    ]
    for (member, message) in creates {
      let params = #"{"viewport": {"width": 100, "height": 100}, \#(member)}"#
      #expect(await error(h, id, "session/create", params) == (-32602, message))
      id += 1
    }
    h.closeInput()
  }
}
