import JSONCodec
import Testing

/// Protocol.md "Leaves" (issue 14, item 2): a font family that is not installed is refused when the cell is
/// decoded, with -32602 naming the path and the family and listing the closest installed families; nothing
/// changes. `session/create` `lenientFonts: true` keeps the lenient behaviour (the cell fails at layout).
@Suite struct StrictFontTests {
  @Test func unknownFamiliesAreRefusedWithTheClosestInstalledOnes() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let cases: [(cell: String, path: String, family: String)] = [
      (#"{"type":"text","text":"hi","fontFamily":"Helvetica"}"#, "params.rows[0].cell.fontFamily", "Helvetica"),
      (#"{"type":"stack","children":[{"type":"node"},{"type":"text","text":"hi","fontFamily":"DejaVuSans"}]}"#,
       "params.rows[0].cell.children[1].fontFamily", "DejaVuSans"),
      (#"{"type":"box","measure":{"kind":"text","text":"a","font":"Helvetica","fontSize":10}}"#,
       "params.rows[0].cell.measure.font", "Helvetica"),
      (#"{"type":"text","runs":[{"text":"a"},{"text":"b","fontFamily":"Helvetica"}],"fontFamily":"DejaVu Sans"}"#,
       "params.rows[0].cell.runs[1].fontFamily", "Helvetica"),
    ]
    for (index, hostile) in cases.enumerated() {
      let answer = daemon.call(10 + index, "table/insertRows", #"{"sessionId":"s1","rows":[{"cell":\#(hostile.cell)}]}"#)
      let message = answer.last?["error"]?["message"]?.stringValue ?? "\(answer)"
      #expect(answer.last?["error"]?["code"] == .int(-32602))
      #expect(
        message.hasPrefix(
          "\(hostile.path): font family \"\(hostile.family)\" is not installed; the closest installed families are "),
        "\(message)")
    }
    // DejaVu Sans (installed by Tests/run-all.sh) is the closest to DejaVuSans.
    let answer = daemon.call(20, "table/insertRows", #"{"sessionId":"s1","rows":[{"cell":\#(cases[1].cell)}]}"#)
    #expect(
      answer.last?["error"]?["message"]?.stringValue?.contains(#"the closest installed families are "DejaVu Sans""#)
        == true)
    // Nothing changed: the first valid insert is change set 1.
    #expect(
      daemon.call(21, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"a","cell":\#(nodeCell(10))}]}"#) == [
        json(resultResponse("21", #"{"seq":1,"rowIds":["a"]}"#))
      ])
    _ = daemon.call(22, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    daemon.expectAliveThenExit()
  }

  @Test func aLenientSessionAcceptsTheCellAndItFailsAtLayout() throws {
    let daemon = try Daemon()
    daemon.initialize()
    _ = daemon.call(
      2, "session/create",
      #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false,"lenientFonts":true}"#)
    #expect(
      daemon.call(
        3, "table/insertRows",
        #"{"sessionId":"s1","rows":[{"id":"t","cell":{"type":"text","text":"hi","fontFamily":"Helvetica"}}]}"#)
        == [json(resultResponse("3", #"{"seq":1,"rowIds":["t"]}"#))])
    let messages = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(messages.contains { $0["method"] == .string("window/logMessage") })
    #expect(
      daemon.call(5, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("5", #"{"width":320,"height":0.5}"#))
      ])
    daemon.expectAliveThenExit()
  }
}
