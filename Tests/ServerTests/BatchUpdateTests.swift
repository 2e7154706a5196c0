import JSONCodec
import Testing

@Suite("table/performBatchUpdates", .serialized)
struct BatchUpdateTests {
  /// A node cell `height` points tall.
  static func cell(_ height: Int) -> String { #"{"type": "node", "style": {"height": \#(height)}}"# }

  /// Rows a (10), b (20), c (30), d (40) in section 0, committed.
  func setUp(_ h: ServerHarness) async {
    await h.startSession()
    let rows = ["a", "b", "c", "d"].enumerated().map { #"{"id": "\#($1)", "cell": \#(Self.cell(10 * ($0 + 1)))}"# }
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": [\#(rows.joined(separator: ","))]}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
  }

  /// Committed row ids of section 0.
  func ids(_ h: ServerHarness, _ id: Int) async -> [String] {
    let result = await h.call(id, "table/describe", #"{"sessionId": "s1"}"#).last?["result"]
    return result?["sections"]?.arrayValue?.first?["rows"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
  }

  @Test("deletes and reloads address the old space, inserts the new, moves both")
  func uikitIndexSpaces() async {
    let h = ServerHarness()
    await setUp(h)
    // Old: a b c d. Delete [0,0] (a), reload [0,2] (c → 5), move b ([0,1]) to [0,3], insert x at [0,0].
    let ops =
      #"[{"op": "deleteRows", "rows": [[0, 0]]}, {"op": "reloadRows", "rows": [{"row": [0, 2], "cell": \#(Self.cell(5))}]}, "#
      + #"{"op": "moveRow", "from": "b", "to": [0, 3]}, {"op": "insertRows", "rows": [{"at": [0, 0], "id": "x", "cell": \#(Self.cell(1))}]}]"#
    #expect(
      await h.call(5, "table/performBatchUpdates", #"{"sessionId": "s1", "operations": \#(ops)}"#).last?["result"]
        == json(#"{"seq": 2, "insertedRowIds": ["x"]}"#))
    let commit = await h.notification("table/didCommit")
    #expect(commit?["params"]?["deletedRowIds"] == json(#"["a"]"#))
    _ = await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // New: x c d b with heights 1.5, 5.5, 40.5, 20.5.
    #expect(await ids(h, 7) == ["x", "c", "d", "b"])
    #expect(
      await h.call(8, "table/rowFrame", #"{"sessionId": "s1", "row": "b"}"#).last?["result"]?["frame"]
        == json(#"{"x": 0, "y": 47.5, "width": 320, "height": 20.5}"#))
    h.closeInput()
  }

  @Test("an invalid batch is refused as a whole and changes nothing")
  func invalidBatches() async {
    let h = ServerHarness()
    await setUp(h)
    let cases: [(String, String, Int)] = [
      (
        #"[{"op": "deleteRows", "rows": [[0, 1]]}, {"op": "deleteRows", "rows": [[0, 9]]}]"#,
        "cannot delete row [0, 9]: section 0 has 4 rows before the update", -32004
      ),
      (
        #"[{"op": "insertRows", "rows": [{"at": [0, 6], "cell": \#(Self.cell(1))}]}]"#,
        "cannot insert row [0, 6]: section 0 has 5 rows after the update", -32004
      ),
      (
        #"[{"op": "deleteRows", "rows": [[0, 1]]}, {"op": "reloadRows", "rows": [{"row": "b"}]}]"#,
        "row [0, 1] is both deleted and reloaded", -32004
      ),
      (#"[{"op": "deleteRows", "rows": ["zz"]}]"#, #"unknown row id "zz""#, -32602),
      (
        #"[{"op": "teleport"}]"#,
        #"params.operations[0].op: expected one of insertRows, deleteRows, reloadRows, moveRow, insertSections, deleteSections, reloadSections, moveSection, setHeader, setFooter, got "teleport""#,
        -32602
      ),
      (
        #"[{"op": "moveRow", "from": [0, 0], "to": "end"}]"#,
        #"params.operations[0].to: expected [section, row], got "end""#, -32602
      ),
      (
        #"[{"op": "insertRows", "rows": [{"at": [0, 0], "cell": {"type": "node", "style": {"height": "tall"}}}]}]"#, "",
        -32602
      ),
    ]
    for (index, (ops, message, code)) in cases.enumerated() {
      let error = await h.call(5 + index, "table/performBatchUpdates", #"{"sessionId": "s1", "operations": \#(ops)}"#)
        .last?["error"]
      #expect(error?["code"] == .int(Int64(code)), "\(ops)")
      if !message.isEmpty { #expect(error?["message"] == .string(message), "\(ops)") }
    }
    let counted = #"{"sessionId": "s1", "operations": [{"op": "deleteRows", "rows": [[0, 0]]}], "rowCounts": [4]}"#
    #expect(
      await h.call(20, "table/performBatchUpdates", counted).last?["error"]?["message"]
        == .string(
          "invalid number of rows in section 0: 4 rows after the update, but 4 before + 0 inserted − 1 deleted = 3"))
    _ = await h.call(21, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(await ids(h, 22) == ["a", "b", "c", "d"])
    #expect(
      await h.call(23, "table/contentSize", #"{"sessionId": "s1"}"#).last?["result"]
        == json(#"{"width": 320, "height": 102}"#))
    h.closeInput()
  }

  @Test("section operations inside a batch")
  func sectionsInBatch() async {
    let h = ServerHarness()
    await setUp(h)
    let ops =
      #"[{"op": "insertSections", "sections": [{"at": 0, "rows": [{"id": "s", "cell": \#(Self.cell(3))}]}]}, "#
      + #"{"op": "deleteRows", "rows": ["d"]}, {"op": "insertRows", "rows": [{"at": [1, 0], "id": "y", "cell": \#(Self.cell(2))}]}]"#
    #expect(
      await h.call(5, "table/performBatchUpdates", #"{"sessionId": "s1", "operations": \#(ops)}"#).last?["result"]
        == json(#"{"seq": 2, "insertedRowIds": ["s", "y"]}"#))
    _ = await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let result = await h.call(7, "table/describe", #"{"sessionId": "s1"}"#).last?["result"]
    #expect(
      result?["sections"]
        == json(
          #"""
          [{"rows": [{"id": "s", "height": 3.5}]}, {"rows": [{"id": "y", "height": 2.5}, {"id": "a", "height": 10.5},
           {"id": "b", "height": 20.5}, {"id": "c", "height": 30.5}]}]
          """#))
    h.closeInput()
  }
}
