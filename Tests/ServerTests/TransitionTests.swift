import JSONCodec
import Testing

/// `cell/setNeedsLayout` with `"transition": true`: the answer holds the cell's layout before and after, each element
/// with its key (`id:ID`, `name:NAME`, or its type for an anonymous leaf, `#n` for the n-th repeat), and the keys
/// inserted and removed. Cells are vertical stacks (Texture's stack stretches children across by default, so every
/// child is as wide as the 320 pt row) of node leaves with fixed heights.
@Suite("layout transitions of cell/setNeedsLayout", .serialized)
struct TransitionTests {
  /// A vertical stack of `children` (spec JSON).
  static func stack(_ children: [String]) -> String {
    #"{"type": "stack", "direction": "vertical", "children": [\#(children.joined(separator: ","))]}"#
  }

  /// A node leaf `height` tall, with id `id` when given.
  static func node(_ height: Int, id: String? = nil) -> String {
    let identity = id.map { #""id": "\#($0)", "# } ?? ""
    return #"{"type": "node", \#(identity)"style": {"height": \#(height)}}"#
  }

  /// A frame `{x: 0, y, width: 320, height}`.
  static func frame(_ y: Double, _ height: Double) -> String {
    #"{"x": 0, "y": \#(y), "width": 320, "height": \#(height)}"#
  }

  @Test("an element removed, one inserted, the others matched by id and by position, both sides' frames")
  func insertedAndRemoved() async {
    let h = ServerHarness()
    await h.startSession()
    let before = Self.stack([Self.node(10, id: "a"), Self.node(20, id: "b"), Self.node(5)])
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": [{"id": "k", "cell": \#(before)}]}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // Before: a 0–10, b 10–30, the anonymous node 30–35 (cell 320 × 35). After, a gone and c (30) added last: b
    // 0–20, the anonymous node 20–25, c 25–55 (cell 320 × 55). Keys: id:a, id:b, node → id:b, node, id:c.
    let after = Self.stack([Self.node(20, id: "b"), Self.node(5), Self.node(30, id: "c")])
    let answer = await h.call(
      5, "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "k", "cell": \#(after), "transition": true}"#)
    let f = Self.frame
    #expect(
      answer.last?["result"]
        == json(
          """
          {"seq": 1, "rowId": "k", "indexPath": [0, 0],
           "before": {"size": {"width": 320, "height": 35}, "elements": [
             {"type": "node", "id": "a", "frame": \(f(0, 10)), "key": "id:a"},
             {"type": "node", "id": "b", "frame": \(f(10, 20)), "key": "id:b"},
             {"type": "node", "frame": \(f(30, 5)), "key": "node"}]},
           "after": {"size": {"width": 320, "height": 55}, "elements": [
             {"type": "node", "id": "b", "frame": \(f(0, 20)), "key": "id:b"},
             {"type": "node", "frame": \(f(20, 5)), "key": "node"},
             {"type": "node", "id": "c", "frame": \(f(25, 30)), "key": "id:c"}]},
           "inserted": ["id:c"], "removed": ["id:a"]}
          """))
    // The row itself changes height as without a transition: 35.5 → 55.5.
    // (It may come before or after the answer, which is laid out off the session.)
    let messages = answer + (await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#))
    let changed = messages.first { $0["method"] == .string("table/heightChanged") }
    #expect(changed?["params"]?["newHeight"] == .double(55.5))
    h.closeInput()
  }

  @Test("anonymous leaves of one type are matched by position; the element form patches by id")
  func anonymousAndPatch() async {
    let h = ServerHarness()
    await h.startSession()
    let cell = Self.stack([Self.node(10), Self.node(10, id: "p"), Self.node(10)])
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": [{"id": "k", "cell": \#(cell)}]}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // p grows to 40: the first anonymous node (key node) stays at 0–10, p 10–20 → 10–50, the second anonymous
    // node (key node#1) 20–30 → 50–60. Nothing inserted or removed.
    let patch =
      #"{"sessionId": "s1", "row": "k", "element": "p", "spec": \#(Self.node(40, id: "p")), "transition": true}"#
    let result = await h.call(5, "cell/setNeedsLayout", patch).last?["result"]
    let keys = { (side: String) in result?[side]?["elements"]?.arrayValue?.map { $0["key"] } ?? [] }
    #expect(keys("before") == ["node", "id:p", "node#1"].map { JSONValue.string($0) })
    #expect(keys("after") == keys("before"))
    #expect(
      result?["after"]?["elements"]?.arrayValue?.map { $0["frame"]?["y"] } == [0, 10, 50].map { JSONValue.int($0) })
    #expect(result?["after"]?["size"]?["height"] == .int(60))
    #expect(result?["inserted"] == json("[]") && result?["removed"] == json("[]"))
    // Without transition the answer is {seq} only; with the rows form it is refused.
    #expect(
      await h.call(6, "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "k"}"#).last?["result"]
        == json(#"{"seq": 1}"#))
    #expect(
      await h.call(7, "cell/setNeedsLayout", #"{"sessionId": "s1", "rows": ["k"], "transition": true}"#).last?[
        "error"]?["message"] == .string(#"params.transition: a transition is given for one row: use "row", not "rows""#)
    )
    h.closeInput()
  }

  @Test("a side whose layout fails is empty with its error; the relayout stands")
  func failedSide() async {
    let h = ServerHarness()
    await h.startLenientSession()
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": [{"id": "k", "cell": \#(Self.node(10))}]}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let bad = #"{"type": "text", "text": "hi", "fontFamily": "NoSuchFont"}"#
    let result = await h.call(
      5, "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "k", "cell": \#(bad), "transition": true}"#
    ).last?["result"]
    // Before: the anonymous 10 pt node; after: nothing, 320 × 0 (a failed cell is 0 high), so the node is removed.
    #expect(result?["before"]?["elements"]?.arrayValue?.map { $0["key"] } == [.string("node")])
    #expect(result?["after"]?["size"] == json(#"{"width": 320, "height": 0}"#))
    #expect(result?["after"]?["elements"] == json("[]"))
    let error = result?["after"]?["error"]?.stringValue ?? ""
    #expect(error.hasPrefix(#"row "k" failed to lay out: "#) && error.contains("NoSuchFont"))
    #expect(result?["inserted"] == json("[]") && result?["removed"] == json(#"["node"]"#))
    // The row's height becomes 0 + 0.5 as without a transition.
    _ = await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      await h.call(7, "table/rowFrame", #"{"sessionId": "s1", "row": "k"}"#).last?["result"]?["frame"]?["height"]
        == .double(0.5))
    h.closeInput()
  }
}
