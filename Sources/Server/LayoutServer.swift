import JSONCodec
import JSONRPC
import Synchronization
import Typography

/// The layoutd JSON-RPC server: lifecycle, the method table, and routing of session methods to their sessions.
///
/// The connection delivers messages one at a time; server methods are answered at once, session methods are
/// queued on their session's ordered stream (so one session keeps arrival order while others may overtake).
package final class LayoutServer: MessageHandler {
  /// Lifecycle phase.
  enum Phase: Sendable { case uninitialized, running, shuttingDown }

  /// Mutable server state (touched by the delivery loop, read by `exitStatus`).
  struct State: Sendable {
    /// Where the lifecycle is.
    var phase = Phase.uninitialized
    /// Live sessions by id.
    var sessions: [String: Session] = [:]
    /// Last automatic session number ("s<n>").
    var lastSessionNumber = 0
    /// Set by `exit` or end of input.
    var exitStatus: Int32?
    /// Font directories and limits from `initialize`.
    var options = ServerOptions()
    /// The font registry every session measures text with (one per server, so faces are parsed once).
    var registry = FontRegistry.system
    /// Requests handed to sessions and not answered yet, by id (what `$/cancelRequest` can cancel).
    var pending: [RequestID: PendingRequest] = [:]
    /// Set by `exit`: the serial after its last earlier request; `handle` waits for those answers, then stops.
    var exitAfter: Int?
    /// Set by `exit`: the connection then closes by its request, not by SIGTERM.
    var exitRequested = false
    /// Set by `terminate()` (SIGTERM): the close answers waiting requests -32800 instead of waiting for them.
    var terminating = false
  }

  /// A request handed to a session: its reply, and the session's job stream (nudged when it is cancelled, so a
  /// query held behind a cancelled wait goes on).
  struct PendingRequest: Sendable {
    /// Where the answer goes.
    let reply: Reply
    /// The session's job stream.
    let jobs: AsyncStream<SessionJob>.Continuation
  }

  /// The version reported in `initialize`.
  package let version: String
  /// Guarded state.
  let state = Mutex(State())

  /// Limits in force until `initialize` changes them (the command line's).
  let defaults: ServerOptions
  /// Bounds the calls queued on sessions and not yet performed (see `SessionCallGate`).
  let gate: SessionCallGate
  /// Every request's place in arrival order and whether it is answered (`shutdown`, `exit` and the close wait on
  /// it).
  let ledger = AnswerLedger()
  /// Folds per-row notifications into coalesced ones once a client asks for it at `initialize`.
  let coalescer = NotificationCoalescer()
  /// The open layout-spec documents and their checks (`textDocument/*`).
  let language = LanguageService()

  /// A server reporting `version`, with `defaults` as the limits `initialize` starts from; at most
  /// `maxQueuedCalls` calls and `maxQueuedBytes` bytes of messages wait on sessions before the server stops taking
  /// messages from the connection (which then stops reading).
  package init(
    version: String, defaults: ServerOptions = ServerOptions(), maxQueuedCalls: Int = 1024,
    maxQueuedBytes: Int = 256 << 20
  ) {
    self.version = version
    self.defaults = defaults
    gate = SessionCallGate(maxCalls: maxQueuedCalls, maxBytes: maxQueuedBytes)
    state.withLock { s in
      s.options = defaults
      s.registry = defaults.makeRegistry()
    }
  }

  /// True when no session call is queued or being performed and no layout or display job is queued or running:
  /// the reader may spin for the next request without taking a core from any work.
  package var isIdle: Bool { gate.isEmpty && LayoutWorkers.shared.isIdle }

  /// The status the process should exit with: 0 after `shutdown`, 1 otherwise; nil while still serving.
  package var exitStatus: Int32? { state.withLock { $0.exitStatus } }

  /// Handles one frame from the connection; `bytes`: its body's size (a call's weight in the session call gate).
  package func handle(_ message: IncomingMessage, bytes: Int, connection: StdioConnection) async {
    ShortSlice.request()
    // Back-pressure: wait while sessions hold as many unperformed calls as allowed.
    await gate.waitForRoom()
    switch message {
    case .message(let m):
      dispatch(m, bytes: bytes, connection: connection, deliver: { connection.send($0) })
    case .deferred(let m, let deferred):
      dispatch(m, deferred: deferred, bytes: bytes, connection: connection, deliver: { connection.send($0) })
    case .invalid(let error):
      connection.send(error.response)
    case .batch(let items):
      let requests = items.filter {
        if case .success(.request) = $0 { true } else if case .failure = $0 { true } else { false }
      }
      let collector = BatchCollector(expected: requests.count) { connection.send(batch: $0) }
      let share = bytes / max(1, items.count)
      for item in items {
        switch item {
        case .success(let m): dispatch(m, bytes: share, connection: connection, deliver: { collector.add($0) })
        case .failure(let error): collector.add(error.response)
        }
      }
    }
    // `exit`: every request before it is answered (and its notifications sent) before the connection stops.
    let exitAfter = state.withLock { s in
      defer { s.exitAfter = nil }
      return s.exitAfter
    }
    if let exitAfter {
      await ledger.waitForEarlier(exitAfter)
      connection.stop()
    }
  }

  /// The connection closed (after `exit`, at end of input or on SIGTERM): sets the exit status when `exit` has not,
  /// and answers every request received. After `exit` and at end of input, the requests still waiting (a
  /// `table/waitUntilAllUpdatesAreProcessed`, a scroll held for display, `cell/elementFrames`) are waited for; after
  /// `terminate()` they are answered -32800 `request cancelled`. Then each session performs the calls still queued on
  /// it and ends, and whatever is still unanswered is answered -32800. Returns once every answer has been handed to
  /// the connection.
  package func connectionClosed(_ connection: StdioConnection, reason: CloseReason) async {
    let terminating = state.withLock { s in
      if s.exitStatus == nil { s.exitStatus = s.phase == .shuttingDown ? 0 : 1 }
      return s.terminating || (reason == .stopped && !s.exitRequested)
    }
    if !terminating { await ledger.waitForEarlier(ledger.nextSerial) }
    let sessions = state.withLock { s in
      defer { s.sessions.removeAll() }
      return Array(s.sessions.values)
    }
    // Requests already queued on a session are answered before the connection is reported closed.
    for session in sessions {
      await withCheckedContinuation { done in
        if case .terminated = session.jobs.yield(.close(done)) { done.resume() }
      }
    }
    // Work still running off the sessions (`cell/elementFrames`) is not waited for.
    let unanswered = state.withLock { Array($0.pending.values) }
    for request in unanswered { request.reply.error(LayoutServer.cancelled) }
    await ledger.waitForEarlier(ledger.nextSerial)
  }

  /// SIGTERM: the connection's close (`StdioConnection.stopReading()`) answers the requests still waiting -32800
  /// instead of waiting for them.
  package func terminate() {
    state.withLock { $0.terminating = true }
  }

  /// The reader's deferral, read from the method table: a large message of the method whose params member may
  /// travel unbuilt (`table/insertRows`'s rows) keeps that member unbuilt until its session's layout workers build
  /// and decode it in parallel (see `CellPredecoder`). 32 KiB is about 25 feed cells.
  package static let deferral: DeferralRule? = SessionMethods.all.lazy.compactMap { method in
    method.unbuiltMember.map { DeferralRule(method: method.name, member: $0, minimumBodyBytes: 32 << 10) }
  }.first

  /// Applies the lifecycle rules, then runs the method's handler from `ServerMethods.table`; `bytes` is the
  /// message's share of its frame's body. `deferred`: the message's unbuilt params member (see
  /// `IncomingMessage.deferred`), which the reader leaves unbuilt only for the method whose descriptor names it
  /// (`deferral`); it goes with the call to its session as the call's `InsertedRows`, decided here.
  func dispatch(
    _ message: Message, deferred: DeferredParams? = nil, bytes: Int, connection: StdioConnection,
    deliver: @escaping @Sendable (Message) -> Void
  ) {
    let id: RequestID?
    let name: String
    let params: JSONValue
    switch message {
    case .request(let i, let m, let p):
      id = i
      name = m
      params = p
    case .notification(let m, let p):
      id = nil
      name = m
      params = p
    case .response, .errorResponse:
      return  // Answers to the server's own requests (`window/showDocument`) are not needed: ignored.
    }
    let method = ServerMethods.table[name]
    // Never answered, even when sent with an id.
    if case .control(let handle)? = method?.scope {
      handle(self, params)
      return
    }
    // With coalescing on, an answer first writes the run of per-row notifications collected before it.
    let coalescer = coalescer
    let answer: @Sendable (Message) -> Void
    if coalescer.isOn {
      answer = { message in coalescer.deliver(message, via: deliver) }
    } else {
      answer = deliver
    }
    let reply = id.map { id in
      let serial = ledger.open()
      return Reply(id: id, serial: serial, deliver: answer) { [weak self] in
        self?.forget(id)
        self?.ledger.close(serial)
      }
    }
    let phase = state.withLock { $0.phase }
    switch phase {
    case .uninitialized where name != "initialize":
      reply?.error(ServerError.notInitialized)
      return
    case .shuttingDown:
      // Answered in arrival order: after `shutdown`'s own answer, which waits for the requests before it.
      if let reply { ledger.afterEarlier(reply.serial) { reply.error(ServerError.shuttingDown) } }
      return
    default:
      break
    }
    guard let method else {
      if let reply {
        reply.error(ServerError.methodNotFound(name))
      } else {
        ServerLog.write(.info, "dropped notification \(name)")
      }
      return
    }
    let rows: InsertedRows?
    do throws(ResponseError) {
      rows = try method.rows(params, unbuilt: deferred)
    } catch {
      reply?.error(error)
      return
    }
    let call = Call(
      server: self, params: params, rows: rows, reply: reply, bytes: bytes,
      notify: { coalescer.send($0, via: connection.send) },
      flushNotifications: { coalescer.flush(via: connection.send) })
    switch method.scope {
    case .control: break  // handled above
    case .server(let handle): handle(call)
    case .session: ServerMethods.route(call, to: method)
    }
  }
}

