import JSONCodec
import Testing

/// Protocol.md "Lifecycle": the `initialize` result, requests before `initialize`, a second `initialize`, and
/// requests after `shutdown`.
@Suite struct LifecycleTests {
  /// The whole `initialize` result as Protocol.md gives it.
  static let initializeResult = """
    {"serverInfo":{"name":"layoutd","version":"0.1.0"},"protocolVersion":"1.0","capabilities":
    {"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":2},"hoverProvider":true,"documentSymbolProvider":true,"inlayHintProvider":true,"completionProvider":{"triggerCharacters":["\\"",":"]},"codeActionProvider":true,"executeCommandProvider":{"commands":["layoutd.showSnapshot"]},"sessions":true,"tableNode":true,"layoutSpecs":["stack","inset","overlay","background","center","ratio",
    "relative","absolute","wrapper","corner","node","text","image","box"],"notifications":["table/didCommit",
    "table/heightChanged","table/contentSizeChanged","table/contentOffsetChanged","table/willBeginBatchFetch",
    "cell/interfaceStateChanged","cell/nodeReleased","cell/didDisplay","window/logMessage",
    "table/selectionChanged","table/supplementaryHeightChanged","textDocument/publishDiagnostics","window/showMessage"],"features":["sectionHeaders","sectionFooters",
    "stickyHeaders","groupedStyle","invertedTable","rowSizeRange","accessories","selection","layoutTransitions",
    "textRuns","paragraphStyles","fontFallback","fontCollections","colorEmoji","textShaping","collectionNode","flowLayout","horizontalScrolling","pagerNode","itemSizeRange","nestedContainers","coalescedNotifications","specLanguage"],"limits":{"maxSessions":64,
    "maxRowsPerSession":1000000,"maxCellDepth":64,"maxCellElements":10000}}}
    """

  @Test func initializeAnswersServerInfoProtocolVersionAndCapabilities() throws {
    let daemon = try Daemon()
    let params = #"{"processId":4242,"clientInfo":{"name":"tests","version":"1"},"initializationOptions":{"x":1}}"#
    #expect(daemon.call(1, "initialize", params) == [json(resultResponse("1", Self.initializeResult))])
    daemon.notify("initialized")
    #expect(
      daemon.call(2, "session/create", #"{"viewport":{"width":320,"height":480},"interfaceStates":false}"#) == [
        json(resultResponse("2", #"{"sessionId":"s1"}"#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func requestsBeforeInitializeAnswerServerNotInitialized() throws {
    let daemon = try Daemon()
    let createParams = #"{"viewport":{"width":320,"height":480},"interfaceStates":false}"#
    #expect(
      daemon.call(1, "session/create", createParams) == [json(errorResponse("1", -32002, "server not initialized"))])
    #expect(daemon.call(2, "table/foo") == [json(errorResponse("2", -32002, "server not initialized"))])
    #expect(
      daemon.call(3, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(errorResponse("3", -32002, "server not initialized"))
      ])
    // Notifications before initialize are dropped without an answer.
    daemon.notify("initialized")
    daemon.notify("table/foo")
    #expect(daemon.call(4, "initialize") == [json(resultResponse("4", Self.initializeResult))])
    #expect(daemon.call(5, "session/create", createParams) == [json(resultResponse("5", #"{"sessionId":"s1"}"#))])
    daemon.expectAliveThenExit()
  }

  @Test func shutdownBeforeInitializeIsRefusedAndExitGivesStatusOne() throws {
    let daemon = try Daemon()
    daemon.expectAliveThenExit(
      answer: errorResponse(#""alive""#, -32002, "server not initialized"), status: 1)
  }

  @Test func secondInitializeAnswersAlreadyInitialized() throws {
    let daemon = try Daemon()
    daemon.initialize()
    #expect(daemon.call(2, "initialize") == [json(errorResponse("2", -32600, "server is already initialized"))])
    #expect(
      daemon.call(3, "session/create", #"{"viewport":{"width":10,"height":10},"interfaceStates":false}"#) == [
        json(resultResponse("3", #"{"sessionId":"s1"}"#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func everyRequestAfterShutdownAnswersShuttingDown() throws {
    let daemon = try Daemon()
    daemon.startSession()
    #expect(daemon.call(3, "shutdown") == [json(resultResponse("3", "null"))])
    let refused = [
      ("session/create", #"{"viewport":{"width":10,"height":10},"interfaceStates":false}"#),
      ("table/contentSize", #"{"sessionId":"s1"}"#),
      ("initialize", "{}"), ("shutdown", "{}"), ("table/foo", "{}"), ("session/dispose", #"{"sessionId":"s1"}"#),
    ]
    for (offset, (method, params)) in refused.enumerated() {
      let id = 10 + offset
      #expect(
        daemon.call(id, method, params) == [json(errorResponse("\(id)", -32600, "server is shutting down"))],
        "\(method)")
    }
    // Notifications after shutdown get nothing.
    daemon.notify("initialized")
    daemon.expectAliveThenExit(answer: errorResponse(#""alive""#, -32600, "server is shutting down"))
  }

  @Test(arguments: [
    #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}"#,
  ])
  func shutdownAcceptsParamsAbsentOrNull(_ text: String) throws {
    let daemon = try Daemon()
    daemon.initialize()
    #expect(daemon.exchange(text) == [json(resultResponse("2", "null"))])
    daemon.expectAliveThenExit(answer: errorResponse(#""alive""#, -32600, "server is shutting down"))
  }
}
