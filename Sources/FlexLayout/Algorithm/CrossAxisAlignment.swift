/// §9.4 "Cross Size Determination" and §9.6 "Cross-Axis Alignment"
/// (https://www.w3.org/TR/css-flexbox-1/#cross-alignment): line cross sizes, `align-self` with stretch and auto
/// margins, and `align-content` across lines.
extension FlexEngine {
  /// §9.4 steps 8–11 and §9.6 steps 13–14 for one line: clamps a single line's cross size, stretches and aligns
  /// each item within the line, offset by the lines before (`totalLineCrossDim`).
  mutating func alignItemsInLine(
    _ ctx: inout ContainerContext, _ line: inout FlexLine, totalLineCrossDim: Double, performLayout: Bool, depth: Int
  ) {
    let node = ctx.node
    let direction = ctx.direction
    let crossAxis = ctx.crossAxis
    var containerCrossAxis = ctx.availableInnerCrossDim
    if ctx.sizingModeCrossDim != .stretchFit {
      containerCrossAxis =
        boundAxis(
          node, crossAxis, direction, line.crossDim + ctx.paddingAndBorderAxisCross, ctx.crossAxisOwnerSize,
          ctx.ownerWidth) - ctx.paddingAndBorderAxisCross
    }
    if !ctx.isNodeFlexWrap && ctx.sizingModeCrossDim == .stretchFit {
      line.crossDim = ctx.availableInnerCrossDim
    }
    if !ctx.isNodeFlexWrap {
      line.crossDim =
        boundAxis(
          node, crossAxis, direction, line.crossDim + ctx.paddingAndBorderAxisCross, ctx.crossAxisOwnerSize,
          ctx.ownerWidth) - ctx.paddingAndBorderAxisCross
    }
    guard performLayout else { return }
    for i in line.items {
      let child = scratch[i]
      if let r = alignItemInLine(&ctx, &line, child, containerCrossAxis, totalLineCrossDim) {
        calculateLayoutInternal(
          child, r.width, r.height, ctx.direction, r.widthMode, r.heightMode, ctx.availableInnerWidth,
          ctx.availableInnerHeight, performLayout: true, depth: depth)
      }
    }
    if config.useWebDefaults && !ctx.isMainAxisRow { cssAlignColumnBaselines(&ctx, line.items) }
  }

  /// Positions `child` in its line along the cross axis; returns the request that stretches it, if it must be.
  @inline(never)
  private mutating func alignItemInLine(
    _ ctx: inout ContainerContext, _ line: inout FlexLine, _ child: NodeIndex, _ containerCrossAxis: Double,
    _ totalLineCrossDim: Double
  ) -> ChildRequest? {
    let node = ctx.node
    let direction = ctx.direction
    let crossAxis = ctx.crossAxis
    let mainAxis = ctx.mainAxis
    let crossStart = crossAxis.startEdge.rawValue
    var request: ChildRequest?
    do {
      var leadingCrossDim = ctx.leadingPaddingAndBorderCross
      let alignItem = resolveChildAlignment(node, child)
      let startAuto = flexStartMarginIsAuto(child, crossAxis, direction)
      let endAuto = flexEndMarginIsAuto(child, crossAxis, direction)
      if alignItem == .stretch && !startAuto && !endAuto {
        if !hasDefiniteLength(child, crossAxis.isRow, ctx.availableInnerCrossDim) {
          var childMainSize = tree[layout: child].measured(mainAxis.isRow)
          let ratio = usedAspectRatio(child, ctx.availableInnerWidth, ctx.availableInnerHeight)
          // CSS: stretching an auto cross size wins over the aspect ratio.
          var childCrossSize =
            !ratio.isNaN && !config.useWebDefaults
            ? marginForAxis(child, crossAxis, ctx.availableInnerWidth)
              + (ctx.isMainAxisRow ? childMainSize / ratio : childMainSize * ratio)
            : line.crossDim
          childMainSize += marginForAxis(child, mainAxis, ctx.availableInnerWidth)
          var childMainMode = SizingMode.stretchFit
          var childCrossMode = SizingMode.stretchFit
          constrainMaxSizeForMode(
            child, direction, mainAxis, ctx.availableInnerMainDim, ctx.availableInnerWidth, &childMainMode,
            &childMainSize)
          constrainMaxSizeForMode(
            child, direction, crossAxis, ctx.availableInnerCrossDim, ctx.availableInnerWidth, &childCrossMode,
            &childCrossSize)
          let childWidth = ctx.isMainAxisRow ? childMainSize : childCrossSize
          let childHeight = ctx.isMainAxisRow ? childCrossSize : childMainSize
          // Yoga measures the cross size of a wrapping container's items unless align-content stretches; CSS
          // stretches them to their line's cross size (§9.4 step 11).
          let crossAxisDoesNotGrow = ctx.alignContent != .stretch && ctx.isNodeFlexWrap && !config.useWebDefaults
          let childWidthMode: SizingMode =
            childWidth.isNaN || (!ctx.isMainAxisRow && crossAxisDoesNotGrow) ? .maxContent : .stretchFit
          let childHeightMode: SizingMode =
            childHeight.isNaN || (ctx.isMainAxisRow && crossAxisDoesNotGrow) ? .maxContent : .stretchFit
          request = ChildRequest(
            width: childWidth, height: childHeight, widthMode: childWidthMode, heightMode: childHeightMode)
        }
      } else {
        let remainingCrossDim = containerCrossAxis - dimensionWithMargin(child, crossAxis, ctx.availableInnerWidth)
        if startAuto && endAuto {
          leadingCrossDim += Self.maxOrDefined(0, remainingCrossDim / 2)
        } else if endAuto {
          // Pushed to the start.
        } else if startAuto {
          leadingCrossDim += Self.maxOrDefined(0, remainingCrossDim)
        } else if alignItem == .flexStart {
          // At the start.
        } else if alignItem == .center {
          leadingCrossDim += remainingCrossDim / 2
        } else {
          leadingCrossDim += remainingCrossDim
        }
      }
      tree[layout: child].position[crossStart] += totalLineCrossDim + leadingCrossDim
    }
    return request
  }

