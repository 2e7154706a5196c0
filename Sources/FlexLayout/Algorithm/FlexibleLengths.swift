/// §9.7 "Resolving Flexible Lengths" (https://www.w3.org/TR/css-flexbox-1/#resolve-flexible-lengths), in Yoga's
/// two passes: freeze items whose min/max trigger, then distribute the rest and lay each item out at its size.
extension FlexEngine {
  /// §9.7 step 1–2 preparation: the line's initial free space, from the container's inner main size or, when
  /// that is content-sized, from the line itself (within min/max).
  @inline(never)
  mutating func resolveLineFreeSpace(_ ctx: inout ContainerContext, _ line: inout FlexLine) {
    var sizeBasedOnContent = false
    if ctx.sizingModeMainDim != .stretchFit {
      let node = ctx.node
      let d = ctx.direction
      let minInnerWidth =
        resolvedMinDimension(node, d, true, ctx.ownerWidth, ctx.ownerWidth) - ctx.paddingAndBorderAxisRow
      let maxInnerWidth =
        resolvedMaxDimension(node, d, true, ctx.ownerWidth, ctx.ownerWidth) - ctx.paddingAndBorderAxisRow
      let minInnerHeight =
        resolvedMinDimension(node, d, false, ctx.ownerHeight, ctx.ownerWidth) - ctx.paddingAndBorderAxisColumn
      let maxInnerHeight =
        resolvedMaxDimension(node, d, false, ctx.ownerHeight, ctx.ownerWidth) - ctx.paddingAndBorderAxisColumn
      let minInnerMainDim = ctx.isMainAxisRow ? minInnerWidth : minInnerHeight
      let maxInnerMainDim = ctx.isMainAxisRow ? maxInnerWidth : maxInnerHeight
      if !minInnerMainDim.isNaN && line.sizeConsumed < minInnerMainDim {
        ctx.availableInnerMainDim = minInnerMainDim
      } else if !maxInnerMainDim.isNaN && line.sizeConsumed > maxInnerMainDim {
        ctx.availableInnerMainDim = maxInnerMainDim
      } else {
        let nodeGrow = resolveFlexGrow(ctx.node)
        if line.totalFlexGrowFactors == 0 || nodeGrow == 0 {
          // Nothing can flex: the space used is all the space needed.
          ctx.availableInnerMainDim = line.sizeConsumed
        }
        sizeBasedOnContent = true
      }
    }
    if !sizeBasedOnContent && !ctx.availableInnerMainDim.isNaN {
      line.remainingFreeSpace = ctx.availableInnerMainDim - line.sizeConsumed
    } else if line.sizeConsumed < 0 {
      line.remainingFreeSpace = -line.sizeConsumed
    }
  }

  /// Distributes the line's free space over its flexible items and lays each one out at its final main size.
  mutating func resolveFlexibleLength(
    _ ctx: inout ContainerContext, _ line: inout FlexLine, performLayout: Bool, depth: Int
  ) {
    if config.useWebDefaults {
      cssResolveFlexibleLength(&ctx, &line, performLayout: performLayout, depth: depth)
      return
    }
    let originalFreeSpace = line.remainingFreeSpace
    distributeFreeSpaceFirstPass(ctx, &line)
    let distributed = distributeFreeSpaceSecondPass(&ctx, &line, performLayout: performLayout, depth: depth)
    line.remainingFreeSpace = originalFreeSpace - distributed
  }

