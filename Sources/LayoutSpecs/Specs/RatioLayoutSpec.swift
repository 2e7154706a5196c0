/// `ASRatioLayoutSpec`: sizes its child to a fixed aspect ratio, **height / width** (Texture's convention).
package struct RatioLayoutSpec: Sendable, Equatable {
  /// Height divided by width (> 0).
  package var ratio: Double
  /// The child.
  package var child: LayoutElement

  /// A ratio spec.
  package init(ratio: Double, child: LayoutElement) {
    self.ratio = ratio
    self.child = child
  }

  /// Candidates from a valid max width (w, floorPx(ratio × w)) and a valid max height (floorPx(h / ratio), h), each
  /// clamped; the one whose h/w is nearest the ratio wins (first on ties); the child gets range ∩ exact(candidate).
  @inline(never) func layout(range: SizeRange, engine: LayoutEngine) throws(LayoutFailure) -> Layout {
    var options: [Size] = []
    if PointValidity.isValidForSize(range.max.width) {
      options.append(range.clamp(Size(range.max.width, engine.grid.floor(ratio * range.max.width))))
    }
    if PointValidity.isValidForSize(range.max.height) {
      options.append(range.clamp(Size(engine.grid.floor(range.max.height / ratio), range.max.height)))
    }
    var best: Size?
    for o in options {
      guard let b = best else {
        best = o
        continue
      }
      // std::max_element with comp(a, b) = |a − ratio| > |b − ratio|: replace only when strictly closer.
      if abs(b.height / b.width - ratio) > abs(o.height / o.width - ratio) { best = o }
    }
    let childRange = best.map { range.intersect(SizeRange(exactly: $0)) } ?? range
    let parent = best ?? Size(.nan, .nan)
    let sub = try engine.child(child, range: childRange, parentSize: parent, ".child")
    return Layout(type: "ratio", size: sub.size, children: [sub])
  }
}
