import Foundation
import JSONCodec
import Testing

/// `table/snapshot` draws headers and footers where they are drawn, over the rows, distinguishable from rows.
@Suite("snapshot of headers and footers", .serialized)
struct SectionSnapshotTests {
  @Test("a floating header and footer are drawn at their floating positions, as header and footer groups")
  func floatingInSnapshot() async throws {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    _ = await h.call(
      2, "session/create",
      #"{"viewport": {"width": 100, "height": 100}, "separators": false, "interfaceStates": false}"#)
    _ = await h.call(3, "table/reloadData", SectionHeaderTests.threeSections)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    _ = await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 110}"#)
    let result = await h.call(6, "table/snapshot", #"{"sessionId": "s1", "margin": 0}"#).last?["result"]
    // The viewport [110, 210) (see SectionHeaderTests.floatingFooterAndElements): S0's header floats at 100 (content
    // 0), h1 at 120, S1's footer floats at 200 (content 250). h1 [120, 150) is on screen, so the range controller
    // (which runs even without interface-state notifications) gives its cell every state.
    #expect(
      result?["supplementaries"]
        == json(
          #"""
          [{"kind": "header", "section": 0, "frame": {"x": 0, "y": 100, "width": 100, "height": 20}, "floating": true},
           {"kind": "header", "section": 1, "rowId": "h1", "frame": {"x": 0, "y": 120, "width": 100, "height": 30},
            "floating": false, "state": ["measureLayout", "preload", "display", "visible"]},
           {"kind": "footer", "section": 1, "frame": {"x": 0, "y": 200, "width": 100, "height": 10}, "floating": true}]
          """#))
    // Rows b [70, 120) and c [150, 250) are drawn as rows.
    #expect(result?["rows"]?.arrayValue?.map { $0["rowId"] } == [.string("b"), .string("c")])
    let svg = try #require(XMLTreeBuilder.parse(result?["svg"]?.stringValue ?? ""))
    let headers = svg.all(class: "header")
    #expect(headers.map { $0.attributes["transform"] } == ["translate(0 100)", "translate(0 120)"])
    #expect(headers.map { $0.attributes["data-floating"] } == ["true", "false"])
    #expect(headers.last?.attributes["data-row-id"] == "h1")
    let footers = svg.all(class: "footer")
    #expect(footers.map { $0.attributes["transform"] } == ["translate(0 200)"])
    #expect(footers.first?.attributes["class"] == "footer floating")
    // h1's cell is drawn inside its group: its node item 30 tall.
    #expect(headers.last?.all(class: "node").first?.attributes["height"] == "30")
    // Headers come after the rows in the document, so they are drawn over them.
    let order = svg.all { $0.attributes["class"] == "row" || $0.attributes["class"]?.hasPrefix("header") == true }
    #expect(order.map { $0.attributes["class"] ?? "" } == ["row", "row", "header floating", "header"])
    h.closeInput()
  }
}