  /// First pass: items whose min/max clamps their flexed size are frozen; their share leaves the free space.
  @inline(never)
  private func distributeFreeSpaceFirstPass(_ ctx: ContainerContext, _ line: inout FlexLine) {
    var deltaFreeSpace = 0.0
    for i in line.items {
      let child = scratch[i]
      let childFlexBasis = boundAxisWithinMinAndMax(
        child, ctx.direction, ctx.mainAxis, tree[layout: child].computedFlexBasis, ctx.mainAxisOwnerSize,
        ctx.ownerWidth)
      if line.remainingFreeSpace < 0 {
        let flexShrinkScaledFactor = shrinkScaledFactor(ctx, child, childFlexBasis)
        if !flexShrinkScaledFactor.isNaN && flexShrinkScaledFactor != 0 {
          let baseMainSize =
            childFlexBasis + line.remainingFreeSpace / line.totalFlexShrinkScaledFactors * flexShrinkScaledFactor
          let boundMainSize = boundAxis(
            child, ctx.mainAxis, ctx.direction, baseMainSize, ctx.availableInnerMainDim, ctx.availableInnerWidth)
          if !baseMainSize.isNaN && !boundMainSize.isNaN && baseMainSize != boundMainSize {
            deltaFreeSpace += boundMainSize - childFlexBasis
            line.totalFlexShrinkScaledFactors -= shrinkScaledFactor(ctx, child, tree[layout: child].computedFlexBasis)
          }
        }
      } else if !line.remainingFreeSpace.isNaN && line.remainingFreeSpace > 0 {
        let flexGrowFactor = resolveFlexGrow(child)
        if !flexGrowFactor.isNaN && flexGrowFactor != 0 {
          let baseMainSize = childFlexBasis + line.remainingFreeSpace / line.totalFlexGrowFactors * flexGrowFactor
          let boundMainSize = boundAxis(
            child, ctx.mainAxis, ctx.direction, baseMainSize, ctx.availableInnerMainDim, ctx.availableInnerWidth)
          if !baseMainSize.isNaN && !boundMainSize.isNaN && baseMainSize != boundMainSize {
            deltaFreeSpace += boundMainSize - childFlexBasis
            line.totalFlexGrowFactors -= flexGrowFactor
          }
        }
      }
    }
    line.remainingFreeSpace -= deltaFreeSpace
  }

  /// Second pass: sizes every item, lays it out with its main size exact and returns the space distributed.
  private mutating func distributeFreeSpaceSecondPass(
    _ ctx: inout ContainerContext, _ line: inout FlexLine, performLayout: Bool, depth: Int
  ) -> Double {
    var deltaFreeSpace = 0.0
    for i in line.items {
      let child = scratch[i]
      let r = flexedItemRequest(&ctx, &line, child, &deltaFreeSpace, performLayout: performLayout)
      calculateLayoutInternal(
        child, r.request.width, r.request.height, tree[layout: ctx.node].direction, r.request.widthMode,
        r.request.heightMode, ctx.availableInnerWidth, ctx.availableInnerHeight, performLayout: r.isLayoutPass,
        depth: depth)
      if tree[layout: child].hadOverflow { tree[layout: ctx.node].hadOverflow = true }
    }
    return deltaFreeSpace
  }

  /// The flexed main size of `child` (added to `deltaFreeSpace`) and the request laying it out at that size.
  @inline(never)
  private func flexedItemRequest(
    _ ctx: inout ContainerContext, _ line: inout FlexLine, _ child: NodeIndex, _ deltaFreeSpace: inout Double,
    performLayout: Bool
  ) -> (request: ChildRequest, isLayoutPass: Bool) {
    let mainAxis = ctx.mainAxis
    let direction = ctx.direction
    do {
      let childFlexBasis = boundAxisWithinMinAndMax(
        child, direction, mainAxis, tree[layout: child].computedFlexBasis, ctx.mainAxisOwnerSize, ctx.ownerWidth)
      var updatedMainSize = childFlexBasis
      if !line.remainingFreeSpace.isNaN && line.remainingFreeSpace < 0 {
        let flexShrinkScaledFactor = shrinkScaledFactor(ctx, child, childFlexBasis)
        if flexShrinkScaledFactor != 0 {
          let childSize: Double
          if !line.totalFlexShrinkScaledFactors.isNaN && line.totalFlexShrinkScaledFactors == 0 {
            childSize = childFlexBasis + flexShrinkScaledFactor
          } else {
            childSize =
              childFlexBasis + (line.remainingFreeSpace / line.totalFlexShrinkScaledFactors) * flexShrinkScaledFactor
          }
          updatedMainSize = boundAxis(
            child, mainAxis, direction, childSize, ctx.availableInnerMainDim, ctx.availableInnerWidth)
        }
      } else if !line.remainingFreeSpace.isNaN && line.remainingFreeSpace > 0 {
        let flexGrowFactor = resolveFlexGrow(child)
        if !flexGrowFactor.isNaN && flexGrowFactor != 0 {
          updatedMainSize = boundAxis(
            child, mainAxis, direction,
            childFlexBasis + line.remainingFreeSpace / line.totalFlexGrowFactors * flexGrowFactor,
            ctx.availableInnerMainDim, ctx.availableInnerWidth)
        }
      }
      deltaFreeSpace += updatedMainSize - childFlexBasis
      return itemRequest(&ctx, child, mainSize: updatedMainSize, performLayout: performLayout)
    }
  }

