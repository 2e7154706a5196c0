import JSONCodec
import Testing

/// Protocol.md "Errors" and STYLE.md §7 "Envelope": bad JSON (-32700), invalid requests (-32600, with the id
/// when it could be read) and unknown methods (-32601 naming the method), each with its exact text.
@Suite struct EnvelopeErrorTests {
  /// Bodies and the whole error response each gets.
  static let cases: [(body: String, answer: String)] = [
    (#"{"jsonrpc":"2.0","id":1,"#, errorResponse("null", -32700, "parse error: unterminated object at byte 24")),
    (
      #"{"jsonrpc":"2.0","id":1,"method":"x",}"#,
      errorResponse("null", -32700, "parse error: expected a string key in object, got '}' at byte 37")
    ),
    (
      #"{"jsonrpc":"1.0","id":9,"method":"initialize"}"#,
      errorResponse("9", -32600, #"invalid request: "jsonrpc" must be "2.0", got "1.0""#)
    ),
    (
      #"{"jsonrpc":2,"id":"a","method":"initialize"}"#,
      errorResponse(#""a""#, -32600, #"invalid request: "jsonrpc" must be "2.0", got 2"#)
    ),
    (#"{"id":3,"method":"initialize"}"#, errorResponse("3", -32600, #"invalid request: missing "jsonrpc": "2.0""#)),
    (
      #"{"jsonrpc":"2.0","id":4,"method":5}"#,
      errorResponse("4", -32600, #"invalid request: "method" must be a string, got a number"#)
    ),
    (
      #"{"jsonrpc":"2.0","id":5,"method":null}"#,
      errorResponse("5", -32600, #"invalid request: "method" must be a string, got null"#)
    ),
    (
      #"{"jsonrpc":"2.0","id":6,"method":"x","params":"s"}"#,
      errorResponse("6", -32600, #"invalid request: "params" must be an object or an array, got a string"#)
    ),
    (
      #"{"jsonrpc":"2.0","id":true,"method":"x"}"#,
      errorResponse("null", -32600, #"invalid request: "id" must be an integer or a string, got a boolean"#)
    ),
    (
      #"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#,
      errorResponse("null", -32600, #"invalid request: "id" must be an integer or a string, got a number"#)
    ),
    (#""text""#, errorResponse("null", -32600, "invalid request: expected an object, got a string")),
    (
      #"{"jsonrpc":"2.0","id":7}"#,
      errorResponse(
        "7", -32600, #"invalid request: expected "method" (request or notification) or "result" or "error" (response)"#)
    ),
  ]

  @Test(arguments: cases.indices)
  func malformedMessagesGetTheirExactError(_ index: Int) throws {
    let (body, answer) = Self.cases[index]
    let daemon = try Daemon()
    daemon.startSession()
    let answers = daemon.exchange(bytes: Array(frameText(body).utf8), answering: json(answer)["id"] ?? .null)
    #expect(answers == [json(answer)], "\(body)")
    // The connection goes on: the session is still there.
    #expect(
      daemon.call(10, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("10", #"{"width":320,"height":0}"#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func unknownMethodsNameTheMethod() throws {
    let daemon = try Daemon()
    daemon.startSession()
    for (id, method) in [(3, "table/foo"), (4, "session/list"), (5, "$/unknownRequest"), (6, "")] {
      #expect(daemon.call(id, method) == [json(errorResponse("\(id)", -32601, "method not found: \(method)"))])
    }
    daemon.expectAliveThenExit()
  }

  @Test func unknownNotificationsAreIgnored() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.notify("table/foo")
    daemon.notify("$/cancelRequest", #"{"id":3}"#)
    daemon.notify("$/setTrace", #"{"value":"off"}"#)
    daemon.expectAliveThenExit()
  }

  @Test func responsesFromTheClientAreIgnored() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.send(#"{"jsonrpc":"2.0","id":1,"result":null}"#)
    daemon.send(#"{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"no"}}"#)
    daemon.expectAliveThenExit()
  }
}
