import JSONCodec
import JSONRPC
import SpecLanguage

/// LSP text synchronisation for layout-spec documents (`textDocument/didOpen`, `didChange`, `didClose`): server
/// methods, normally sent as notifications; malformed ones are logged (a notification has no answer) or, sent
/// with an id, refused -32602 naming the path.
enum LanguageMethods {
  /// The methods.
  static let all: [MethodDescriptor] = [
    .server("textDocument/didOpen", didOpen),
    .server("textDocument/didChange", didChange),
    .server("textDocument/didClose", didClose),
    .server("textDocument/hover", hover),
    .server("textDocument/documentSymbol", documentSymbol),
    .server("textDocument/inlayHint", inlayHint),
    .server("textDocument/completion", completion),
    .server("textDocument/codeAction", codeAction),
    .server("workspace/executeCommand", executeCommand),
  ]

  /// The checker of the server's current options.
  static func checker(_ call: Call) -> SpecChecker {
    call.server.language.checker(options: call.server.state.withLock { $0.options })
  }

  /// Answers `body`'s outcome; for a notification an error is logged instead.
  static func perform(_ call: Call, _ method: String, _ body: () throws(ResponseError) -> Void) {
    do throws(ResponseError) {
      try body()
      call.reply?.result(.null)
    } catch {
      if let reply = call.reply {
        reply.error(error)
      } else {
        ServerLog.write(.warning, "\(method): \(error.message)")
      }
    }
  }

  /// `textDocument/didOpen` {textDocument: {uri, languageId, version, text}}.
  static func didOpen(_ call: Call) {
    perform(call, "textDocument/didOpen") { () throws(ResponseError) in
      let params = try Params(call.params)
      let item = try params.object("textDocument")
      let document = TextDocument(
        uri: try item.string("uri"), version: try index(item, "version"), text: try item.string("text"))
      call.server.language.open(document, checker: checker(call), notify: call.notify)
    }
  }

  /// `textDocument/didChange` {textDocument: {uri, version}, contentChanges: [{range?, text}]}.
  static func didChange(_ call: Call) {
    perform(call, "textDocument/didChange") { () throws(ResponseError) in
      let params = try Params(call.params)
      let item = try params.object("textDocument")
      let uri = try item.string("uri")
      let version = try index(item, "version")
      var changes: [TextDocument.Change] = []
      for (index, value) in try params.array("contentChanges").enumerated() {
        let path = "params.contentChanges[\(index)]"
        let change = try Params(value, path: path)
        var range: TextRange?
        if change.value("range") != nil { range = try textRange(change.object("range")) }
        changes.append(TextDocument.Change(range: range, text: try change.string("text")))
      }
      let known = call.server.language.change(
        uri, changes: changes, version: version, checker: checker(call), notify: call.notify)
      guard known else { throw Params.invalid("params.textDocument.uri", "\"\(uri)\" is not open") }
    }
  }

  /// `textDocument/didClose` {textDocument: {uri}}: its diagnostics are cleared.
  static func didClose(_ call: Call) {
    perform(call, "textDocument/didClose") { () throws(ResponseError) in
      let params = try Params(call.params)
      let item = try params.object("textDocument")
      call.server.language.close(try item.string("uri"), notify: call.notify)
    }
  }

  /// Answers a request about an open document on the language queue (the reader goes on): `body` gets the
  /// document, its line index and the server's checker. A document that is not open: -32602.
  static func onDocument(
    _ call: Call,
    _ body: @escaping @Sendable (TextDocument, LineIndex, SpecChecker, Params) throws(ResponseError) -> JSONValue
  ) {
    let params: Params
    let uri: String
    do throws(ResponseError) {
      params = try Params(call.params)
      uri = try params.object("textDocument").string("uri")
    } catch {
      call.reply?.error(error)
      return
    }
    let language = call.server.language
    let checker = checker(call)
    language.queue.async {
      call.answer { () throws(ResponseError) -> JSONValue in
        guard let document = language.document(uri) else {
          throw Params.invalid("params.textDocument.uri", "\"\(uri)\" is not open")
        }
        return try body(document, LineIndex(document.text, encoding: language.encoding), checker, params)
      }
    }
  }

