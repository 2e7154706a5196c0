/// Batch fetching of `LiveTableModel` (rules "Batch fetching"): the decision, the checks and the batch context.
extension LiveTableModel {
  /// The decision at offset `o` with direction `direction` (nil: none), in the rules' order.
  func shouldFetch(at o: Double, direction: Direction?) -> Bool {
    if batchState == .fetching { return false }
    if leadingScreens <= 0 { return false }
    let c = contentHeight
    let h = viewportHeight
    if c < h { return true }
    if !containerInWindow { return false }
    if direction == .up { return false }
    return c - h - o <= leadingScreens * h
  }

  /// A check: a yes sets fetching and pushes `table/willBeginBatchFetch`.
  mutating func batchFetchCheck(at o: Double, direction: Direction?) {
    guard batchFetching, shouldFetch(at: o, direction: direction) else { return }
    batchState = .fetching
    fetchStarts += 1
  }

  /// After a committed change set with `operations` operations: skipped when there were none and a check was
  /// already scheduled once; else the check one session turn later, held while the context is fetching.
  mutating func afterCommitCheck(operations: Int) {
    guard batchFetching else { return }
    if operations == 0 && afterCommitCheckScheduled { return }
    afterCommitCheckScheduled = true
    runAfterCommitCheck()
  }

  /// The after-commit check itself: held (one at most) while fetching, else a check at the current offset.
  mutating func runAfterCommitCheck() {
    if batchState == .fetching {
      heldCheck = true
    } else {
      batchFetchCheck(at: offset, direction: nil)
    }
  }

  /// Runs the held after-commit check, if any (right after a complete or cancel), once: a context still fetching
  /// (`finished: false`) answers no and the check is gone, as in Texture, where that check would have run on the
  /// turn after the completion and found the context fetching.
  mutating func releaseHeldCheck() {
    guard heldCheck else { return }
    heldCheck = false
    batchFetchCheck(at: offset, direction: nil)
  }

  /// `table/completeBatchFetching`: finished → completed; false leaves the state; then the held check.
  mutating func completeBatchFetching(finished: Bool) {
    if finished { batchState = .completed }
    releaseHeldCheck()
  }

  /// `table/cancelBatchFetching`: cancelled; then the held check.
  mutating func cancelBatchFetching() {
    batchState = .cancelled
    releaseHeldCheck()
  }

  /// `table/setLeadingScreensForBatching`: a change of L runs a check at the current offset.
  mutating func setLeadingScreens(_ value: Double) {
    guard value != leadingScreens else { return }
    leadingScreens = value
    batchFetchCheck(at: offset, direction: nil)
  }
}