extension LayoutServer {
  /// `$/cancelRequest` {id}: a request still queued on its session, or waiting there
  /// (`table/waitUntilAllUpdatesAreProcessed`, `cell/elementFrames`), is answered -32800 `request cancelled` at once
  /// and its work is skipped; an edit already applied stays applied (edits are answered as soon as they are
  /// validated). Unknown or finished ids are ignored, as LSP says.
  func cancel(_ params: JSONValue) {
    guard let raw = params["id"], let id = RequestID(json: raw) else { return }
    guard let request = state.withLock({ $0.pending[id] }) else { return }
    request.reply.error(LayoutServer.cancelled)
    request.jobs.yield(.requestCancelled)
  }

  /// A signal's grace time ran out: every request still queued on a session or waiting there is answered -32800
  /// `request cancelled` now, as `$/cancelRequest` would answer it (its work is skipped; a late result is dropped).
  package func cancelOpenRequests() {
    let open = state.withLock { Array($0.pending.values) }
    for request in open {
      request.reply.error(LayoutServer.cancelled)
      request.jobs.yield(.requestCancelled)
    }
  }

  /// `exit`: every request before it is answered (and its notifications sent), then the connection stops (see
  /// `handle`); the exit status is 0 after `shutdown`, else 1.
  func exitRequested() {
    let serial = ledger.nextSerial
    state.withLock { s in
      s.exitStatus = s.phase == .shuttingDown ? 0 : 1
      s.exitAfter = serial
      s.exitRequested = true
    }
  }