  /// `textDocument/hover` {textDocument: {uri}, position} → {contents: {kind: "markdown", value}, range} or null
  /// (no element there).
  static func hover(_ call: Call) {
    onDocument(call) { document, index, checker, params throws(ResponseError) in
      let offset = index.offset(of: try position(params.object("position")))
      guard let found = SpecHover.hover(document.text, at: offset, checker: checker) else { return .null }
      return .object(
        JSONObject([
          ("contents", .object(JSONObject([("kind", .string("markdown")), ("value", .string(found.markdown))]))),
          ("range", LanguageService.rangeJSON(index.range(of: found.range))),
        ]))
    }
  }

  /// `textDocument/documentSymbol` {textDocument: {uri}} → [DocumentSymbol] (hierarchical), or null when the
  /// document is not JSON.
  static func documentSymbol(_ call: Call) {
    onDocument(call) { document, index, _, _ throws(ResponseError) in
      guard let symbols = SpecOutline.symbols(document.text) else { return .null }
      func json(_ symbol: SpecOutline.Symbol) -> JSONValue {
        .object(
          JSONObject([
            ("name", .string(symbol.name)), ("detail", .string(symbol.detail)), ("kind", .int(Int64(symbol.kind))),
            ("range", LanguageService.rangeJSON(index.range(of: symbol.range))),
            ("selectionRange", LanguageService.rangeJSON(index.range(of: symbol.selection))),
            ("children", .array(symbol.children.map(json))),
          ]))
      }
      return .array(symbols.map(json))
    }
  }

  /// `textDocument/inlayHint` {textDocument: {uri}, range} → [{position, label, paddingLeft, paddingRight}]: the
  /// heights of each element at the document's widths, inside `range`.
  static func inlayHint(_ call: Call) {
    onDocument(call) { document, index, checker, params throws(ResponseError) in
      let range = try textRange(params.object("range"))
      let bytes = index.offset(of: range.start)...index.offset(of: range.end)
      let hints = SpecOutline.hints(document.text, checker: checker).filter { bytes.contains($0.offset) }
      return .array(
        hints.map { hint in
          .object(
            JSONObject([
              ("position", LanguageService.positionJSON(index.position(of: hint.offset))),
              ("label", .string(hint.label)), ("paddingLeft", .bool(true)), ("paddingRight", .bool(true)),
            ]))
        })
    }
  }

  /// `textDocument/completion` {textDocument: {uri}, position} → {isIncomplete: false, items: [{label, kind, detail,
  /// textEdit: {range, newText}}]}.
  static func completion(_ call: Call) {
    onDocument(call) { document, index, checker, params throws(ResponseError) in
      let offset = index.offset(of: try position(params.object("position")))
      let items = SpecCompletion.items(document.text, at: offset, checker: checker)
      return .object(
        JSONObject([
          ("isIncomplete", .bool(false)),
          (
            "items",
            .array(
              items.map { item in
                .object(
                  JSONObject([
                    ("label", .string(item.label)), ("kind", .int(Int64(item.kind))), ("detail", .string(item.detail)),
                    (
                      "textEdit",
                      .object(
                        JSONObject([
                          ("range", LanguageService.rangeJSON(index.range(of: item.replace))),
                          ("newText", .string(item.newText)),
                        ]))
                    ),
                  ]))
              })
          ),
        ]))
    }
  }

  /// An LSP Range {start, end} of {line, character}.
  static func textRange(_ range: Params) throws(ResponseError) -> TextRange {
    TextRange(start: try position(range.object("start")), end: try position(range.object("end")))
  }

  /// An LSP Position {line, character} (non-negative integers).
  static func position(_ position: Params) throws(ResponseError) -> Position {
    Position(line: try index(position, "line"), character: try index(position, "character"))
  }

  /// A required non-negative integer member.
  static func index(_ params: Params, _ key: String) throws(ResponseError) -> Int {
    _ = try params.required(key)
    return try params.optionalIndex(key) ?? 0
  }
}
