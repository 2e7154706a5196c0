import JSONCodec
import Testing

@Suite("table/rowAtPoint, table/rowsInRect and cell/elementFrames", .serialized)
struct GeometryTests {
  /// Rows a (10 → 10.5), b (20 → 20.5), c (30 → 30.5) in a 320-wide table: a at 0, b at 10.5, c at 31, end 61.5.
  func setUp(_ h: ServerHarness) async {
    await h.startSession()
    let rows =
      #"[{"id": "a", "cell": {"type": "node", "style": {"height": 10}}}, "#
      + #"{"id": "b", "cell": {"type": "node", "style": {"height": 20}}}, "#
      + #"{"id": "c", "cell": {"type": "node", "style": {"height": 30}}}]"#
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(rows)}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
  }

  @Test("the row at a point: inside, on an edge, outside")
  func rowAtPoint() async {
    let h = ServerHarness()
    await setUp(h)
    let cases: [(String, String)] = [
      (
        #"{"x": 5, "y": 10.5}"#,
        #"{"rowId": "b", "indexPath": [0, 1], "frame": {"x": 0, "y": 10.5, "width": 320, "height": 20.5}}"#
      ),
      (
        #"{"x": 319, "y": 61}"#,
        #"{"rowId": "c", "indexPath": [0, 2], "frame": {"x": 0, "y": 31, "width": 320, "height": 30.5}}"#
      ),
      (#"{"x": 5, "y": 61.5}"#, "null"),
      (#"{"x": 5, "y": -1}"#, "null"),
      (#"{"x": 320, "y": 5}"#, "null"),
    ]
    for (index, (point, expected)) in cases.enumerated() {
      #expect(
        await h.call(5 + index, "table/rowAtPoint", #"{"sessionId": "s1", "point": \#(point)}"#).last?["result"]
          == json(expected), "\(point)")
    }
    #expect(
      await h.call(20, "table/rowAtPoint", #"{"sessionId": "s1", "point": {"x": 1}}"#).last?["error"]?["message"]
        == .string(#"params.point: missing required member "y""#))
    h.closeInput()
  }

  @Test("rows in a rect, in order")
  func rowsInRect() async {
    let h = ServerHarness()
    await setUp(h)
    let both = await h.call(
      5, "table/rowsInRect", #"{"sessionId": "s1", "rect": {"x": 0, "y": 5, "width": 10, "height": 10}}"#)
    #expect(both.last?["result"]?["rows"]?.arrayValue?.compactMap { $0["rowId"]?.stringValue } == ["a", "b"])
    let all = await h.call(
      6, "table/rowsInRect", #"{"sessionId": "s1", "rect": {"x": -5, "y": -100, "width": 10, "height": 1000}}"#)
    #expect(all.last?["result"]?["rows"]?.arrayValue?.count == 3)
    let none = await h.call(
      7, "table/rowsInRect", #"{"sessionId": "s1", "rect": {"x": 400, "y": 0, "width": 10, "height": 10}}"#)
    #expect(none.last?["result"] == json(#"{"rows": []}"#))
    #expect(
      await h.call(8, "table/rowsInRect", #"{"sessionId": "s1", "rect": {"x": 0, "y": 0, "width": -1, "height": 1}}"#)
        .last?["error"]?["message"]
        == .string("params.rect.width: expected a number ≥ 0, got -1"))
    h.closeInput()
  }

  /// A vertical stack holding an Ahem text "aaaa bbbb" (10 pt) with id "title" above a 20 pt node with id "photo".
  static let card =
    #"{"type": "stack", "direction": "vertical", "children": ["#
    + #"{"type": "text", "id": "title", "text": "aaaa bbbb", "fontSize": 10}, "#
    + #"{"type": "node", "id": "photo", "style": {"height": 20}}]}"#

  @Test("element frames relative to the cell, with text lines; an element patched by id")
  func elementFrames() async {
    let h = ServerHarness()
    await h.startSession()
    _ = await h.call(3, "session/setViewport", #"{"sessionId": "s1", "viewport": {"width": 60}}"#)
    _ = await h.call(4, "table/insertRows", #"{"sessionId": "s1", "rows": [{"id": "k", "cell": \#(Self.card)}]}"#)
    _ = await h.call(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // 60 wide: "aaaa " / "bbbb" → two 10 pt lines (text 40 wide, stretched to 60), then the 20 pt node.
    #expect(
      await h.call(6, "cell/elementFrames", #"{"sessionId": "s1", "row": "k"}"#).last?["result"]
        == json(
          #"""
          {"rowId": "k", "indexPath": [0, 0], "size": {"width": 60, "height": 40}, "elements": [
            {"type": "text", "id": "title", "frame": {"x": 0, "y": 0, "width": 60, "height": 20}, "lines": [
              {"range": [0, 5], "x": 0, "width": 40, "baseline": 8, "truncated": false},
              {"range": [5, 9], "x": 0, "width": 40, "baseline": 18, "truncated": false}]},
            {"type": "node", "id": "photo", "frame": {"x": 0, "y": 20, "width": 60, "height": 20}}]}
          """#))
    // Patch the photo to 50 pt: the row grows by 30.
    let patch =
      #"{"sessionId": "s1", "row": "k", "element": "photo", "spec": {"type": "node", "id": "photo", "style": {"height": 50}}}"#
    _ = await h.call(7, "cell/setNeedsLayout", patch)
    let changed = await h.notification("table/heightChanged")
    #expect(changed?["params"]?["newHeight"] == .double(70.5))
    #expect(
      await h.call(8, "cell/elementFrames", #"{"sessionId": "s1", "row": [0, 0], "elements": ["photo"]}"#).last?[
        "result"]?["elements"]
        == json(#"[{"type": "node", "id": "photo", "frame": {"x": 0, "y": 20, "width": 60, "height": 50}}]"#))
    let errors: [(String, String, String)] = [
      (
        "cell/elementFrames", #"{"sessionId": "s1", "row": "k", "elements": ["nope"]}"#,
        #"params.elements[0]: no element with id "nope" in row "k""#
      ),
      (
        "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "k", "element": "nope", "spec": {"type": "node"}}"#,
        #"params.element: no element with id "nope" in row "k""#
      ),
      (
        "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "k", "element": "photo"}"#,
        #"params: missing required member "spec""#
      ),
      (
        "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "k", "element": "photo", "cell": {"type": "node"}}"#,
        #"params: give either "cell" or "element" with "spec", not both"#
      ),
      ("cell/elementFrames", #"{"sessionId": "s1", "row": "zz"}"#, #"unknown row id "zz""#),
    ]
    for (index, (method, params, message)) in errors.enumerated() {
      #expect(await h.call(10 + index, method, params).last?["error"]?["message"] == .string(message), "\(params)")
    }
    h.closeInput()
  }
}
