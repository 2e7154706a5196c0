import Dispatch
import JSONCodec
import JSONRPC
import SpecLanguage
import Synchronization

/// The layout-spec language over LSP: the open documents, the position encoding agreed at `initialize`, and the
/// checks that publish each document's diagnostics. Checks run on one background queue, latest text first: a
/// document changed again before its check starts is checked once, at its newest version (typing is debounced by
/// `debounce`). Thread-safe.
final class LanguageService: Sendable {
  /// Guarded state.
  struct State: Sendable {
    /// Open documents by URI.
    var documents: [String: TextDocument] = [:]
    /// How positions count characters.
    var encoding = PositionEncoding.utf16
    /// Documents whose check is scheduled and not started.
    var scheduled: Set<String> = []
    /// True when the client declared `window.showDocument.support` at `initialize`.
    var clientShowsDocuments = false
    /// True when the client declared `textDocument.codeAction.codeActionLiteralSupport` (code actions are then
    /// CodeAction objects, else bare Commands, as LSP requires).
    var clientTakesCodeActionLiterals = false
    /// Requests sent to the client so far (their ids are `layoutd-N`).
    var sentRequests = 0
  }

  /// How long a check waits after a change for the next one.
  static let debounce = DispatchTimeInterval.milliseconds(10)

  /// Guarded state.
  let state = Mutex(State())
  /// The checker, made from the server's options at first use (after `initialize`).
  private let madeChecker = Mutex<SpecChecker?>(nil)

  /// The checker of the server's `options` (made once: the options do not change after `initialize`).
  func checker(options: ServerOptions) -> SpecChecker {
    madeChecker.withLock { made in
      if let made { return made }
      let checker = SpecChecker(options: options)
      made = checker
      return checker
    }
  }
  /// Where checks run, one at a time.
  let queue = DispatchQueue(label: "layoutd.language", qos: .userInitiated)

  /// The agreed position encoding.
  var encoding: PositionEncoding {
    get { state.withLock { $0.encoding } }
    set { state.withLock { $0.encoding = newValue } }
  }

  /// Opens (or replaces) a document and checks it.
  func open(_ document: TextDocument, checker: SpecChecker, notify: @escaping @Sendable (Message) -> Void) {
    state.withLock { $0.documents[document.uri] = document }
    schedule(document.uri, after: .never, checker: checker, notify: notify)
  }

  /// Applies changes to an open document and checks it after the debounce; false when it is not open.
  func change(
    _ uri: String, changes: [TextDocument.Change], version: Int, checker: SpecChecker,
    notify: @escaping @Sendable (Message) -> Void
  ) -> Bool {
    let known = state.withLock { s -> Bool in
      guard var document = s.documents[uri] else { return false }
      document.apply(changes, version: version, encoding: s.encoding)
      s.documents[uri] = document
      return true
    }
    if known { schedule(uri, after: Self.debounce, checker: checker, notify: notify) }
    return known
  }

  /// Closes a document and clears its diagnostics (LSP: a closed document's diagnostics are the server's to clear).
  func close(_ uri: String, notify: @escaping @Sendable (Message) -> Void) {
    let removed = state.withLock { $0.documents.removeValue(forKey: uri) != nil }
    if removed { queue.async { notify(Self.publish(uri: uri, version: nil, [], index: nil)) } }
  }

  /// The open document at `uri`.
  func document(_ uri: String) -> TextDocument? { state.withLock { $0.documents[uri] } }

  /// Checks `uri` on the queue after `delay` (`.never`: at once), unless a check of it is already waiting.
  func schedule(
    _ uri: String, after delay: DispatchTimeInterval, checker: SpecChecker,
    notify: @escaping @Sendable (Message) -> Void
  ) {
    guard state.withLock({ $0.scheduled.insert(uri).inserted }) else { return }
    let work: @Sendable () -> Void = { [self] in
      let (document, encoding) = state.withLock { s in
        s.scheduled.remove(uri)
        return (s.documents[uri], s.encoding)
      }
      guard let document else { return }
      let diagnostics = checker.diagnostics(document.text)
      let index = LineIndex(document.text, encoding: encoding)
      // A document closed while it was checked gets no diagnostics after its clearing.
      guard state.withLock({ $0.documents[uri] != nil }) else { return }
      notify(Self.publish(uri: uri, version: document.version, diagnostics, index: index))
    }
    if case .never = delay {
      queue.async(execute: work)
    } else {
      queue.asyncAfter(deadline: .now() + delay, execute: work)
    }
  }

  /// `textDocument/publishDiagnostics` {uri, version?, diagnostics: [{range, severity, source, message}]}.
  static func publish(uri: String, version: Int?, _ diagnostics: [SpecDiagnostic], index: LineIndex?) -> Message {
    var params = JSONObject([("uri", .string(uri))])
    if let version { params["version"] = .int(Int64(version)) }
    params["diagnostics"] = .array(
      diagnostics.map { diagnostic in
        let range =
          index?.range(of: diagnostic.range)
          ?? TextRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0))
        return .object(
          JSONObject([
            ("range", rangeJSON(range)), ("severity", .int(Int64(diagnostic.severity.rawValue))),
            ("source", .string("layoutd")), ("message", .string(diagnostic.message)),
          ]))
      })
    return .notification(method: "textDocument/publishDiagnostics", params: .object(params))
  }

  /// An LSP Range.
  static func rangeJSON(_ range: TextRange) -> JSONValue {
    .object(JSONObject([("start", positionJSON(range.start)), ("end", positionJSON(range.end))]))
  }

  /// An LSP Position.
  static func positionJSON(_ position: Position) -> JSONValue {
    .object(JSONObject([("line", .int(Int64(position.line))), ("character", .int(Int64(position.character)))]))
  }
}
