import JSONCodec
import JSONRPC
import SpecLanguage

/// The method table: every method's descriptor by name. Server methods are answered at once; session methods are
/// routed by their `sessionId`.
enum ServerMethods {
  /// Layout-spec element types the decoder accepts (reported in `initialize`).
  static let elementTypes = [
    "stack", "inset", "overlay", "background", "center", "ratio", "relative", "absolute", "wrapper", "corner",
    "node", "text", "image", "box",
  ]

  /// Notifications the server sends.
  static let notifications = [
    "table/didCommit", "table/heightChanged", "table/contentSizeChanged", "table/contentOffsetChanged",
    "table/willBeginBatchFetch", "cell/interfaceStateChanged", "cell/nodeReleased", "cell/didDisplay",
    "window/logMessage", "table/selectionChanged", "table/supplementaryHeightChanged",
    "textDocument/publishDiagnostics", "window/showMessage",
  ]

  /// Features that work end to end, by the names Protocol.md ("Lifecycle") lists; a client tests for a name
  /// instead of a version. A name is added here in the commit that makes its feature complete.
  static let features: [String] = [
    "sectionHeaders", "sectionFooters", "stickyHeaders", "groupedStyle", "invertedTable", "rowSizeRange", "accessories",
    "selection", "layoutTransitions", "textRuns", "paragraphStyles", "fontFallback", "fontCollections", "colorEmoji",
    "textShaping", "collectionNode", "flowLayout", "horizontalScrolling", "pagerNode", "itemSizeRange",
    "nestedContainers", "coalescedNotifications", "specLanguage",
  ]

  /// The methods the server handles itself: control, lifecycle and session management.
  static let serverMethods: [MethodDescriptor] = [
    .control("$/cancelRequest") { server, params in server.cancel(params) },
    .control("exit") { server, _ in server.exitRequested() },
    .server("initialize", initialize),
    .server("initialized") { call in call.reply?.result(.null) },  // a notification; answered null if sent with an id
    .server("shutdown", shutdown),
    .server("session/create", createSession),
    .server("session/dispose", disposeSession),
  ]

  /// Every method, server-level and session-routed, by name (the first descriptor of a name counts).
  static let table: [String: MethodDescriptor] = Dictionary(
    (serverMethods + LanguageMethods.all + SessionMethods.all).map { ($0.name, $0) },
    uniquingKeysWith: { first, _ in first })

  /// `initialize` → {serverInfo, protocolVersion, capabilities}. A second one is refused (-32600).
  static func initialize(_ call: Call) {
    call.answer { () throws(ResponseError) -> JSONValue in
      let params = try Params(call.params)
      let first = call.server.state.withLock { $0.phase == .uninitialized }
      guard first else { throw ResponseError(code: .invalidRequest, message: "server is already initialized") }
      let options = try ServerOptions(params.value("initializationOptions"), defaults: call.server.defaults)
      let client = params.value("clientInfo")?["name"]?.stringValue ?? "a client"
      ServerLog.write(.info, "initialize from \(client)")
      call.server.state.withLock { s in
        s.phase = .running
        s.options = options
        s.registry = options.makeRegistry()
      }
      if options.coalescedNotifications { call.server.coalescer.switchOn() }
      // LSP 3.17: the first encoding of the client's `general.positionEncodings` that layoutd speaks, else UTF-16.
      let offered = params.value("capabilities")?["general"]?["positionEncodings"]?.arrayValue ?? []
      let encoding = PositionEncoding.negotiate(offered.compactMap(\.stringValue))
      call.server.language.encoding = encoding
      let showDocument = params.value("capabilities")?["window"]?["showDocument"]?["support"]
      let literals = params.value("capabilities")?["textDocument"]?["codeAction"]?["codeActionLiteralSupport"]
      call.server.language.state.withLock {
        $0.clientShowsDocuments = showDocument == .bool(true)
        $0.clientTakesCodeActionLiterals = literals?.objectValue != nil
      }
      let capabilities = JSONObject([
        ("positionEncoding", .string(encoding.rawValue)),
        ("textDocumentSync", .object(JSONObject([("openClose", .bool(true)), ("change", .int(2))]))),
        ("hoverProvider", .bool(true)),
        ("documentSymbolProvider", .bool(true)), ("inlayHintProvider", .bool(true)),
        ("completionProvider", .object(JSONObject([("triggerCharacters", .array([.string("\""), .string(":")]))]))),
        ("codeActionProvider", .bool(true)),
        (
          "executeCommandProvider",
          .object(JSONObject([("commands", .array([.string(LanguageMethods.showSnapshotCommand)]))]))
        ),
        ("sessions", .bool(true)), ("tableNode", .bool(true)),
        ("layoutSpecs", .array(elementTypes.map { .string($0) })),
        ("notifications", .array(notifications.map { .string($0) })),
        ("features", .array(features.map { .string($0) })),
        ("limits", options.limitsJSON),
      ])
      return .object(
        JSONObject([
          (
            "serverInfo",
            .object(JSONObject([("name", .string("layoutd")), ("version", .string(call.server.version))]))
          ),
          ("protocolVersion", .string("1.0")),
          ("capabilities", .object(capabilities)),
        ]))
    }
  }