  /// The answer to a cancelled request, and to one the close cannot wait for.
  static let cancelled = ResponseError(code: .requestCancelled, message: "request cancelled")

  /// Remembers a request routed to the session fed by `jobs` until it is answered.
  func remember(_ reply: Reply, jobs: AsyncStream<SessionJob>.Continuation) {
    state.withLock { $0.pending[reply.id] = PendingRequest(reply: reply, jobs: jobs) }
  }

  /// Forgets an answered request.
  func forget(_ id: RequestID) {
    _ = state.withLock { $0.pending.removeValue(forKey: id) }
  }
}

/// One call handed to a server method.
struct Call: Sendable {
  /// The server.
  let server: LayoutServer
  /// The raw params.
  let params: JSONValue
  /// The method's `unbuiltMember` (an insert's rows), built or unbuilt, decided in dispatch; nil for every other
  /// call.
  var rows: InsertedRows? = nil
  /// Where the answer goes; nil for a notification.
  let reply: Reply?
  /// The call's share of its message's body, in bytes (its weight in the session call gate).
  let bytes: Int
  /// Pushes a notification to the client.
  let notify: @Sendable (Message) -> Void
  /// Writes the per-row notifications being coalesced (a session's job ended); nothing when coalescing is off.
  let flushNotifications: @Sendable () -> Void

  /// Runs `body` and answers with its result or error (nothing for a notification).
  func answer(_ body: () throws(ResponseError) -> JSONValue) {
    do throws(ResponseError) {
      let value = try body()
      reply?.result(value)
    } catch {
      reply?.error(error)
    }
  }
}
