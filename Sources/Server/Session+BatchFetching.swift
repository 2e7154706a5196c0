import JSONCodec
import JSONRPC
import NodeTree

extension SessionMethods {
  /// Batch fetching (texture.md §4): the client's side of `ASBatchContext` and `leadingScreensForBatching`.
  static let batchFetchingMethods: [String: Handler] = [
    "table/completeBatchFetching": { session, params throws(ResponseError) in try session.completeBatchFetching(params)
    },
    "table/cancelBatchFetching": { session, _ throws(ResponseError) in session.cancelBatchFetching() },
    "table/setLeadingScreensForBatching": { session, params throws(ResponseError) in
      try session.setLeadingScreensForBatching(params)
    },
  ]
}

extension Session {
  /// Runs Texture's batch-fetch decision (texture.md §4.2) at `targetOffsetY` when the client opted in; a yes
  /// marks the context fetching and pushes `table/willBeginBatchFetch` {sessionId, contentSize, contentOffset}.
  func checkBatchFetch(targetOffsetY: Double, velocityY: Double = 0, direction: ScrollDirection = []) {
    guard scrolling.batchFetching else { return }
    scrolling.checkedBatchFetch = true
    let decision = table.checkBatchFetch(targetOffsetY: targetOffsetY, velocityY: velocityY, scrollDirection: direction)
    guard decision.shouldFetch else { return }
    let params = JSONObject([
      ("sessionId", .string(id)), ("contentSize", contentSize), ("contentOffset", contentOffsetJSON),
    ])
    notify(.notification(method: "table/willBeginBatchFetch", params: .object(params)))
  }

  /// The check after committed change sets (current offset, no velocity), skipped when they changed nothing and a
  /// check already ran once (texture.md §4.3). Runs one session turn after the commit.
  func checkBatchFetchAfterCommit(empty: Bool) {
    if scrolling.checkedBatchFetch && empty { return }
    checkBatchFetch(targetOffsetY: contentOffsetY)
  }

  /// `table/completeBatchFetching` {sessionId, finished? = true} → {state}: `completeBatchFetching:` — true lets
  /// future checks begin a fetch, false leaves the context fetching (Texture blocks every later fetch then).
  func completeBatchFetching(_ params: Params) throws(ResponseError) -> SessionOutcome {
    table.batchContext.completeBatchFetching(try params.optionalBool("finished") ?? true)
    return .result(batchStateJSON)
  }

  /// `table/cancelBatchFetching` {sessionId} → {state}: `cancelBatchFetching` (not fetching; later checks allowed).
  func cancelBatchFetching() -> SessionOutcome {
    table.batchContext.cancelBatchFetching()
    return .result(batchStateJSON)
  }

  /// `table/setLeadingScreensForBatching` {sessionId, leadingScreens} → {state}: sets the trigger distance in
  /// screens (default 2) and checks at once, as Texture does when the value changes.
  func setLeadingScreensForBatching(_ params: Params) throws(ResponseError) -> SessionOutcome {
    table.leadingScreensForBatching = try params.number("leadingScreens", in: 0...1000, rangeText: "in [0, 1000]")
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
