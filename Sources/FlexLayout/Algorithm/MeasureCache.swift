/// Measurement caching: each node keeps its last layout and a few measurements keyed by (offered size, sizing
/// mode), so a pass visits a clean subtree in O(1) and a measure function runs at most once per distinct question.
/// Not a CSS step; follows Yoga's calculateLayoutInternal and canUseCachedMeasurement.
extension FlexEngine {
  /// Lays out or measures `node`, answering from its caches when the request was seen before in a clean state.
  /// Returns true when work was done. Pure over the tree; recursion depth grows with tree depth.
  @discardableResult @inline(never)
  mutating func calculateLayoutInternal(
    _ node: NodeIndex, _ availableWidth: Double, _ availableHeight: Double, _ ownerDirection: Direction,
    _ widthSizingMode: SizingMode, _ heightSizingMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double,
    performLayout: Bool, depth: Int
  ) -> Bool {
    let depth = depth + 1
    if config.measuresStack { probeStack() }
    let request = CacheRequest(
      availableWidth: availableWidth, availableHeight: availableHeight, widthMode: widthSizingMode,
      heightMode: heightSizingMode, ownerWidth: ownerWidth, ownerDirection: ownerDirection,
      performLayout: performLayout)
    let lookup = lookUpCache(node, request)
    if !lookup.needToVisitNode && lookup.slot != -2 {
      // Answered from the cache.
    } else {
      if config.useWebDefaults {
        cssCalculateLayoutImpl(
          node, availableWidth, availableHeight, ownerDirection, widthSizingMode, heightSizingMode, ownerWidth,
          ownerHeight, performLayout: performLayout, depth: depth)
      } else {
        calculateLayoutImpl(
          node, availableWidth, availableHeight, ownerDirection, widthSizingMode, heightSizingMode, ownerWidth,
          ownerHeight, performLayout: performLayout, depth: depth)
      }
      storeInCache(node, request, store: lookup.slot == -2)
    }
    if performLayout {
      tree[layout: node].width = tree[layout: node].measuredWidth
      tree[layout: node].height = tree[layout: node].measuredHeight
      tree[layout: node].isDirty = false
    }
    tree[layout: node].generationCount = generation
    return lookup.needToVisitNode || lookup.slot == -2
  }

  /// One layout or measure request, as the cache keys it.
  struct CacheRequest {
    /// Offered width including margins (NaN = unbounded).
    var availableWidth: Double
    /// Offered height including margins (NaN = unbounded).
    var availableHeight: Double
    /// Width sizing mode.
    var widthMode: SizingMode
    /// Height sizing mode.
    var heightMode: SizingMode
    /// Owner width (resolves percentage margins).
    var ownerWidth: Double
    /// Owner direction.
    var ownerDirection: Direction
    /// Full layout (true) or measurement only.
    var performLayout: Bool
  }

  /// Finds a cache entry answering `request`; invalidates the caches first when the node must be visited.
  /// On a hit, sets the measured size. `slot`: -2 none, -1 the layout entry, else a measurement entry.
  @inline(never)
  private mutating func lookUpCache(_ node: NodeIndex, _ request: CacheRequest) -> (needToVisitNode: Bool, slot: Int) {
    let needToVisitNode =
      (tree[layout: node].isDirty && tree[layout: node].generationCount != generation)
      || tree[layout: node].lastOwnerDirection != request.ownerDirection
    if needToVisitNode {
      tree[layout: node].nextCachedMeasurementsIndex = 0
      tree[layout: node].cachedLayout = CachedMeasurement()
      return (true, -2)
    }
    var slot = -2
    if tree.hasMeasure(node) {
      let marginAxisRow = marginForAxis(node, .row, request.ownerWidth)
      let marginAxisColumn = marginForAxis(node, .column, request.ownerWidth)
      let scale = config.pointScaleFactor
      slot = tree[layout: node].findCacheSlot(includingLayout: true) {
        Self.canUseCachedMeasurement(request, $0, marginAxisRow, marginAxisColumn, scale)
      }
    } else {
      slot = tree[layout: node].findCacheSlot(layoutOnly: request.performLayout) { Self.matches($0, request) }
      if slot == -2 && request.performLayout && tree.firstChild(of: node) < 0 {
        // A childless box's layout is its measurement: answer from the measurement slots too (not in Yoga).
        slot = tree[layout: node].findCacheSlot(layoutOnly: false) { Self.matches($0, request) }
      }
    }
    if slot != -2 { tree[layout: node].adoptCachedSize(slot) }
    return (false, slot)
  }

  /// True when `entry` was computed for exactly `request`'s constraints.
  @inline(__always) private static func matches(_ entry: CachedMeasurement, _ request: CacheRequest) -> Bool {
    inexactEquals(entry.availableWidth, request.availableWidth)
      && inexactEquals(entry.availableHeight, request.availableHeight) && entry.widthMode == request.widthMode
      && entry.heightMode == request.heightMode
  }

