import JSONCodec
import Testing

@Suite("table/snapshot: accessories, selection highlights and separator insets", .serialized)
struct RowSnapshotTests {
  @Test("accessories in their strip, the selected row highlighted per style, separators inset")
  func accessoriesAndSelection() async throws {
    let h = ServerHarness()
    await h.startSession()  // 320 × 480, scale 2: separators 0.5 pt
    let rows =
      #"[{"id": "a", "accessoryType": "checkmark", "separatorInset": {"left": 15, "right": 5}, "cell": "#
      + #"{"type": "node", "style": {"height": 44}}}, "#
      + #"{"id": "b", "accessoryType": "detailDisclosureButton", "selectionStyle": "none", "cell": "#
      + #"{"type": "node", "style": {"height": 44}}}, "#
      + #"{"id": "c", "selectionStyle": "blue", "cell": {"type": "node", "style": {"height": 44}}}]"#
    _ = await h.call(4, "table/insertRows", #"{"sessionId": "s1", "rows": \#(rows)}"#)
    _ = await h.call(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    _ = await h.call(6, "table/setSelectionOptions", #"{"sessionId": "s1", "allowsMultipleSelection": true}"#)
    for (index, id) in ["a", "b", "c"].enumerated() {
      _ = await h.call(7 + index, "table/selectRow", #"{"sessionId": "s1", "row": "\#(id)"}"#)
    }
    let (result, svg) = await SnapshotTests.snapshot(h, id: 20, #", "margin": 0"#)
    let tree = try #require(svg)
    // Every row is selected; b's style is none (no highlight), a's default (gray), c's blue. Highlights cover the
    // row, 44.5 tall.
    let highlights = tree.all(class: "selection")
    #expect(highlights.map { $0.attributes["data-selection-style"] } == ["default", "blue"])
    #expect(highlights.map { $0.attributes["height"] } == ["44.5", "44.5"])
    #expect(highlights.map { $0.attributes["fill"] } == ["#d1d1d6", "#b4d7ff"])
    // Accessory strips at the trailing edge: checkmark 40 wide → x 280; detailDisclosureButton 68 → x 252; both at
    // the row's vertical middle (22.25 of 44.5).
    let accessories = tree.all(class: "accessory")
    #expect(accessories.map { $0.attributes["data-accessory-type"] } == ["checkmark", "detailDisclosureButton"])
    #expect(accessories.map { $0.attributes["transform"] } == ["translate(280 22.25)", "translate(252 22.25)"])
    // Separators at each row's last 0.25 pt: a's from 15 to 320 − 5 = 315, the others across the row.
    let lines = tree.all(class: "separators").first?.children ?? []
    #expect(lines.map { $0.attributes["x1"] } == ["15", "0", "0"])
    #expect(lines.map { $0.attributes["x2"] } == ["315", "320", "320"])
    if case .array(let drawn)? = result?["rows"] {
      #expect(drawn.map { $0["selected"] } == [.bool(true), .bool(true), .bool(true)])
    } else {
      Issue.record("no rows in \(String(describing: result))")
    }
    h.closeInput()
  }
}
