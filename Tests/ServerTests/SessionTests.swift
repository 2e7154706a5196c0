import JSONCodec
import Testing

@Suite("Sessions and the table", .serialized)
struct SessionTests {
  @Test("session/create assigns s1, s2 or takes the client's id; dispose makes it unknown")
  func createAndDispose() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    let viewport = #""viewport": {"width": 320, "height": 480}"#
    #expect(await h.call(2, "session/create", "{\(viewport)}").last?["result"] == json(#"{"sessionId": "s1"}"#))
    #expect(
      await h.call(3, "session/create", #"{\#(viewport), "sessionId": "mine"}"#).last?["result"]
        == json(#"{"sessionId": "mine"}"#))
    #expect(await h.call(4, "session/create", "{\(viewport)}").last?["result"] == json(#"{"sessionId": "s2"}"#))
    #expect(
      await h.call(5, "session/dispose", #"{"sessionId": "mine"}"#) == [
        json(#"{"jsonrpc":"2.0","id":5,"result":null}"#)
      ])
    #expect(
      await h.call(6, "table/contentSize", #"{"sessionId": "mine"}"#)
        == [json(#"{"jsonrpc":"2.0","id":6,"error":{"code":-32003,"message":"unknown session \"mine\""}}"#)])
    h.closeInput()
  }

  @Test("session/create params errors name the path")
  func createErrors() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    #expect(
      await h.call(2, "session/create").last?["error"]
        == json(#"{"code": -32602, "message": "params: missing required member \"viewport\""}"#))
    #expect(
      await h.call(3, "session/create", #"{"viewport": {"width": "wide", "height": 1}}"#).last?["error"]
        == json(#"{"code": -32602, "message": "params.viewport.width: expected a number, got a string"}"#))
    #expect(
      await h.call(4, "session/create", #"{"viewport": {"width": 320, "height": 1}, "scale": 5}"#).last?["error"]
        == json(#"{"code": -32602, "message": "params.scale: expected a number in [1, 4], got 5"}"#))
    h.closeInput()
  }

  @Test("insertRows answers seq and row ids, lays out, pushes didCommit, and rowFrame reads the heights")
  func insertAndCommit() async {
    let h = ServerHarness()
    await h.startSession()
    let rows =
      #"[{"cell": {"type": "node", "style": {"height": 44}}}, {"id": "x", "cell": {"type": "node", "style": {"height": 10}}}]"#
    let insert = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(rows)}"#)
    #expect(insert.last == json(#"{"jsonrpc":"2.0","id":3,"result":{"seq":1,"rowIds":["r1","x"]}}"#))
    // Cell heights 44 and 10 at width 320; separators at scale 2 add 0.5 each: rows 44.5 and 10.5.
    let wait = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let commit = json(
      #"""
      {"jsonrpc":"2.0","method":"table/didCommit","params":{"sessionId":"s1","seq":1,
       "contentSize":{"width":320,"height":55},"insertedRowIds":["r1","x"]}}
      """#)
    #expect(wait.contains(commit))
    #expect(wait.last == json(#"{"jsonrpc":"2.0","id":4,"result":{"seq":1,"contentSize":{"width":320,"height":55}}}"#))
    #expect(
      await h.call(5, "table/rowFrame", #"{"sessionId": "s1", "row": "x"}"#).last?["result"]
        == json(#"{"rowId":"x","indexPath":[0,1],"frame":{"x":0,"y":44.5,"width":320,"height":10.5}}"#))
    #expect(
      await h.call(6, "table/rowFrame", #"{"sessionId": "s1", "row": [0, 0]}"#).last?["result"]
        == json(#"{"rowId":"r1","indexPath":[0,0],"frame":{"x":0,"y":0,"width":320,"height":44.5}}"#))
    #expect(
      await h.call(7, "table/contentSize", #"{"sessionId": "s1"}"#).last?["result"]
        == json(#"{"width":320,"height":55}"#))
    // A second insert at the front: seq 2, and the rows below move down.
    let front =
      #"{"sessionId": "s1", "at": 0, "rows": [{"id": "top", "cell": {"type": "node", "style": {"height": 20}}}]}"#
    #expect(await h.call(8, "table/insertRows", front).last?["result"] == json(#"{"seq":2,"rowIds":["top"]}"#))
    _ = await h.call(9, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      await h.call(10, "table/rowFrame", #"{"sessionId": "s1", "row": "x"}"#).last?["result"]
        == json(#"{"rowId":"x","indexPath":[0,2],"frame":{"x":0,"y":65,"width":320,"height":10.5}}"#))
    h.closeInput()
  }

  @Test("waitUntilAllUpdatesAreProcessed answers at once when idle")
  func waitWhenIdle() async {
    let h = ServerHarness()
    await h.startSession()
    #expect(
      await h.call(3, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
        == [json(#"{"jsonrpc":"2.0","id":3,"result":{"seq":0,"contentSize":{"width":320,"height":0}}}"#)])
    h.closeInput()
  }

  @Test("bad insertRows params and model errors answer -32602 with the whole text, changing nothing")
  func insertErrors() async {
    let h = ServerHarness()
    await h.startSession()
    func error(_ id: Int, _ params: String) async -> JSONValue? {
      await h.call(id, "table/insertRows", params).last?["error"]?["message"]
    }
    #expect(await error(3, #"{"sessionId": "s1"}"#) == .string(#"params: missing required member "rows""#))
    #expect(
      await error(4, #"{"sessionId": "s1", "rows": [{"cell": {"type": "node", "style": {"height": 1}}}, 7]}"#)
        == .string("params.rows[1]: expected an object, got a number"))
    #expect(
      await error(5, #"{"sessionId": "s1", "rows": [{"cell": {"type": "node", "style": {"height": "tall"}}}]}"#)
        == .string(
          #"params.rows[0].cell.style.height: expected a number or a dimension string ("auto", "12pt", "50%"), got "tall""#
        ))
    #expect(
      await error(6, #"{"sessionId": "s1", "rows": [{"cell": {"type": "blob"}}]}"#)?.stringValue?.hasPrefix(
        "params.rows[0].cell.type: ") == true)
    #expect(
      await error(7, #"{"sessionId": "s1", "at": 3, "rows": [{"cell": {"type": "node"}}]}"#)
        == .string("cannot insert row [0, 3]: section 0 has 1 rows after the update"))
    #expect(await error(8, #"{"sessionId": "s1", "row": 1, "rows": []}"#) == nil)
    #expect(
      await h.call(9, "table/rowFrame", #"{"sessionId": "s1", "row": "r9"}"#).last?["error"]
        == json(#"{"code": -32602, "message": "unknown row id \"r9\""}"#))
    #expect(
      await h.call(10, "table/rowFrame", #"{"sessionId": "s1", "row": [0, 0]}"#).last?["error"]
        == json(#"{"code": -32602, "message": "row [0, 0] out of range (section 0 has 0 rows)"}"#))
    #expect(
      await h.call(11, "table/contentSize", #"{"sessionId": 4}"#).last?["error"]
        == json(#"{"code": -32602, "message": "params.sessionId: expected a string, got a number"}"#))
    h.closeInput()
  }
}
