import JSONCodec
import Testing

/// JSON-RPC 2.0 §4: every request (a message with an id) gets exactly one response; only `exit` is documented
/// as never answered. Server-level messages are handled in arrival order, so an answer that exists arrives
/// before the answer to the request sent after it.
@Suite struct EveryRequestAnsweredTests {
  @Test func initializedSentAsARequestIsAnswered() throws {
    let daemon = try Daemon()
    daemon.initialize()
    daemon.send(#"{"jsonrpc":"2.0","id":5,"method":"initialized"}"#)
    let taken = daemon.call(6, "session/create", #"{"viewport":{"width":320,"height":480},"interfaceStates":false}"#)
    #expect(taken.contains { $0 == json(#"{"jsonrpc":"2.0","id":5,"result":null}"#) })
    #expect(taken.last == json(resultResponse("6", #"{"sessionId":"s1"}"#)))
    daemon.expectAliveThenExit()
  }

  @Test func aBatchHoldingInitializedAsARequestIsAnswered() throws {
    let daemon = try Daemon()
    daemon.initialize()
    daemon.send(
      #"[{"jsonrpc":"2.0","id":5,"method":"initialized"},"#
        + #"{"jsonrpc":"2.0","id":6,"method":"session/create","params":{"viewport":{"width":320,"height":480},"interfaceStates":false}}]"#
    )
    let taken = daemon.call(7, "table/contentSize", #"{"sessionId":"s1"}"#)
    #expect(taken.first?.arrayValue?.contains(json(resultResponse("6", #"{"sessionId":"s1"}"#))) == true)
    // The batch's session/create did run: s1 exists.
    #expect(taken.last == json(resultResponse("7", #"{"width":320,"height":0}"#)))
    daemon.expectAliveThenExit(allowArrays: true)
  }
}
