import Foundation
import JSONCodec
import JSONRPC

/// The snapshot command of layout-spec documents: `textDocument/codeAction` offers "show the SVG snapshot" at each of
/// the document's widths; `workspace/executeCommand` `layoutd.showSnapshot` writes it and asks the client to show it
/// (`window/showDocument`, or `window/showMessage` naming the file for a client that cannot show documents).
extension LanguageMethods {
  /// The one command.
  static let showSnapshotCommand = "layoutd.showSnapshot"

  /// `textDocument/codeAction` {textDocument: {uri}, range, context: {only?}} → [{title, kind: "source", command:
  /// {title, command: "layoutd.showSnapshot", arguments: [{uri, width}]}}], one per width of the document (none when
  /// its text is not JSON, or when `context.only` leaves out the `source` kind); to a client that did not declare
  /// `codeActionLiteralSupport`, the bare commands.
  static func codeAction(_ call: Call) {
    let literals = call.server.language.state.withLock { $0.clientTakesCodeActionLiterals }
    onDocument(call) { document, _, _, params throws(ResponseError) in
      if let only = params.value("context")?["only"]?.arrayValue {
        let kinds = only.compactMap(\.stringValue)
        guard kinds.contains("source") else { return .array([]) }
      }
      guard let (parsed, _) = SpecDocument.parse(document.text) else { return .array([]) }
      return .array(
        parsed.widths.map { width in
          let title = "Show the SVG snapshot at width \(SpecChecker.number(width))"
          let argument = JSONObject([("uri", .string(document.uri)), ("width", .double(width))])
          let command = JSONObject([
            ("title", .string(title)), ("command", .string(showSnapshotCommand)),
            ("arguments", .array([.object(argument)])),
          ])
          guard literals else { return .object(command) }
          return .object(
            JSONObject([("title", .string(title)), ("kind", .string("source")), ("command", .object(command))]))
        })
    }
  }

  /// `workspace/executeCommand` {command: "layoutd.showSnapshot", arguments: [{uri, width}]} → {uri, path, width,
  /// rows, height, shownWith}: writes the document's SVG snapshot at `width` (see `SpecSnapshot`), then sends the
  /// client `window/showDocument` {uri, external: true, takeFocus: true} when it declared
  /// `window.showDocument.support` at `initialize`, else `window/showMessage` {type: 3, message} naming the file;
  /// `shownWith` is the method sent.
  static func executeCommand(_ call: Call) {
    let request: (uri: String, width: Double)
    do throws(ResponseError) {
      let params = try Params(call.params)
      let command = try params.string("command")
      guard command == showSnapshotCommand else {
        throw Params.invalid(
          params.at("command"), "unknown command \"\(command)\"; layoutd's commands: \"\(showSnapshotCommand)\"")
      }
      let arguments = try params.array("arguments")
      guard arguments.count == 1 else {
        throw Params.invalid(params.at("arguments"), "expected one argument {uri, width}, got \(arguments.count)")
      }
      let argument = try Params(arguments[0], path: params.at("arguments") + "[0]")
      let bounds = CellFrames.sizes
      request = (
        try argument.string("uri"),
        try argument.number(
          "width", in: bounds,
          rangeText: "in [\(SpecChecker.number(bounds.lowerBound)), "
            + "\(SpecChecker.number(bounds.upperBound))]")
      )
    } catch {
      call.reply?.error(error)
      return
    }
    let language = call.server.language
    let checker = checker(call)
    language.queue.async {
      call.answer { () throws(ResponseError) -> JSONValue in
        guard let document = language.document(request.uri) else {
          throw Params.invalid("params.arguments[0].uri", "\"\(request.uri)\" is not open")
        }
        guard let (parsed, _) = SpecDocument.parse(document.text) else {
          throw Params.invalid("params.arguments[0].uri", "\"\(request.uri)\" is not valid JSON")
        }
        let picture = SpecSnapshot(parsed, width: request.width, checker: checker)
        let file = SpecSnapshot.fileURL(for: request.uri, width: request.width)
        do {
          try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
          try Data(picture.svg.utf8).write(to: file, options: .atomic)
        } catch {
          throw ResponseError(code: .internalError, message: "cannot write \(file.path): \(error.localizedDescription)")
        }
        let shownWith = language.show(file, width: request.width, notify: call.notify)
        return .object(
          JSONObject([
            ("uri", .string(file.absoluteString)), ("path", .string(file.path)), ("width", .double(request.width)),
            ("rows", .int(Int64(picture.rows))), ("height", .double(picture.height)), ("shownWith", .string(shownWith)),
          ]))
      }
    }
  }
}

extension LanguageService {
  /// Asks the client to show `file` (`window/showDocument` when it can, else `window/showMessage`); returns the method
  /// sent. The client's answer to `window/showDocument` is read and ignored, as every response is.
  func show(_ file: URL, width: Double, notify: @Sendable (Message) -> Void) -> String {
    let (canShow, number) = state.withLock { s -> (Bool, Int) in
      s.sentRequests += 1
      return (s.clientShowsDocuments, s.sentRequests)
    }
    if canShow {
      let params = JSONObject([
        ("uri", .string(file.absoluteString)), ("external", .bool(true)), ("takeFocus", .bool(true)),
      ])
      notify(.request(id: .string("layoutd-\(number)"), method: "window/showDocument", params: .object(params)))
      return "window/showDocument"
    }
    let message = "layoutd: the snapshot at width \(SpecChecker.number(width)) is \(file.path)"
    notify(
      .notification(
        method: "window/showMessage",
        params: .object(JSONObject([("type", .int(3)), ("message", .string(message))]))))
    return "window/showMessage"
  }
}
