/// `ASSizeRange`: the minimum and maximum size an element may take, in points. Pure value.
///
/// Components may be infinite (unbounded) or `CGFLOAT_MAX`; they are never rounded here.
package struct SizeRange: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// Smallest allowed size.
  package var min: Size
  /// Largest allowed size.
  package var max: Size

  /// A range from its bounds.
  package init(min: Size, max: Size) {
    self.min = min
    self.max = max
  }

  /// The exact range [size, size] (`ASSizeRangeMake(size)`).
  package init(exactly size: Size) {
    min = size
    max = size
  }

  /// `ASSizeRangeUnconstrained`: {0,0}–{INF,INF}.
  package static let unconstrained = SizeRange(min: .zero, max: Size(.infinity, .infinity))

  /// `ASSizeRangeZero`: {0,0}–{0,0}.
  package static let zero = SizeRange(min: .zero, max: .zero)

  /// `ASSizeRangeClamp`: each component of `size` clamped into [min, max] with C's MIN/MAX (the minimum wins).
  package func clamp(_ size: Size) -> Size {
    Size(cMax(min.width, cMin(max.width, size.width)), cMax(min.height, cMin(max.height, size.height)))
  }

  /// `ASSizeRangeIntersect(self, other)`: per axis [max(mins), min(maxes)]; when that is empty, **this** range wins
  /// with its single point nearest to `other` (its max if it lies below `other`, else its min).
  package func intersect(_ other: SizeRange) -> SizeRange {
    let w = Self.intersectAxis(min.width, max.width, other.min.width, other.max.width)
    let h = Self.intersectAxis(min.height, max.height, other.min.height, other.max.height)
    return SizeRange(min: Size(w.0, h.0), max: Size(w.1, h.1))
  }

  /// One axis of `intersect`.
  private static func intersectAxis(_ min: Double, _ max: Double, _ oMin: Double, _ oMax: Double) -> (Double, Double) {
    let newMin = cMax(min, oMin)
    let newMax = cMin(max, oMax)
    if newMin <= newMax { return (newMin, newMax) }
    return min < oMin ? (max, max) : (min, min)
  }

  /// `{min: [w, h], max: [w, h]}`.
  package var description: String { "{min: \(min), max: \(max)}" }
}

extension SizeRange {
  /// `ASLayoutElementSizeResolveAutoSize`: the range a style asks for, relative to `parentSize` (NaN = undefined).
  ///
  /// exact = resolve(width/height, parent, NaN); min = resolve(min*, parent, auto.min); max = resolve(max*, parent,
  /// auto.max); per axis: max ≤ min → [min, min]; exact NaN → [min, max]; exact > max → [max, max];
  /// exact < min → [min, min]; else [exact, exact] (texture.md §7.2 step 1).
  package init(resolving style: ElementStyle, parentSize: Size, auto: SizeRange = .unconstrained) {
    let w = Self.resolveAxis(
      exact: style.width.resolve(parent: parentSize.width, auto: .nan),
      min: style.minWidth.resolve(parent: parentSize.width, auto: auto.min.width),
      max: style.maxWidth.resolve(parent: parentSize.width, auto: auto.max.width))
    let h = Self.resolveAxis(
      exact: style.height.resolve(parent: parentSize.height, auto: .nan),
      min: style.minHeight.resolve(parent: parentSize.height, auto: auto.min.height),
      max: style.maxHeight.resolve(parent: parentSize.height, auto: auto.max.height))
    self.init(min: Size(w.0, h.0), max: Size(w.1, h.1))
  }

  /// `resolveDimension` of `ASDimensionInternal.mm`: min overrides max overrides exact.
  private static func resolveAxis(exact: Double, min: Double, max: Double) -> (Double, Double) {
    if max <= min { return (min, min) }
    if exact.isNaN { return (min, max) }
    if exact > max { return (max, max) }
    if exact < min { return (min, min) }
    return (exact, exact)
  }
}
