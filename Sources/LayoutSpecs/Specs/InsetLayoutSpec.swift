/// Edge insets in points; each may be `.infinity` (texture.md §7.4).
package struct EdgeInsets: Sendable, Equatable, Hashable {
  /// Top inset.
  package var top: Double
  /// Left inset.
  package var left: Double
  /// Bottom inset.
  package var bottom: Double
  /// Right inset.
  package var right: Double

  /// Insets from their four values.
  package init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}

/// `ASInsetLayoutSpec`: lays out its child inset by `insets`; an infinite inset lets the child take its intrinsic
/// size on that axis and pins it to the other edge (both infinite: centred). Ignores its own style size.
package struct InsetLayoutSpec: Sendable, Equatable {
  /// Insets (finite or infinite, not NaN, ≥ 0 by decoding).
  package var insets: EdgeInsets
  /// The inset child.
  package var child: LayoutElement

  /// An inset spec.
  package init(insets: EdgeInsets, child: LayoutElement) {
    self.insets = insets
    self.child = child
  }

  /// Texture's `calculateLayoutThatFits:restrictedToSize:relativeToParentSize:` of the inset spec.
  @inline(never) func layout(range: SizeRange, parentSize: Size, engine: LayoutEngine) throws(LayoutFailure) -> Layout {
    let i = insets
    let insetsX = finiteOrZero(i.left) + finiteOrZero(i.right)
    let insetsY = finiteOrZero(i.top) + finiteOrZero(i.bottom)
    let minWidth = i.left.isInfinite || i.right.isInfinite ? 0 : range.min.width
    let minHeight = i.top.isInfinite || i.bottom.isInfinite ? 0 : range.min.height
    let childRange = SizeRange(
      min: Size(cMax(0, minWidth - insetsX), cMax(0, minHeight - insetsY)),
      max: Size(cMax(0, range.max.width - insetsX), cMax(0, range.max.height - insetsY)))
    let childParent = Size(cMax(0, parentSize.width - insetsX), cMax(0, parentSize.height - insetsY))
    var sub = try engine.child(child, range: childRange, parentSize: childParent, ".child")
    let computed = range.clamp(
      Size(
        finite(sub.size.width + i.left + i.right, range.max.width),
        finite(sub.size.height + i.top + i.bottom, range.max.height)))
    let grid = engine.grid
    let x = finite(
      i.left,
      range.max.width
        - (finite(i.right, grid.round((range.max.width - sub.size.width) / 2)) + sub.size.width))
    let y = finite(
      i.top,
      range.max.height
        - (finite(i.bottom, grid.round((range.max.height - sub.size.height) / 2)) + sub.size.height))
    // Deviation: an infinite inset in an unbounded range gives Texture a non-finite position; the child then sits
    // at the start of that axis instead.
    sub.position = Point(x.isFinite ? x : 0, y.isFinite ? y : 0)
    return Layout(type: "inset", size: computed, children: [sub])
  }

  /// 0 for infinite insets.
  private func finiteOrZero(_ v: Double) -> Double { v.isInfinite ? 0 : v }
  /// `fallback` when `base` is infinite.
  private func finite(_ base: Double, _ fallback: Double) -> Double { base.isInfinite ? fallback : base }
}
