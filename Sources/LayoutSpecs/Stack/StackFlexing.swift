extension StackContext {
  /// `useOptimizedFlexing`: exactly one child can both grow and shrink and the range is exact on the main axis.
  func usesOptimizedFlexing() -> Bool {
    let flexible = spec.children.filter { Self.isFlexibleInBothDirections($0.style) }.count
    return flexible == 1 && spec.stack(range.min) == spec.stack(range.max)
  }

  /// flexGrow > 0 and flexShrink > 0.
  static func isFlexibleInBothDirections(_ style: ElementStyle) -> Bool { style.flexGrow > 0 && style.flexShrink > 0 }

  /// `layoutItemsAlongUnconstrainedStackDimension`: each child with main range [basis or 0, basis or ∞] and the
  /// stack's cross bounds; with optimised flexing the flexible child gets a zero-size placeholder.
  @inline(never) func firstPass(optimized: Bool) throws(LayoutFailure) -> [StackItem] {
    let parentStack = spec.stack(parentSize)
    var items: [StackItem] = []
    items.reserveCapacity(spec.children.count)
    for (i, child) in spec.children.enumerated() {
      var item = StackItem(element: child, index: i, layout: Layout(type: child.typeName, size: .zero))
      if optimized && Self.isFlexibleInBothDirections(child.style) {
        item.layout = Layout(
          type: child.typeName, id: child.id, name: child.name, size: .zero,
          ascender: child.style.ascender, descender: child.style.descender)
      } else {
        item.layout = try crossChildLayout(
          item,
          stackMin: child.style.flexBasis.resolve(parent: parentStack, auto: 0),
          stackMax: child.style.flexBasis.resolve(parent: parentStack, auto: .infinity),
          crossMin: spec.cross(range.min), crossMax: spec.cross(range.max))
      }
      items.append(item)
    }
    return items
  }

  /// `flexLinesAlongStackDimension` for one line (texture.md §7.5 step 6): a positive violation grows items with
  /// flexGrow by `floor(violation × grow / Σgrow)`, the remainder going to the first adjusted item if it grows; a
  /// negative one shrinks by |violation| × (size × shrink / Σshrink) / Σ(size × shrink / Σshrink), in one pass.
  @inline(never) func flex(_ line: inout StackLine, optimized: Bool) throws(LayoutFailure) {
    let violation = stackViolation(itemsStackSum(line.items))
    let factor: (StackItem) -> Double
    if abs(violation) < Self.epsilon {
      factor = { _ in 0 }
    } else if violation > 0 {
      factor = { $0.element.style.flexGrow }
    } else {
      factor = { $0.element.style.flexShrink }
    }
    var factorSum = 0.0
    for item in line.items { factorSum += factor(item) }
    if factorSum == 0 {
      if optimized { try layoutFlexibleAtZero(&line) }
      return
    }
    let adjustment: (StackItem) -> Double
    if violation > 0 {
      adjustment = { (violation * ($0.element.style.flexGrow / factorSum)).rounded(.down) }
    } else {
      let spec = self.spec
      let scaled: (StackItem) -> Double = { spec.stack($0.layout.size) * ($0.element.style.flexShrink / factorSum) }
      var scaledSum = 0.0
      for item in line.items { scaledSum += scaled(item) }
      adjustment = { item in
        if scaledSum == 0 { return 0 }
        return -abs(scaled(item) / scaledSum * violation)
      }
    }
    var remaining = violation
    for item in line.items { remaining = remaining - adjustment(item) }
    guard let firstFlex = line.items.firstIndex(where: { adjustment($0) != 0 }) else { return }
    let adjustments = line.items.map(adjustment)
    for i in line.items.indices where adjustments[i] != 0 {
      let item = line.items[i]
      let original = spec.stack(item.layout.size)
      let extra = i == firstFlex && item.element.style.flexGrow > 0 ? remaining : 0
      let flexed = cMax(original + adjustments[i] + extra, 0)
      line.items[i].layout = try crossChildLayout(
        item, stackMin: flexed, stackMax: flexed, crossMin: spec.cross(range.min), crossMax: spec.cross(range.max))
    }
  }

  /// `layoutFlexibleChildrenAtZeroSize`: optimised-flexing placeholders laid out at main size 0.
  private func layoutFlexibleAtZero(_ line: inout StackLine) throws(LayoutFailure) {
    for i in line.items.indices where Self.isFlexibleInBothDirections(line.items[i].element.style) {
      line.items[i].layout = try crossChildLayout(
        line.items[i], stackMin: 0, stackMax: 0, crossMin: spec.cross(range.min), crossMax: spec.cross(range.max))
    }
  }
}