  /// §9.4 step 15 and §9.6 step 16, "align-content" (https://www.w3.org/TR/css-flexbox-1/#align-content-property):
  /// distributes the container's free cross space between lines and re-aligns items within their final line,
  /// stretching and baseline-aligning as needed.
  mutating func alignContent(
    _ ctx: inout ContainerContext, lineCount: Int, totalLineCrossDim: Double, depth: Int
  ) {
    let node = ctx.node
    let direction = ctx.direction
    let crossAxis = ctx.crossAxis
    var leadPerLine = 0.0
    var currentLead = ctx.leadingPaddingAndBorderCross
    var extraSpacePerLine = 0.0
    let unclampedCrossDim: Double
    if ctx.sizingModeCrossDim == .stretchFit {
      unclampedCrossDim = ctx.availableInnerCrossDim + ctx.paddingAndBorderAxisCross
    } else if hasDefiniteLength(node, crossAxis.isRow, ctx.crossAxisOwnerSize) {
      unclampedCrossDim = resolvedDimension(node, direction, crossAxis.isRow, ctx.crossAxisOwnerSize, ctx.ownerWidth)
    } else {
      unclampedCrossDim = totalLineCrossDim + ctx.paddingAndBorderAxisCross
    }
    let innerCrossDim =
      boundAxis(node, crossAxis, direction, unclampedCrossDim, ctx.crossAxisOwnerSize, ctx.ownerWidth)
      - ctx.paddingAndBorderAxisCross
    let remaining = innerCrossDim - totalLineCrossDim
    var align = ctx.alignContent
    if remaining < 0
      && (align == .spaceBetween || align == .stretch || align == .spaceAround
        || align == .spaceEvenly)
    {
      align = .flexStart
    }
    let lines = Double(lineCount)
    switch align {
    case .flexEnd: currentLead += remaining
    case .center: currentLead += remaining / 2
    case .stretch: extraSpacePerLine = remaining / lines
    case .spaceAround:
      currentLead += remaining / (2 * lines)
      leadPerLine = remaining / lines
    case .spaceEvenly:
      currentLead += remaining / (lines + 1)
      leadPerLine = remaining / (lines + 1)
    case .spaceBetween:
      if lineCount > 1 { leadPerLine = remaining / (lines - 1) }
    case .auto, .flexStart, .baseline: break
    }
    var endIndex = ctx.children.lowerBound
    for lineIndex in 0..<lineCount {
      let startIndex = endIndex
      let metrics = lineMetrics(&ctx, lineIndex: lineIndex, startIndex: startIndex)
      endIndex = metrics.endIndex
      var lineHeight = metrics.lineHeight
      // CSS §9.4 step 15: a single-line container's line is as tall as its inner cross size.
      if config.useWebDefaults && !ctx.isNodeFlexWrap { lineHeight = innerCrossDim }
      let maxAscent = metrics.maxAscent
      currentLead += lineIndex != 0 ? ctx.crossAxisGap : 0
      lineHeight += extraSpacePerLine
      for j in startIndex..<endIndex {
        let child = scratch[j]
        if tree[style: child].display == .none || tree[style: child].positionType == .absolute { continue }
        if let r = alignChildInLine(
          &ctx, child, currentLead: currentLead, lineHeight: lineHeight, leadPerLine: leadPerLine,
          maxAscent: maxAscent)
        {
          calculateLayoutInternal(
            child, r.width, r.height, ctx.direction, r.widthMode, r.heightMode, ctx.availableInnerWidth,
            ctx.availableInnerHeight, performLayout: true, depth: depth)
        }
      }
      if config.useWebDefaults && !ctx.isMainAxisRow { cssAlignColumnBaselines(&ctx, startIndex..<endIndex) }
      currentLead += leadPerLine + lineHeight
    }
  }

