import JSONCodec
import Testing

@Suite("table/selectRow, table/deselectRow, table/selectedRows, table/setSelectionOptions", .serialized)
struct SelectionMethodsTests {
  /// Rows a…e (10, 20, 30, 40, 50 pt nodes) committed in a session created with `create`'s extra members.
  func setUp(_ h: ServerHarness, _ create: String = "") async {
    _ = await h.call(1, "initialize")
    _ = await h.call(
      2, "session/create", #"{"viewport": {"width": 320, "height": 480}, "interfaceStates": false\#(create)}"#)
    let rows = ["a", "b", "c", "d", "e"].enumerated().map { index, id in
      #"{"id": "\#(id)", "cell": {"type": "node", "style": {"height": \#((index + 1) * 10)}}}"#
    }
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": [\#(rows.joined(separator: ", "))]}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
  }

  /// The `table/selectionChanged` params `{selected, deselected, rows, seq}` for row ids and `[id, section, row]`.
  static func changed(_ selected: [String], _ deselected: [String], _ rows: [(String, Int)], seq: Int) -> JSONValue {
    let ids = { (list: [String]) in list.map { #""\#($0)""# }.joined(separator: ", ") }
    let entries = rows.map { #"{"rowId": "\#($0.0)", "indexPath": [0, \#($0.1)]}"# }.joined(separator: ", ")
    return json(
      #"{"sessionId": "s1", "selected": [\#(ids(selected))], "deselected": [\#(ids(deselected))], "rows": [\#(entries)], "seq": \#(seq)}"#
    )
  }

  @Test("single selection: selecting a row deselects the other; the same row again changes nothing")
  func single() async {
    let h = ServerHarness()
    await setUp(h)
    // UIKit: allowsSelection true, allowsMultipleSelection false. Select a, then b: a is deselected.
    var answer = await h.call(5, "table/selectRow", #"{"sessionId": "s1", "row": "a"}"#)
    #expect(answer.count == 2)
    #expect(answer.first?["params"] == Self.changed(["a"], [], [("a", 0)], seq: 1))
    #expect(answer.last?["result"] == json(#"{"rows": [{"rowId": "a", "indexPath": [0, 0]}]}"#))
    answer = await h.call(6, "table/selectRow", #"{"sessionId": "s1", "row": [0, 1]}"#)
    #expect(answer.first?["params"] == Self.changed(["b"], ["a"], [("b", 1)], seq: 1))
    answer = await h.call(7, "table/selectRow", #"{"sessionId": "s1", "row": "b"}"#)
    #expect(answer.count == 1)  // no notification: b already was the selection
    #expect(answer.last?["result"] == json(#"{"rows": [{"rowId": "b", "indexPath": [0, 1]}]}"#))
    // describe marks it.
    #expect(
      await h.call(8, "table/describe", #"{"sessionId": "s1"}"#).last?["result"]?["sections"]
        == json(
          #"[{"rows": [{"id": "a", "height": 10.5}, {"id": "b", "height": 20.5, "selected": true}, {"id": "c", "height": 30.5}, {"id": "d", "height": 40.5}, {"id": "e", "height": 50.5}]}]"#
        ))
    // Deselecting a row that is not selected changes nothing; deselecting b empties the selection.
    #expect(await h.call(9, "table/deselectRow", #"{"sessionId": "s1", "row": "c"}"#).count == 1)
    answer = await h.call(10, "table/deselectRow", #"{"sessionId": "s1", "row": "b"}"#)
    #expect(answer.first?["params"] == Self.changed([], ["b"], [], seq: 1))
    #expect(
      await h.call(11, "table/selectedRows", #"{"sessionId": "s1"}"#).last?["result"] == json(#"{"rows": []}"#))
    h.closeInput()
  }

  @Test("multiple selection, then turning it off keeps the first row; turning selection off clears it")
  func multiple() async {
    let h = ServerHarness()
    await setUp(h, #", "allowsMultipleSelection": true"#)
    _ = await h.call(5, "table/selectRow", #"{"sessionId": "s1", "row": "d"}"#)
    let answer = await h.call(6, "table/selectRow", #"{"sessionId": "s1", "row": "b"}"#)
    #expect(answer.first?["params"] == Self.changed(["b"], [], [("b", 1), ("d", 3)], seq: 1))
    // Off: only the first selected row in row order (b) stays.
    let off = await h.call(7, "table/setSelectionOptions", #"{"sessionId": "s1", "allowsMultipleSelection": false}"#)
    #expect(off.first?["params"] == Self.changed([], ["d"], [("b", 1)], seq: 1))
    #expect(
      off.last?["result"]
        == json(
          #"{"allowsSelection": true, "allowsMultipleSelection": false, "rows": [{"rowId": "b", "indexPath": [0, 1]}]}"#
        ))
    let none = await h.call(8, "table/setSelectionOptions", #"{"sessionId": "s1", "allowsSelection": false}"#)
    #expect(none.first?["params"] == Self.changed([], ["b"], [], seq: 1))
    #expect(
      await h.call(9, "table/selectRow", #"{"sessionId": "s1", "row": "a"}"#).last?["error"]
        == json(#"{"code": -32004, "message": "selection is off (allowsSelection is false)"}"#))
    h.closeInput()
  }

  @Test("across one batch: the deleted and the reloaded row lose the selection, the moved row keeps it")
  func acrossBatch() async {
    let h = ServerHarness()
    await setUp(h, #", "allowsMultipleSelection": true"#)
    for (index, id) in ["a", "b", "c", "d"].enumerated() {
      _ = await h.call(5 + index, "table/selectRow", #"{"sessionId": "s1", "row": "\#(id)"}"#)
    }
    // Old [a, b, c, d, e]: delete a ([0, 0]), reload b ([0, 1]), move c ([0, 2]) to [0, 0] → new [c, b, d, e].
    // UIKit: a deleted row drops its selection, a reloaded row's new cell is unselected, a moved row keeps it, d is
    // untouched. Selection after: c at [0, 0], d at [0, 2]; deselected b (still shown, row order) then a (gone).
    let batch =
      #"{"sessionId": "s1", "operations": [{"op": "deleteRows", "rows": [[0, 0]]}, "#
      + #"{"op": "reloadRows", "rows": [{"row": [0, 1], "cell": {"type": "node", "style": {"height": 25}}}]}, "#
      + #"{"op": "moveRow", "from": [0, 2], "to": [0, 0]}]}"#
    _ = await h.call(10, "table/performBatchUpdates", batch)
    let committed = await h.notification("table/didCommit")
    #expect(committed?["params"]?["seq"] == .int(2))
    let changed = await h.notification("table/selectionChanged")
    #expect(changed?["params"] == Self.changed([], ["b", "a"], [("c", 0), ("d", 2)], seq: 2))
    #expect(
      await h.call(11, "table/selectedRows", #"{"sessionId": "s1"}"#).last?["result"]
        == json(#"{"rows": [{"rowId": "c", "indexPath": [0, 0]}, {"rowId": "d", "indexPath": [0, 2]}]}"#))
    // c (30.5) + b (25.5) above d: its frame says selected.
    #expect(
      await h.call(12, "table/rowFrame", #"{"sessionId": "s1", "row": "d"}"#).last?["result"]
        == json(
          #"{"rowId": "d", "indexPath": [0, 2], "frame": {"x": 0, "y": 56, "width": 320, "height": 40.5}, "selected": true}"#
        ))
    h.closeInput()
  }

  @Test("rows that name no committed row and unknown members are refused")
  func errors() async {
    let h = ServerHarness()
    await setUp(h)
    let cases: [(String, String, String)] = [
      ("table/selectRow", #"{"sessionId": "s1", "row": "zz"}"#, #"unknown row id "zz""#),
      ("table/selectRow", #"{"sessionId": "s1", "row": [0, 9]}"#, "row [0, 9] out of range (section 0 has 5 rows)"),
      (
        "table/deselectRow", #"{"sessionId": "s1", "row": true}"#,
        "params.row: expected a row id or [section, row], got true"
      ),
      ("table/deselectRow", #"{"sessionId": "s1"}"#, #"params: missing required member "row""#),
      (
        "table/selectRow", #"{"sessionId": "s1", "row": "a", "animated": true}"#,
        #"params.animated: "animated" is not supported on a selection call's params (Texture has it; layoutd does not yet); nothing is animated; valid members: "sessionId", "row""#
      ),
      (
        "table/setSelectionOptions", #"{"sessionId": "s1", "allowsSelection": 1}"#,
        "params.allowsSelection: expected a boolean, got a number"
      ),
    ]
    for (index, (method, params, message)) in cases.enumerated() {
      #expect(
        await h.call(5 + index, method, params).last?["error"]?["message"] == .string(message), "\(method) \(params)")
    }
    #expect(await h.call(20, "table/selectedRows", #"{"sessionId": "s1"}"#).last?["result"] == json(#"{"rows": []}"#))
    h.closeInput()
  }
}
