/// Inputs of one batch-fetch decision (texture.md §4.1; field names as in `batch-fetching.json`). Pure value.
package struct BatchFetchingInput: Sendable, Hashable {
  /// The container's context state.
  package var contextState: BatchContext.State
  /// Current scroll direction (empty = not scrolling).
  package var scrollDirection: ScrollDirection
  /// Scrollable axes: anything without a vertical bit means the horizontal axis (tables pass `.vertical`).
  package var scrollableDirections: ScrollDirection
  /// Viewport (only width and height matter).
  package var bounds: Rect
  /// Content width (points).
  package var contentWidth: Double
  /// Content height (points).
  package var contentHeight: Double
  /// Content offset to evaluate: target offset at end of drag, else the current offset.
  package var targetOffsetX: Double
  /// Vertical component of the offset.
  package var targetOffsetY: Double
  /// `leadingScreensForBatching`.
  package var leadingScreens: Double
  /// Container is in a window.
  package var visible: Bool
  /// Layout direction resolves to right-to-left.
  package var rtl: Bool
  /// Collection layout flips in RTL (tables: false).
  package var flipsHorizontallyInOppositeLayoutDirection: Bool
  /// End-of-drag velocity, points per millisecond (zero for non-drag checks).
  package var velocityX: Double
  /// Vertical velocity.
  package var velocityY: Double

  /// Creates an input; defaults describe a visible LTR table at rest.
  package init(
    contextState: BatchContext.State = .completed, scrollDirection: ScrollDirection = [],
    scrollableDirections: ScrollDirection = .vertical, bounds: Rect, contentWidth: Double, contentHeight: Double,
    targetOffsetX: Double = 0, targetOffsetY: Double, leadingScreens: Double = BatchFetching.defaultLeadingScreens,
    visible: Bool = true, rtl: Bool = false, flipsHorizontallyInOppositeLayoutDirection: Bool = false,
    velocityX: Double = 0, velocityY: Double = 0
  ) {
    self.contextState = contextState
    self.scrollDirection = scrollDirection
    self.scrollableDirections = scrollableDirections
    self.bounds = bounds
    self.contentWidth = contentWidth
    self.contentHeight = contentHeight
    self.targetOffsetX = targetOffsetX
    self.targetOffsetY = targetOffsetY
    self.leadingScreens = leadingScreens
    self.visible = visible
    self.rtl = rtl
    self.flipsHorizontallyInOppositeLayoutDirection = flipsHorizontallyInOppositeLayoutDirection
    self.velocityX = velocityX
    self.velocityY = velocityY
  }
}

/// The answer of one batch-fetch decision. Pure value.
package struct BatchFetchDecision: Sendable, Hashable {
  /// Whether to fetch.
  package var shouldFetch: Bool
  /// The arguments the delegate was consulted with (remaining time in seconds, the hint), nil if not consulted.
  package var delegateQuery: DelegateQuery?

  /// The arguments of `shouldFetchBatchWithRemainingTime:hint:`.
  package struct DelegateQuery: Sendable, Hashable {
    /// Seconds until the end of content at the current velocity.
    package var remainingTime: Double
    /// What the framework would decide without the delegate.
    package var hint: Bool
  }
}

/// Texture's batch-fetching decision (`ASDisplayShouldFetchBatchForContext`, texture.md §4.2). Pure.
package enum BatchFetching {
  /// Default `leadingScreensForBatching`.
  package static let defaultLeadingScreens = 2.0

  /// Decides whether to fetch, in Texture's order. `delegate`, when present, is Texture's
  /// `ASBatchFetchingDelegate`: it is asked only when the velocity along the axis is > 0 and its answer
  /// replaces the hint.
  package static func shouldFetchBatch(
    _ input: BatchFetchingInput, delegate: ((_ remainingTime: Double, _ hint: Bool) -> Bool)? = nil
  ) -> BatchFetchDecision {
    // 1. Already fetching.
    if input.contextState == .fetching { return BatchFetchDecision(shouldFetch: false) }
    // 2. Disabled or no viewport.
    if input.leadingScreens <= 0 || input.bounds.isEmpty { return BatchFetchDecision(shouldFetch: false) }
    // 3. Axis.
    let vertical = !input.scrollableDirections.isDisjoint(with: .vertical)
    let viewLength = vertical ? input.bounds.height : input.bounds.width
    let offset = vertical ? input.targetOffsetY : input.targetOffsetX
    let contentLength = vertical ? input.contentHeight : input.contentWidth
    let velocity = vertical ? input.velocityY : input.velocityX
    // 4. Small content always fetches.
    if contentLength < viewLength { return BatchFetchDecision(shouldFetch: true) }
    // 5. Not in a window.
    if !input.visible { return BatchFetchDecision(shouldFetch: false) }
    // 6. Scrolling toward the head.
    let towardHead = input.scrollDirection.contains(.up)
      || (input.rtl ? input.scrollDirection.contains(.right) : input.scrollDirection.contains(.left))
    if towardHead { return BatchFetchDecision(shouldFetch: false) }
    // 7. Distance to the end against the trigger distance.
    let trigger = viewLength * input.leadingScreens
    let remaining = input.rtl && !input.flipsHorizontallyInOppositeLayoutDirection && !vertical
      ? offset : contentLength - viewLength - offset
    let result = remaining <= trigger
    // 8. Delegate.
    if let delegate, velocity > 0 {
      let remainingTime = remaining / (velocity * 1000)
      return BatchFetchDecision(
        shouldFetch: delegate(remainingTime, result),
        delegateQuery: .init(remainingTime: remainingTime, hint: result))
    }
    return BatchFetchDecision(shouldFetch: result)
  }
}

/// Construction without a delegate query.
extension BatchFetchDecision {
  /// A decision made without the delegate.
  init(shouldFetch: Bool) {
    self.shouldFetch = shouldFetch
    self.delegateQuery = nil
  }
}
