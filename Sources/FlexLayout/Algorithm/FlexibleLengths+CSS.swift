/// §9.7 "Resolving Flexible Lengths" (https://www.w3.org/TR/css-flexbox-1/#resolve-flexible-lengths) as CSS
/// specifies it, for CSS defaults: the free space is distributed from the flex base sizes (not from sizes already
/// clamped by min/max, as Yoga's two passes do), and the loop freezes the items whose min/max is violated until
/// none is.
extension FlexEngine {
  /// Resolves the flexible lengths of `line`'s items and lays each one out at its main size; leaves in
  /// `line.remainingFreeSpace` the space the line's outer sizes leave in the container.
  @inline(never)
  mutating func cssResolveFlexibleLength(
    _ ctx: inout ContainerContext, _ line: inout FlexLine, performLayout: Bool, depth: Int
  ) {
    let sizes = cssFlexedMainSizes(ctx, line)
    var distributed = 0.0
    for (k, i) in line.items.enumerated() {
      let child = scratch[i]
      let hypothetical = boundAxisWithinMinAndMax(
        child, ctx.direction, ctx.mainAxis, tree[layout: child].computedFlexBasis, itemMainPercentReference(ctx),
        ctx.ownerWidth)
      distributed += sizes[k] - hypothetical
      let r = itemRequest(&ctx, child, mainSize: sizes[k], performLayout: performLayout)
      calculateLayoutInternal(
        child, r.request.width, r.request.height, tree[layout: ctx.node].direction, r.request.widthMode,
        r.request.heightMode, ctx.availableInnerWidth, ctx.availableInnerHeight, performLayout: r.isLayoutPass,
        depth: depth)
      if tree[layout: child].hadOverflow { tree[layout: ctx.node].hadOverflow = true }
    }
    line.remainingFreeSpace -= distributed
  }

  /// §9.7 steps 1–5: the border-box main size of each item of `line`, in order. `line.remainingFreeSpace` is the
  /// container's inner main size minus the items' outer hypothetical main sizes and gaps (NaN or 0: nothing
  /// flexes).
  private func cssFlexedMainSizes(_ ctx: ContainerContext, _ line: FlexLine) -> [Double] {
    let count = line.items.count
    var base = [Double](repeating: 0, count: count)
    var hypothetical = [Double](repeating: 0, count: count)
    var factor = [Double](repeating: 0, count: count)
    var target = [Double](repeating: 0, count: count)
    var frozen = [Bool](repeating: false, count: count)
    let freeSpace = line.remainingFreeSpace
    // Step 1: grow when the outer hypothetical sizes leave room, shrink when they overflow.
    let growing = freeSpace > 0
    let flexing = growing || freeSpace < 0
    for (k, i) in line.items.enumerated() {
      let child = scratch[i]
      base[k] = tree[layout: child].computedFlexBasis
      hypothetical[k] = boundAxisWithinMinAndMax(
        child, ctx.direction, ctx.mainAxis, base[k], itemMainPercentReference(ctx), ctx.ownerWidth)
      factor[k] = growing ? resolveFlexGrow(child) : -shrinkScaledFactor(ctx, child, base[k])
      if factor[k].isNaN { factor[k] = 0 }
      // Step 2: inflexible items, and those clamped against the direction of flexing, keep their hypothetical size.
      if !flexing || factor[k] == 0 || (growing && base[k] > hypothetical[k])
        || (!growing && base[k] < hypothetical[k])
      {
        frozen[k] = true
        target[k] = hypothetical[k]
      }
    }
    /// The free space with frozen items at their targets and the others at their flex base sizes.
    func remaining() -> Double {
      var space = freeSpace
      for k in 0..<count { space -= (frozen[k] ? target[k] : base[k]) - hypothetical[k] }
      return space
    }
    // Step 3: the initial free space.
    let initialFreeSpace = remaining()
    // Step 4: loop until every item is frozen (each round freezes at least one).
    for _ in 0...count {
      var sumFactors = 0.0
      var sumFlexFactors = 0.0
      for k in 0..<count where !frozen[k] {
        sumFactors += factor[k]
        let child = scratch[line.items.lowerBound + k]
        sumFlexFactors += growing ? resolveFlexGrow(child) : resolveFlexShrink(child)
      }
      if !(sumFactors > 0) { break }
      var space = remaining()
      // 4b: flex factors summing below 1 distribute only that fraction of the initial free space.
      if sumFlexFactors < 1 {
        let scaled = initialFreeSpace * sumFlexFactors
        if abs(scaled) < abs(space) { space = scaled }
      }
      // 4c–d: distribute in proportion, then clamp.
      var totalViolation = 0.0
      var violation = [Double](repeating: 0, count: count)
      for k in 0..<count where !frozen[k] {
        let child = scratch[line.items.lowerBound + k]
        let unclamped = base[k] + space * factor[k] / sumFactors
        let clamped = boundAxis(
          child, ctx.mainAxis, ctx.direction, unclamped, itemMainPercentReference(ctx), ctx.availableInnerWidth)
        target[k] = clamped
        violation[k] = clamped - unclamped
        totalViolation += violation[k]
      }
      // 4e: freeze all (no violation), the min violators (positive total) or the max violators (negative).
      for k in 0..<count where !frozen[k] {
        if totalViolation == 0 || (totalViolation > 0 && violation[k] > 0) || (totalViolation < 0 && violation[k] < 0) {
          frozen[k] = true
        }
      }
    }
    for k in 0..<count where !frozen[k] { target[k] = hypothetical[k] }
    return target
  }
}
