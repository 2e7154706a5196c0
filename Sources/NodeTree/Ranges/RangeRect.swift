/// An axis-aligned rectangle in points (content coordinates). Pure value.
package struct Rect: Sendable, Hashable {
  /// Left edge.
  package var x: Double
  /// Top edge.
  package var y: Double
  /// Width.
  package var width: Double
  /// Height.
  package var height: Double

  /// Creates a rectangle.
  package init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Bottom edge.
  package var maxY: Double { y + height }
  /// Right edge.
  package var maxX: Double { x + width }
  /// True when width or height is zero or negative (`CGRectIsEmpty`).
  package var isEmpty: Bool { width <= 0 || height <= 0 }
}

/// Range rectangles (Texture's `CGRectExpandToRangeWithScrollableDirections`, texture.md §3.6). Pure.
package enum RangeRect {
  /// Expands `viewport` by `tuning` along each `scrollable` axis: with Down (Right) in `direction` the leading
  /// buffer goes down (right) and the trailing buffer up (left); otherwise the other way round. Axes not in
  /// `scrollable` are not expanded.
  package static func expand(
    _ viewport: Rect, tuning: RangeTuningParameters, scrollable: ScrollDirection, direction: ScrollDirection
  ) -> Rect {
    var rect = viewport
    if !scrollable.isDisjoint(with: .vertical) {
      let leading = tuning.leadingBufferScreenfuls * viewport.height
      let trailing = tuning.trailingBufferScreenfuls * viewport.height
      let (down, up) = direction.contains(.down) ? (leading, trailing) : (trailing, leading)
      rect.y -= up
      rect.height += up + down
    }
    if !scrollable.isDisjoint(with: .horizontal) {
      let leading = tuning.leadingBufferScreenfuls * viewport.width
      let trailing = tuning.trailingBufferScreenfuls * viewport.width
      let (right, left) = direction.contains(.right) ? (leading, trailing) : (trailing, leading)
      rect.x -= left
      rect.width += left + right
    }
    return rect
  }

  /// The direction a range update uses: the current one, or the previous one when not scrolling (§3.3 step 2).
  package static func effectiveDirection(current: ScrollDirection, previous: ScrollDirection) -> ScrollDirection {
    current.isEmpty ? previous : current
  }
}
