import JSONCodec
import JSONRPC
import Synchronization

/// Lets a session's geometry queries overtake its queued edits that wait for layout, as Texture's main thread
/// answers `rectForRowAtIndexPath:` from the committed state while the data controller lays cells out behind it.
///
/// The session publishes its `CommittedView` after every job. A geometry query (a call whose method's descriptor
/// gives a `CommittedQuery` for its params, see `MethodDescriptor.Ordering`) that
/// arrives while no *barrier* is queued on the session is answered at once from the published view by the router,
/// or, while the session is in the middle of a job that may change the committed state (and has withdrawn the
/// view so it can change its rows in place), right after that job. Barriers are the calls that can change the
/// committed state or the session's settings when performed (anything but inserting or reloading rows,
/// `cell/setNeedsLayout` and read-only queries), and `table/waitUntilAllUpdatesAreProcessed`, which lasts until it is
/// answered (Texture's wait blocks the main thread, so whatever is asked after it sees every change committed); while
/// one is queued, running or waiting, queries keep their place in the session's order (and the session holds a query
/// behind a wait until the wait is answered). The calls a query overtakes cannot change the committed state before
/// their layout commits, which happens in a later job, so the answer is the one the query would get in order, as if
/// the layout had finished a little later. Thread-safe.
final class QueryLane: Sendable {
  /// A query waiting for the end of the session's current job.
  struct Waiting: Sendable {
    /// The method's name (for the log).
    let method: String
    /// Its answer from the view.
    let query: CommittedQuery
    /// Its params.
    let params: JSONValue
    /// Where the answer goes.
    let reply: Reply?
  }

  /// The published view, the queries waiting for the current job, and the barriers queued or running.
  private struct State {
    var view: CommittedView?
    var waiting: [Waiting] = []
    var barriers = 0
  }

  /// Guarded state.
  private let state: Mutex<State>
  /// The session's id (for the log).
  let sessionID: String

  /// A lane of session `sessionID` publishing `view`.
  init(sessionID: String, view: CommittedView) {
    self.sessionID = sessionID
    state = Mutex(State(view: view))
  }

  /// Router: a barrier is about to be queued on the session.
  func barrierQueued() { state.withLock { $0.barriers += 1 } }

  /// Router: answers a geometry query now from the published view (true), or leaves it waiting for the end of the
  /// session's current job (true), or returns false when a barrier is queued: the query must then take its place
  /// in the session's order, and counts as a barrier itself (so later queries do not overtake it).
  func overtake(_ method: String, _ query: CommittedQuery, _ params: JSONValue, reply: Reply?) -> Bool {
    enum Route {
      case inOrder, waiting
      case now(CommittedView)
    }
    let call = Waiting(method: method, query: query, params: params, reply: reply)
    let route = state.withLock { s -> Route in
      guard s.barriers == 0 else {
        s.barriers += 1
        return .inOrder
      }
      if let view = s.view { return .now(view) }
      s.waiting.append(call)
      return .waiting
    }
    switch route {
    case .inOrder: return false
    case .waiting: return true
    case .now(let view):
      answer(call, from: view)
      return true
    }
  }

  /// Session: withdraws the view before a job that may change the committed rows in place (so they are not
  /// copied because the lane still shares them); queries arriving meanwhile wait for `settle`.
  func withdraw() { state.withLock { $0.view = nil } }

  /// Session, after every job: counts the barriers it finished (a wait finishes when it is answered), answers the
  /// queries that waited (in arrival order, before any later query can be answered from the view), then publishes
  /// `view`.
  func settle(_ view: CommittedView, finishedBarriers: Int) {
    var first = true
    while true {
      let waiting = state.withLock { s -> [Waiting] in
        if first { s.barriers -= finishedBarriers }
        if s.waiting.isEmpty {
          s.view = view
          return []
        }
        defer { s.waiting.removeAll() }
        return s.waiting
      }
      first = false
      if waiting.isEmpty { return }
      for query in waiting { answer(query, from: view) }
    }
  }

  /// Answers one geometry query from `view` (logged like the session's own calls).
  private func answer(_ query: Waiting, from view: CommittedView) {
    ServerLog.write(.log, "session \"\(sessionID)\": \(query.method)")
    guard let reply = query.reply, !reply.isAnswered else { return }
    do throws(ResponseError) {
      reply.result(try query.query.answer(view, Params(query.params)))
    } catch {
      reply.error(error)
    }
  }
}
