import JSONCodec
import Testing

@Suite("Row members: heightRange, accessoryType, selectionStyle, separatorInset", .serialized)
struct RowMembersTests {
  @Test("a height range clamps a short and a tall cell; the width stays the table's")
  func heightRange() async {
    let h = ServerHarness()
    await h.startSession()  // 320 wide, scale 2, separators (0.5 pt)
    let rows =
      #"[{"id": "short", "cell": {"type": "node", "style": {"height": 10}}, "heightRange": {"min": 44}}, "#
      + #"{"id": "tall", "cell": {"type": "node", "style": {"height": 300}}, "heightRange": {"min": 44, "max": 100}}, "#
      + #"{"id": "free", "cell": {"type": "node", "style": {"height": 300}}, "heightRange": null}, "#
      + #"{"id": "centred", "cell": {"type": "center", "centeringOptions": ["x", "y"], "child": "#
      + #"{"type": "node", "id": "dot", "style": "#
      + #"{"width": 10, "height": 10}}}, "heightRange": {"min": 60}}]"#
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(rows)}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // Texture (§1.6, §7.2): the node's exact style height is intersected with the delegate's range [min, max]; when
    // they do not meet, the range wins with its point nearest the style: 10 below [44, ∞) → 44; 300 above [44, 100]
    // → 100; no range → 300. A center spec (centering x and y) gets the range too: it is the range's min, 320 × 60,
    // and its 10 × 10 child sits at x (320 − 10) / 2 = 155, y (60 − 10) / 2 = 25 (specs flatten away).
    // Rows add the 0.5 pt separator.
    #expect(
      await h.call(5, "table/describe", #"{"sessionId": "s1"}"#).last?["result"]?["sections"]
        == json(
          #"""
          [{"rows": [
            {"id": "short", "height": 44.5, "heightRange": {"min": 44}},
            {"id": "tall", "height": 100.5, "heightRange": {"min": 44, "max": 100}},
            {"id": "free", "height": 300.5},
            {"id": "centred", "height": 60.5, "heightRange": {"min": 60}}]}]
          """#))
    #expect(
      await h.call(6, "cell/elementFrames", #"{"sessionId": "s1", "row": "centred"}"#).last?["result"]?["elements"]
        == json(
          #"""
          [{"type": "node", "id": "dot", "frame": {"x": 155, "y": 25, "width": 10, "height": 10}}]
          """#))
    // In a batch: inserted at the top with {max: 20}: a 300 pt cell is 20 tall; 44.5 + 100.5 + 300.5 + 60.5 + 20.5.
    let batch =
      #"{"sessionId": "s1", "operations": [{"op": "insertRows", "rows": [{"at": [0, 0], "id": "b", "cell": "#
      + #"{"type": "node", "style": {"height": 300}}, "heightRange": {"max": 20}}]}]}"#
    _ = await h.call(7, "table/performBatchUpdates", batch)
    _ = await h.call(8, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      await h.call(9, "table/rowFrame", #"{"sessionId": "s1", "row": "b"}"#).last?["result"]
        == json(
          #"{"rowId": "b", "indexPath": [0, 0], "frame": {"x": 0, "y": 0, "width": 320, "height": 20.5}, "heightRange": {"min": 0, "max": 20}}"#
        ))
    #expect(
      await h.call(10, "table/contentSize", #"{"sessionId": "s1"}"#).last?["result"]
        == json(#"{"width": 320, "height": 526.5}"#))
    h.closeInput()
  }

  @Test("malformed height ranges and row members are refused, naming the path, and change nothing")
  func errors() async {
    let h = ServerHarness()
    await h.startSession()
    let node = #"{"type": "node", "style": {"height": 10}}"#
    let cases: [(String, String)] = [
      (#""heightRange": {"min": -1}"#, #"params.rows[0].heightRange.min: expected a number in [0, 1e9], got -1"#),
      (
        #""heightRange": {"min": 50, "max": 10}"#,
        #"params.rows[0].heightRange.max: expected a number ≥ min (50), got 10"#
      ),
      (
        #""heightRange": {"hieght": 5}"#,
        #"params.rows[0].heightRange.hieght: unknown member of a height range; valid members: "min", "max""#
      ),
      (#""heightRange": 5"#, #"params.rows[0].heightRange: expected an object {min?, max?}, got a number"#),
      (#""heightRange": {"max": "big"}"#, #"params.rows[0].heightRange.max: expected a number, got a string"#),
      (
        #""heightRange": {"min": 1e10}"#,
        #"params.rows[0].heightRange.min: expected a number in [0, 1e9], got 10000000000"#
      ),
      (
        #""accessoryType": "chevron""#,
        #"params.rows[0].accessoryType: expected one of "none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton", got "chevron""#
      ),
      (
        #""selectionStyle": 1"#,
        #"params.rows[0].selectionStyle: expected one of "none", "blue", "gray", "default", got 1"#
      ),
      (
        #""separatorInset": {"top": 1}"#,
        #"params.rows[0].separatorInset.top: "top" is not supported on a separator inset (Texture has it; layoutd does not yet); UIKit ignores a separator inset's top; valid members: "left", "right""#
      ),
      (
        #""separatorInset": {"left": -2}"#,
        #"params.rows[0].separatorInset.left: expected a number in [0, 1e9], got -2"#
      ),
    ]
    for (index, (member, message)) in cases.enumerated() {
      let params = #"{"sessionId": "s1", "rows": [{"id": "x", "cell": \#(node), \#(member)}]}"#
      #expect(
        await h.call(3 + index, "table/insertRows", params).last?["error"]
          == .object(JSONObject([("code", .int(-32602)), ("message", .string(message))])))
    }
    // The batch path names its own paths.
    let batch =
      #"{"sessionId": "s1", "operations": [{"op": "insertRows", "rows": [{"at": [0, 0], "cell": \#(node), "#
      + #""heightRange": {"min": 5, "max": 1}}]}]}"#
    #expect(
      await h.call(20, "table/performBatchUpdates", batch).last?["error"]?["message"]
        == .string("params.operations[0].rows[0].heightRange.max: expected a number ≥ min (5), got 1"))
    #expect(
      await h.call(21, "table/describe", #"{"sessionId": "s1", "state": "pending"}"#).last?["result"]?["sections"]
        == json(#"[{"rows": []}]"#))
    h.closeInput()
  }

  /// An Ahem text (2 pt glyphs, 2 pt lines) of `length` characters: a word of `length - 5` a's, a space, "bbbb".
  static func text(_ length: Int) -> String {
    let words = String(repeating: "a", count: length - 5) + " bbbb"
    return #"{"type": "text", "text": "\#(words)", "fontFamily": "Ahem", "fontSize": 2}"#
  }

  @Test(
    "an accessory narrows the width the cell is laid out at by UIKit's accessory width",
    arguments: [
      // Table 320 wide; content width = 320 − accessory width (34, 68, 40, 48); a text of L 2-pt glyphs fits one line
      // when 2L ≤ content width: L = ⌊width / 2⌋ fits (one 2 pt line), one more wraps "bbbb" (two lines, 4 pt).
      ("none", 320.0, 160), ("disclosureIndicator", 286, 143), ("detailDisclosureButton", 252, 126),
      ("checkmark", 280, 140), ("detailButton", 272, 136),
    ])
  func accessoryWidths(type: String, contentWidth: Double, fits: Int) async {
    let h = ServerHarness()
    await h.startSession()
    let rows =
      #"[{"id": "fits", "accessoryType": "\#(type)", "cell": \#(Self.text(fits))}, "#
      + #"{"id": "wraps", "accessoryType": "\#(type)", "cell": \#(Self.text(fits + 1))}]"#
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(rows)}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let described = await h.call(5, "table/describe", #"{"sessionId": "s1"}"#).last?["result"]?["sections"]
    let members =
      type == "none"
      ? ""
      : #", "accessoryType": "\#(type)", "selectionStyle": "default", "separatorInset": {"left": 0, "right": 0}, "#
        + #""contentWidth": \#(JSONWriter.string(.double(contentWidth)))"#
    #expect(
      described
        == json(#"[{"rows": [{"id": "fits", "height": 2.5\#(members)}, {"id": "wraps", "height": 4.5\#(members)}]}]"#))
    // The element frames are the cell's at its content width.
    #expect(
      await h.call(6, "cell/elementFrames", #"{"sessionId": "s1", "row": "fits"}"#).last?["result"]?["size"]
        == .object(JSONObject([("width", .double(contentWidth)), ("height", .double(2))])))
    h.closeInput()
  }
}
