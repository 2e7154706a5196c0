import JSONCodec
import Testing

/// Protocol.md "Table" (issue 15, items 4–6) against the built daemon: a row's `heightRange` and accessory change the
/// range its cell is laid out in; selection follows rows across a batch and is announced. Numbers are derived from
/// UIKit's and Texture's rules in the comments, not read from the daemon.
@Suite struct RowMembersAndSelectionTests {
  @Test func initializeListsTheFeaturesAndTheNotification() throws {
    let daemon = try Daemon()
    let capabilities = daemon.result(1, "initialize")["capabilities"]
    for feature in ["rowSizeRange", "accessories", "selection"] {
      #expect(capabilities?["features"]?.arrayValue?.contains(.string(feature)) == true, "\(feature)")
    }
    #expect(capabilities?["notifications"]?.arrayValue?.contains(.string("table/selectionChanged")) == true)
    daemon.expectAliveThenExit()
  }

  /// A 2-point Ahem text of `length` glyphs: a word of `length − 5` a's, a space and "bbbb".
  static func text(_ length: Int) -> String {
    #"{"type":"text","text":"\#(String(repeating: "a", count: length - 5)) bbbb","fontFamily":"Ahem","fontSize":2}"#
  }

  @Test func aLargeInsertOfRowsWithRangesAndAccessoriesIsLaidOutInThem() throws {
    let daemon = try Daemon()
    daemon.startSession()  // 320 wide, scale 2: separators 0.5
    // 200 rows (a message well over 32 KiB: decoded from its bytes on the layout threads), alternating:
    // even rows: a 10 pt node in heightRange {min: 44} → 44 (the range's end nearest the node's exact height);
    // odd rows: 141 glyphs with a checkmark: content width 320 − 40 = 280 holds 140 two-point glyphs, so "bbbb"
    // wraps: two 2 pt lines, height 4, in heightRange {max: 3} → clamped to 3.
    var rows: [String] = []
    for index in 0..<200 {
      let padding = String(repeating: " ", count: 200)  // whitespace between members: part of the bytes only
      if index % 2 == 0 {
        rows.append(
          #"{"id":"r\#(index)",\#(padding)"heightRange":{"min":44},"cell":{"type":"node","style":{"height":10}}}"#)
      } else {
        rows.append(
          #"{"id":"r\#(index)","cell":\#(Self.text(141)),\#(padding)"accessoryType":"checkmark","heightRange":{"max":3}}"#
        )
      }
    }
    let answer = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[\#(rows.joined(separator: ","))]}"#)
    #expect(answer.last?["result"]?["seq"] == .int(1))
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    // 100 × 44.5 + 100 × 3.5 = 4800.
    #expect(daemon.result(5, "table/contentSize", #"{"sessionId":"s1"}"#) == json(#"{"width":320,"height":4800}"#))
    #expect(
      daemon.result(6, "table/rowFrame", #"{"sessionId":"s1","row":"r1"}"#)
        == json(
          #"{"rowId":"r1","indexPath":[0,1],"frame":{"x":0,"y":44.5,"width":320,"height":3.5},"heightRange":{"min":0,"max":3},"accessoryType":"checkmark","selectionStyle":"default","separatorInset":{"left":0,"right":0},"contentWidth":280}"#
        ))
    // Above r198: 99 pairs of rows, 44.5 + 3.5 = 48 each → y 4752.
    #expect(
      daemon.result(7, "table/rowFrame", #"{"sessionId":"s1","row":"r198"}"#)
        == json(
          #"{"rowId":"r198","indexPath":[0,198],"frame":{"x":0,"y":4752,"width":320,"height":44.5},"heightRange":{"min":44}}"#
        ))
    daemon.expectAliveThenExit()
  }

  @Test func anAccessoryMakesTextWrapAtItsContentWidth() throws {
    let daemon = try Daemon()
    daemon.startSession()
    // 134 glyphs (268 pt): one line at 320 (no accessory) and at 286 (disclosureIndicator, 320 − 34), two at 252
    // (detailDisclosureButton, 320 − 68): "bbbb" moves down. Heights 2, 2, 4; rows + 0.5.
    let rows = [("none", "n"), ("disclosureIndicator", "d"), ("detailDisclosureButton", "x")].map { type, id in
      #"{"id":"\#(id)","accessoryType":"\#(type)","cell":\#(Self.text(134))}"#
    }
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[\#(rows.joined(separator: ","))]}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let sections = describedSections(daemon.describe(5).last?["result"])
    #expect(sections?.first?.map(\.height) == [2.5, 2.5, 4.5])
    // Relaid out at a new width, the accessory still takes its share: at 300, x lays out at 232 → 2 lines; d at
    // 266 → 133 glyphs fit, "bbbb" wraps → 2 lines; n at 300 → 150 glyphs fit → 1 line.
    _ = daemon.call(6, "session/setViewport", #"{"sessionId":"s1","viewport":{"width":300}}"#)
    _ = daemon.takeNotification("table/contentSizeChanged")
    let after = daemon.result(7, "table/describe", #"{"sessionId":"s1"}"#)
    #expect(describedSections(after)?.first?.map(\.height) == [2.5, 4.5, 4.5])
    #expect(
      after["sections"]?.arrayValue?.first?["rows"]?.arrayValue?.map { $0["contentWidth"] } == [
        nil, .double(266), .double(232),
      ])
    daemon.expectAliveThenExit()
  }

  @Test func selectionFollowsRowsAcrossABatchThatDeletesMovesAndReloads() throws {
    let daemon = try Daemon()
    _ = daemon.call(1, "initialize")
    _ = daemon.call(
      2, "session/create",
      #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false,"allowsMultipleSelection":true}"#
    )
    daemon.seedRows([("a", 10), ("b", 20), ("c", 30), ("d", 40), ("e", 50)])
    for (index, id) in ["a", "b", "c", "e"].enumerated() {
      let answer = daemon.call(10 + index, "table/selectRow", #"{"sessionId":"s1","row":"\#(id)"}"#)
      #expect(answer.first?["method"] == .string("table/selectionChanged"))
      #expect(answer.first?["params"]?["selected"] == .array([.string(id)]))
    }
    // Old [a, b, c, d, e]: delete b, reload c, move e to [0, 0], insert f at [0, 4] → new [e, a, c, d, f].
    // UIKit: b deleted → dropped; c reloaded → its new cell is unselected; e moved → keeps it; a untouched → keeps.
    // Selection after: e [0, 0], a [0, 1]; deselected: c (still shown) then b (gone).
    let batch =
      #"{"sessionId":"s1","operations":[{"op":"deleteRows","rows":["b"]},"#
      + #"{"op":"reloadRows","rows":[{"row":"c","cell":{"type":"node","style":{"height":35}}}]},"#
      + #"{"op":"moveRow","from":"e","to":[0,0]},"#
      + #"{"op":"insertRows","rows":[{"at":[0,4],"id":"f","cell":{"type":"node","style":{"height":5}}}]}]}"#
    _ = daemon.call(20, "table/performBatchUpdates", batch)
    let taken = daemon.takeNotification("table/selectionChanged")
    #expect(taken.dropLast().last?["method"] == .string("table/didCommit"))
    #expect(
      taken.last?["params"]
        == json(
          #"{"sessionId":"s1","selected":[],"deselected":["c","b"],"rows":[{"rowId":"e","indexPath":[0,0]},{"rowId":"a","indexPath":[0,1]}],"seq":2}"#
        ))
    // describe: e (50.5), a (10.5), c (35.5), d (40.5), f (5.5).
    #expect(
      daemon.result(21, "table/describe", #"{"sessionId":"s1"}"#)["sections"]
        == json(
          #"[{"rows":[{"id":"e","height":50.5,"selected":true},{"id":"a","height":10.5,"selected":true},{"id":"c","height":35.5},{"id":"d","height":40.5},{"id":"f","height":5.5}]}]"#
        ))
    // Single selection again: selecting d keeps only d.
    _ = daemon.call(22, "table/setSelectionOptions", #"{"sessionId":"s1","allowsMultipleSelection":false}"#)
    let single = daemon.call(23, "table/selectRow", #"{"sessionId":"s1","row":[0,3]}"#)
    #expect(single.first?["params"]?["deselected"] == json(#"["e"]"#))  // the switch kept e, the first in row order
    #expect(single.last?["result"] == json(#"{"rows":[{"rowId":"d","indexPath":[0,3]}]}"#))
    daemon.expectAliveThenExit()
  }

  @Test func aSelectionSentAfterAWaitSeesTheCommitAndAReloadedSectionDropsIt() throws {
    let daemon = try Daemon()
    daemon.startSession()
    // Insert, wait, select in one write: the select is held behind the wait (as Texture's wait blocks the main
    // thread), so it finds the committed row; then the section is reloaded with a row that takes the old id "a":
    // UIKit recreates the section's cells unselected, so "a" is deselected at that commit (seq 2).
    var bytes = frameText(
      request(
        3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"a","cell":{"type":"node","style":{"height":10}}}]}"#))
    bytes += frameText(request(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#))
    bytes += frameText(request(5, "table/selectRow", #"{"sessionId":"s1","row":"a"}"#))
    daemon.write(Array(bytes.utf8))
    let selected = daemon.take(until: { Daemon.isResponse($0, id: .int(5)) })
    #expect(selected.last?["result"] == json(#"{"rows":[{"rowId":"a","indexPath":[0,0]}]}"#))
    #expect(selected.dropLast().last?["method"] == .string("table/selectionChanged"))
    _ = daemon.call(
      6, "table/reloadSections",
      #"{"sessionId":"s1","sections":[{"section":0,"rows":[{"id":"a","cell":{"type":"node","style":{"height":20}}}]}]}"#
    )
    let changed = daemon.takeNotification("table/selectionChanged").last
    #expect(
      changed?["params"] == json(#"{"sessionId":"s1","selected":[],"deselected":["a"],"rows":[],"seq":2}"#))
    daemon.expectAliveThenExit()
  }

  @Test func selectionErrorsChangeNothing() throws {
    let daemon = try Daemon()
    _ = daemon.call(1, "initialize")
    _ = daemon.call(
      2, "session/create",
      #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false,"allowsSelection":false}"#)
    daemon.seedRows([("a", 10)])
    #expect(
      daemon.call(5, "table/selectRow", #"{"sessionId":"s1","row":"a"}"#)
        == [
          json(
            #"{"jsonrpc":"2.0","id":5,"error":{"code":-32004,"message":"selection is off (allowsSelection is false)"}}"#
          )
        ])
    #expect(
      daemon.call(6, "table/selectRow", #"{"sessionId":"s1","row":"zz"}"#).last?["error"]
        == json(#"{"code":-32602,"message":"unknown row id \"zz\""}"#))
    #expect(
      daemon.call(7, "session/create", #"{"viewport":{"width":1,"height":1},"allowsSelection":"yes"}"#).last?["error"]
        == json(#"{"code":-32602,"message":"params.allowsSelection: expected a boolean, got a string"}"#))
    #expect(daemon.result(8, "table/selectedRows", #"{"sessionId":"s1"}"#) == json(#"{"rows":[]}"#))
    daemon.expectAliveThenExit()
  }
}
