import JSONCodec
import Testing

/// reference/clients.md "Message bodies": ids echoed with the same JSON type (strings, integers up to 64 bits,
/// negative numbers), and empty params in all four forms.
@Suite struct IDAndParamsTests {
  /// Ids as JSON text, each answered with the same text.
  static let ids = [
    "0", "1", "-1", "-42", "9007199254740993", "9223372036854775807", "-9223372036854775808", #""1""#, #""""#,
    #""550e8400-e29b-41d4-a716-446655440000""#, #""ü-😀""#, #""-1""#,
  ]

  @Test func idsAreEchoedWithTheirJSONType() throws {
    let daemon = try Daemon()
    daemon.startSession()
    for id in Self.ids {
      let text = #"{"jsonrpc":"2.0","id":\#(id),"method":"table/contentSize","params":{"sessionId":"s1"}}"#
      let answers = daemon.exchange(text)
      #expect(answers == [json(resultResponse(id, #"{"width":320,"height":0}"#))], "\(id)")
      // Same JSON type: integers stay integers (never "1" or 1.0), strings stay strings.
      let echoed = answers.last?["id"]
      if case .string = json(id) {
        #expect(echoed == json(id))
      } else {
        #expect(echoed.map { if case .int = $0 { true } else { false } } == true, "\(id)")
      }
    }
    // Errors echo the id too.
    #expect(
      daemon.exchange(#"{"jsonrpc":"2.0","id":-7,"method":"nope"}"#) == [
        json(errorResponse("-7", -32601, "method not found: nope"))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func integerAndStringIDsWithTheSameDigitsAreDifferentRequests() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let number = request(5, "table/contentSize", #"{"sessionId":"s1"}"#)
    let string = #"{"jsonrpc":"2.0","id":"5","method":"table/contentSize","params":{"sessionId":"s1"}}"#
    daemon.write(Array((frameText(number) + frameText(string)).utf8))
    let answers = daemon.take(until: { Daemon.isResponse($0, id: .string("5")) })
    #expect(answers.map { $0["id"] } == [.int(5), .string("5")])
    daemon.expectAliveThenExit()
  }

  /// The four empty forms of params as the tail of a request's text.
  static let emptyParams = [
    ("absent", ""), ("null", #","params":null"#), ("{}", #","params":{}"#), ("[]", #","params":[]"#),
  ]

  @Test(arguments: emptyParams.indices)
  func emptyParamsInEveryFormMeanNoMembers(_ index: Int) throws {
    let (name, tail) = Self.emptyParams[index]
    let daemon = try Daemon()
    let initialize = daemon.exchange(#"{"jsonrpc":"2.0","id":1,"method":"initialize"\#(tail)}"#)
    #expect(initialize.count == 1 && initialize.last?["result"]?["protocolVersion"] == .string("1.0"), "\(name)")
    // Methods that need members report the first missing one, so the empty form was read as {}.
    #expect(
      daemon.exchange(#"{"jsonrpc":"2.0","id":2,"method":"session/create"\#(tail)}"#) == [
        json(errorResponse("2", -32602, #"params: missing required member "viewport""#))
      ], "\(name)")
    #expect(
      daemon.exchange(#"{"jsonrpc":"2.0","id":3,"method":"table/contentSize"\#(tail)}"#) == [
        json(errorResponse("3", -32602, #"params: missing required member "sessionId""#))
      ], "\(name)")
    // A notification with empty params is accepted silently (the final check finds no answer to it).
    daemon.send(#"{"jsonrpc":"2.0","method":"initialized"\#(tail)}"#)
    daemon.expectAliveThenExit()
  }

  @Test func nonEmptyArrayParamsAreRefused() throws {
    let daemon = try Daemon()
    daemon.startSession()
    for (id, method) in [(3, "table/contentSize"), (4, "session/create"), (5, "table/insertRows")] {
      #expect(
        daemon.call(id, method, #"["s1"]"#) == [
          json(errorResponse("\(id)", -32602, "params: expected an object, got an array"))
        ], "\(method)")
    }
    daemon.expectAliveThenExit()
  }

  @Test func unknownMembersInParamsAreIgnored() throws {
    let daemon = try Daemon()
    daemon.startSession()
    #expect(
      daemon.call(3, "table/contentSize", #"{"sessionId":"s1","extra":{"deep":[1,2]},"_x":null}"#) == [
        json(resultResponse("3", #"{"width":320,"height":0}"#))
      ])
    daemon.expectAliveThenExit()
  }
}
