import Foundation
import JSONCodec
import Testing

@testable import Server

/// `table/snapshot` of collections and pagers: items drawn at their flow frames on both axes, the headers of the
/// layout's reference size, and the range bands along the scroll axis (a column for a vertical flow, a strip on top
/// for a horizontal one). Every position below is derived by hand from Protocol.md "Collections: flow layout" and
/// the range rules, not read from the daemon.
@Suite("table/snapshot of collections and pagers", .serialized)
struct CollectionSnapshotTests {
  /// Initializes, creates session "s1" with `create` (members after the viewport) and inserts `count` items
  /// "i0"… (or `prefix`) whose cells would be 10 tall (an item is measured at its item size).
  static func setUp(_ h: ServerHarness, _ create: String, count: Int, prefix: String = "i") async {
    _ = await h.call(1, "initialize")
    _ = await h.call(2, "session/create", #"{"interfaceStates": false, \#(create)}"#)
    let rows = (0..<count).map { #"{"id": "\#(prefix)\#($0)", "cell": {"type": "node", "style": {"height": 10}}}"# }
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": [\#(rows.joined(separator: ", "))]}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
  }

  /// The band names drawn for `id` (class "band NAME").
  static func bands(_ svg: SVGNode?, _ id: String) -> [SVGNode] {
    (svg?.all(class: "band") ?? []).filter { $0.attributes["data-row-id"] == id }
  }

  @Test("a vertical grid: items at their columns and lines, the header, bands in a column on the left")
  func verticalGrid() async {
    // 320 × 480, itemSize 100 × 100, spacings 10, header 20: a line holds ⌊(320 + 10) / 110⌋ = 3, gap (320 − 300) /
    // 2 = 10 → columns x 0, 110, 220; line l at y 20 + 110 l. The viewport [0, 480) meets lines 0–4 (line 4 at
    // 460) → items i0–i14, and the header {0, 0, 320, 20}.
    let h = ServerHarness()
    await Self.setUp(
      h,
      #""viewport": {"width": 320, "height": 480}, "kind": "collection", "layout": {"itemSize": {"width": 100, "#
        + #""height": 100}, "headerReferenceSize": {"height": 20}}"#, count: 30)
    let (result, svg) = await SnapshotTests.snapshot(h, id: 5)
    #expect(result?["rect"] == json(#"{"x": 0, "y": 0, "width": 320, "height": 480}"#))
    // The band column (40) on the left, an 18 pt legend under the rect.
    #expect(svg?.attributes["viewBox"] == "-40 0 360 498")
    let items = svg?.all(class: "item") ?? []
    #expect(items.map { $0.attributes["data-row-id"] ?? "" } == (0..<15).map { "i\($0)" })
    // i4: line 1, column 1 → (110, 130); its node is laid out at exactly the item size.
    let i4 = items.first { $0.attributes["data-row-id"] == "i4" }
    #expect(i4?.attributes["transform"] == "translate(110 130)")
    #expect(i4?.attributes["data-index-path"] == "0,4")
    #expect(i4?.children.first?.attributes["class"] == "item-frame")
    #expect(i4?.all(class: "node").first?.attributes["width"] == "100")
    #expect(i4?.all(class: "node").first?.attributes["height"] == "100")
    #expect(svg?.all(class: "header").first?.attributes["transform"] == "translate(0 0)")
    #expect(
      result?["supplementaries"]
        == json(
          #"[{"kind": "header", "section": 0, "frame": {"x": 0, "y": 0, "width": 320, "height": 20}, "floating": false}]"#
        ))
    #expect(
      result?["rows"]?.arrayValue?[4]
        == json(
          #"{"rowId": "i4", "indexPath": [0, 4], "frame": {"x": 110, "y": 130, "width": 100, "height": 100}, "#
            + #""state": ["measureLayout", "preload", "display", "visible"]}"#))
    // The first range update (minimum, Down): display [0 − 120, 480 + 120) = [−120, 600), preload [−120, 480 + 240)
    // = [−120, 720). Line 5 (570…670) is in both: i15–i17 preload + display; line 6 (680…780) in preload only:
    // i18–i20; line 7 (790) in neither. A rect 800 tall draws lines 0–7 (i0–i23).
    let (tall, tallSVG) = await SnapshotTests.snapshot(h, id: 6, #", "rect": {"y": 0, "height": 800}, "margin": 30"#)
    #expect(tall?["rows"]?.arrayValue?.count == 24)
    #expect(Self.bands(tallSVG, "i0").count == 3)
    let i15 = Self.bands(tallSVG, "i15")
    #expect(i15.map { $0.attributes["class"] ?? "" } == ["band preload", "band display"])
    // Lanes of 10 from −30: preload at x −29, display at −19; the band spans the item's y extent inside 0.5.
    #expect(i15.map { $0.attributes["x"] ?? "" } == ["-29", "-19"])
    #expect(i15.first?.attributes["y"] == "570.5")
    #expect(i15.first?.attributes["height"] == "99")
    #expect(Self.bands(tallSVG, "i18").map { $0.attributes["class"] ?? "" } == ["band preload"])
    #expect(Self.bands(tallSVG, "i21").isEmpty)
    #expect(tallSVG?.all(class: "viewport-marker").first?.attributes["height"] == "478.5")
    #expect(tallSVG?.all(class: "viewport-outline").first?.attributes["y"] == "0.5")
    h.closeInput()
  }

  @Test("a horizontal flow: items down the lines along x, bands in a strip above the rect")
  func horizontalFlow() async {
    // 320 × 340 scrolling along x, itemSize 100 × 100, spacings 10: a line (a column of the picture) holds
    // ⌊(340 + 10) / 110⌋ = 3 items, gap (340 − 300) / 2 = 20 → y 0, 120, 240; line l at x 110 l. 20 items → 7 lines,
    // content 760 × 340. At x 200 the viewport [200, 520) meets lines 1–4 (110…210 to 440…540) → i3–i14.
    let h = ServerHarness()
    await Self.setUp(
      h,
      #""viewport": {"width": 320, "height": 340}, "kind": "collection", "layout": {"scrollDirection": "horizontal", "#
        + #""itemSize": {"width": 100, "height": 100}}"#, count: 20)
    _ = await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "x": 200, "drag": false}"#)
    let (result, svg) = await SnapshotTests.snapshot(h, id: 6, #", "margin": 30"#)
    #expect(result?["rect"] == json(#"{"x": 200, "y": 0, "width": 320, "height": 340}"#))
    // The strip (30) above the rect: the picture starts at y −30; the legend (18) under it.
    #expect(svg?.attributes["viewBox"] == "200 -30 320 388")
    let items = svg?.all(class: "item") ?? []
    #expect(items.map { $0.attributes["data-row-id"] ?? "" } == (3..<15).map { "i\($0)" })
    // i4: line 1, second in it → (110, 120); i14: line 4, third → (440, 240).
    #expect(items.first { $0.attributes["data-row-id"] == "i4" }?.attributes["transform"] == "translate(110 120)")
    #expect(items.last?.attributes["transform"] == "translate(440 240)")
    // Ranges: the commit's update at 0 (minimum, Right), then the programmatic move (no direction: Right kept):
    // display [200 − 80, 520 + 80) = [120, 600), preload [200 − 80, 520 + 160) = [120, 680). Line 0 (0…100) is in
    // neither; line 5 (550…650) in both (i15–i17); line 6 (660…760) in preload only (i18, i19).
    let (_, all) = await SnapshotTests.snapshot(h, id: 7, #", "rect": {"x": 0, "width": 760}, "margin": 30"#)
    #expect(all?.all(class: "item").count == 20)
    #expect(Self.bands(all, "i0").isEmpty)
    let i3 = Self.bands(all, "i3")
    #expect(i3.map { $0.attributes["class"] ?? "" } == ["band preload", "band display", "band visible"])
    // Lanes of 10 from y −30 (preload, display, visible top to bottom); the band spans the item's x extent.
    #expect(i3.map { $0.attributes["y"] ?? "" } == ["-29", "-19", "-9"])
    #expect(i3.first?.attributes["x"] == "110.5")
    #expect(i3.first?.attributes["width"] == "99")
    #expect(i3.first?.attributes["height"] == "8")
    #expect(Self.bands(all, "i15").map { $0.attributes["class"] ?? "" } == ["band preload", "band display"])
    #expect(Self.bands(all, "i18").map { $0.attributes["class"] ?? "" } == ["band preload"])
    // The viewport's bracket in the strip over x 200…520, and its outline over the content.
    let marker = all?.all(class: "viewport-marker").first
    #expect(marker?.attributes["x"] == "200.75")
    #expect(marker?.attributes["y"] == "-29.25")
    #expect(marker?.attributes["width"] == "318.5")
    #expect(all?.all(class: "viewport-outline").first?.attributes["x"] == "200.5")
    h.closeInput()
  }

  @Test("a pager: pages of the viewport's size side by side, the pager's tuning in the bands")
  func pager() async {
    // Pages 300 × 200 at x 300 p. scrollToPage 2 → x 600. Pager Minimum tuning: display 0/0 (the visible page),
    // preload 1/1: [600 − 300, 900 + 300) = [300, 1200) → p1, p2, p3 (p4 starts at 1200).
    let h = ServerHarness()
    await Self.setUp(h, #""viewport": {"width": 300, "height": 200}, "kind": "pager""#, count: 5, prefix: "p")
    _ = await h.call(5, "pager/scrollToPage", #"{"sessionId": "s1", "page": 2}"#)
    let (result, svg) = await SnapshotTests.snapshot(h, id: 6)
    #expect(result?["rect"] == json(#"{"x": 600, "y": 0, "width": 300, "height": 200}"#))
    #expect(svg?.all(class: "item").map { $0.attributes["data-row-id"] ?? "" } == ["p2"])
    #expect(svg?.all(class: "item").first?.attributes["transform"] == "translate(600 0)")
    let (_, all) = await SnapshotTests.snapshot(h, id: 7, #", "rect": {"x": 0, "width": 1500}"#)
    #expect(all?.all(class: "item").count == 5)
    #expect(Self.bands(all, "p0").isEmpty)
    #expect(Self.bands(all, "p1").map { $0.attributes["class"] ?? "" } == ["band preload"])
    #expect(Self.bands(all, "p2").count == 3)
    #expect(Self.bands(all, "p3").map { $0.attributes["class"] ?? "" } == ["band preload"])
    #expect(Self.bands(all, "p4").isEmpty)
    h.closeInput()
  }
}
