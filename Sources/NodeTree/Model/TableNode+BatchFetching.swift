/// Batch-fetch checks of a table (texture.md §4.3): the decision over the visible content and the viewport.
extension TableNode {
  /// Runs the §4.2 decision for this table at `targetOffsetY` (end of drag: target offset and drag velocity;
  /// otherwise the current offset and 0). Without a viewport nothing is fetched. When the answer is yes the
  /// context becomes `fetching` (the Session then tells the client to begin its fetch). "Visible" here is Texture's
  /// "in a window" (the container's Display bit), which the app's background state does not mask. Session-isolated.
  /// A collection measures the leading screens along its flow's scroll axis (`targetOffsetX` and `velocityX` for a
  /// horizontal one).
  package mutating func checkBatchFetch(
    targetOffsetY: Double, velocityY: Double = 0, targetOffsetX: Double = 0, velocityX: Double = 0,
    scrollDirection: ScrollDirection = [], delegate: ((_ remainingTime: Double, _ hint: Bool) -> Bool)? = nil
  ) -> BatchFetchDecision {
    guard let viewport else { return BatchFetchDecision(shouldFetch: false) }
    let input = BatchFetchingInput(
      contextState: batchContext.state, scrollDirection: scrollDirection,
      scrollableDirections: flowCache?.configuration.scrollDirection.scrollableDirections ?? .vertical,
      bounds: viewport.bounds,
      contentWidth: contentWidth ?? viewport.bounds.width, contentHeight: contentHeight, targetOffsetX: targetOffsetX,
      targetOffsetY: targetOffsetY, leadingScreens: leadingScreensForBatching,
      visible: viewport.containerState.contains(.display), velocityX: velocityX, velocityY: velocityY)
    let decision = BatchFetching.shouldFetchBatch(input, delegate: delegate)
    if decision.shouldFetch { batchContext.beginBatchFetching() }
    return decision
  }
}
