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
  ]

  /// The checker of the server's current options.
  static func checker(_ call: Call) -> SpecChecker {
    SpecChecker(options: call.server.state.withLock { $0.options })
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

  /// `textDocument/hover` {textDocument: {uri}, position} → {contents: {kind: "markdown", value}, range} or null
  /// (no element there). Laid out on the language queue, so the reader goes on.
  static func hover(_ call: Call) {
    let request: (uri: String, position: Position)
    do throws(ResponseError) {
      let params = try Params(call.params)
      request = (try params.object("textDocument").string("uri"), try position(params.object("position")))
    } catch {
      call.reply?.error(error)
      return
    }
    let language = call.server.language
    let options = call.server.state.withLock { $0.options }
    language.queue.async {
      call.answer { () throws(ResponseError) -> JSONValue in
        guard let document = language.document(request.uri) else {
          throw Params.invalid("params.textDocument.uri", "\"\(request.uri)\" is not open")
        }
        let index = LineIndex(document.text, encoding: language.encoding)
        guard let found = SpecHover.hover(document.text, at: index.offset(of: request.position), options: options)
        else { return .null }
        return .object(
          JSONObject([
            ("contents", .object(JSONObject([("kind", .string("markdown")), ("value", .string(found.markdown))]))),
            ("range", LanguageService.rangeJSON(index.range(of: found.range))),
          ]))
      }
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
