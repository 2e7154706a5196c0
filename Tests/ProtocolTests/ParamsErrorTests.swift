import JSONCodec
import Testing

/// Protocol.md "Errors": -32602 naming the JSON path and what was expected, and -32003 for an unknown session,
/// with the exact texts. Every case leaves the daemon serving.
@Suite struct ParamsErrorTests {
  /// Method, params and the exact -32602 message, on a session "s1" holding one row "a".
  static let cases: [(method: String, params: String, message: String)] = [
    (
      "session/create", #"{"viewport":{"width":"320","height":480}}"#,
      "params.viewport.width: expected a number, got a string"
    ),
    ("session/create", #"{"viewport":{"width":320}}"#, #"params.viewport: missing required member "height""#),
    ("session/create", #"{"viewport":[320,480]}"#, "params.viewport: expected an object, got an array"),
    (
      "session/create", #"{"viewport":{"width":0,"height":480},"interfaceStates":false}"#,
      "params.viewport.width: expected a number in (0, 100000], got 0"
    ),
    (
      "session/create", #"{"viewport":{"width":320,"height":100001},"interfaceStates":false}"#,
      "params.viewport.height: expected a number in (0, 100000], got 100001"
    ),
    (
      "session/create", #"{"viewport":{"width":320,"height":480},"interfaceStates":false,"scale":5}"#,
      "params.scale: expected a number in [1, 4], got 5"
    ),
    (
      "session/create", #"{"viewport":{"width":320,"height":480},"interfaceStates":false,"separators":1}"#,
      "params.separators: expected a boolean, got a number"
    ),
    (
      "session/create", #"{"viewport":{"width":320,"height":480},"interfaceStates":false,"sessionId":"s1"}"#,
      #"params.sessionId: session "s1" already exists"#
    ),
    ("table/contentSize", #"{"sessionId":5}"#, "params.sessionId: expected a string, got a number"),
    ("table/insertRows", #"{"sessionId":"s1"}"#, #"params: missing required member "rows""#),
    ("table/insertRows", #"{"sessionId":"s1","rows":{}}"#, "params.rows: expected an array, got an object"),
    (
      "table/insertRows", #"{"sessionId":"s1","rows":[{"cell":{"type":"node"}},{"id":"b"}]}"#,
      #"params.rows[1]: missing required member "cell""#
    ),
    (
      "table/insertRows", #"{"sessionId":"s1","rows":[{"id":7,"cell":{"type":"node"}}]}"#,
      "params.rows[0].id: expected a string, got a number"
    ),
    (
      "table/insertRows", #"{"sessionId":"s1","at":-1,"rows":[]}"#,
      "params.at: expected a non-negative integer, got -1"
    ),
    (
      "table/insertRows", #"{"sessionId":"s1","rows":[{"cell":{"type":"node","style":{"height":"x"}}}]}"#,
      #"params.rows[0].cell.style.height: expected a number or a dimension string ("auto", "12pt", "50%"), got "x""#
    ),
    ("table/deleteRows", #"{"sessionId":"s1","rows":["zz"]}"#, #"unknown row id "zz""#),
    ("table/deleteRows", #"{"sessionId":"s1","rows":[[0,5]]}"#, "row [0, 5] out of range (section 0 has 1 rows)"),
    ("table/deleteRows", #"{"sessionId":"s1","rows":[[3,0]]}"#, "section 3 out of range (1 sections)"),
    (
      "table/deleteRows", #"{"sessionId":"s1","rows":[{}]}"#,
      "params.rows[0]: expected a row id or [section, row], got {}"
    ),
    (
      "table/reloadRows", #"{"sessionId":"s1","rows":[{"row":"a"}]}"#,
      #"params.rows[0]: missing required member "cell""#
    ),
    ("table/reloadRows", #"{"sessionId":"s1","rows":[{"row":"zz","cell":{"type":"node"}}]}"#, #"unknown row id "zz""#),
    ("table/moveRow", #"{"sessionId":"s1","from":"a","to":"top"}"#, #"params.to: expected [section, row], got "top""#),
    ("table/moveRow", #"{"sessionId":"s1","to":[0,0]}"#, #"params: missing required member "from""#),
    ("table/rowFrame", #"{"sessionId":"s1","row":[0,1]}"#, "row [0, 1] out of range (section 0 has 1 rows)"),
    ("table/rowFrame", #"{"sessionId":"s1","row":"zz"}"#, #"unknown row id "zz""#),
    (
      "cell/setNeedsLayout", #"{"sessionId":"s1","row":true}"#,
      "params.row: expected a row id or [section, row], got true"
    ),
    (
      "cell/setNeedsLayout", #"{"sessionId":"s1","row":"a","cell":{"type":"bogus"}}"#,
      #"params.cell.type: unknown element type "bogus" (expected one of "stack", "inset", "overlay", "background", "#
        + #""center", "ratio", "relative", "absolute", "wrapper", "corner", "node", "text", "image", "box", "collection", "pager")"#
    ),
  ]

  @Test(arguments: cases.indices)
  func badParamsNameTheirPath(_ index: Int) throws {
    let (method, params, message) = Self.cases[index]
    let daemon = try Daemon()
    daemon.startSession()
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"a","cell":\#(nodeCell(44))}]}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(daemon.call(5, method, params) == [json(errorResponse("5", -32602, message))], "\(method) \(params)")
    #expect(
      daemon.call(6, "table/rowFrame", #"{"sessionId":"s1","row":"a"}"#) == [
        json(resultResponse("6", #"{"rowId":"a","indexPath":[0,0],"frame":{"x":0,"y":0,"width":320,"height":44.5}}"#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func unknownSessionsAnswerMinus32003ForEveryMethod() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let methods = [
      "table/insertRows", "table/deleteRows", "table/reloadRows", "table/moveRow",
      "table/waitUntilAllUpdatesAreProcessed", "table/contentSize", "table/rowFrame", "cell/setNeedsLayout",
      "session/dispose",
    ]
    for (offset, method) in methods.enumerated() {
      let id = 10 + offset
      #expect(
        daemon.call(id, method, #"{"sessionId":"s7","rows":[],"row":"a"}"#) == [
          json(errorResponse("\(id)", -32003, #"unknown session "s7""#))
        ], "\(method)")
    }
    daemon.expectAliveThenExit()
  }

  @Test func aMissingSessionIDIsAParamsError() throws {
    let daemon = try Daemon()
    daemon.startSession()
    #expect(
      daemon.call(3, "table/contentSize", #"{"session":"s1"}"#) == [
        json(errorResponse("3", -32602, #"params: missing required member "sessionId""#))
      ])
    daemon.expectAliveThenExit()
  }
}
