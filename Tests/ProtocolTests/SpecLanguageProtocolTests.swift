import JSONCodec
import Testing

/// Protocol.md "Layout-spec documents": the spawned daemon checks an open document, re-checks it after an
/// incremental change, and clears its diagnostics when it is closed; `shutdown`/`exit` still end it cleanly.
@Suite struct SpecLanguageProtocolTests {
  @Test func diagnosticsFollowTheDocument() throws {
    let daemon = try Daemon()
    _ = daemon.call(1, "initialize", #"{"capabilities":{"general":{"positionEncodings":["utf-16"]}}}"#)
    daemon.notify("initialized")
    // Line 1 is `  "children": [{"type": "text", "text": "a", "fontSize": -2}]}`: the value -2 is characters 57–59.
    let text = "{\"type\": \"stack\",\n" + #"  "children": [{"type": "text", "text": "a", "fontSize": -2}]}"#
    daemon.notify(
      "textDocument/didOpen",
      #"{"textDocument":{"uri":"file:///c.json","languageId":"json","version":1,"text":\#(JSONWriter.string(.string(text)))}}"#
    )
    let opened = daemon.take { $0["method"] == .string("textDocument/publishDiagnostics") }.last
    let diagnostic = opened?["params"]?["diagnostics"]?.arrayValue?.first
    #expect(opened?["params"]?["version"] == .int(1))
    #expect(
      diagnostic?["range"]
        == json(#"{"start":{"line":1,"character":57},"end":{"line":1,"character":59}}"#))
    #expect(diagnostic?["message"]?.stringValue?.hasPrefix("root.children[0].fontSize: ") == true)
    // "-2" → "12" (an incremental change of one character).
    daemon.notify(
      "textDocument/didChange",
      #"{"textDocument":{"uri":"file:///c.json","version":2},"contentChanges":[{"range":"#
        + #"{"start":{"line":1,"character":57},"end":{"line":1,"character":58}},"text":"1"}]}"#)
    let changed = daemon.take { $0["method"] == .string("textDocument/publishDiagnostics") }.last
    #expect(changed?["params"] == json(#"{"uri":"file:///c.json","version":2,"diagnostics":[]}"#))
    daemon.notify("textDocument/didClose", #"{"textDocument":{"uri":"file:///c.json"}}"#)
    let closed = daemon.take { $0["method"] == .string("textDocument/publishDiagnostics") }.last
    #expect(closed?["params"] == json(#"{"uri":"file:///c.json","diagnostics":[]}"#))
    daemon.expectAliveThenExit()
  }
}