  /// Records the answer to `request` (the layout entry for a layout, else the next measurement slot).
  @inline(never)
  private mutating func storeInCache(_ node: NodeIndex, _ request: CacheRequest, store: Bool) {
    tree[layout: node].lastOwnerDirection = request.ownerDirection
    guard store else { return }
    var entry = CachedMeasurement()
    entry.availableWidth = request.availableWidth
    entry.availableHeight = request.availableHeight
    entry.widthMode = request.widthMode
    entry.heightMode = request.heightMode
    entry.computedWidth = tree[layout: node].measuredWidth
    entry.computedHeight = tree[layout: node].measuredHeight
    if request.performLayout {
      tree[layout: node].cachedLayout = entry
    } else {
      if tree[layout: node].nextCachedMeasurementsIndex == NodeLayout.maxCachedMeasurements {
        tree[layout: node].nextCachedMeasurementsIndex = 0
      }
      let i = tree[layout: node].nextCachedMeasurementsIndex
      tree[layout: node].cachedMeasurements[i] = entry
      tree[layout: node].nextCachedMeasurementsIndex = i + 1
    }
  }

  /// True when a cached measurement of a measured leaf answers the new request (Yoga's canUseCachedMeasurement):
  /// same constraints, or an exact size equal to the old answer, or an old max-content answer that fits, or a
  /// stricter at-most bound the old answer still satisfies. Sizes compared on the pixel grid.
  private static func canUseCachedMeasurement(
    _ request: CacheRequest, _ last: CachedMeasurement, _ marginRow: Double, _ marginColumn: Double, _ scale: Double
  ) -> Bool {
    let widthMode = request.widthMode
    let heightMode = request.heightMode
    let availableWidth = request.availableWidth
    let availableHeight = request.availableHeight
    if (!last.computedHeight.isNaN && last.computedHeight < 0) || (!last.computedWidth.isNaN && last.computedWidth < 0)
    {
      return false
    }
    let rounded = scale != 0
    let effWidth = rounded ? Self.roundValueToPixelGrid(availableWidth, scale, false, false) : availableWidth
    let effHeight = rounded ? Self.roundValueToPixelGrid(availableHeight, scale, false, false) : availableHeight
    let effLastWidth =
      rounded ? Self.roundValueToPixelGrid(last.availableWidth, scale, false, false) : last.availableWidth
    let effLastHeight =
      rounded ? Self.roundValueToPixelGrid(last.availableHeight, scale, false, false) : last.availableHeight
    let sameWidth = last.widthMode == widthMode && Self.inexactEquals(effLastWidth, effWidth)
    let sameHeight = last.heightMode == heightMode && Self.inexactEquals(effLastHeight, effHeight)
    let widthOK =
      sameWidth
      || Self.sizeIsExactAndMatches(widthMode, availableWidth - marginRow, last.computedWidth)
      || Self.oldSizeIsMaxContentAndStillFits(widthMode, availableWidth - marginRow, last.widthMode, last.computedWidth)
      || Self.newSizeIsStricterAndStillValid(
        widthMode, availableWidth - marginRow, last.widthMode, last.availableWidth, last.computedWidth)
    if !widthOK { return false }
    return sameHeight
      || Self.sizeIsExactAndMatches(heightMode, availableHeight - marginColumn, last.computedHeight)
      || Self.oldSizeIsMaxContentAndStillFits(
        heightMode, availableHeight - marginColumn, last.heightMode, last.computedHeight)
      || Self.newSizeIsStricterAndStillValid(
        heightMode, availableHeight - marginColumn, last.heightMode, last.availableHeight, last.computedHeight)
  }

  /// An exact request equal to the size measured last time.
  @inline(__always) private static func sizeIsExactAndMatches(_ mode: SizingMode, _ size: Double, _ last: Double)
    -> Bool
  { mode == .stretchFit && inexactEquals(size, last) }

  /// An at-most request that the old max-content answer fits in.
  @inline(__always) private static func oldSizeIsMaxContentAndStillFits(
    _ mode: SizingMode, _ size: Double, _ lastMode: SizingMode, _ lastComputed: Double
  ) -> Bool {
    mode == .fitContent && lastMode == .maxContent && (size >= lastComputed || inexactEquals(size, lastComputed))
  }

  /// A tighter at-most request that the old at-most answer still satisfies.
  @inline(__always) private static func newSizeIsStricterAndStillValid(
    _ mode: SizingMode, _ size: Double, _ lastMode: SizingMode, _ lastSize: Double, _ lastComputed: Double
  ) -> Bool {
    lastMode == .fitContent && mode == .fitContent && !lastSize.isNaN && !size.isNaN && !lastComputed.isNaN
      && lastSize > size && (lastComputed <= size || inexactEquals(size, lastComputed))
  }
}
