/// One flex line: its items (a range of the engine's scratch stack) and the running totals of §9.3 and §9.7.
struct FlexLine {
  /// Items in flow, as a range of `scratch`.
  var items: Range<Int>
  /// Index in `scratch` (within the container's children) after this line's last child.
  var endOfLineIndex: Int
  /// Sum of the items' outer hypothetical main sizes and gaps.
  var sizeConsumed = 0.0
  /// Number of `auto` main-axis margins.
  var numberOfAutoMargins = 0
  /// Sum of grow factors (floored to 1 when below 1).
  var totalFlexGrowFactors = 0.0
  /// Sum of negative shrink factors scaled by flex basis.
  var totalFlexShrinkScaledFactors = 0.0
  /// Free space still to distribute (NaN when indefinite).
  var remainingFreeSpace = 0.0
  /// Main size of the line after justification.
  var mainDim = 0.0
  /// Cross size of the line.
  var crossDim = 0.0
}

extension FlexEngine {
  /// §9.3 "Collect flex items into flex lines" (https://www.w3.org/TR/css-flexbox-1/#algo-line-break): from
  /// `startOfLine`, adds items until the next would overflow a wrapping container. Pushes the items on `scratch`.
  @inline(never)
  mutating func calculateFlexLine(_ ctx: inout ContainerContext, startOfLine: Int, lineCount: Int) -> FlexLine {
    let itemsStart = scratch.count
    var sizeConsumed = 0.0
    var totalFlexGrowFactors = 0.0
    var totalFlexShrinkScaledFactors = 0.0
    var numberOfAutoMargins = 0
    var endOfLineIndex = startOfLine
    var firstElementInLineIndex = startOfLine
    var sizeConsumedIncludingMinConstraint = 0.0
    let mainAxis = ctx.mainAxis
    let gap = gapForAxis(ctx.node, mainAxis, ctx.availableInnerMainDim)
    let ownerDirection = ctx.direction
    let percentReference = itemMainPercentReference(ctx)
    while endOfLineIndex < ctx.children.upperBound {
      let child = scratch[endOfLineIndex]
      if tree[style: child].display == .none || tree[style: child].positionType == .absolute {
        if firstElementInLineIndex == endOfLineIndex { firstElementInLineIndex += 1 }
        endOfLineIndex += 1
        continue
      }
      if flexStartMarginIsAuto(child, mainAxis, ownerDirection) { numberOfAutoMargins += 1 }
      if flexEndMarginIsAuto(child, mainAxis, ownerDirection) { numberOfAutoMargins += 1 }
      let isFirstElementInLine = endOfLineIndex == firstElementInLineIndex
      tree[layout: child].lineIndex = Int32(lineCount)
      let childMarginMainAxis = marginForAxis(child, mainAxis, ctx.availableInnerWidth)
      let childLeadingGap = isFirstElementInLine ? 0 : gap
      let flexBasisBounded = boundAxisWithinMinAndMax(
        child, ctx.direction, mainAxis, tree[layout: child].computedFlexBasis, percentReference, ctx.ownerWidth)
      if sizeConsumedIncludingMinConstraint + flexBasisBounded + childMarginMainAxis + childLeadingGap
        > ctx.availableInnerMainDim && ctx.isNodeFlexWrap && scratch.count > itemsStart
      {
        break
      }
      sizeConsumedIncludingMinConstraint += flexBasisBounded + childMarginMainAxis + childLeadingGap
      sizeConsumed += flexBasisBounded + childMarginMainAxis + childLeadingGap
      if isNodeFlexible(child) {
        totalFlexGrowFactors += resolveFlexGrow(child)
        totalFlexShrinkScaledFactors += shrinkScaledFactor(ctx, child, tree[layout: child].computedFlexBasis)
      }
      scratch.append(child)
      endOfLineIndex += 1
    }
    if totalFlexGrowFactors > 0 && totalFlexGrowFactors < 1 { totalFlexGrowFactors = 1 }
    if totalFlexShrinkScaledFactors > 0 && totalFlexShrinkScaledFactors < 1 && !config.useWebDefaults {
      totalFlexShrinkScaledFactors = 1
    }
    var line = FlexLine(items: itemsStart..<scratch.count, endOfLineIndex: endOfLineIndex)
    line.sizeConsumed = sizeConsumed
    line.numberOfAutoMargins = numberOfAutoMargins
    line.totalFlexGrowFactors = totalFlexGrowFactors
    line.totalFlexShrinkScaledFactors = totalFlexShrinkScaledFactors
    return line
  }

  /// The size percentages of items' min/max main sizes resolve against: Yoga's container owner size; under CSS
  /// defaults the container's inner main size (its content box, NaN when indefinite).
  @inline(__always) func itemMainPercentReference(_ ctx: ContainerContext) -> Double {
    if !config.useWebDefaults { return ctx.mainAxisOwnerSize }
    return ctx.isMainAxisRow ? ctx.availableInnerWidth : ctx.availableInnerHeight
  }

  /// §9.7 step 4c's scaled flex shrink factor (negated, as the line sums it): the shrink factor times the flex
  /// base size. CSS scales by the inner (content-box) flex base size; Yoga by `basis`, the border-box one.
  @inline(__always) func shrinkScaledFactor(_ ctx: ContainerContext, _ child: NodeIndex, _ basis: Double) -> Double {
    if !config.useWebDefaults { return -resolveFlexShrink(child) * basis }
    return cssShrinkScaledFactor(child, ctx.mainAxis, ctx.direction, ctx.availableInnerWidth)
  }

  /// The CSS branch of `shrinkScaledFactor` (out of line: the Yoga path pays a flag test only).
  @inline(never)
  private func cssShrinkScaledFactor(
    _ child: NodeIndex, _ mainAxis: FlexDirection, _ direction: Direction, _ innerWidth: Double
  ) -> Double {
    let pb = paddingAndBorderForAxis(child, mainAxis, direction, innerWidth)
    return -resolveFlexShrink(child) * max(0, tree[layout: child].computedFlexBasis - pb)
  }
}
