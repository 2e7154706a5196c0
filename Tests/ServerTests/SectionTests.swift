import JSONCodec
import Testing

@Suite("section methods, reloadData and describe", .serialized)
struct SectionTests {
  /// A node cell `height` points tall.
  static func cell(_ height: Int) -> String { #"{"type": "node", "style": {"height": \#(height)}}"# }

  /// The committed rows as `[[id]]` and heights (row heights with the 0.5 separator).
  func describe(_ h: ServerHarness, _ id: Int, state: String = "committed") async -> JSONValue? {
    await h.call(id, "table/describe", #"{"sessionId": "s1", "state": "\#(state)"}"#).last?["result"]
  }

  @Test("reloadData replaces everything; insert, move, reload and delete sections commit in order")
  func sections() async {
    let h = ServerHarness()
    await h.startSession()
    let data =
      #"{"sessionId": "s1", "sections": [{"rows": [{"id": "a", "cell": \#(Self.cell(10))}]}, "#
      + #"{"rows": [{"id": "b", "cell": \#(Self.cell(20))}, {"cell": \#(Self.cell(30))}]}]}"#
    #expect(
      await h.call(3, "table/reloadData", data).last?["result"]
        == json(#"{"seq": 1, "rowIds": [["a"], ["b", "r1"]]}"#))
    let inserted = #"{"sessionId": "s1", "at": 1, "sections": [{"rows": [{"id": "c", "cell": \#(Self.cell(40))}]}]}"#
    #expect(
      await h.call(4, "table/insertSections", inserted).last?["result"]
        == json(#"{"seq": 2, "rowIds": [["c"]]}"#))
    #expect(
      await h.call(5, "table/moveSection", #"{"sessionId": "s1", "from": 0, "to": 2}"#).last?["result"]
        == json(#"{"seq": 3}"#))
    let reload = #"{"sessionId": "s1", "sections": [{"section": 1, "rows": [{"id": "d", "cell": \#(Self.cell(5))}]}]}"#
    #expect(await h.call(6, "table/reloadSections", reload).last?["result"] == json(#"{"seq": 4, "rowIds": [["d"]]}"#))
    _ = await h.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // Sections now: [c], [d], [a]: 40.5 + 5.5 + 10.5 = 56.5.
    #expect(
      await describe(h, 8)
        == json(
          #"""
          {"seq": 4, "contentSize": {"width": 320, "height": 56.5}, "sections": [
            {"rows": [{"id": "c", "height": 40.5}]}, {"rows": [{"id": "d", "height": 5.5}]},
            {"rows": [{"id": "a", "height": 10.5}]}]}
          """#))
    #expect(
      await h.call(9, "table/deleteSections", #"{"sessionId": "s1", "sections": [0, 2]}"#).last?["result"]
        == json(#"{"seq": 5}"#))
    _ = await h.call(10, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      await describe(h, 11)
        == json(
          #"""
          {"seq": 5, "contentSize": {"width": 320, "height": 5.5}, "sections": [{"rows": [{"id": "d", "height": 5.5}]}]}
          """#))
    h.closeInput()
  }

  @Test("invalid section edits are refused with the model's text and change nothing")
  func invalid() async {
    let h = ServerHarness()
    await h.startSession()
    let data = #"{"sessionId": "s1", "sections": [{"rows": [{"id": "a", "cell": \#(Self.cell(10))}]}]}"#
    _ = await h.call(3, "table/reloadData", data)
    let cases: [(String, String, String, Int)] = [
      (
        "table/deleteSections", #"{"sessionId": "s1", "sections": [1]}"#,
        "cannot delete section 1: only 1 sections before the update", -32004
      ),
      (
        "table/moveSection", #"{"sessionId": "s1", "from": 0, "to": 3}"#,
        "cannot insert section 3: only 1 sections after the update", -32004
      ),
      (
        "table/insertSections", #"{"sessionId": "s1", "at": 5, "sections": [{"rows": []}]}"#,
        "cannot insert section 5: only 2 sections after the update", -32004
      ),
      (
        "table/deleteSections", #"{"sessionId": "s1", "sections": [-1]}"#,
        "params.sections[0]: expected a non-negative integer, got -1", -32602
      ),
      (
        "table/reloadSections", #"{"sessionId": "s1", "sections": [{"rows": []}]}"#,
        #"params.sections[0]: missing required member "section""#, -32602
      ),
      (
        "table/reloadData",
        #"{"sessionId": "s1", "sections": [{"rows": [{"id": "x", "cell": \#(Self.cell(1))}, "#
          + #"{"id": "x", "cell": \#(Self.cell(1))}]}]}"#, #"duplicate row id "x""#, -32004
      ),
      (
        "table/insertSections", #"{"sessionId": "s1", "sections": [{"rows": [{"cell": {"type": "nope"}}]}]}"#,
        "", -32602
      ),
    ]
    for (index, (method, params, message, code)) in cases.enumerated() {
      let error = await h.call(4 + index, method, params).last?["error"]
      #expect(error?["code"] == .int(Int64(code)), "\(method) \(params)")
      if !message.isEmpty { #expect(error?["message"] == .string(message), "\(method) \(params)") }
    }
    _ = await h.call(20, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      await describe(h, 21)
        == json(
          #"""
          {"seq": 1, "contentSize": {"width": 320, "height": 10.5}, "sections": [{"rows": [{"id": "a", "height": 10.5}]}]}
          """#))
    #expect(await describe(h, 22, state: "pending")?["seq"] == .int(1))
    #expect(
      await h.call(23, "table/describe", #"{"sessionId": "s1", "state": "soon"}"#).last?["error"]?["message"]
        == .string(#"params.state: expected "committed" or "pending", got "soon""#))
    h.closeInput()
  }
}
