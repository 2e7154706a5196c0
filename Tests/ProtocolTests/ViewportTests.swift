import JSONCodec
import Testing

/// Protocol.md "Sessions", `session/setViewport`: a width change answers `relayoutRows`, then pushes one burst
/// (`table/heightChanged` per changed row in row order, then one `table/contentSizeChanged`) written before the
/// answer to a following `table/waitUntilAllUpdatesAreProcessed`; a height-only change pushes nothing.
@Suite struct ViewportTests {
  /// Rows "t" (Ahem "aaaa bbbb cccc" at 10 pt: one line at 320, three at 60), "n" (a 20 pt node) and "r" (ratio
  /// 0.5: half the width tall), as in Protocol.md's example.
  static let rows =
    #"[{"id":"t","cell":{"type":"text","text":"aaaa bbbb cccc","fontSize":10}},"#
    + #"{"id":"n","cell":\#(nodeCell(20))},{"id":"r","cell":{"type":"ratio","ratio":0.5,"child":{"type":"node"}}}]"#

  /// Starts s1 (320 wide) with `rows` committed: 10.5 + 20.5 + 160.5 = 191.5.
  static func seed(_ daemon: Daemon) {
    daemon.startSession()
    #expect(daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(rows)}"#).count == 1)
    #expect(
      daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#).last
        == json(resultResponse("4", #"{"seq":1,"contentSize":{"width":320,"height":191.5}}"#)))
  }

  /// A notification as JSON text.
  static func notification(_ method: String, _ params: String) -> JSONValue {
    json(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
  }

  @Test func aNarrowerTableAsInProtocolMD() throws {
    let daemon = try Daemon()
    Self.seed(daemon)
    let change = request(5, "session/setViewport", #"{"sessionId":"s1","viewport":{"width":60}}"#)
    let wait = request(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    daemon.write(Array((frameText(change) + frameText(wait)).utf8))
    #expect(
      daemon.take(until: { Daemon.isResponse($0, id: .int(6)) }) == [
        json(resultResponse("5", #"{"seq":1,"relayoutRows":3,"contentOffset":{"x":0,"y":0}}"#)),
        Self.notification(
          "table/heightChanged",
          #"{"sessionId":"s1","rowId":"t","indexPath":[0,0],"oldHeight":10.5,"newHeight":30.5,"#
            + #""contentSize":{"width":60,"height":81.5},"seq":1}"#),
        Self.notification(
          "table/heightChanged",
          #"{"sessionId":"s1","rowId":"r","indexPath":[0,2],"oldHeight":160.5,"newHeight":30.5,"#
            + #""contentSize":{"width":60,"height":81.5},"seq":1}"#),
        Self.notification(
          "table/contentSizeChanged", #"{"sessionId":"s1","contentSize":{"width":60,"height":81.5},"seq":1}"#),
        json(resultResponse("6", #"{"seq":1,"contentSize":{"width":60,"height":81.5}}"#)),
      ])
    #expect(
      daemon.call(7, "table/rowFrame", #"{"sessionId":"s1","row":"r"}"#) == [
        json(resultResponse("7", #"{"rowId":"r","indexPath":[0,2],"frame":{"x":0,"y":51,"width":60,"height":30.5}}"#))
      ])
    // A height-only change lays nothing out and pushes nothing.
    #expect(
      daemon.call(8, "session/setViewport", #"{"sessionId":"s1","viewport":{"height":100}}"#) == [
        json(resultResponse("8", #"{"seq":1,"relayoutRows":0,"contentOffset":{"x":0,"y":0}}"#))
      ])
    #expect(
      daemon.call(9, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("9", #"{"seq":1,"contentSize":{"width":60,"height":81.5}}"#))
      ])
    daemon.expectAliveThenExit()
  }

  @Test func withNoRowsTheContentSizeComesBeforeTheAnswer() throws {
    let daemon = try Daemon()
    daemon.startSession()
    #expect(
      daemon.call(3, "session/setViewport", #"{"sessionId":"s1","viewport":{"width":100}}"#) == [
        Self.notification(
          "table/contentSizeChanged", #"{"sessionId":"s1","contentSize":{"width":100,"height":0},"seq":0}"#),
        json(resultResponse("3", #"{"seq":0,"relayoutRows":0,"contentOffset":{"x":0,"y":0}}"#)),
      ])
    // Rows inserted after the change are laid out at the new width.
    let ratio = #"{"sessionId":"s1","rows":[{"id":"q","cell":{"type":"ratio","ratio":1,"child":{"type":"node"}}}]}"#
    #expect(daemon.call(4, "table/insertRows", ratio) == [json(resultResponse("4", #"{"seq":1,"rowIds":["q"]}"#))])
    #expect(
      daemon.call(5, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#) == [
        Self.notification(
          "table/didCommit",
          #"{"sessionId":"s1","seq":1,"contentSize":{"width":100,"height":100.5},"insertedRowIds":["q"]}"#),
        json(resultResponse("5", #"{"seq":1,"contentSize":{"width":100,"height":100.5}}"#)),
      ])
    daemon.expectAliveThenExit()
  }

  @Test func aLaterWidthChangeSupersedesAnEarlierOne() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let slow = SetNeedsLayoutTests.slowCell(count: 4000, height: 0.5)
    let rows = #"[{"id":"t","cell":{"type":"text","text":"aaaa bbbb cccc","fontSize":10}},{"id":"s","cell":\#(slow)}]"#
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(rows)}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    // The slow row keeps the first relayout running when the second change arrives; only the second announces
    // its end. At 100 wide the text takes two lines.
    var bytes = frameText(request(5, "session/setViewport", #"{"sessionId":"s1","viewport":{"width":60}}"#))
    bytes += frameText(request(6, "session/setViewport", #"{"sessionId":"s1","viewport":{"width":100}}"#))
    bytes += frameText(request(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#))
    daemon.write(Array(bytes.utf8))
    #expect(
      daemon.take(until: { Daemon.isResponse($0, id: .int(7)) }) == [
        json(resultResponse("5", #"{"seq":1,"relayoutRows":2,"contentOffset":{"x":0,"y":0}}"#)),
        json(resultResponse("6", #"{"seq":1,"relayoutRows":2,"contentOffset":{"x":0,"y":0}}"#)),
        Self.notification(
          "table/heightChanged",
          #"{"sessionId":"s1","rowId":"t","indexPath":[0,0],"oldHeight":10.5,"newHeight":20.5,"#
            + #""contentSize":{"width":100,"height":2021},"seq":1}"#),
        Self.notification(
          "table/contentSizeChanged", #"{"sessionId":"s1","contentSize":{"width":100,"height":2021},"seq":1}"#),
        json(resultResponse("7", #"{"seq":1,"contentSize":{"width":100,"height":2021}}"#)),
      ])
    daemon.expectAliveThenExit()
  }

  @Test func whenNoHeightChangesOnlyTheContentSizeIsPushed() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.seedRows([("a", 10), ("b", 20)])
    let change = request(
      5, "session/setViewport", #"{"sessionId":"s1","viewport":{"width":100,"height":50},"interfaceStates":false}"#)
    let wait = request(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    daemon.write(Array((frameText(change) + frameText(wait)).utf8))
    #expect(
      daemon.take(until: { Daemon.isResponse($0, id: .int(6)) }) == [
        json(resultResponse("5", #"{"seq":1,"relayoutRows":2,"contentOffset":{"x":0,"y":0}}"#)),
        Self.notification(
          "table/contentSizeChanged", #"{"sessionId":"s1","contentSize":{"width":100,"height":31},"seq":1}"#),
        json(resultResponse("6", #"{"seq":1,"contentSize":{"width":100,"height":31}}"#)),
      ])
    daemon.expectAliveThenExit()
  }

  /// Params and the exact error, on s1.
  static let errors: [(params: String, code: Int, message: String)] = [
    (
      #"{"sessionId":"s1","viewport":{"width":"wide"}}"#, -32602,
      "params.viewport.width: expected a number, got a string"
    ),
    (
      #"{"sessionId":"s1","viewport":{"width":0}}"#, -32602,
      "params.viewport.width: expected a number in (0, 100000], got 0"
    ),
    (
      #"{"sessionId":"s1","viewport":{"width":60,"height":-3}}"#, -32602,
      "params.viewport.height: expected a number in (0, 100000], got -3"
    ),
    (
      #"{"sessionId":"s1","viewport":{"height":100001}}"#, -32602,
      "params.viewport.height: expected a number in (0, 100000], got 100001"
    ),
    (#"{"sessionId":"s1","contentOffset":{"x":0}}"#, -32602, #"params.contentOffset: missing required member "y""#),
    (#"{"sessionId":"s7","viewport":{"width":5}}"#, -32003, #"unknown session "s7""#),
  ]

  @Test(arguments: errors.indices)
  func badViewportsChangeNothing(_ index: Int) throws {
    let (params, code, message) = Self.errors[index]
    let daemon = try Daemon()
    Self.seed(daemon)
    #expect(daemon.call(5, "session/setViewport", params) == [json(errorResponse("5", code, message))])
    #expect(
      daemon.call(6, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("6", #"{"width":320,"height":191.5}"#))
      ])
    daemon.expectAliveThenExit()
  }
}
