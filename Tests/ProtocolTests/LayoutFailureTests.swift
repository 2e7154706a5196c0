import JSONCodec
import Testing

/// Protocol.md "Table", `table/insertRows`: in a session created with `lenientFonts`, a cell whose layout fails gets height 0 and a `window/logMessage`
/// (type 1) naming the session, the row and the reason; the insert was already answered with success.
@Suite struct LayoutFailureTests {
  @Test func aCellThatFailsToLayOutIsLoggedAndCommitsWithHeightZero() throws {
    let daemon = try Daemon()
    // A session lenient about fonts: an unknown family is accepted and fails at layout (otherwise it is refused
    // at insert, see StrictFontTests).
    daemon.initialize()
    _ = daemon.call(2, "session/create", #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false,"lenientFonts":true}"#)
    let cell = #"{"type":"text","text":"hi","fontFamily":"No Such Font"}"#
    let params = #"{"sessionId":"s1","rows":[{"id":"bad","cell":\#(cell)},{"id":"ok","cell":\#(nodeCell(10))}]}"#
    #expect(
      daemon.call(3, "table/insertRows", params) == [
        json(resultResponse("3", #"{"seq":1,"rowIds":["bad","ok"]}"#))
      ])
    let messages = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    let log = """
      {"jsonrpc":"2.0","method":"window/logMessage","params":{"type":1,
      "message":"session \\"s1\\": row \\"bad\\" failed to lay out: root: font family \\"No Such Font\\" not found"}}
      """
    #expect(
      messages == [
        json(log), TableEditTests.didCommit(seq: 1, height: 11, extra: #","insertedRowIds":["bad","ok"]"#),
        json(resultResponse("4", #"{"seq":1,"contentSize":{"width":320,"height":11}}"#)),
      ])
    #expect(
      daemon.call(5, "table/rowFrame", #"{"sessionId":"s1","row":"bad"}"#) == [
        json(resultResponse("5", TableEditTests.frame("bad", 0, y: 0, height: 0.5)))
      ])
    daemon.expectAliveThenExit()
  }
}
