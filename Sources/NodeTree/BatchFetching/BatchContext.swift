/// The batch-fetching context of one container (Texture's `ASBatchContext`, texture.md §4.4). Pure value.
package struct BatchContext: Sendable, Hashable {
  /// Context states.
  package enum State: String, Sendable, Hashable {
    /// Initial, and after `completeBatchFetching(true)`: future checks allowed.
    case completed
    /// A fetch is running: every check answers no.
    case fetching
    /// Cancelled by the app: not fetching, so future checks are allowed.
    case cancelled
  }

  /// Current state.
  package private(set) var state: State = .completed

  /// Creates a context in `state` (default completed).
  package init(state: State = .completed) { self.state = state }

  /// True while fetching.
  package var isFetching: Bool { state == .fetching }

  /// True after `cancelBatchFetching` until the next fetch begins.
  package var batchFetchingWasCancelled: Bool { state == .cancelled }

  /// The framework starts a fetch (`beginBatchFetching`).
  package mutating func beginBatchFetching() { state = .fetching }

  /// The app finishes a fetch: `true` → completed; `false` changes nothing (stays fetching, all future
  /// fetches blocked, texture.md §9.6).
  package mutating func completeBatchFetching(_ didComplete: Bool) {
    if didComplete { state = .completed }
  }

  /// The app cancels (`cancelBatchFetching`).
  package mutating func cancelBatchFetching() { state = .cancelled }
}
