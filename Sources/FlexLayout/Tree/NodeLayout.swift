/// How a size offered to a node binds (CSS sizing; Yoga's SizingMode). Pure.
package enum SizingMode: UInt8, Sendable, Equatable, Hashable {
  /// Fill exactly the offered size (Yoga: exactly).
  case stretchFit
  /// At most the offered size, shrink-wrapping the content (Yoga: at-most).
  case fitContent
  /// Unbounded: size to content (Yoga: undefined); the offered size is NaN.
  case maxContent

  /// The measure-function mode for this sizing mode.
  @inline(__always) package var measureMode: MeasureMode {
    switch self {
    case .stretchFit: return .exactly
    case .fitContent: return .atMost
    case .maxContent: return .undefined
    }
  }
}

/// One cached measurement of a node: the constraints it was asked for and the border-box size it answered.
package struct CachedMeasurement: Sendable, Equatable {
  /// Offered width (points, margins included), NaN when unbounded; -1 = empty slot.
  package var availableWidth: Double = -1
  /// Offered height (points, margins included), NaN when unbounded; -1 = empty slot.
  package var availableHeight: Double = -1
  /// Width sizing mode of the request.
  package var widthMode: SizingMode = .maxContent
  /// Height sizing mode of the request.
  package var heightMode: SizingMode = .maxContent
  /// Answered border-box width (points, before rounding).
  package var computedWidth: Double = -1
  /// Answered border-box height (points, before rounding).
  package var computedHeight: Double = -1
  /// An empty slot.
  package init() {}
}

/// The engine's per-node working state and results. Mutated only by the layout pass that owns the tree.
///
/// Positions are per physical edge relative to the parent's border box; `width`/`height`/`position` are after
/// pixel-grid rounding once a layout finishes, `measuredWidth`/`measuredHeight` before.
package struct NodeLayout: Sendable {
  /// Final position per physical edge (index = `PhysicalEdge.rawValue`), points.
  package var position = SIMD4<Double>(repeating: 0)
  /// Resolved border per physical edge, points.
  package var border = SIMD4<Double>(repeating: 0)
  /// Resolved padding per physical edge, points.
  package var padding = SIMD4<Double>(repeating: 0)
  /// Final width (after rounding), points.
  package var width: Double = .nan
  /// Final height (after rounding), points.
  package var height: Double = .nan
  /// Border-box width from the last measure or layout (before rounding), points.
  package var measuredWidth: Double = .nan
  /// Border-box height from the last measure or layout (before rounding), points.
  package var measuredHeight: Double = .nan
  /// Resolved inline direction.
  package var direction: Direction = .inherit
  /// Flex basis computed in the current generation, points (NaN = not computed).
  package var computedFlexBasis: Double = .nan
  /// Generation in which `computedFlexBasis` was computed.
  package var computedFlexBasisGeneration: UInt32 = 0
  /// Generation of the last visit.
  package var generationCount: UInt32 = 0
  /// CSS automatic minimum main size (§4.5) of this flex item, points (NaN when none applies).
  package var autoMinMain: Double = .nan
  /// True when `autoMinMain` is a width (the parent's main axis is horizontal).
  package var autoMinIsRow = false
  /// Index of the flex line holding this item.
  package var lineIndex: Int32 = 0
  /// Owner direction of the last visit (a change invalidates the caches).
  package var lastOwnerDirection: Direction = .inherit
  /// True when the node or a descendant changed since its last layout.
  package var isDirty = true
  /// True when the last layout of this node's children overflowed it.
  package var hadOverflow = false
  /// Next measurement cache slot to fill.
  package var nextCachedMeasurementsIndex: Int = 0
  /// The result of the last full layout of this node.
  package var cachedLayout = CachedMeasurement()
  /// Recent measurements, keyed by (offered size, sizing mode).
  package var cachedMeasurements = InlineArray<8, CachedMeasurement>(repeating: CachedMeasurement())

  /// A fresh, dirty layout.
  package init() {}

  /// Number of measurement cache slots per node.
  package static let maxCachedMeasurements = 8

  /// The cache entry `matches` accepts: -1 for the layout entry, else a measurement slot, or -2 for none.
  /// `includingLayout`: try the layout entry first, then the measurements (measured leaves).
  @inline(__always) package mutating func findCacheSlot(
    includingLayout: Bool, _ matches: (CachedMeasurement) -> Bool
  ) -> Int {
    if includingLayout && matches(cachedLayout) { return -1 }
    for i in 0..<nextCachedMeasurementsIndex where matches(cachedMeasurements[i]) { return i }
    return -2
  }

  /// The cache entry `matches` accepts among the layout entry (`layoutOnly`) or the measurements.
  @inline(__always) package mutating func findCacheSlot(layoutOnly: Bool, _ matches: (CachedMeasurement) -> Bool)
    -> Int
  {
    if layoutOnly { return matches(cachedLayout) ? -1 : -2 }
    for i in 0..<nextCachedMeasurementsIndex where matches(cachedMeasurements[i]) { return i }
    return -2
  }

  /// Sets the measured size from cache entry `slot` (-1 = the layout entry), in place (no copy of the slots).
  @inline(__always) package mutating func adoptCachedSize(_ slot: Int) {
    if slot == -1 {
      measuredWidth = cachedLayout.computedWidth
      measuredHeight = cachedLayout.computedHeight
    } else {
      measuredWidth = cachedMeasurements[slot].computedWidth
      measuredHeight = cachedMeasurements[slot].computedHeight
    }
  }

  /// The measured dimension along the width (`isWidth`) or height.
  @inline(__always) package func measured(_ isWidth: Bool) -> Double { isWidth ? measuredWidth : measuredHeight }

  /// Sets the measured width (`isWidth`) or height.
  @inline(__always) package mutating func setMeasured(_ value: Double, _ isWidth: Bool) {
    if isWidth { measuredWidth = value } else { measuredHeight = value }
  }
}
