import JSONCodec
import Testing

@Suite("table/deleteRows and table/moveRow", .serialized)
struct RowEditTests {
  /// Inserts rows a (44), b (10), c (20) in a 320-wide table at scale 2 with separators and waits for the commit.
  func setUp(_ h: ServerHarness) async {
    await h.startSession()
    let rows =
      #"[{"id": "a", "cell": {"type": "node", "style": {"height": 44}}}, "#
      + #"{"id": "b", "cell": {"type": "node", "style": {"height": 10}}}, "#
      + #"{"id": "c", "cell": {"type": "node", "style": {"height": 20}}}]"#
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(rows)}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
  }

  @Test("deleting a row commits and moves the rows below up")
  func delete() async {
    let h = ServerHarness()
    await setUp(h)
    #expect(
      await h.call(5, "table/deleteRows", #"{"sessionId": "s1", "rows": ["a"]}"#).last
        == json(#"{"jsonrpc":"2.0","id":5,"result":{"seq":2}}"#))
    _ = await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // Left: b (10.5) then c (20.5); content 31.
    #expect(
      await h.call(7, "table/contentSize", #"{"sessionId": "s1"}"#).last?["result"]
        == json(#"{"width":320,"height":31}"#))
    #expect(
      await h.call(8, "table/rowFrame", #"{"sessionId": "s1", "row": "c"}"#).last?["result"]
        == json(#"{"rowId":"c","indexPath":[0,1],"frame":{"x":0,"y":10.5,"width":320,"height":20.5}}"#))
    h.closeInput()
  }

  @Test("moving a row keeps its height; a bad target changes nothing")
  func move() async {
    let h = ServerHarness()
    await setUp(h)
    #expect(
      await h.call(5, "table/moveRow", #"{"sessionId": "s1", "from": "c", "to": [0, 0]}"#).last?["result"]?["seq"]
        == .int(2))
    _ = await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // Order c (20.5), a (44.5), b (10.5): b starts at 65.
    #expect(
      await h.call(7, "table/rowFrame", #"{"sessionId": "s1", "row": "b"}"#).last?["result"]
        == json(#"{"rowId":"b","indexPath":[0,2],"frame":{"x":0,"y":65,"width":320,"height":10.5}}"#))
    let bad = await h.call(8, "table/moveRow", #"{"sessionId": "s1", "from": "a", "to": [0, 7]}"#).last
    #expect(bad?["error"]?["code"] == .int(-32004))
    #expect(
      await h.call(9, "table/moveRow", #"{"sessionId": "s1", "from": "a", "to": "top"}"#).last?["error"]?["message"]
        == .string(#"params.to: expected [section, row], got "top""#))
    #expect(
      await h.call(10, "table/rowFrame", #"{"sessionId": "s1", "row": "b"}"#).last?["result"]?["indexPath"]
        == json("[0,2]"))
    h.closeInput()
  }

  @Test("deleting an unknown row is refused and changes nothing")
  func deleteUnknown() async {
    let h = ServerHarness()
    await setUp(h)
    #expect(
      await h.call(5, "table/deleteRows", #"{"sessionId": "s1", "rows": ["a", "zz"]}"#).last?["error"]?["message"]
        == .string(#"unknown row id "zz""#))
    #expect(
      await h.call(6, "table/contentSize", #"{"sessionId": "s1"}"#).last?["result"]
        == json(#"{"width":320,"height":75.5}"#))  // 44.5 + 10.5 + 20.5
    h.closeInput()
  }

  @Test("reloading a row lays its new cell out and keeps its id")
  func reload() async {
    let h = ServerHarness()
    await setUp(h)
    let params = #"{"sessionId": "s1", "rows": [{"row": "b", "cell": {"type": "node", "style": {"height": 30}}}]}"#
    #expect(await h.call(5, "table/reloadRows", params).last == json(#"{"jsonrpc":"2.0","id":5,"result":{"seq":2}}"#))
    _ = await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // b: 10.5 → 30.5; c then starts at 44.5 + 30.5 = 75.
    #expect(
      await h.call(7, "table/rowFrame", #"{"sessionId": "s1", "row": "c"}"#).last?["result"]
        == json(#"{"rowId":"c","indexPath":[0,2],"frame":{"x":0,"y":75,"width":320,"height":20.5}}"#))
    #expect(
      await h.call(8, "table/reloadRows", #"{"sessionId": "s1", "rows": [{"row": "b"}]}"#).last?["error"]?["code"]
        == .int(-32602))
    h.closeInput()
  }
}
