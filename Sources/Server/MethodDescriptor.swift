import JSONCodec
import JSONRPC

/// Everything the server knows about one method, in one value, as sourcekit-lsp's request types carry theirs: its
/// name, where it runs (its handler's scope), how a session call is ordered against the same session's geometry
/// queries, which params member may travel unbuilt and, for a geometry query, its answer from a committed view. The
/// router, the query lane, the session's run loop and the reader's deferral rule read these facts here instead of
/// matching method names. Pure value.
struct MethodDescriptor: Sendable {
  /// Where a method runs, with its handler.
  enum Scope: Sendable {
    /// Handled before the lifecycle rules, never answered and not numbered (`$/cancelRequest`, `exit`).
    case control(@Sendable (LayoutServer, JSONValue) -> Void)
    /// Answered by the server at once (lifecycle and session management).
    case server(@Sendable (Call) -> Void)
    /// Routed by `sessionId` to its session's ordered stream and performed there, in arrival order.
    case session(SessionHandler)
  }

  /// How a session call is ordered against the same session's geometry queries (Protocol.md "Messages", Order).
  enum Ordering: Sendable {
    /// Queries keep their place behind it: every other edit, scrolls, viewport and range changes, and a wait (a
    /// barrier until it is answered).
    case barrier
    /// Waits for layout: it cannot change the committed state before its layout commits (a later job), so a query
    /// may overtake it.
    case waitsForLayout
    /// `waitsForLayout` with at least one row in `params.rows`; a barrier without (an empty one commits at once).
    case waitsForLayoutWithRows
    /// A geometry query of the committed state: it overtakes the calls that wait for layout and is answered from
    /// the published view; a barrier when its params ask about something else.
    case committedQuery(CommittedQuery)
  }

  /// A session method's handler, run isolated to its session; `rows` is the call's `unbuiltMember`, as it came
  /// (nil for other methods, and when params holds no array there).
  typealias SessionHandler =
    @Sendable (isolated Session, Params, InsertedRows?) throws(ResponseError) -> SessionOutcome
  /// A session handler that reads only its params.
  typealias ParamsHandler = @Sendable (isolated Session, Params) throws(ResponseError) -> SessionOutcome

  /// The wire name, e.g. `table/insertRows`.
  let name: String
  /// Where it runs, with its handler.
  let scope: Scope
  /// Its order against geometry queries (session methods only).
  let ordering: Ordering
  /// The params member that may travel unbuilt (an array the reader only validates, see `InsertedRows`); nil:
  /// the whole message is built.
  let unbuiltMember: String?
  /// True for a session method that acts on the committed rows without being a geometry query (selection): like a
  /// query, it is held behind a wait still waiting (with every call after it), so it sees what the wait waited for.
  var readsCommittedRows = false

  /// This method, held behind a wait still waiting as queries of the committed state are (`readsCommittedRows`).
  func readingCommittedRows() -> Self {
    var copy = self
    copy.readsCommittedRows = true
    return copy
  }

  /// A control method (see `Scope.control`).
  static func control(_ name: String, _ handler: @escaping @Sendable (LayoutServer, JSONValue) -> Void) -> Self {
    Self(name: name, scope: .control(handler), ordering: .barrier, unbuiltMember: nil)
  }

  /// A server method (see `Scope.server`).
  static func server(_ name: String, _ handler: @escaping @Sendable (Call) -> Void) -> Self {
    Self(name: name, scope: .server(handler), ordering: .barrier, unbuiltMember: nil)
  }

  /// A session method that reads only its params.
  static func session(_ name: String, ordering: Ordering = .barrier, _ handler: @escaping ParamsHandler) -> Self {
    let run: SessionHandler = { session, params, _ throws(ResponseError) in try handler(session, params) }
    return Self(name: name, scope: .session(run), ordering: ordering, unbuiltMember: nil)
  }

  /// A session method whose params member `unbuilt` may travel unbuilt; its handler takes that member as it came.
  static func session(
    _ name: String, ordering: Ordering = .barrier, unbuilt: String, _ handler: @escaping SessionHandler
  ) -> Self {
    Self(name: name, scope: .session(handler), ordering: ordering, unbuiltMember: unbuilt)
  }

  /// A geometry query of the committed state: answered from a committed view (by the query lane, or by the session
  /// from its current one) when it `applies` to the params; otherwise by `otherwise` on the session.
  static func committedQuery(
    _ name: String, applies: @escaping @Sendable (JSONValue) -> Bool = { _ in true },
    otherwise: ParamsHandler? = nil,
    _ answer: @escaping @Sendable (CommittedView, Params) throws(ResponseError) -> JSONValue
  ) -> Self {
    let run: SessionHandler = { session, params, _ throws(ResponseError) in
      if let otherwise, !applies(.object(params.object)) { return try otherwise(session, params) }
      return .result(try answer(session.committedView, params))
    }
    let query = CommittedQuery(applies: applies, answer: answer)
    return Self(name: name, scope: .session(run), ordering: .committedQuery(query), unbuiltMember: nil)
  }

  /// The session handler; nil for server and control methods.
  var sessionHandler: SessionHandler? {
    if case .session(let handler) = scope { handler } else { nil }
  }

  /// Its answer from a committed view when `params` ask about the committed state; nil for every other call.
  func committedQuery(for params: JSONValue) -> CommittedQuery? {
    guard case .committedQuery(let query) = ordering, query.applies(params) else { return nil }
    return query
  }

  /// True when a call with `params` (and `rows`, its `unbuiltMember`) is a barrier: a geometry query may not
  /// overtake it (see `QueryLane`).
  func isBarrier(_ params: JSONValue, rows: InsertedRows? = nil) -> Bool {
    switch ordering {
    case .barrier: return true
    case .waitsForLayout: return false
    case .waitsForLayoutWithRows: return (rows?.count ?? params["rows"]?.arrayValue?.count ?? 0) == 0
    case .committedQuery(let query): return !query.applies(params)
    }
  }

  /// The call's `unbuiltMember`, decided once, in dispatch: the elements the reader left unbuilt beside the
  /// message (`unbuilt`), or else the array params holds there; nil for a method without such a member, or when
  /// params holds no array there (its handler then reports the member as any other). Throws -32603 for an unbuilt
  /// member the method does not name (the reader's rule is read from this table, so that cannot happen).
  func rows(_ params: JSONValue, unbuilt: DeferredParams?) throws(ResponseError) -> InsertedRows? {
    if let unbuilt {
      guard unbuilt.member == unbuiltMember else {
        throw ResponseError(code: .internalError, message: "\(name): params.\(unbuilt.member) arrived unbuilt")
      }
      return .unbuilt(unbuilt.elements)
    }
    guard let member = unbuiltMember, case .array(let items)? = params[member] else { return nil }
    return .built(items)
  }
}

/// A geometry query's answer from a committed view (see `CommittedView`, `QueryLane`). Pure value.
struct CommittedQuery: Sendable {
  /// True when the params ask about the committed state (`table/describe`: `state` absent or `"committed"`).
  let applies: @Sendable (JSONValue) -> Bool
  /// The answer from `view`.
  let answer: @Sendable (_ view: CommittedView, Params) throws(ResponseError) -> JSONValue
}