  /// The end (in `scratch`), cross size and largest ascent of line `lineIndex`, which starts at `startIndex`.
  @inline(never)
  private mutating func lineMetrics(_ ctx: inout ContainerContext, lineIndex: Int, startIndex: Int)
    -> (endIndex: Int, lineHeight: Double, maxAscent: Double)
  {
    let node = ctx.node
    let direction = ctx.direction
    let crossAxis = ctx.crossAxis
    do {
      var index = startIndex
      var lineHeight = 0.0
      var maxAscent = 0.0
      var maxDescent = 0.0
      while index < ctx.children.upperBound {
        let child = scratch[index]
        if tree[style: child].display == .none {
          index += 1
          continue
        }
        if tree[style: child].positionType != .absolute {
          if tree[layout: child].lineIndex != Int32(lineIndex) { break }
          let measured = tree[layout: child].measured(crossAxis.isRow)
          if !measured.isNaN && measured >= 0 {
            lineHeight = Self.maxOrDefined(
              lineHeight, measured + marginForAxis(child, crossAxis, ctx.availableInnerWidth))
          }
          if resolveChildAlignment(node, child) == .baseline {
            let ascent =
              calculateBaseline(child) + flexStartMargin(child, .column, direction, ctx.availableInnerWidth)
            let descent =
              tree[layout: child].measuredHeight + marginForAxis(child, .column, ctx.availableInnerWidth) - ascent
            maxAscent = Self.maxOrDefined(maxAscent, ascent)
            maxDescent = Self.maxOrDefined(maxDescent, descent)
            lineHeight = Self.maxOrDefined(lineHeight, maxAscent + maxDescent)
          }
        }
        index += 1
      }
      return (index, lineHeight, maxAscent)
    }
  }

  /// Places one item within its line during `align-content`; returns the request re-stretching it to the line's
  /// final size, if needed.
  @inline(never)
  private mutating func alignChildInLine(
    _ ctx: inout ContainerContext, _ child: NodeIndex, currentLead: Double, lineHeight: Double,
    leadPerLine: Double, maxAscent: Double
  ) -> ChildRequest? {
    let crossAxis = ctx.crossAxis
    let direction = ctx.direction
    let crossStart = crossAxis.startEdge.rawValue
    let widthSize = ctx.availableInnerWidth
    if config.useWebDefaults {
      return cssAlignChildInLine(
        &ctx, child, currentLead: currentLead, lineHeight: lineHeight, maxAscent: maxAscent)
    }
    switch resolveChildAlignment(ctx.node, child) {
    case .flexStart:
      tree[layout: child].position[crossStart] =
        currentLead + positionValue(child, crossAxis.startEdge, direction, widthSize)
    case .flexEnd:
      tree[layout: child].position[crossStart] =
        currentLead + lineHeight - flexEndMargin(child, crossAxis, direction, widthSize)
        - tree[layout: child].measured(crossAxis.isRow)
    case .center:
      let childHeight = tree[layout: child].measured(crossAxis.isRow)
      tree[layout: child].position[crossStart] = currentLead + (lineHeight - childHeight) / 2
    case .stretch:
      tree[layout: child].position[crossStart] =
        currentLead + flexStartMargin(child, crossAxis, direction, widthSize)
      if !hasDefiniteLength(child, crossAxis.isRow, ctx.availableInnerCrossDim) {
        let l = tree[layout: child]
        let childWidth =
          ctx.isMainAxisRow
          ? l.measuredWidth + marginForAxis(child, ctx.mainAxis, widthSize) : leadPerLine + lineHeight
        let childHeight =
          !ctx.isMainAxisRow
          ? l.measuredHeight + marginForAxis(child, crossAxis, widthSize) : leadPerLine + lineHeight
        if !(Self.inexactEquals(childWidth, l.measuredWidth) && Self.inexactEquals(childHeight, l.measuredHeight)) {
          return ChildRequest(width: childWidth, height: childHeight, widthMode: .stretchFit, heightMode: .stretchFit)
        }
      }
    case .baseline:
      tree[layout: child].position[PhysicalEdge.top.rawValue] =
        currentLead + maxAscent - calculateBaseline(child)
        + positionValue(child, FlexDirection.column.startEdge, direction, ctx.availableInnerCrossDim)
    case .auto, .spaceBetween, .spaceAround, .spaceEvenly:
      break
    }
    return nil
  }
}
