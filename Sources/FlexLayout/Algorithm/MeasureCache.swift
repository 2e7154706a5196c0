/// Measurement caching: each node keeps its last layout and a few measurements keyed by (offered size, sizing
/// mode), so a pass visits a clean subtree in O(1) and a measure function runs at most once per distinct question.
/// Not a CSS step; follows Yoga's calculateLayoutInternal and canUseCachedMeasurement.
extension FlexEngine {
  /// Lays out or measures `node`, answering from its caches when the request was seen before in a clean state.
  /// Returns true when work was done. Pure over the tree; recursion depth grows with tree depth.
  @discardableResult
  mutating func calculateLayoutInternal(
    _ node: NodeIndex, _ availableWidth: Double, _ availableHeight: Double, _ ownerDirection: Direction,
    _ widthSizingMode: SizingMode, _ heightSizingMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double,
    performLayout: Bool, depth: Int
  ) -> Bool {
    let depth = depth + 1
    var layout = tree[layout: node]
    let needToVisitNode =
      (layout.isDirty && layout.generationCount != generation) || layout.lastOwnerDirection != ownerDirection
    if needToVisitNode {
      layout.nextCachedMeasurementsIndex = 0
      layout.cachedLayout = CachedMeasurement()
      layout.cachedLayout.widthMode = .maxContent
      layout.cachedLayout.heightMode = .maxContent
    }

    // -2 = none, -1 = the layout slot, otherwise a measurement slot.
    var cachedSlot = -2
    if tree.hasMeasure(node) {
      let style = tree[style: node]
      let marginAxisRow = style.marginForAxis(.row, ownerWidth)
      let marginAxisColumn = style.marginForAxis(.column, ownerWidth)
      if canUseCachedMeasurement(
        widthSizingMode, availableWidth, heightSizingMode, availableHeight, layout.cachedLayout, marginAxisRow,
        marginAxisColumn)
      {
        cachedSlot = -1
      } else {
        for i in 0..<layout.nextCachedMeasurementsIndex
        where canUseCachedMeasurement(
          widthSizingMode, availableWidth, heightSizingMode, availableHeight, layout.cachedMeasurements[i],
          marginAxisRow, marginAxisColumn)
        {
          cachedSlot = i
          break
        }
      }
    } else if performLayout {
      let c = layout.cachedLayout
      if Self.inexactEquals(c.availableWidth, availableWidth) && Self.inexactEquals(c.availableHeight, availableHeight)
        && c.widthMode == widthSizingMode && c.heightMode == heightSizingMode
      {
        cachedSlot = -1
      }
    } else {
      for i in 0..<layout.nextCachedMeasurementsIndex {
        let c = layout.cachedMeasurements[i]
        if Self.inexactEquals(c.availableWidth, availableWidth)
          && Self.inexactEquals(c.availableHeight, availableHeight) && c.widthMode == widthSizingMode
          && c.heightMode == heightSizingMode
        {
          cachedSlot = i
          break
        }
      }
    }

    if !needToVisitNode && cachedSlot != -2 {
      let c = cachedSlot == -1 ? layout.cachedLayout : layout.cachedMeasurements[cachedSlot]
      tree[layout: node].measuredWidth = c.computedWidth
      tree[layout: node].measuredHeight = c.computedHeight
    } else {
      if needToVisitNode {
        tree[layout: node].nextCachedMeasurementsIndex = layout.nextCachedMeasurementsIndex
        tree[layout: node].cachedLayout = layout.cachedLayout
      }
      calculateLayoutImpl(
        node, availableWidth, availableHeight, ownerDirection, widthSizingMode, heightSizingMode, ownerWidth,
        ownerHeight, performLayout: performLayout, depth: depth)
      var l = tree[layout: node]
      l.lastOwnerDirection = ownerDirection
      if cachedSlot == -2 {
        if l.nextCachedMeasurementsIndex == NodeLayout.maxCachedMeasurements { l.nextCachedMeasurementsIndex = 0 }
        var entry = CachedMeasurement()
        entry.availableWidth = availableWidth
        entry.availableHeight = availableHeight
        entry.widthMode = widthSizingMode
        entry.heightMode = heightSizingMode
        entry.computedWidth = l.measuredWidth
        entry.computedHeight = l.measuredHeight
        if performLayout {
          l.cachedLayout = entry
        } else {
          l.cachedMeasurements[l.nextCachedMeasurementsIndex] = entry
          l.nextCachedMeasurementsIndex += 1
        }
      }
      tree[layout: node].lastOwnerDirection = l.lastOwnerDirection
      tree[layout: node].nextCachedMeasurementsIndex = l.nextCachedMeasurementsIndex
      tree[layout: node].cachedLayout = l.cachedLayout
      tree[layout: node].cachedMeasurements = l.cachedMeasurements
    }
    if performLayout {
      let w = tree[layout: node].measuredWidth
      let h = tree[layout: node].measuredHeight
      tree[layout: node].width = w
      tree[layout: node].height = h
      tree[layout: node].isDirty = false
    }
    tree[layout: node].generationCount = generation
    return needToVisitNode || cachedSlot == -2
  }

  /// True when a cached measurement of a measured leaf answers the new request (Yoga's canUseCachedMeasurement):
  /// same constraints, or an exact size equal to the old answer, or an old max-content answer that fits, or a
  /// stricter at-most bound the old answer still satisfies. Sizes compared on the pixel grid.
  private func canUseCachedMeasurement(
    _ widthMode: SizingMode, _ availableWidth: Double, _ heightMode: SizingMode, _ availableHeight: Double,
    _ last: CachedMeasurement, _ marginRow: Double, _ marginColumn: Double
  ) -> Bool {
    if (!last.computedHeight.isNaN && last.computedHeight < 0) || (!last.computedWidth.isNaN && last.computedWidth < 0)
    {
      return false
    }
    let scale = config.pointScaleFactor
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
