/// The inline (text) direction of a node.
package enum Direction: UInt8, Sendable, Equatable, Hashable {
  /// Take the parent's direction (LTR at the root).
  case inherit
  /// Left to right.
  case ltr
  /// Right to left.
  case rtl
}

/// The main axis of a flex container.
package enum FlexDirection: UInt8, Sendable, Equatable, Hashable {
  /// Top to bottom.
  case column
  /// Bottom to top.
  case columnReverse
  /// Inline start to inline end.
  case row
  /// Inline end to inline start.
  case rowReverse

  /// True for `row` and `rowReverse`.
  @inline(__always) package var isRow: Bool { self == .row || self == .rowReverse }
  /// True for `column` and `columnReverse`.
  @inline(__always) package var isColumn: Bool { self == .column || self == .columnReverse }
}

/// `justify-content` values.
package enum Justify: UInt8, Sendable, Equatable, Hashable {
  /// Pack at the main-start edge.
  case flexStart
  /// Pack in the middle.
  case center
  /// Pack at the main-end edge.
  case flexEnd
  /// First and last items at the edges, equal space between.
  case spaceBetween
  /// Equal space around each item.
  case spaceAround
  /// Equal space between items and edges.
  case spaceEvenly
}

/// `align-items`, `align-self` and `align-content` values.
package enum Align: UInt8, Sendable, Equatable, Hashable {
  /// Use the parent's `alignItems` (alignSelf only).
  case auto
  /// Cross-start edge.
  case flexStart
  /// Middle of the cross axis.
  case center
  /// Cross-end edge.
  case flexEnd
  /// Fill the cross axis.
  case stretch
  /// Align first baselines.
  case baseline
  /// Lines: first and last at the edges.
  case spaceBetween
  /// Lines: equal space around each.
  case spaceAround
  /// Lines: equal space between and at the edges.
  case spaceEvenly
}

/// `flex-wrap` values.
package enum Wrap: UInt8, Sendable, Equatable, Hashable {
  /// A single line.
  case noWrap
  /// Lines from cross-start to cross-end.
  case wrap
  /// Lines from cross-end to cross-start.
  case wrapReverse
}

/// How a box is positioned.
package enum PositionType: UInt8, Sendable, Equatable, Hashable {
  /// In flow, insets ignored.
  case `static`
  /// In flow, offset by insets.
  case relative
  /// Out of flow, placed in its containing block.
  case absolute
}

/// `display` values.
package enum Display: UInt8, Sendable, Equatable, Hashable {
  /// A flex container.
  case flex
  /// Not laid out; frame all zeros.
  case none
  /// No box of its own; its children take its place in the parent.
  case contents
}

/// `overflow` values.
package enum Overflow: UInt8, Sendable, Equatable, Hashable {
  /// Content may overflow.
  case visible
  /// Content is clipped.
  case hidden
  /// Content scrolls.
  case scroll
}

/// Which box `width`/`height` describe.
package enum BoxSizing: UInt8, Sendable, Equatable, Hashable {
  /// Sizes include padding and border.
  case borderBox
  /// Sizes exclude padding and border.
  case contentBox
}

/// A physical edge, also the index into four-edge storage.
package enum PhysicalEdge: Int, Sendable {
  /// Left edge.
  case left = 0
  /// Top edge.
  case top = 1
  /// Right edge.
  case right = 2
  /// Bottom edge.
  case bottom = 3
}