  /// `shutdown` → null, answered once every earlier request has been answered (LSP: the server finishes its
  /// pending work first); later requests other than `exit` get -32600 at once, answered after it.
  static func shutdown(_ call: Call) {
    ServerLog.write(.info, "shutdown")
    call.server.state.withLock { $0.phase = .shuttingDown }
    guard let reply = call.reply else { return }
    call.server.ledger.afterEarlier(reply.serial) { reply.result(.null) }
  }

  /// `session/create` {viewport: {width, height}, scale? = 2, separators? = true, sessionId?, interfaceStates?,
  /// batchFetching?, scrollAnchoring?, lenientFonts? = false, allowsSelection? = true, allowsMultipleSelection? =
  /// false} → {sessionId}; other members are refused.
  static func createSession(_ call: Call) {
    call.answer { () throws(ResponseError) -> JSONValue in
      let configuration = try SessionConfiguration(Params(call.params))
      let (stream, continuation) = AsyncStream<SessionJob>.makeStream()
      let session: Session = try call.server.state.withLock { s throws(ResponseError) -> Session in
        let id: String
        if let chosen = configuration.sessionId {
          guard s.sessions[chosen] == nil else {
            throw Params.invalid("params.sessionId", "session \"\(chosen)\" already exists")
          }
          id = chosen
        } else {
          repeat {
            s.lastSessionNumber += 1
          } while s.sessions["s\(s.lastSessionNumber)"] != nil
          id = "s\(s.lastSessionNumber)"
        }
        guard s.sessions.count < s.options.maxSessions else {
          throw ResponseError(
            code: ServerError.limitExceededCode,
            message: "cannot create a session: \(s.sessions.count) sessions are live, the maximum is "
              + "\(s.options.maxSessions) (maxSessions)")
        }
        let session = Session(
          id: id, configuration: configuration, options: s.options, registry: s.registry, jobs: continuation,
          notify: call.notify, flushNotifications: call.flushNotifications)
        s.sessions[id] = session
        return session
      }
      ServerLog.write(
        .info,
        "session \"\(session.id)\" created (\(configuration.width) × \(configuration.height) at scale "
          + "\(configuration.scale))")
      Task { await session.run(stream) }
      return .object(JSONObject([("sessionId", .string(session.id))]))
    }
  }

  /// `session/dispose` {sessionId} → null, answered in the session's order; later calls get -32003.
  static func disposeSession(_ call: Call) {
    do throws(ResponseError) {
      let id = try Params(call.params).string("sessionId")
      let session = call.server.state.withLock { $0.sessions.removeValue(forKey: id) }
      guard let session else { throw ServerError.unknownSession(id) }
      ServerLog.write(.info, "session \"\(id)\" disposed")
      session.jobs.yield(.dispose(reply: call.reply))
    } catch {
      call.reply?.error(error)
    }
  }

  /// Queues a session method on its session's ordered stream.
  static func route(_ call: Call, to method: MethodDescriptor) {
    do throws(ResponseError) {
      let id = try Params(call.params).string("sessionId")
      guard let session = call.server.state.withLock({ $0.sessions[id] }) else { throw ServerError.unknownSession(id) }
      if let reply = call.reply { call.server.remember(reply, jobs: session.jobs) }
      var barrier = method.isBarrier(call.params, rows: call.rows)
      // A geometry query overtakes queued edits that wait for layout (see QueryLane); when it may not, it keeps its
      // place and is counted as a barrier.
      if !barrier, let query = method.committedQuery(for: call.params) {
        if session.lane.overtake(method.name, query, call.params, reply: call.reply) { return }
        barrier = true
      } else if barrier {
        session.lane.barrierQueued()
      }
      let ticket = call.server.gate.ticket(bytes: call.bytes)
      let queued = SessionCall(
        method: method, params: call.params, rows: call.rows, reply: call.reply, ticket: ticket, barrier: barrier)
      if case .terminated = session.jobs.yield(.call(queued)) {
        ticket.release()
        throw ServerError.unknownSession(id)
      }
    } catch {
      call.reply?.error(error)
    }
  }
}
