import JSONCodec
import Testing

@Suite("cell/setNeedsLayout", .serialized)
struct RelayoutTests {
  @Test("new content for a committed row re-lays it out and pushes table/heightChanged; rows below move")
  func heightChanged() async {
    let h = ServerHarness()
    await h.startSession()
    let rows =
      #"[{"id": "a", "cell": {"type": "node", "style": {"height": 44}}}, {"id": "b", "cell": {"type": "node", "style": {"height": 10}}}]"#
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(rows)}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let update = #"{"sessionId": "s1", "row": "a", "cell": {"type": "node", "style": {"height": 60}}}"#
    #expect(
      await h.call(5, "cell/setNeedsLayout", update).last == json(#"{"jsonrpc":"2.0","id":5,"result":{"seq":1}}"#))
    // Row a: 44 + 0.5 → 60 + 0.5; content 60.5 + 10.5 = 71.
    #expect(
      await h.notification("table/heightChanged")
        == json(
          #"""
          {"jsonrpc":"2.0","method":"table/heightChanged","params":{"sessionId":"s1","rowId":"a","indexPath":[0,0],
           "oldHeight":44.5,"newHeight":60.5,"contentSize":{"width":320,"height":71},"seq":1}}
          """#))
    #expect(
      await h.call(6, "table/rowFrame", #"{"sessionId": "s1", "row": "b"}"#).last?["result"]
        == json(#"{"rowId":"b","indexPath":[0,1],"frame":{"x":0,"y":60.5,"width":320,"height":10.5}}"#))
    h.closeInput()
  }

  @Test("setNeedsLayout errors: unknown row, row out of range, bad spec")
  func errors() async {
    let h = ServerHarness()
    await h.startSession()
    func message(_ id: Int, _ params: String) async -> JSONValue? {
      await h.call(id, "cell/setNeedsLayout", params).last?["error"]?["message"]
    }
    #expect(await message(3, #"{"sessionId": "s1", "row": "zz"}"#) == .string(#"unknown row id "zz""#))
    #expect(
      await message(4, #"{"sessionId": "s1", "row": [0, 2]}"#)
        == .string("row [0, 2] out of range (section 0 has 0 rows)"))
    #expect(
      await message(5, #"{"sessionId": "s1", "row": true}"#)
        == .string("params.row: expected a row id or [section, row], got true"))
    _ = await h.call(6, "table/insertRows", #"{"sessionId": "s1", "rows": [{"cell": {"type": "node"}}]}"#)
    #expect(
      await message(7, #"{"sessionId": "s1", "row": "r1", "cell": {"type": "node", "style": {"height": "x"}}}"#)
        == .string(
          #"params.cell.style.height: expected a number or a dimension string ("auto", "12pt", "50%"), got "x""#))
    h.closeInput()
  }
}
