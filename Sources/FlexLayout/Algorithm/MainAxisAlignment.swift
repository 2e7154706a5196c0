/// §9.5 "Main-Axis Alignment" (https://www.w3.org/TR/css-flexbox-1/#main-alignment): auto margins and
/// `justify-content`, plus the line's main and cross sizes (§9.4 step 8).
extension FlexEngine {
  /// Positions the line's items along the main axis and computes the line's main and cross sizes.
  @inline(never)
  mutating func justifyMainAxis(_ ctx: inout ContainerContext, _ line: inout FlexLine, performLayout: Bool) {
    let node = ctx.node
    let mainAxis = ctx.mainAxis
    let direction = ctx.direction
    let leadingPB = flexStartPaddingAndBorder(node, mainAxis, direction, ctx.ownerWidth)
    let trailingPB = flexEndPaddingAndBorder(node, mainAxis, direction, ctx.ownerWidth)
    let gap = gapForAxis(node, mainAxis, ctx.availableInnerMainDim)
    // A fit-content main size leaves no free space unless a min size asks for more.
    if ctx.sizingModeMainDim == .fitContent && line.remainingFreeSpace > 0 {
      let minMain = resolvedMinDimension(
        node, direction, mainAxis.isRow, ctx.mainAxisOwnerSize, ctx.ownerWidth)
      if tree[style: node].minDimension(mainAxis.isRow).isDefined && !minMain.isNaN {
        let minAvailableMainDim = minMain - leadingPB - trailingPB
        let occupied = ctx.availableInnerMainDim - line.remainingFreeSpace
        line.remainingFreeSpace = Self.maxOrDefined(0, minAvailableMainDim - occupied)
      } else {
        line.remainingFreeSpace = 0
      }
    }
    var leadingMainDim = 0.0
    var betweenMainDim = gap
    let itemCount = Double(line.items.count)
    var justify = tree[style: node].justifyContent
    var autoMarginsTakeFreeSpace = line.numberOfAutoMargins > 0
    if line.remainingFreeSpace < 0 {
      // Overflow falls back to flex-start for the distributed values.
      if justify == .spaceBetween || justify == .spaceAround || justify == .spaceEvenly {
        justify = config.useWebDefaults ? cssOverflowFallback(justify, tree[style: node].flexDirection) : .flexStart
      }
      // CSS §9.5 step 12: auto margins are 0 when the free space is negative, and justify-content applies.
      if config.useWebDefaults { autoMarginsTakeFreeSpace = false }
    }
    if !autoMarginsTakeFreeSpace {
      switch justify {
      case .center: leadingMainDim = line.remainingFreeSpace / 2
      case .flexEnd: leadingMainDim = line.remainingFreeSpace
      case .spaceBetween:
        if line.items.count > 1 { betweenMainDim += line.remainingFreeSpace / (itemCount - 1) }
      case .spaceEvenly:
        leadingMainDim = line.remainingFreeSpace / (itemCount + 1)
        betweenMainDim += leadingMainDim
      case .spaceAround:
        leadingMainDim = 0.5 * line.remainingFreeSpace / itemCount
        betweenMainDim += leadingMainDim * 2
      case .flexStart: break
      }
    }
    line.mainDim = leadingPB + leadingMainDim
    line.crossDim = 0
    var maxAscent = 0.0
    var maxDescent = 0.0
    let isBaseline = ctx.isBaselineLayout
    let startEdge = mainAxis.startEdge.rawValue
    let lastIndex = line.items.upperBound - 1
    for i in line.items {
      let child = scratch[i]
      if flexStartMarginIsAuto(child, mainAxis, direction) && line.remainingFreeSpace > 0 {
        line.mainDim += line.remainingFreeSpace / Double(line.numberOfAutoMargins)
      }
      if performLayout {
        tree[layout: child].position[startEdge] += line.mainDim
      }
      if i != lastIndex { line.mainDim += betweenMainDim }
      if flexEndMarginIsAuto(child, mainAxis, direction) && line.remainingFreeSpace > 0 {
        line.mainDim += line.remainingFreeSpace / Double(line.numberOfAutoMargins)
      }
      let canSkipFlex = !performLayout && ctx.sizingModeCrossDim == .stretchFit
      if canSkipFlex {
        line.mainDim +=
          marginForAxis(child, mainAxis, ctx.availableInnerWidth) + tree[layout: child].computedFlexBasis
        line.crossDim = ctx.availableInnerCrossDim
      } else {
        line.mainDim += dimensionWithMargin(child, mainAxis, ctx.availableInnerWidth)
        if isBaseline {
          let ascent = calculateBaseline(child) + flexStartMargin(child, .column, direction, ctx.availableInnerWidth)
          let descent =
            tree[layout: child].measuredHeight + marginForAxis(child, .column, ctx.availableInnerWidth) - ascent
          maxAscent = Self.maxOrDefined(maxAscent, ascent)
          maxDescent = Self.maxOrDefined(maxDescent, descent)
        } else {
          line.crossDim = Self.maxOrDefined(
            line.crossDim, dimensionWithMargin(child, ctx.crossAxis, ctx.availableInnerWidth))
        }
      }
    }
    line.mainDim += trailingPB
    if isBaseline { line.crossDim = maxAscent + maxDescent }
  }

  /// CSS Box Alignment 3 §5.3 for a line whose items overflow: `space-between` falls back to `flex-start`;
  /// `space-around` and `space-evenly` to `safe center`, which for overflowing items is `start`, the container's
  /// own start edge: the main-start edge of a `row` or `column`, the main-end edge of a `row-reverse` or
  /// `column-reverse` (`flexDirection` as styled, before the direction resolves it).
  @inline(never)
  private func cssOverflowFallback(_ justify: Justify, _ flexDirection: FlexDirection) -> Justify {
    if justify == .spaceBetween { return .flexStart }
    return flexDirection == .rowReverse || flexDirection == .columnReverse ? .flexEnd : .flexStart
  }
}