  /// The request laying `child` out at its flexed border-box main size `mainSize`, with its cross size from its
  /// aspect ratio, a stretch to the container, its definite size or its content; and whether it is the final
  /// layout pass (a child that will be stretched is only measured here).
  @inline(__always)
  func itemRequest(
    _ ctx: inout ContainerContext, _ child: NodeIndex, mainSize updatedMainSize: Double, performLayout: Bool
  )
    -> (request: ChildRequest, isLayoutPass: Bool)
  {
    let mainAxis = ctx.mainAxis
    let crossAxis = ctx.crossAxis
    let direction = ctx.direction
    let isMainAxisRow = ctx.isMainAxisRow
    let availableInnerCrossDim = ctx.availableInnerCrossDim
    do {
      let marginMain = marginForAxis(child, mainAxis, ctx.availableInnerWidth)
      let marginCross = marginForAxis(child, crossAxis, ctx.availableInnerWidth)
      var childCrossSize = Double.nan
      var childMainSize = updatedMainSize + marginMain
      var childCrossMode: SizingMode
      var childMainMode = SizingMode.stretchFit
      let crossIsWidth = crossAxis.isRow
      let alignsStretch =
        resolveChildAlignment(ctx.node, child) == .stretch && !flexStartMarginIsAuto(child, crossAxis, direction)
        && !flexEndMarginIsAuto(child, crossAxis, direction)
      let hasDefiniteCross = hasDefiniteLength(child, crossIsWidth, availableInnerCrossDim)
      let stretchesToContainer =
        !availableInnerCrossDim.isNaN && !hasDefiniteCross && ctx.sizingModeCrossDim == .stretchFit && alignsStretch
      let ratio = usedAspectRatio(child, ctx.availableInnerWidth, ctx.availableInnerHeight)
      // CSS: the ratio gives an auto cross size only, and stretching to a single line wins over it.
      let crossFromRatio =
        !ratio.isNaN
        && !(config.useWebDefaults && (hasDefiniteCross || (stretchesToContainer && !ctx.isNodeFlexWrap)))
      if crossFromRatio {
        childCrossSize = transferredSize(
          child, childMainSize - marginMain, fromWidth: isMainAxisRow, ratio, direction, ctx.availableInnerWidth)
        childCrossMode = .stretchFit
        childCrossSize += marginCross
      } else if stretchesToContainer && !(ctx.isNodeFlexWrap && (ctx.mainAxisOverflows || config.useWebDefaults)) {
        // CSS sizes the items of a multi-line container by their content first and stretches them to their line.
        childCrossSize = availableInnerCrossDim
        childCrossMode = .stretchFit
      } else if !hasDefiniteCross {
        // CSS: an auto height is its content's, never capped by the room left in a multi-line row (so a margin
        // as large as that room does not zero it, as an at-most offer of 0 would).
        childCrossSize = config.useWebDefaults && isMainAxisRow && ctx.isNodeFlexWrap ? .nan : availableInnerCrossDim
        childCrossMode = childCrossSize.isNaN ? .maxContent : .fitContent
      } else {
        childCrossSize =
          resolvedDimension(child, direction, crossIsWidth, availableInnerCrossDim, ctx.availableInnerWidth)
          + marginCross
        let isLoosePercentageMeasurement =
          processedDimension(child, crossIsWidth).isPercent && ctx.sizingModeCrossDim != .stretchFit
        childCrossMode = childCrossSize.isNaN || isLoosePercentageMeasurement ? .maxContent : .stretchFit
      }
      constrainMaxSizeForMode(
        child, direction, mainAxis, ctx.availableInnerMainDim, ctx.availableInnerWidth, &childMainMode,
        &childMainSize)
      constrainMaxSizeForMode(
        child, direction, crossAxis, availableInnerCrossDim, ctx.availableInnerWidth, &childCrossMode,
        &childCrossSize)
      let requiresStretchLayout = !hasDefiniteCross && alignsStretch
      let childWidth = isMainAxisRow ? childMainSize : childCrossSize
      let childHeight = isMainAxisRow ? childCrossSize : childMainSize
      let childWidthMode = isMainAxisRow ? childMainMode : childCrossMode
      let childHeightMode = isMainAxisRow ? childCrossMode : childMainMode
      let isLayoutPass = performLayout && !requiresStretchLayout
      return (
        ChildRequest(width: childWidth, height: childHeight, widthMode: childWidthMode, heightMode: childHeightMode),
        isLayoutPass
      )
    }
  }
}
