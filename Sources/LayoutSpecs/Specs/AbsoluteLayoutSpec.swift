/// `ASAbsoluteLayoutSpec`: places each child at its style's `layoutPosition`.
package struct AbsoluteLayoutSpec: Sendable, Equatable {
  /// How the spec sizes itself (`ASAbsoluteLayoutSpecSizing`).
  package enum Sizing: String, Sendable, Equatable, Hashable, CaseIterable {
    /// `range.max` on axes where it is a valid size; the children's extent elsewhere.
    case `default`
    /// The children's extent (at least `range.min`) on both axes.
    case sizeToFit
  }

  /// Sizing mode (default `.default`).
  package var sizing: Sizing
  /// Children, drawn in order.
  package var children: [LayoutElement]

  /// An absolute spec.
  package init(sizing: Sizing = .default, children: [LayoutElement]) {
    self.sizing = sizing
    self.children = children
  }

  /// Each child gets its style's range with auto min 0 and auto max `range.max − layoutPosition`; then the spec's
  /// size per `sizing`, clamped into the range.
  @inline(never) func layout(range: SizeRange, engine: LayoutEngine) throws(LayoutFailure) -> Layout {
    var size = engine.validMaxOrUndefined(range)
    var subs: [Layout] = []
    subs.reserveCapacity(children.count)
    for (i, c) in children.enumerated() {
      let p = c.style.layoutPosition
      let autoMax = Size(range.max.width - p.x, range.max.height - p.y)
      let constraint = SizeRange(resolving: c.style, parentSize: size, auto: SizeRange(min: .zero, max: autoMax))
      var l = try engine.child(c, range: constraint, parentSize: size, ".children[\(i)]")
      l.position = p
      subs.append(l)
    }
    if sizing == .sizeToFit || size.width.isNaN {
      size.width = range.min.width
      for l in subs { size.width = cMax(size.width, l.position.x + l.size.width) }
    }
    if sizing == .sizeToFit || size.height.isNaN {
      size.height = range.min.height
      for l in subs { size.height = cMax(size.height, l.position.y + l.size.height) }
    }
    return Layout(type: "absolute", size: range.clamp(size), children: subs)
  }
}
