import LayoutSpecs

/// The scroll axis of a flow layout (`UICollectionViewScrollDirection`). Pure value.
package enum FlowScrollDirection: String, Sendable, Hashable, CaseIterable {
  /// Lines are rows stacked downwards; items fill a line left to right.
  case vertical
  /// Lines are columns stacked rightwards; items fill a line top to bottom.
  case horizontal

  /// The scrollable directions a flow layout inspector reports for this axis (texture.md §3.6).
  package var scrollableDirections: ScrollDirection { self == .vertical ? .vertical : .horizontal }

  /// The layout kind Texture's constrained-size rules use for this axis (texture.md §1.6).
  package var layoutKind: CollectionLayoutKind { self == .vertical ? .verticalFlow : .horizontalFlow }
}

/// A width and a height in points. Pure value.
package struct FlowSize: Sendable, Hashable {
  /// Width.
  package var width: Double
  /// Height.
  package var height: Double

  /// Creates a size.
  package init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// (0, 0).
  package static let zero = FlowSize(width: 0, height: 0)
}

/// Insets around a section's items (`UIEdgeInsets`), points: top above the first line (vertical) or above every
/// column (horizontal), left of every row or of the first column, and so on. The layout specs' edge insets.
package typealias FlowInsets = EdgeInsets

extension EdgeInsets {
  /// No insets (`UIEdgeInsetsZero`, the flow layout's default).
  package static let zero = EdgeInsets()
}

/// The properties of a `UICollectionViewFlowLayout`, with UIKit's defaults. Pure value.
package struct FlowLayoutConfiguration: Sendable, Hashable {
  /// Scroll axis (default vertical).
  package var scrollDirection: FlowScrollDirection = .vertical
  /// `itemSize` (default (50, 50), which Texture treats as "unset": items then size themselves, texture.md §1.6).
  package var itemSize = FlowLayoutConfiguration.unsetItemSize
  /// Minimum space between lines (default 10).
  package var minimumLineSpacing: Double = 10
  /// Minimum space between the items of a line (default 10); lines are justified past it.
  package var minimumInteritemSpacing: Double = 10
  /// Insets around each section's items (default zero).
  package var sectionInset = FlowInsets.zero
  /// Size of each section's header when it is not a self-sized node (default (0, 0): no header). Only the extent
  /// along the scroll axis is used; the header spans the collection across it.
  package var headerReferenceSize = FlowSize.zero
  /// Size of each section's footer, likewise (default (0, 0): no footer).
  package var footerReferenceSize = FlowSize.zero

  /// Creates UIKit's default flow layout.
  package init() {}

  /// UIKit's default `itemSize`, (50, 50): Texture's inspector ignores it and lets items size themselves.
  package static let unsetItemSize = FlowSize(width: 50, height: 50)

  /// True when `itemSize` is other than the unset (50, 50): every item is measured at exactly that size.
  package var hasFixedItemSize: Bool { itemSize != Self.unsetItemSize }

  /// The range an item is measured in inside a collection of `bounds` with `contentInset` (Texture's flow layout
  /// inspector, texture.md §1.6): the delegate's range unless absent or unconstrained, else a set `itemSize`
  /// exactly, else the scroll-direction rule (`NodeConstrainedSizeForScrollDirection`; vertical: min (0, 0), max
  /// (bounds width − left and right content insets, CGFLOAT_MAX); horizontal mirrored). Section insets play no part.
  package func constrainedSize(
    bounds: FlowSize, contentInset: FlowInsets = .zero, delegateRange: CellSizeRange? = nil
  ) -> CellSizeRange {
    CellConstraints.collection(
      boundsWidth: bounds.width, boundsHeight: bounds.height, insetTop: contentInset.top,
      insetLeft: contentInset.left, insetBottom: contentInset.bottom, insetRight: contentInset.right,
      layout: scrollDirection.layoutKind, flowItemSize: (itemSize.width, itemSize.height),
      delegateRange: delegateRange)
  }
}
