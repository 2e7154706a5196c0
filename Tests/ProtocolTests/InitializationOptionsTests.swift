import Foundation
import JSONCodec
import Testing

/// Protocol.md "Lifecycle", `initialize` with `initializationOptions`: the limits echoed in
/// `capabilities.limits` and enforced (-32005, nothing changed; spec limits -32602), `fontDirectories` replacing
/// the system's, and bad options answered -32602 while the server stays uninitialized.
@Suite struct InitializationOptionsTests {
  /// Initializes with `options` (JSON text) and checks that the limits echoed are `limits` (JSON text).
  static func initialize(_ daemon: Daemon, options: String, limits: String) {
    let answer = daemon.call(1, "initialize", #"{"initializationOptions":\#(options)}"#)
    #expect(answer.count == 1)
    #expect(answer.last?["result"]?["capabilities"]?["limits"] == json(limits))
    daemon.notify("initialized")
  }

  @Test func protocolMDExampleExchange() throws {
    let daemon = try Daemon()
    let initialize = """
      {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"initializationOptions":{
           "fontDirectories":["/usr/share/fonts/truetype/dejavu"],"limits":{"maxSessions":4}}}}
      """
    let answer = """
      {"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"layoutd","version":"0.1.0"},"protocolVersion":"1.0",
           "capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":2},"hoverProvider":true,"documentSymbolProvider":true,"inlayHintProvider":true,"completionProvider":{"triggerCharacters":["\\"",":"]},"codeActionProvider":true,"executeCommandProvider":{"commands":["layoutd.showSnapshot"]},"sessions":true,"tableNode":true,"layoutSpecs":["stack","inset","overlay","background",
           "center","ratio","relative","absolute","wrapper","corner","node","text","image","box"],"notifications":[
           "table/didCommit","table/heightChanged","table/contentSizeChanged","table/contentOffsetChanged",
           "table/willBeginBatchFetch","cell/interfaceStateChanged","cell/nodeReleased","cell/didDisplay","window/logMessage",
           "table/selectionChanged","table/supplementaryHeightChanged","textDocument/publishDiagnostics","window/showMessage"],"features":["sectionHeaders","sectionFooters",
           "stickyHeaders","groupedStyle","invertedTable","rowSizeRange","accessories","selection","layoutTransitions",
           "textRuns","paragraphStyles","fontFallback","fontCollections","colorEmoji","textShaping","collectionNode","flowLayout","horizontalScrolling","pagerNode","itemSizeRange","nestedContainers","coalescedNotifications","specLanguage"],"limits":{
           "maxSessions":4,"maxRowsPerSession":1000000,"maxCellDepth":64,"maxCellElements":10000}}}}
      """
    #expect(daemon.exchange(initialize) == [json(answer)])
    let create = #"{"viewport":{"width":320,"height":480},"interfaceStates":false}"#
    for id in 2...5 {
      #expect(
        daemon.call(id, "session/create", create) == [json(resultResponse("\(id)", #"{"sessionId":"s\#(id - 1)"}"#))])
    }
    #expect(
      daemon.call(6, "session/create", create) == [
        json(errorResponse("6", -32005, "cannot create a session: 4 sessions are live, the maximum is 4 (maxSessions)"))
      ])
    // Disposing one makes room again.
    #expect(daemon.call(7, "session/dispose", #"{"sessionId":"s2"}"#) == [json(resultResponse("7", "null"))])
    #expect(daemon.call(8, "session/create", create).last?["result"]?["sessionId"]?.stringValue != nil)
    daemon.expectAliveThenExit()
  }

  @Test func maxRowsPerSessionRefusesEditsThatWouldPassIt() throws {
    let daemon = try Daemon()
    Self.initialize(
      daemon, options: #"{"limits":{"maxRowsPerSession":3}}"#,
      limits: #"{"maxSessions":64,"maxRowsPerSession":3,"maxCellDepth":64,"maxCellElements":10000}"#)
    _ = daemon.call(
      2, "session/create", #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false}"#)
    daemon.seedRows([("a", 10), ("b", 20)])
    let tooMany = #"session "s1" would hold 4 rows, more than the maximum of 3 (maxRowsPerSession)"#
    let two = #"[{"id":"c","cell":\#(nodeCell(1))},{"id":"d","cell":\#(nodeCell(1))}]"#
    #expect(
      daemon.call(5, "table/insertRows", #"{"sessionId":"s1","rows":\#(two)}"#) == [
        json(errorResponse("5", -32005, tooMany))
      ])
    #expect(
      daemon.call(6, "table/insertSections", #"{"sessionId":"s1","sections":[{"rows":\#(two)}]}"#) == [
        json(errorResponse("6", -32005, tooMany))
      ])
    // Deleting a row in the same batch makes room for two.
    let ops =
      #"[{"op":"deleteRows","rows":["a"]},{"op":"insertRows","rows":[{"at":[0,0],"id":"c","cell":\#(nodeCell(1))},"#
      + #"{"at":[0,1],"id":"d","cell":\#(nodeCell(1))}]}]"#
    #expect(
      daemon.call(7, "table/performBatchUpdates", #"{"sessionId":"s1","operations":\#(ops)}"#) == [
        json(resultResponse("7", #"{"seq":2,"insertedRowIds":["c","d"]}"#))
      ])
    #expect(daemon.call(8, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#).count == 2)
    let sections = #"[{"rows":[{"id":"c","height":1.5},{"id":"d","height":1.5},{"id":"b","height":20.5}]}]"#
    #expect(
      daemon.describe(9, state: "pending") == [
        json(resultResponse("9", describeResult(seq: 2, height: 23.5, sections: sections)))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func cellLimitsAreCheckedWhenASpecIsDecoded() throws {
    let daemon = try Daemon()
    Self.initialize(
      daemon, options: #"{"limits":{"maxCellDepth":2,"maxCellElements":3}}"#,
      limits: #"{"maxSessions":64,"maxRowsPerSession":1000000,"maxCellDepth":2,"maxCellElements":3}"#)
    _ = daemon.call(
      2, "session/create", #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false}"#)
    let deep = #"{"type":"inset","child":{"type":"inset","child":{"type":"node"}}}"#
    #expect(
      daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"cell":\#(deep)}]}"#) == [
        json(
          errorResponse("3", -32602, "params.rows[0].cell.child.child: nesting deeper than the maximum of 2 elements"))
      ])
    let wide = #"{"type":"stack","children":[{"type":"node"},{"type":"node"},{"type":"node"}]}"#
    #expect(
      daemon.call(4, "table/insertRows", #"{"sessionId":"s1","rows":[{"cell":{"type":"node"}},{"cell":\#(wide)}]}"#)
        == [
          json(errorResponse("4", -32602, "params.rows[1].cell.children[2]: more than the maximum of 3 elements"))
        ])
    let fits = #"{"type":"inset","child":{"type":"node","style":{"height":5}}}"#
    #expect(
      daemon.call(5, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"f","cell":\#(fits)}]}"#) == [
        json(resultResponse("5", #"{"seq":1,"rowIds":["f"]}"#))
      ])
    #expect(daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#).count == 2)
    daemon.expectAliveThenExit()
  }

  /// Bad options and the exact -32602 text.
  static let badOptions: [(options: String, message: String)] = [
    (
      #"{"limits":{"maxCellDepth":65}}"#,
      "params.initializationOptions.limits.maxCellDepth: expected an integer in [1, 64], got 65"
    ),
    (
      #"{"limits":{"maxSessions":0}}"#,
      "params.initializationOptions.limits.maxSessions: expected an integer in [1, 100000], got 0"
    ),
    (
      #"{"limits":{"maxSessions":1.5}}"#,
      "params.initializationOptions.limits.maxSessions: expected an integer in [1, 100000], got 1.5"
    ),
    (
      #"{"limits":{"maxRowsPerSession":100000001}}"#,
      "params.initializationOptions.limits.maxRowsPerSession: expected an integer in [1, 100000000], got 100000001"
    ),
    (
      #"{"limits":{"maxCellElements":0}}"#,
      "params.initializationOptions.limits.maxCellElements: expected an integer in [1, 1000000], got 0"
    ),
    (#"{"limits":"x"}"#, "params.initializationOptions.limits: expected an object, got a string"),
    ("5", "params.initializationOptions: expected an object, got a number"),
    (#"{"fontDirectories":"x"}"#, "params.initializationOptions.fontDirectories: expected an array, got a string"),
    (#"{"fontDirectories":[3]}"#, "params.initializationOptions.fontDirectories[0]: expected a string, got a number"),
  ]

  @Test(arguments: badOptions.indices)
  func badOptionsLeaveTheServerUninitialized(_ index: Int) throws {
    let (options, message) = Self.badOptions[index]
    let daemon = try Daemon()
    #expect(
      daemon.call(1, "initialize", #"{"initializationOptions":\#(options)}"#) == [
        json(errorResponse("1", -32602, message))
      ])
    #expect(
      daemon.call(2, "session/create", #"{"viewport":{"width":320,"height":480},"interfaceStates":false}"#) == [
        json(errorResponse("2", -32002, "server not initialized"))
      ])
    // The client can try again; null options are the defaults.
    #expect(
      daemon.call(3, "initialize", #"{"initializationOptions":null}"#) == [
        json(resultResponse("3", LifecycleTests.initializeResult))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func aFamilyFoundInNoFontDirectoryFailsThatCellOnly() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-no-fonts-\(getpid())").path
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let daemon = try Daemon()
    Self.initialize(
      daemon, options: #"{"fontDirectories":["\#(empty)"]}"#,
      limits: #"{"maxSessions":64,"maxRowsPerSession":1000000,"maxCellDepth":64,"maxCellElements":10000}"#)
    _ = daemon.call(
      2, "session/create",
      #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false,"lenientFonts":true}"#)
    let rows =
      #"[{"id":"t","cell":{"type":"text","text":"hi","fontFamily":"DejaVu Sans","fontSize":12}},"#
      + #"{"id":"a","cell":{"type":"text","text":"hi","fontFamily":"Ahem","fontSize":10}}]"#
    daemon.write(
      Array(
        (frameText(request(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(rows)}"#))
          + frameText(request(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#))).utf8))
    // The failed cell gets height 0 (0.5 with its separator); the built-in Ahem needs no directory.
    #expect(
      daemon.take(until: { Daemon.isResponse($0, id: .int(4)) }) == [
        json(resultResponse("3", #"{"seq":1,"rowIds":["t","a"]}"#)),
        json(
          #"{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":1,"message":"session \"s1\": row \"t\" failed to lay out: root: font family \"DejaVu Sans\" not found"}}"#
        ),
        didCommit(seq: 1, height: 11, extra: #","insertedRowIds":["t","a"]"#),
        json(resultResponse("4", #"{"seq":1,"contentSize":{"width":320,"height":11}}"#)),
      ])
    daemon.expectAliveThenExit()
  }

  @Test func aFamilyInAGivenDirectoryIsFound() throws {
    let directory = "/usr/share/fonts/truetype/dejavu"
    try #require(FileManager.default.fileExists(atPath: directory + "/DejaVuSans.ttf"))
    let daemon = try Daemon()
    Self.initialize(
      daemon, options: #"{"fontDirectories":["\#(directory)"]}"#,
      limits: #"{"maxSessions":64,"maxRowsPerSession":1000000,"maxCellDepth":64,"maxCellElements":10000}"#)
    _ = daemon.call(
      2, "session/create", #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false}"#)
    let row = #"{"id":"t","cell":{"type":"text","text":"hi","fontFamily":"DejaVu Sans","fontSize":12}}"#
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[\#(row)]}"#)
    let waited = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(waited.filter { $0["method"] == .string("window/logMessage") }.isEmpty)
    #expect((waited.last?["result"]?["contentSize"]?["height"]?.doubleValue ?? 0) > 10)
    daemon.expectAliveThenExit()
  }
}
