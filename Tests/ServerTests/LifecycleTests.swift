import JSONCodec
import Testing

@Suite("Server lifecycle", .serialized)
struct LifecycleTests {
  @Test("a request before initialize gets -32002; a notification is dropped")
  func beforeInitialize() async {
    let h = ServerHarness()
    h.notify("initialized")
    let messages = await h.call(7, "session/create", #"{"viewport": {"width": 1, "height": 1}}"#)
    #expect(messages == [json(#"{"jsonrpc":"2.0","id":7,"error":{"code":-32002,"message":"server not initialized"}}"#)])
    h.closeInput()
  }

  @Test("initialize answers serverInfo, protocolVersion and capabilities; a second one is refused")
  func initialize() async {
    let h = ServerHarness()
    let first = await h.call(1, "initialize", #"{"processId": 12, "clientInfo": {"name": "t"}}"#)
    let result = first.last?["result"]
    #expect(result?["serverInfo"] == json(#"{"name": "layoutd", "version": "test"}"#))
    #expect(result?["protocolVersion"] == .string("1.0"))
    #expect(result?["capabilities"]?["sessions"] == .bool(true))
    #expect(
      result?["capabilities"]?["notifications"]
        == json(
          #"["table/didCommit", "table/heightChanged", "table/contentSizeChanged", "table/contentOffsetChanged", "table/willBeginBatchFetch", "cell/interfaceStateChanged", "cell/nodeReleased", "cell/didDisplay", "window/logMessage", "table/selectionChanged", "table/supplementaryHeightChanged", "textDocument/publishDiagnostics", "window/showMessage"]"#
        ))
    #expect(result?["capabilities"]?["layoutSpecs"]?.arrayValue?.contains(.string("node")) == true)
    let second = await h.call(2, "initialize", "[]")
    #expect(
      second == [json(#"{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"server is already initialized"}}"#)])
    h.closeInput()
  }

  @Test("an unknown method gets -32601 naming it")
  func unknownMethod() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    let messages = await h.call(2, "table/frobnicate", "null")
    #expect(
      messages == [
        json(#"{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"method not found: table/frobnicate"}}"#)
      ])
    h.closeInput()
  }

  @Test("shutdown answers null, later requests get -32600, exit then exits with status 0")
  func shutdownThenExit() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    #expect(await h.call(2, "shutdown", "null") == [json(#"{"jsonrpc":"2.0","id":2,"result":null}"#)])
    let late = await h.call(3, "session/create", #"{"viewport": {"width": 1, "height": 1}}"#)
    #expect(late == [json(#"{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"server is shutting down"}}"#)])
    h.notify("exit")
    #expect(await h.exitStatus() == 0)
    h.closeInput()
  }

  @Test("exit without shutdown exits with status 1")
  func exitWithoutShutdown() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    h.notify("exit")
    #expect(await h.exitStatus() == 1)
    h.closeInput()
  }

  @Test("end of input after shutdown gives status 0, without it 1")
  func endOfInput() async {
    let clean = ServerHarness()
    _ = await clean.call(1, "initialize")
    _ = await clean.call(2, "shutdown")
    clean.closeInput()
    #expect(await clean.exitStatus() == 0)
    let abrupt = ServerHarness()
    _ = await abrupt.call(1, "initialize")
    abrupt.closeInput()
    #expect(await abrupt.exitStatus() == 1)
  }

  @Test("a batch is answered with one array holding every response")
  func batch() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    h.send(
      #"[{"jsonrpc":"2.0","id":5,"method":"nope"},{"jsonrpc":"2.0","method":"initialized"},{"jsonrpc":"2.0","id":6,"method":"shutdown"}]"#
    )
    let messages = await h.call(9, "table/contentSize", #"{"sessionId": "s1"}"#)
    #expect(messages.count == 2)
    let answers = messages.first?.arrayValue ?? []
    #expect(answers.count == 2)
    #expect(
      answers.contains(json(#"{"jsonrpc":"2.0","id":5,"error":{"code":-32601,"message":"method not found: nope"}}"#)))
    #expect(answers.contains(json(#"{"jsonrpc":"2.0","id":6,"result":null}"#)))
    h.closeInput()
  }
}

@Suite("initialized sent with an id")
struct InitializedAsRequestTests {
  @Test("is answered null, alone and inside a batch")
  func answered() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    #expect(await h.call(2, "initialized").last == json(#"{"jsonrpc": "2.0", "id": 2, "result": null}"#))
    h.send(
      #"[{"jsonrpc": "2.0", "id": 3, "method": "initialized"}, {"jsonrpc": "2.0", "id": 4, "method": "shutdown"}]"#)
    #expect(await h.call(5, "shutdown").count == 2)  // the batch's array, then this answer
    h.closeInput()
  }
}
