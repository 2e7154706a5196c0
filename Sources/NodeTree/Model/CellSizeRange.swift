/// The size range a cell is measured in (Texture's `ASSizeRange` as the data controller hands it out), points.
/// Pure value. Kept apart from LayoutSpecs' `SizeRange` so the model does not depend on layout types.
package struct CellSizeRange: Sendable, Hashable {
  /// Minimum width.
  package var minWidth: Double
  /// Minimum height.
  package var minHeight: Double
  /// Maximum width.
  package var maxWidth: Double
  /// Maximum height.
  package var maxHeight: Double

  /// Creates a range.
  package init(minWidth: Double, minHeight: Double, maxWidth: Double, maxHeight: Double) {
    self.minWidth = minWidth
    self.minHeight = minHeight
    self.maxWidth = maxWidth
    self.maxHeight = maxHeight
  }

  /// `CGFLOAT_MAX` on 64-bit (`DBL_MAX`): the table's default max cell height. Not infinity (texture.md §9.1).
  package static let cgFloatMax = Double.greatestFiniteMagnitude

  /// `ASSizeRangeUnconstrained`: {0,0}–{∞,∞}.
  package static let unconstrained = CellSizeRange(minWidth: 0, minHeight: 0, maxWidth: .infinity, maxHeight: .infinity)

  /// An exact size.
  package static func exactly(width: Double, height: Double) -> CellSizeRange {
    CellSizeRange(minWidth: width, minHeight: height, maxWidth: width, maxHeight: height)
  }

  /// True when the range has significant area (max width and height > 0.1, `ASSizeRangeHasSignificantArea`);
  /// Texture skips measuring otherwise.
  package var hasSignificantArea: Bool { maxWidth > 0.1 && maxHeight > 0.1 }
}

/// A row's height bounds from `tableNode:constrainedSizeForRowAtIndexPath:` (texture.md §1.6): the table replaces
/// the delegate's widths with its own, so only the heights are kept. Points; pure value.
///
/// The row is measured in `CellConstraints.table(width:delegateRange:)` of this range, and the model clamps the
/// measured height into it, as Texture's layout clamps a node's size into its constrained range (§7.2–7.3).
package struct RowHeightRange: Sendable, Hashable {
  /// Minimum height (finite, ≥ 0).
  package var min: Double
  /// Maximum height (≥ `min`; may be infinite or `CGFLOAT_MAX`).
  package var max: Double

  /// Creates a range; `validated(for:)` checks it.
  package init(min: Double, max: Double) {
    self.min = min
    self.max = max
  }

  /// The table's default: 0…`CGFLOAT_MAX`.
  package static let unconstrained = RowHeightRange(min: 0, max: CellSizeRange.cgFloatMax)

  /// `self`, or `invalidHeightRange` when min is negative or not finite, max is NaN, or max < min.
  package func validated(for id: RowID?) throws(NodeTreeError) -> RowHeightRange {
    guard min.isFinite, min >= 0, !max.isNaN, max >= min else { throw .invalidHeightRange(id, min: min, max: max) }
    return self
  }

  /// `height` clamped into the range.
  package func clamp(_ height: Double) -> Double { Swift.min(Swift.max(height, min), max) }

  /// The delegate range Texture's table builds from it at width W (widths replaced by W).
  package func sizeRange(width: Double) -> CellSizeRange {
    CellConstraints.table(
      width: width, delegateRange: CellSizeRange(minWidth: width, minHeight: min, maxWidth: width, maxHeight: max))
  }
}

/// Scroll axis of a collection's flow layout; `custom` is a non-flow layout (no scrollable directions).
package enum CollectionLayoutKind: Sendable, Hashable {
  /// Vertical flow layout.
  case verticalFlow
  /// Horizontal flow layout.
  case horizontalFlow
  /// Any other layout: the default inspector reports no scrollable directions and uses the vertical rule.
  case custom

  /// Scrollable directions the layout inspector reports.
  package var scrollableDirections: ScrollDirection {
    switch self {
    case .verticalFlow: return .vertical
    case .horizontalFlow: return .horizontal
    case .custom: return []
    }
  }
}

/// Constrained sizes for cells (texture.md §1.6). Pure.
package enum CellConstraints {
  /// Table cell range: width W always; heights from the delegate's range when given, else 0…CGFLOAT_MAX.
  package static func table(width: Double, delegateRange: CellSizeRange? = nil) -> CellSizeRange {
    guard let delegateRange else {
      return CellSizeRange(minWidth: width, minHeight: 0, maxWidth: width, maxHeight: CellSizeRange.cgFloatMax)
    }
    return CellSizeRange(
      minWidth: width, minHeight: delegateRange.minHeight, maxWidth: width, maxHeight: delegateRange.maxHeight)
  }

  /// The table's cell width W: bounds width − section-index width − left and right content insets when that is
  /// > 0, else `previous` (`_nodesConstrainedWidth` in `layoutSubviews`).
  package static func tableWidth(
    boundsWidth: Double, sectionIndexWidth: Double = 0, insetLeft: Double = 0, insetRight: Double = 0, previous: Double
  ) -> Double {
    let width = boundsWidth - sectionIndexWidth - insetLeft - insetRight
    return width > 0 ? width : previous
  }

  /// Row height UIKit receives: cell height + 1/scale with separators, + 0 without.
  package static func tableRowHeight(cellHeight: Double, separators: Bool, scale: Double) -> Double {
    separators && scale > 0 ? cellHeight + 1 / scale : cellHeight
  }

  /// Collection cell range: the delegate's range unless absent or unconstrained; else a flow `itemSize` other than
  /// the unset (50, 50) as an exact size; else the scroll-direction rule (vertical: max (bounds width − left − right
  /// content insets, CGFLOAT_MAX); horizontal: max (CGFLOAT_MAX, bounds height − top − bottom content insets); min 0).
  package static func collection(
    boundsWidth: Double, boundsHeight: Double, insetTop: Double = 0, insetLeft: Double = 0, insetBottom: Double = 0,
    insetRight: Double = 0, layout: CollectionLayoutKind, flowItemSize: (width: Double, height: Double)? = nil,
    delegateRange: CellSizeRange? = nil
  ) -> CellSizeRange {
    if let delegateRange, delegateRange != .unconstrained { return delegateRange }
    if layout != .custom, let size = flowItemSize, !(size.width == 50 && size.height == 50) {
      return .exactly(width: size.width, height: size.height)
    }
    if layout == .horizontalFlow {
      return CellSizeRange(
        minWidth: 0, minHeight: 0, maxWidth: CellSizeRange.cgFloatMax,
        maxHeight: boundsHeight - insetTop - insetBottom)
    }
    return CellSizeRange(
      minWidth: 0, minHeight: 0, maxWidth: boundsWidth - insetLeft - insetRight,
      maxHeight: CellSizeRange.cgFloatMax)
  }

  /// Whether Texture's main thread waits for a change set to commit (`shouldSynchronouslyProcessChangeSet`,
  /// §1.5, cell layout mode none): never with reloadData; yes with fewer than 2 new cells; yes when the current
  /// content fits the bounds; otherwise no. A Session can use it to decide whether to reply after the commit.
  package static func blocksUntilCommitted(
    includesReloadData: Bool, countForAsyncLayout: Int, contentFitsBounds: Bool
  ) -> Bool {
    if includesReloadData { return false }
    if countForAsyncLayout < 2 { return true }
    return contentFitsBounds
  }
}
