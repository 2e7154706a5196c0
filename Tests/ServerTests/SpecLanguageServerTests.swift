import Foundation
import JSONCodec
import Testing

@testable import Server

/// Issue 20: layout-spec documents as a language over LSP (text synchronisation, diagnostics at exact ranges,
/// position encodings). Positions below are counted by hand in the documents' text.
@Suite("spec language: text synchronisation and diagnostics", .serialized)
struct SpecLanguageServerTests {
  /// A document's JSON-escaped text inside a didOpen's params.
  static func open(_ uri: String, _ text: String, version: Int = 1) -> String {
    #"{"textDocument": {"uri": "\#(uri)", "languageId": "json", "version": \#(version), "text": \#(JSONWriter.string(.string(text)))}}"#
  }

  /// The diagnostics of the next publishDiagnostics for `uri`.
  static func diagnostics(_ h: ServerHarness, _ uri: String) async -> [JSONValue]? {
    guard let note = await h.notification("textDocument/publishDiagnostics") else { return nil }
    #expect(note["params"]?["uri"] == .string(uri))
    return note["params"]?["diagnostics"]?.arrayValue
  }

  /// `{"start": {line, character}, "end": {...}}`.
  static func range(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) -> JSONValue {
    json(#"{"start": {"line": \#(l0), "character": \#(c0)}, "end": {"line": \#(l1), "character": \#(c1)}}"#)
  }

  @Test("an unknown member is underlined at its key; fixing it clears the diagnostic")
  func unknownMemberThenFixed() async {
    let h = ServerHarness()
    let answer = await h.call(1, "initialize", #"{"capabilities": {}}"#).last?["result"]?["capabilities"]
    #expect(answer?["positionEncoding"] == .string("utf-16"))
    #expect(answer?["textDocumentSync"] == json(#"{"openClose": true, "change": 2}"#))
    // Line 1: ` "text": "hi", "fontSze": 12}`: the key "fontSze" spans characters 15–24.
    h.notify(
      "textDocument/didOpen", Self.open("file:///a.json", "{\"type\": \"text\",\n \"text\": \"hi\", \"fontSze\": 12}"))
    let found = await Self.diagnostics(h, "file:///a.json") ?? []
    #expect(found.count == 1)
    #expect(found.first?["range"] == Self.range(1, 15, 1, 24))
    #expect(found.first?["severity"] == .int(1))
    #expect(found.first?["message"]?.stringValue?.hasPrefix("root.fontSze: unknown member of a text element") == true)
    // An incremental change replaces the key: no diagnostics, version 2.
    h.notify(
      "textDocument/didChange",
      #"{"textDocument": {"uri": "file:///a.json", "version": 2}, "contentChanges": [{"range": "#
        + #"{"start": {"line": 1, "character": 15}, "end": {"line": 1, "character": 24}}, "text": "\"fontSize\""}]}"#)
    let fixed = await h.notification("textDocument/publishDiagnostics")
    #expect(fixed?["params"]?["version"] == .int(2))
    #expect(fixed?["params"]?["diagnostics"] == json("[]"))
    h.closeInput()
  }

  @Test("a table document: a row's bad value at its path, a syntax error at its byte, a zero-size warning")
  func tableDocumentSyntaxAndWarnings() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    // `"stak"` is characters 103–109 of the one-line document.
    let table =
      #"{"rows": [{"id": "a", "cell": {"type": "node", "style": {"height": 10}}}, {"id": "b", "cell": {"type": "stak"}}]}"#
    h.notify("textDocument/didOpen", Self.open("file:///t.json", table))
    let rows = await Self.diagnostics(h, "file:///t.json") ?? []
    #expect(rows.count == 1)
    #expect(rows.first?["range"] == Self.range(0, 103, 0, 109))
    #expect(rows.first?["message"]?.stringValue?.hasPrefix("rows[1].cell.type: ") == true)
    // `{"type": "node",}`: the parser stops at the '}' (character 16) expecting a member name.
    h.notify("textDocument/didOpen", Self.open("file:///s.json", #"{"type": "node",}"#))
    let syntax = await Self.diagnostics(h, "file:///s.json") ?? []
    #expect(syntax.first?["range"] == Self.range(0, 16, 0, 17))
    #expect(syntax.first?["message"] == .string("invalid JSON: expected a member name after ','"))
    // A node without a size in a stack is laid out 0 tall at every width: one warning at the node (31–60).
    let stack = #"{"type": "stack", "children": [{"type": "node", "id": "dot"}]}"#
    h.notify("textDocument/didOpen", Self.open("file:///w.json", stack))
    let warnings = await Self.diagnostics(h, "file:///w.json") ?? []
    #expect(warnings.count == 1)
    #expect(warnings.first?["severity"] == .int(2))
    #expect(warnings.first?["range"] == Self.range(0, 31, 0, 60))
    #expect(warnings.first?["message"] == .string(#""dot" is laid out at zero size at width 320"#))
    // Closing clears the document's diagnostics.
    h.notify("textDocument/didClose", #"{"textDocument": {"uri": "file:///w.json"}}"#)
    let cleared = await h.notification("textDocument/publishDiagnostics")
    #expect(cleared?["params"]?["uri"] == .string("file:///w.json"))
    #expect(cleared?["params"]?["diagnostics"] == json("[]"))
    h.closeInput()
  }

  @Test("warnings: a stack child reaching past its stack, text cut by maxLines; each once, at its first width")
  func overflowAndTruncationWarnings() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    // A horizontal stack holds two 200-pt nodes: Texture's flexShrink is 0, so at width 320 "b" sits at x 200 and
    // ends at 400, 80 pt past the stack (the root is exactly the table's width); at 375 by 25; at 414 not at all.
    // One warning, at width 320, underlining "b"'s object: line 2, characters 0–66.
    let stack =
      "{\"type\": \"stack\", \"direction\": \"horizontal\", \"children\": [\n"
      + #"{"type": "node", "id": "a", "style": {"width": 200, "height": 10}},"# + "\n"
      + #"{"type": "node", "id": "b", "style": {"width": 200, "height": 10}}]}"#
    h.notify("textDocument/didOpen", Self.open("file:///o.json", stack))
    let overflow = await Self.diagnostics(h, "file:///o.json") ?? []
    #expect(overflow.count == 1)
    #expect(overflow.first?["severity"] == .int(2))
    #expect(overflow.first?["range"] == Self.range(2, 0, 2, 66))
    #expect(overflow.first?["message"] == .string(#""b" overflows its stack at width 320 (by 80 pt)"#))
    // 44 Ahem characters at 10 pt are 440 pt, wider than every width: one line shown, cut by the ellipsis. The
    // text is the cell's root, so its object is the whole document (characters 0–136).
    let text =
      #"{"type": "text", "id": "t", "text": "xxxx xxxx xxxx xxxx xxxx xxxx xxxx xxxx xxxx", "#
      + #""fontFamily": "Ahem", "fontSize": 10, "maxLines": 1}"#
    h.notify("textDocument/didOpen", Self.open("file:///x.json", text))
    let cut = await Self.diagnostics(h, "file:///x.json") ?? []
    #expect(cut.count == 1)
    #expect(cut.first?["range"] == Self.range(0, 0, 0, 136))
    #expect(cut.first?["message"] == .string(#""t" is truncated at width 320 (1 line shown)"#))
    h.closeInput()
  }

  @Test("code actions: a snapshot per width; executeCommand writes the SVG and asks the client to show it")
  func snapshotCommand() async throws {
    let uri = "file:///cards/feed%20card.json"
    let table =
      #"{"widths": [200, 300], "rows": [{"id": "a", "cell": {"type": "node", "style": {"height": 40}}}, "#
      + #"{"id": "b", "cell": {"type": "node", "style": {"height": 10}}}]}"#
    for showsDocuments in [true, false] {
      let h = ServerHarness()
      // The first client declares showDocument and code action literals; the second neither (bare Commands).
      let capabilities =
        showsDocuments
        ? #"{"window": {"showDocument": {"support": true}}, "textDocument": {"codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["source"]}}}}}"#
        : "{}"
      let initialized = await h.call(1, "initialize", #"{"capabilities": \#(capabilities)}"#).last
      #expect(initialized?["result"]?["capabilities"]?["executeCommandProvider"] == json(#"{"commands": ["layoutd.showSnapshot"]}"#))
      h.notify("textDocument/didOpen", Self.open(uri, table))
      _ = await Self.diagnostics(h, uri)
      let range = #"{"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}"#
      let actions = await h.call(
        2, "textDocument/codeAction",
        #"{"textDocument": {"uri": "\#(uri)"}, "range": \#(range), "context": {"diagnostics": []}}"#
      ).last?["result"]?.arrayValue ?? []
      #expect(actions.count == 2)
      #expect(actions.first?["title"] == .string("Show the SVG snapshot at width 200"))
      let command = showsDocuments ? actions.last?["command"] : actions.last
      #expect(actions.first?["kind"] == (showsDocuments ? .string("source") : nil))
      #expect(command?["command"] == .string("layoutd.showSnapshot"))
      #expect(command?["arguments"] == json(#"[{"uri": "\#(uri)", "width": 300}]"#))
      // Asking only for quick fixes offers nothing.
      let fixes = await h.call(
        3, "textDocument/codeAction",
        #"{"textDocument": {"uri": "\#(uri)"}, "range": \#(range), "context": {"diagnostics": [], "only": ["quickfix"]}}"#
      ).last?["result"]
      #expect(fixes == json("[]"))
      let messages = await h.call(
        4, "workspace/executeCommand", #"{"command": "layoutd.showSnapshot", "arguments": [{"uri": "\#(uri)", "width": 300}]}"#)
      let result = messages.last?["result"]
      // Scale 2: each row is its cell plus a 0.5-pt separator, 40.5 + 10.5 = 51 pt; the file is named after the
      // URI's last component without its extension, "%" made "_".
      #expect(result?["rows"] == .int(2))
      #expect(result?["height"] == .int(51))
      let path = result?["path"]?.stringValue ?? ""
      #expect(path.hasSuffix("/layoutd-snapshots/feed_20card-300.svg"))
      let svg = try String(contentsOfFile: path, encoding: .utf8)
      #expect(svg.contains(#"data-row-id="a""#) && svg.contains(#"data-row-id="b""#))
      #expect(svg.contains(#"transform="translate(0 40.5)""#))
      let sent = showsDocuments ? "window/showDocument" : "window/showMessage"
      #expect(result?["shownWith"] == .string(sent))
      let shown = messages.first { $0["method"] == .string(sent) }
      if showsDocuments {
        #expect(shown?["id"] != nil)
        #expect(shown?["params"]?["uri"] == result?["uri"])
        #expect(shown?["params"]?["external"] == .bool(true))
      } else {
        #expect(shown?["id"] == nil)
        #expect(shown?["params"]?["message"] == .string("layoutd: the snapshot at width 300 is \(path)"))
      }
      // An unknown command, a width out of range, a document that is not open: -32602 naming the path.
      let unknown = await h.call(5, "workspace/executeCommand", #"{"command": "layoutd.nope", "arguments": []}"#)
      #expect(unknown.last?["error"]?["message"]?.stringValue?.hasPrefix("params.command: unknown command") == true)
      let narrow = await h.call(
        6, "workspace/executeCommand", #"{"command": "layoutd.showSnapshot", "arguments": [{"uri": "\#(uri)", "width": 0}]}"#)
      #expect(narrow.last?["error"]?["message"]?.stringValue?.hasPrefix("params.arguments[0].width: ") == true)
      let closed = await h.call(
        7, "workspace/executeCommand", #"{"command": "layoutd.showSnapshot", "arguments": [{"uri": "file:///x", "width": 300}]}"#)
      #expect(closed.last?["error"]?["message"] == .string(#"params.arguments[0].uri: "file:///x" is not open"#))
      h.closeInput()
    }
  }

  @Test("utf-8 positions when the client offers them; bad params sent with an id are refused with their path")
  func utf8AndRefusals() async {
    let h = ServerHarness()
    let answer = await h.call(
      1, "initialize", #"{"capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}}}"#)
    #expect(answer.last?["result"]?["capabilities"]?["positionEncoding"] == .string("utf-8"))
    // "é" is 2 bytes: the key "fontSze" starts at byte 31 (character 30 in UTF-16) and ends at byte 40.
    h.notify("textDocument/didOpen", Self.open("file:///u.json", #"{"type": "text", "text": "é", "fontSze": 12}"#))
    let found = await Self.diagnostics(h, "file:///u.json") ?? []
    #expect(found.first?["range"] == Self.range(0, 31, 0, 40))
    let refused = await h.call(
      2, "textDocument/didChange",
      #"{"textDocument": {"uri": "file:///nope.json", "version": 2}, "contentChanges": []}"#)
    #expect(refused.last?["error"]?["message"] == .string(#"params.textDocument.uri: "file:///nope.json" is not open"#))
    let malformed = await h.call(3, "textDocument/didOpen", #"{"textDocument": {"uri": "file:///x.json"}}"#)
    #expect(malformed.last?["error"]?["code"] == .int(-32602))
    h.closeInput()
  }

  @Test("hover: an element's frame, line count and size range at each declared width")
  func hoverFramesAtEachWidth() async {
    let h = ServerHarness()
    let capabilities = await h.call(1, "initialize").last?["result"]?["capabilities"]
    #expect(capabilities?["hoverProvider"] == .bool(true))
    // Characters: the text element is 86–172, its `"t"` at 109; the node 174–214, its "height" at 201.
    let document =
      #"{"widths": [50, 100], "root": {"type": "stack", "direction": "vertical", "children": [{"type": "text", "#
      + #""id": "t", "text": "aaaa bbbb", "fontFamily": "Ahem", "fontSize": 10}, {"type": "node", "style": "#
      + #"{"height": 5}}]}}"#
    h.notify("textDocument/didOpen", Self.open("file:///h.json", document))
    _ = await Self.diagnostics(h, "file:///h.json")
    // A vertical stack stretches its children across (alignItems Stretch): the text gets exactly the table width.
    // Ahem 10 pt, 10 pt per character and per line: "aaaa bbbb" (90) breaks after the space at 50 (2 lines, 20 tall)
    // and fits at 100 (1 line, 10 tall). Its parent offers [W × 0, W × ∞].
    let text = await h.call(
      2, "textDocument/hover",
      #"{"textDocument": {"uri": "file:///h.json"}, "position": {"line": 0, "character": 109}}"#
    ).last?["result"]
    #expect(text?["range"] == Self.range(0, 86, 0, 172))
    #expect(text?["contents"]?["kind"] == .string("markdown"))
    #expect(
      text?["contents"]?["value"]
        == .string(
          """
          **text** `t` — `root.children[0]`

          | table width | x | y | width | height | lines |
          |---:|---:|---:|---:|---:|---:|
          | 50 | 0 | 0 | 50 | 20 | 2 |
          | 100 | 0 | 0 | 100 | 10 | 1 |

          size range: 50: [50 × 0, 50 × ∞]; 100: [100 × 0, 100 × ∞]
          """))
    // The node below it: 5 tall at y 20, then at y 10.
    let node = await h.call(
      3, "textDocument/hover",
      #"{"textDocument": {"uri": "file:///h.json"}, "position": {"line": 0, "character": 201}}"#
    ).last?["result"]
    #expect(node?["range"] == Self.range(0, 174, 0, 214))
    let rows = node?["contents"]?["value"]?.stringValue?.split(separator: "\n").filter {
      $0.hasPrefix("| 50") || $0.hasPrefix("| 100")
    }
    #expect(rows == ["| 50 | 0 | 20 | 50 | 5 |", "| 100 | 0 | 10 | 100 | 5 |"])
    // Outside every element (on "widths"): null.
    let none = await h.call(
      4, "textDocument/hover", #"{"textDocument": {"uri": "file:///h.json"}, "position": {"line": 0, "character": 3}}"#)
    #expect(none.last?["result"] == .null)
    h.closeInput()
  }

  /// The hover test's document: a vertical stack (30–216, `"stack"` at 39–46) of a text `t` (86–172, `"t"` at
  /// 109–112) and a node (174–214, `"node"` at 183–189), laid out at widths 50 and 100.
  static let stackDocument =
    #"{"widths": [50, 100], "root": {"type": "stack", "direction": "vertical", "children": [{"type": "text", "#
    + #""id": "t", "text": "aaaa bbbb", "fontFamily": "Ahem", "fontSize": 10}, {"type": "node", "style": "#
    + #"{"height": 5}}]}}"#

  @Test("document symbols: the element tree; inlay hints: each element's heights at the declared widths")
  func symbolsAndInlayHints() async {
    let h = ServerHarness()
    let capabilities = await h.call(1, "initialize").last?["result"]?["capabilities"]
    #expect(capabilities?["documentSymbolProvider"] == .bool(true) && capabilities?["inlayHintProvider"] == .bool(true))
    h.notify("textDocument/didOpen", Self.open("file:///o.json", Self.stackDocument))
    _ = await Self.diagnostics(h, "file:///o.json")
    let symbols = await h.call(2, "textDocument/documentSymbol", #"{"textDocument": {"uri": "file:///o.json"}}"#)
      .last?["result"]
    func symbol(_ name: String, _ detail: String, _ range: (Int, Int), _ selection: (Int, Int), _ children: String)
      -> String
    {
      #"{"name": "\#(name)", "detail": "\#(detail)", "kind": 19, "range": {"start": {"line": 0, "character": \#(range.0)}, "#
        + #""end": {"line": 0, "character": \#(range.1)}}, "selectionRange": {"start": {"line": 0, "character": "#
        + #"\#(selection.0)}, "end": {"line": 0, "character": \#(selection.1)}}, "children": [\#(children)]}"#
    }
    let text = symbol("t", "text · root.children[0]", (86, 172), (109, 112), "")
    let node = symbol("node", "node · root.children[1]", (174, 214), (183, 189), "")
    #expect(symbols == json("[" + symbol("stack", "stack · root", (30, 216), (39, 46), text + ", " + node) + "]"))
    // Heights (see the hover test): the stack 20 + 5 = 25 at 50 and 10 + 5 = 15 at 100; the text 20 and 10; the
    // node 5 and 5. Each hint stands just after its element's "{"; a range covering the text only gets its hint.
    let all =
      await h.call(
        3, "textDocument/inlayHint",
        #"{"textDocument": {"uri": "file:///o.json"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}}"#
      ).last?["result"]?.arrayValue ?? []
    #expect(all.map { $0["label"]?.stringValue ?? "" } == ["h 25 · 15", "h 20 · 10", "h 5 · 5"])
    #expect(all.map { $0["position"]?["character"]?.intValue ?? -1 } == [31, 87, 175])
    let some =
      await h.call(
        4, "textDocument/inlayHint",
        #"{"textDocument": {"uri": "file:///o.json"}, "range": {"start": {"line": 0, "character": 80}, "end": {"line": 0, "character": 100}}}"#
      ).last?["result"]?.arrayValue ?? []
    #expect(some.map { $0["label"]?.stringValue ?? "" } == ["h 20 · 10"])
    h.closeInput()
  }

  /// The completion items at `character` of a one-line document.
  static func completions(_ h: ServerHarness, _ id: Int, _ uri: String, _ character: Int) async -> [JSONValue] {
    await h.call(
      id, "textDocument/completion",
      #"{"textDocument": {"uri": "\#(uri)"}, "position": {"line": 0, "character": \#(character)}}"#
    ).last?["result"]?["items"]?.arrayValue ?? []
  }

  @Test("completion: members by element type, element types, enumerated values, installed font families")
  func completion() async {
    let h = ServerHarness()
    let capabilities = await h.call(1, "initialize").last?["result"]?["capabilities"]
    #expect(capabilities?["completionProvider"] == json(#"{"triggerCharacters": ["\"", ":"]}"#))
    // A member name being typed in a text element (the string opened at character 17).
    h.notify("textDocument/didOpen", Self.open("file:///k.json", #"{"type": "text", ""#))
    _ = await Self.diagnostics(h, "file:///k.json")
    let members = await Self.completions(h, 2, "file:///k.json", 18)
    let labels = members.map { $0["label"]?.stringValue ?? "" }
    #expect(labels.contains("fontSize") && labels.contains("maxLines") && !labels.contains("type"))
    let fontSize = members.first { $0["label"] == .string("fontSize") }
    #expect(fontSize?["kind"] == .int(10))
    #expect(
      fontSize?["textEdit"]
        == json(#"{"range": \#(JSONWriter.string(Self.range(0, 17, 0, 18))), "newText": "\"fontSize\": "}"#))
    // The value of "type", of "direction", of "fontFamily".
    h.notify("textDocument/didOpen", Self.open("file:///v.json", #"{"type": "", "direction": "", "fontFamily": ""}"#))
    _ = await Self.diagnostics(h, "file:///v.json")
    let types = await Self.completions(h, 3, "file:///v.json", 10).map { $0["label"]?.stringValue ?? "" }
    #expect(
      types == [
        "stack", "inset", "overlay", "background", "center", "ratio", "relative", "absolute", "wrapper",
        "corner", "node", "text", "image", "box",
      ])
    let directions = await Self.completions(h, 4, "file:///v.json", 27).map { $0["label"]?.stringValue ?? "" }
    #expect(directions == ["horizontal", "vertical"])
    let families = await Self.completions(h, 5, "file:///v.json", 45).map { $0["label"]?.stringValue ?? "" }
    #expect(families.contains("DejaVu Sans") && families.contains("Inter"))
    h.closeInput()
  }

  @Test("numbers in hovers and hints: whole ones without a fraction, any size without trapping, ∞ for unbounded")
  func numbersAreWrittenSafely() {
    #expect(SpecHover.number(20) == "20")
    #expect(SpecHover.number(20.5) == "20.5")
    #expect(SpecHover.number(1e20) == "1e+20")
    #expect(SpecHover.number(.infinity) == "∞")
    #expect(SpecChecker.number(1e20) == "1e+20")
  }
}
