/// One child of a stack during layout: its element and current layout. Internal to the stack algorithm.
struct StackItem {
  /// The child element (its style drives flex and alignment).
  let element: LayoutElement
  /// Index in the stack's children (for error paths).
  let index: Int
  /// The child's current layout (replaced when flexed or stretched).
  var layout: Layout
}

/// One line of a stack: its items and cross metrics. Internal to the stack algorithm.
struct StackLine {
  /// Items in order.
  var items: [StackItem]
  /// Cross size of the line.
  var crossSize: Double = 0
  /// Largest ascent-to-baseline distance of baseline-aligned items.
  var baseline: Double = 0
  /// Main-axis sum of sizes and spacing.
  var stackSum: Double = 0
}

/// The stack's resolved inputs shared by every step. Internal to the stack algorithm.
struct StackContext {
  /// The spec.
  let spec: StackLayoutSpec
  /// The stack's resolved range.
  let range: SizeRange
  /// Parent size passed to children: per axis range.min when the range is exact there, else NaN.
  let parentSize: Size
  /// The engine (measurers, grid).
  let engine: LayoutEngine

  /// `kViolationEpsilon`.
  static let epsilon = 0.01

  /// `computeStackViolation`: how far a main-axis sum lies outside the range (positive: below min).
  func stackViolation(_ sum: Double) -> Double {
    let minS = spec.stack(range.min)
    let maxS = spec.stack(range.max)
    if sum < minS { return minS - sum }
    if sum > maxS { return maxS - sum }
    return 0
  }

  /// `computeCrossViolation`: how far a cross sum lies outside the range.
  func crossViolation(_ sum: Double) -> Double {
    let minC = spec.cross(range.min)
    let maxC = spec.cross(range.max)
    if sum < minC { return minC - sum }
    if sum > maxC { return maxC - sum }
    return 0
  }

  /// `computeItemsStackDimensionSum`: spacing × (n − 1) + Σ(before + after), then + Σ main sizes, in that order.
  func itemsStackSum(_ items: [StackItem]) -> Double {
    var sum = items.isEmpty ? 0 : spec.spacing * Double(items.count - 1)
    for item in items { sum = sum + item.element.style.spacingBefore + item.element.style.spacingAfter }
    for item in items { sum += spec.stack(item.layout.size) }
    return sum
  }

  /// Baseline of an item: BaselineFirst → ascender; BaselineLast → cross size + descender; else 0.
  func baseline(of item: StackItem) -> Double {
    switch spec.alignment(of: item.element.style) {
    case .baselineFirst: return item.layout.ascender
    case .baselineLast: return spec.cross(item.layout.size) + item.layout.descender
    default: return 0
    }
  }

  /// True for items aligned by first or last baseline.
  func isBaselineAligned(_ item: StackItem) -> Bool {
    let a = spec.alignment(of: item.element.style)
    return a == .baselineFirst || a == .baselineLast
  }

  /// `crossChildLayout`: lays a child out with main range [stackMin, stackMax] and a cross range from the
  /// alignment: Stretch → [own resolved min cross unless 0 (NaN counts) else crossMin, own resolved max cross if
  /// finite else crossMax]; otherwise [0, crossMax].
  @inline(never) func crossChildLayout(
    _ item: StackItem, stackMin: Double, stackMax: Double, crossMin: Double, crossMax: Double
  )
    throws(LayoutFailure) -> Layout
  {
    let style = item.element.style
    var childCrossMin = 0.0
    var childCrossMax = crossMax
    if spec.alignment(of: style) == .stretch {
      let own = SizeRange(resolving: style, parentSize: Size(.nan, .nan))
      let ownMin = spec.cross(own.min)
      let ownMax = spec.cross(own.max)
      childCrossMin = ownMin != 0 ? ownMin : crossMin
      childCrossMax = ownMax == .infinity ? crossMax : ownMax
    }
    let childRange = SizeRange(
      min: spec.size(stack: stackMin, cross: childCrossMin), max: spec.size(stack: stackMax, cross: childCrossMax))
    return try engine.child(item.element, range: childRange, parentSize: parentSize, ".children[\(item.index)]")
  }
}
