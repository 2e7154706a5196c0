import JSONCodec
import Testing

/// Protocol.md "Sections, headers and footers" against the spawned daemon: sticky positions while scrolling through
/// three sections, the floating footer, grouped spacing, a header cell's height change and interface states, a header
/// cell that fails to lay out. Viewport 200 × 100 at scale 2 with separators: a row is its cell height + 0.5; headers
/// and footers have no separator. Every number is derived by hand in the comments.
@Suite struct SectionHeaderProtocolTests {
  /// A row `{id, cell}` whose node cell is `height` tall.
  static func row(_ id: String, _ height: Double) -> String { #"{"id":"\#(id)","cell":\#(nodeCell(height))}"# }

  /// S0 = header 24 + a (39.5 + 0.5) + b (59.5 + 0.5) → [0, 124); S1 = header cell h1 15.5 + c (99.5 + 0.5) +
  /// footer 8 → [124, 247.5); S2 = header 24 + d (299.5 + 0.5) → [247.5, 571.5). Content 571.5.
  static let sections =
    #"{"sessionId":"s1","sections":[{"header":{"height":24},"rows":[\#(row("a", 39.5)),\#(row("b", 59.5))]},"#
    + #"{"header":{"id":"h1","cell":\#(nodeCell(15.5))},"rows":[\#(row("c", 99.5))],"footer":{"height":8}},"#
    + #"{"header":{"height":24},"rows":[\#(row("d", 299.5))]}]}"#

  /// Starts a session 200 × 100 with `extra` members of session/create.
  static func start(_ daemon: Daemon, _ extra: String = #","interfaceStates":false"#) {
    _ = daemon.call(1, "initialize")
    _ = daemon.call(2, "session/create", #"{"sessionId":"s1","viewport":{"width":200,"height":100}\#(extra)}"#)
  }

  /// The frame JSON `{x: 0, y, width: 200, height}`.
  static func frame(_ y: Double, _ height: Double) -> String {
    #"{"x":0,"y":\#(y),"width":200,"height":\#(height)}"#
  }

  @Test func stickyHeadersWhileScrollingThroughThreeSections() throws {
    let daemon = try Daemon()
    Self.start(daemon)
    #expect(daemon.result(3, "table/reloadData", Self.sections) == json(#"{"seq":1,"rowIds":[["a","b"],["c"],["d"]]}"#))
    #expect(
      daemon.result(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
        == json(#"{"seq":1,"contentSize":{"width":200,"height":571.5}}"#))
    // (offset, section, rowId, height, content top, drawn top): the header of the section holding the offset is drawn
    // at min(max(S.top, offset), S.bottom − h).
    let steps: [(Double, Int, String?, Double, Double, Double)] = [
      (0, 0, nil, 24, 0, 0),  // at rest
      (60, 0, nil, 24, 0, 60),  // pinned: min(max(0, 60), 124 − 24) = 60
      (100, 0, nil, 24, 0, 100),  // the push-up point: 124 − 24 = 100
      (110, 0, nil, 24, 0, 100),  // pushed up by h1 (content 124): still 100
      (130, 1, "h1", 15.5, 124, 130),  // S1 on top: min(max(124, 130), 247.5 − 15.5) = 130
      (240, 1, "h1", 15.5, 124, 232),  // pushed by S2's header at 247.5: 232
      (250, 2, nil, 24, 247.5, 250),  // S2 on top: min(max(247.5, 250), 571.5 − 24) = 250
      (471.5, 2, nil, 24, 247.5, 471.5),  // the end: 571.5 − 100
    ]
    var id = 5
    for (offset, section, rowID, height, contentY, y) in steps {
      _ = daemon.call(id, "table/scrollToOffset", #"{"sessionId":"s1","y":\#(offset)}"#)
      let answer = daemon.result(
        id + 1, "table/supplementaryFrame", #"{"sessionId":"s1","section":\#(section),"kind":"header"}"#)
      let rowIDMember = rowID.map { #""rowId":"\#($0)","# } ?? ""
      #expect(
        answer
          == json(
            #"{"kind":"header","section":\#(section),\#(rowIDMember)"frame":\#(Self.frame(y, height)),"#
              + #""contentFrame":\#(Self.frame(contentY, height)),"floating":\#(y != contentY)}"#), "offset \(offset)")
      id += 2
    }
    daemon.expectAliveThenExit()
  }

  @Test func floatingFooterAndElementsAtTheirDrawnPositions() throws {
    let daemon = try Daemon()
    Self.start(daemon)
    _ = daemon.call(3, "table/reloadData", Self.sections)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    _ = daemon.call(5, "table/scrollToOffset", #"{"sessionId":"s1","y":60}"#)
    // bottom = 160 lies in S1 [124, 247.5): its footer (content 124 + 15.5 + 100 = 239.5, height 8) is drawn at
    // max(min(239.5, 160 − 8), 124) = 152.
    #expect(
      daemon.result(6, "table/supplementaryFrame", #"{"sessionId":"s1","section":1,"kind":"footer"}"#)
        == json(
          #"{"kind":"footer","section":1,"frame":\#(Self.frame(152, 8)),"contentFrame":\#(Self.frame(239.5, 8)),"#
            + #""floating":true}"#))
    // y 70 is under the floating S0 header [60, 84), drawn over row a [24, 64) and b [64, 124).
    #expect(
      daemon.result(7, "table/elementAtPoint", #"{"sessionId":"s1","point":{"x":10,"y":70}}"#)
        == json(
          #"{"kind":"header","section":0,"frame":\#(Self.frame(60, 24)),"contentFrame":\#(Self.frame(0, 24)),"#
            + #""floating":true}"#))
    // The rect [140, 160): h1 [124, 139.5) ends above it; c [139.5, 239.5) and S1's footer drawn [152, 160).
    #expect(
      daemon.result(8, "table/elementsInRect", #"{"sessionId":"s1","rect":{"x":0,"y":140,"width":200,"height":20}}"#)
        == json(
          #"{"elements":[{"kind":"row","rowId":"c","indexPath":[1,0],"frame":\#(Self.frame(139.5, 100))},"#
            + #"{"kind":"footer","section":1,"frame":\#(Self.frame(152, 8)),"contentFrame":\#(Self.frame(239.5, 8)),"#
            + #""floating":true}]}"#))
    // rowsInRect answers rows only: c.
    #expect(
      daemon.result(9, "table/rowsInRect", #"{"sessionId":"s1","rect":{"x":0,"y":140,"width":200,"height":20}}"#)
        == json(#"{"rows":[{"rowId":"c","indexPath":[1,0],"frame":\#(Self.frame(139.5, 100))}]}"#))
    daemon.expectAliveThenExit()
  }

  @Test func groupedSpacingAndNoFloating() throws {
    let daemon = try Daemon()
    Self.start(daemon, #","interfaceStates":false,"style":"grouped","groupedSectionSpacing":{"header":18,"footer":9}"#)
    let data =
      #"{"sessionId":"s1","sections":[{"rows":[\#(Self.row("a", 39.5))]},"#
      + #"{"header":{"height":30},"rows":[\#(Self.row("b", 99.5))],"footer":{"height":4}}]}"#
    _ = daemon.call(3, "table/reloadData", data)
    // S0: 18 (spacing for its missing header) + 40 + 9 (missing footer) = 67; S1: 30 + 100 + 4 = 134. 201 in all.
    #expect(
      daemon.result(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
        == json(#"{"seq":1,"contentSize":{"width":200,"height":201}}"#))
    // b: 67 + 30 = 97.
    #expect(
      daemon.result(5, "table/rowFrame", #"{"sessionId":"s1","row":"b"}"#)
        == json(#"{"rowId":"b","indexPath":[1,0],"frame":\#(Self.frame(97, 100))}"#))
    // Scrolled into S1 (offset 80 > 67), its header stays at 67: grouped headers scroll with the content.
    _ = daemon.call(6, "table/scrollToOffset", #"{"sessionId":"s1","y":80}"#)
    #expect(
      daemon.result(7, "table/supplementaryFrame", #"{"sessionId":"s1","section":1,"kind":"header"}"#)
        == json(
          #"{"kind":"header","section":1,"frame":\#(Self.frame(67, 30)),"contentFrame":\#(Self.frame(67, 30)),"#
            + #""floating":false}"#))
    // Spacing is no element: y 60 lies in S0's footer spacing [58, 67).
    #expect(daemon.result(8, "table/elementAtPoint", #"{"sessionId":"s1","point":{"x":1,"y":60}}"#) == .null)
    daemon.expectAliveThenExit()
  }

  @Test func headerCellStatesHeightChangeAndFailure() throws {
    let daemon = try Daemon()
    Self.start(daemon, #","lenientFonts":true"#)
    _ = daemon.call(3, "table/reloadData", Self.sections)
    // h1 [124, 139.5) is below the viewport [0, 100) but inside the display range (1 screen ahead): preload and
    // display, named by kind and section.
    let states =
      daemon.takeNotification("table/didCommit")
      + daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let h1 = states.first {
      $0["method"] == .string("cell/interfaceStateChanged") && $0["params"]?["rowId"] == .string("h1")
    }
    #expect(
      h1?["params"]
        == json(
          #"{"sessionId":"s1","rowId":"h1","kind":"header","section":1,"oldState":["measureLayout"],"#
            + #""newState":["measureLayout","preload","display"],"events":["didEnterPreload","didEnterDisplay"]}"#))
    // h1 15.5 → 40.5: content 571.5 + 25 = 596.5.
    _ = daemon.call(5, "cell/setNeedsLayout", #"{"sessionId":"s1","row":"h1","cell":\#(nodeCell(40.5))}"#)
    #expect(
      daemon.takeNotification("table/supplementaryHeightChanged").last
        == json(
          #"{"jsonrpc":"2.0","method":"table/supplementaryHeightChanged","params":{"sessionId":"s1","kind":"header","#
            + #""section":1,"rowId":"h1","oldHeight":15.5,"newHeight":40.5,"contentSize":{"width":200,"height":596.5},"#
            + #""seq":1}}"#))
    // A footer cell whose font is missing fails: height 0 and a log message naming it as a footer.
    let bad = #"{"type":"text","text":"x","fontFamily":"No Such Font"}"#
    #expect(
      daemon.result(6, "table/setFooter", #"{"sessionId":"s1","section":2,"footer":{"id":"bad","cell":\#(bad)}}"#)
        == json(#"{"seq":2,"rowId":"bad"}"#))
    #expect(
      daemon.takeNotification("window/logMessage").last?["params"]?["message"]
        == .string(
          #"session "s1": footer "bad" of section 2 failed to lay out: root: font family "No Such Font" not found"#))
    #expect(
      daemon.result(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
        == json(#"{"seq":2,"contentSize":{"width":200,"height":596.5}}"#))
    daemon.expectAliveThenExit()
  }
}
