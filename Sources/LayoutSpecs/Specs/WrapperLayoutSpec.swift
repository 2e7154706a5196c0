/// `ASWrapperLayoutSpec`: every child gets the spec's range at (0, 0); the spec is as large as its largest child
/// (at least `range.min`, not clamped to `range.max`).
package struct WrapperLayoutSpec: Sendable, Equatable {
  /// Children, drawn in order.
  package var children: [LayoutElement]

  /// A wrapper spec.
  package init(children: [LayoutElement]) {
    self.children = children
  }

  /// Each child in the range with parent size `range.max`; size = max(range.min, children) per axis.
  @inline(never) func layout(range: SizeRange, engine: LayoutEngine) throws(LayoutFailure) -> Layout {
    var size = range.min
    var subs: [Layout] = []
    subs.reserveCapacity(children.count)
    for (i, c) in children.enumerated() {
      let l = try engine.child(c, range: range, parentSize: range.max, ".children[\(i)]")
      size.width = cMax(size.width, l.size.width)
      size.height = cMax(size.height, l.size.height)
      subs.append(l)
    }
    return Layout(type: "wrapper", size: size, children: subs)
  }
}
