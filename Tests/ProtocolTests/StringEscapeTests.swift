import JSONCodec
import Testing

/// reference/clients.md: `\/` escapes, `\uXXXX` escapes (with surrogate pairs) and raw UTF-8 in strings.
@Suite struct StringEscapeTests {
  @Test func escapedSlashAndUnicodeEscapesNameMethodsAndSessions() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let text = #"{"jsonrpc":"2.0","id":3,"method":"table\/contentSize","params":{"sessionId":"\u0073\u0031"}}"#
    #expect(daemon.exchange(text) == [json(resultResponse("3", #"{"width":320,"height":0}"#))])
    daemon.expectAliveThenExit()
  }

  @Test func escapesAndRawUTF8ComeBackAsTheSameCharacters() throws {
    let daemon = try Daemon()
    daemon.initialize()
    let cases: [(sent: String, name: String)] = [
      (#"caf\u00e9"#, "café"), ("café", "café"), (#"\ud83d\ude00 smile"#, "😀 smile"), ("😀 smile", "😀 smile"),
      (#"tab\tquote\"back\\slash\/"#, "tab\tquote\"back\\slash/"),
    ]
    for (offset, (sent, name)) in cases.enumerated() {
      let id = 10 + offset
      let text = #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(sent)"}"#
      #expect(daemon.exchange(text) == [json(errorResponse("\(id)", -32601, "method not found: \(name)"))], "\(sent)")
    }
    daemon.expectAliveThenExit()
  }

  @Test func rowIDsWithRawUTF8AndEscapesAreTheSameRow() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let insert = request(
      3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"zeile-ü-😀","cell":\#(nodeCell(20))}]}"#)
    let inserted = daemon.exchange(insert)
    #expect(inserted == [json(resultResponse("3", #"{"seq":1,"rowIds":["zeile-ü-😀"]}"#))])
    #expect(daemon.takeNotification("table/didCommit").count == 1)
    let frame = request(4, "table/rowFrame", #"{"sessionId":"s1","row":"zeile-\u00fc-\ud83d\ude00"}"#)
    #expect(
      daemon.exchange(frame) == [
        json(
          resultResponse(
            "4", #"{"rowId":"zeile-ü-😀","indexPath":[0,0],"frame":{"x":0,"y":0,"width":320,"height":20.5}}"#))
      ])
    daemon.expectAliveThenExit()
  }
}
