import JSONCodec
import JSONRPC
import NodeTree

extension SessionMethods {
  /// Batch fetching (texture.md §4): the client's side of `ASBatchContext` and `leadingScreensForBatching`.
  static let batchFetchingMethods: [MethodDescriptor] = [
    .session("table/completeBatchFetching") { session, params throws(ResponseError) in
      try session.completeBatchFetching(params)
    },
    .session("table/cancelBatchFetching") { session, _ throws(ResponseError) in session.cancelBatchFetching() },
    .session("table/setLeadingScreensForBatching") { session, params throws(ResponseError) in
      try session.setLeadingScreensForBatching(params)
    },
  ]
}

extension Session {
  /// Runs Texture's batch-fetch decision (texture.md §4.2) at `targetOffsetY` when the client opted in; a yes
  /// marks the context fetching and pushes `table/willBeginBatchFetch` {sessionId, contentSize, contentOffset}.
  /// Returns the context state it found (so a held after-commit check knows it was fetching).
  @discardableResult
  func checkBatchFetch(
    targetOffsetY: Double, velocityY: Double = 0, targetOffsetX: Double? = nil, velocityX: Double = 0,
    direction: ScrollDirection = []
  ) -> Bool {
    guard scrolling.batchFetching else { return false }
    let wasFetching = table.batchContext.isFetching
    // A horizontal collection measures along x: at `targetOffsetX`, else its current offset.
    let decision = table.checkBatchFetch(
      targetOffsetY: targetOffsetY, velocityY: velocityY, targetOffsetX: targetOffsetX ?? contentOffsetX,
      velocityX: velocityX, scrollDirection: direction)
    guard decision.shouldFetch else { return wasFetching }
    let params = JSONObject([
      ("sessionId", .string(id)), ("contentSize", contentSize), ("contentOffset", contentOffsetJSON),
    ])
    notify(.notification(method: "table/willBeginBatchFetch", params: .object(params)))
    return wasFetching
  }

  /// The check a programmatic offset change makes (`scrollViewDidScroll`): at the current offset, no direction,
  /// only while the table is in its window.
  func checkBatchFetchAfterScroll() {
    guard scrolling.containerVisible else { return }
    checkBatchFetch(targetOffsetY: contentOffsetY)
  }

  /// The check after committed change sets (current offset, no direction), one session turn after the commit;
  /// none for change sets without operations once one was scheduled (texture.md §4.3). When it finds the context
  /// fetching it is held until the next `table/completeBatchFetching` or `table/cancelBatchFetching`: the daemon
  /// cannot tell a completion sent right after the page's insert from a later one, so it treats it as arriving
  /// in the insert's turn, as an app calls it.
  func checkBatchFetchAfterCommit(empty: Bool) {
    if empty && scrolling.scheduledCheckAfterCommit { return }
    scrolling.scheduledCheckAfterCommit = true
    if checkBatchFetch(targetOffsetY: contentOffsetY) { scrolling.heldCheckAfterCommit = true }
  }

  /// Runs an after-commit check that found the context fetching, once the client completed or cancelled.
  private func runHeldCheck() {
    guard scrolling.heldCheckAfterCommit else { return }
    scrolling.heldCheckAfterCommit = false
    checkBatchFetch(targetOffsetY: contentOffsetY)
  }

  /// `table/completeBatchFetching` {sessionId, finished? = true} → {state}: `completeBatchFetching:` — true lets
  /// future checks begin a fetch, false leaves the context fetching (Texture blocks every later fetch then).
  func completeBatchFetching(_ params: Params) throws(ResponseError) -> SessionOutcome {
    table.batchContext.completeBatchFetching(try params.optionalBool("finished") ?? true)
    runHeldCheck()
    return .result(batchStateJSON)
  }

  /// `table/cancelBatchFetching` {sessionId} → {state}: `cancelBatchFetching` (not fetching; later checks allowed).
  func cancelBatchFetching() -> SessionOutcome {
    table.batchContext.cancelBatchFetching()
    runHeldCheck()
    return .result(batchStateJSON)
  }

  /// `table/setLeadingScreensForBatching` {sessionId, leadingScreens} → {state}: sets the trigger distance in
  /// screens (default 2) and, when the value changed, checks at once, as Texture's setter does.
  func setLeadingScreensForBatching(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let leading = try params.number("leadingScreens", in: 0...1000, rangeText: "in [0, 1000]")
    guard leading != table.leadingScreensForBatching else { return .result(batchStateJSON) }
    table.leadingScreensForBatching = leading
    checkBatchFetch(targetOffsetY: contentOffsetY)
    return .result(batchStateJSON)
  }

  /// `{state, leadingScreens}` of the batch context (`completed`, `fetching`, `cancelled`).
  var batchStateJSON: JSONValue {
    .object(
      JSONObject([
        ("state", .string(table.batchContext.state.rawValue)),
        ("leadingScreens", .double(table.leadingScreensForBatching)),
      ]))
  }
}
