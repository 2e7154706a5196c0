/// One node's layout: the steps of the driver (ComputeFlexbox.swift) run in order for a flex container.
extension FlexEngine {
  /// Sizes `node` for the offered size and, when `performLayout`, positions its subtree (Yoga's
  /// calculateLayoutImpl). Offered sizes include margins; NaN sizes come with `.maxContent`.
  mutating func calculateLayoutImpl(
    _ node: NodeIndex, _ availableWidth: Double, _ availableHeight: Double, _ ownerDirection: Direction,
    _ widthSizingMode: SizingMode, _ heightSizingMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double,
    performLayout: Bool, depth: Int
  ) {
    let style = tree[style: node]
    let direction = resolveDirection(node, ownerDirection)
    let rowAxis = FlexDirection.row.resolved(direction)
    let columnAxis = FlexDirection.column
    let marginAxisRow = style.inlineStartMargin(rowAxis, direction, ownerWidth)
      + style.inlineEndMargin(rowAxis, direction, ownerWidth)
    let marginAxisColumn = style.inlineStartMargin(columnAxis, direction, ownerWidth)
      + style.inlineEndMargin(columnAxis, direction, ownerWidth)
    do {
      var layout = tree[layout: node]
      layout.direction = direction
      for edge in [PhysicalEdge.left, .top, .right, .bottom] {
        layout.border[edge.rawValue] = style.borderValue(edge, direction)
        layout.padding[edge.rawValue] = style.paddingValue(edge, direction, ownerWidth)
      }
      tree[layout: node].direction = layout.direction
      tree[layout: node].border = layout.border
      tree[layout: node].padding = layout.padding
    }

    if tree.hasMeasure(node) {
      measureNodeWithMeasureFunc(
        node, direction, availableWidth - marginAxisRow, availableHeight - marginAxisColumn, widthSizingMode,
        heightSizingMode, ownerWidth, ownerHeight)
      return
    }
    let scratchBase = scratch.count
    defer { popScratch(to: scratchBase) }
    let children = pushLayoutChildren(node)
    let childCount = children.count
    if childCount == 0 {
      measureNodeWithoutChildren(
        node, direction, availableWidth - marginAxisRow, availableHeight - marginAxisColumn, widthSizingMode,
        heightSizingMode, ownerWidth, ownerHeight)
      cleanupContentsNodes(node)
      return
    }
    if !performLayout
      && measureNodeWithFixedSize(
        node, direction, availableWidth - marginAxisRow, availableHeight - marginAxisColumn, widthSizingMode,
        heightSizingMode, ownerWidth, ownerHeight)
    {
      cleanupContentsNodes(node)
      return
    }
    tree[layout: node].hadOverflow = false
    cleanupContentsNodes(node)

    // STEP 1: values for the rest of the algorithm.
    var ctx = ContainerContext(
      node: node, style: style, direction: direction, children: children, ownerWidth: ownerWidth,
      ownerHeight: ownerHeight, widthSizingMode: widthSizingMode, heightSizingMode: heightSizingMode)

    // STEP 2: available size in main and cross directions.
    ctx.availableInnerWidth = availableInnerDimension(
      node, direction, true, availableWidth - marginAxisRow, ctx.paddingAndBorderAxisRow, ownerWidth, ownerWidth)
    ctx.availableInnerHeight = availableInnerDimension(
      node, direction, false, availableHeight - marginAxisColumn, ctx.paddingAndBorderAxisColumn, ownerHeight,
      ownerWidth)
    ctx.availableInnerMainDim = ctx.isMainAxisRow ? ctx.availableInnerWidth : ctx.availableInnerHeight
    ctx.availableInnerCrossDim = ctx.isMainAxisRow ? ctx.availableInnerHeight : ctx.availableInnerWidth

    // STEP 3: flex basis of each item.
    var totalMainDim = computeFlexBasisForChildren(&ctx, performLayout: performLayout, depth: depth)
    if childCount > 1 {
      totalMainDim += style.gapForAxis(ctx.mainAxis, ctx.availableInnerMainDim) * Double(childCount - 1)
    }
    ctx.mainAxisOverflows = ctx.sizingModeMainDim != .maxContent && totalMainDim > ctx.availableInnerMainDim
    if ctx.isNodeFlexWrap && ctx.mainAxisOverflows && ctx.sizingModeMainDim == .fitContent {
      ctx.sizingModeMainDim = .stretchFit
    }

    // STEPS 4-7, line by line.
    var lineCount = 0
    var totalLineCrossDim = 0.0
    let crossAxisGap = style.gapForAxis(ctx.crossAxis, ctx.availableInnerCrossDim)
    var maxLineMainDim = 0.0
    var startOfLine = children.lowerBound
    while startOfLine < children.upperBound {
      let lineBase = scratch.count
      // STEP 4: collect items into a line.
      var line = calculateFlexLine(&ctx, startOfLine: startOfLine, lineCount: lineCount)
      startOfLine = line.endOfLineIndex
      // STEP 5: resolve flexible lengths.
      resolveLineFreeSpace(&ctx, &line)
      let canSkipFlex = !performLayout && ctx.sizingModeCrossDim == .stretchFit
      if !canSkipFlex {
        resolveFlexibleLength(&ctx, &line, performLayout: performLayout, depth: depth)
      }
      if line.remainingFreeSpace < 0 { tree[layout: node].hadOverflow = true }
      // STEP 6: main-axis justification and line cross size.
      justifyMainAxis(&ctx, &line, performLayout: performLayout)
      // STEP 7: cross-axis alignment within the line.
      alignItemsInLine(
        &ctx, &line, totalLineCrossDim: totalLineCrossDim, performLayout: performLayout, depth: depth)
      totalLineCrossDim += line.crossDim + (lineCount != 0 ? crossAxisGap : 0)
      maxLineMainDim = Self.maxOrDefined(maxLineMainDim, line.mainDim)
      lineCount += 1
      popScratch(to: lineBase)
    }

    // STEP 8: multi-line content alignment.
    if performLayout && (ctx.isNodeFlexWrap || isBaselineLayout(node, children)) {
      alignContent(&ctx, lineCount: lineCount, totalLineCrossDim: totalLineCrossDim, crossAxisGap: crossAxisGap,
        depth: depth)
    }

    // STEP 9: final dimensions.
    computeFinalDimensions(
      &ctx, availableWidth - marginAxisRow, availableHeight - marginAxisColumn, maxLineMainDim: maxLineMainDim,
      totalLineCrossDim: totalLineCrossDim)

    // Wrap-reverse: lines were placed in normal order.
    if performLayout && style.flexWrap == .wrapReverse {
      let crossSize = tree[layout: node].measured(ctx.crossAxis.isRow)
      let edge = ctx.crossAxis.startEdge.rawValue
      for i in children {
        let child = scratch[i]
        if tree[style: child].positionType != .absolute {
          let pos = tree[layout: child].position[edge]
          let size = tree[layout: child].measured(ctx.crossAxis.isRow)
          tree[layout: child].position[edge] = crossSize - pos - size
        }
      }
    }

    if performLayout {
      // STEP 10: trailing positions for reverse directions.
      let needsMain = ctx.mainAxis.needsTrailingPosition
      let needsCross = ctx.crossAxis.needsTrailingPosition
      if needsMain || needsCross {
        for i in children {
          let child = scratch[i]
          let childStyle = tree[style: child]
          if childStyle.display == .none || childStyle.positionType == .absolute { continue }
          if needsMain { setChildTrailingPosition(node, child, ctx.mainAxis) }
          if needsCross { setChildTrailingPosition(node, child, ctx.crossAxis) }
        }
      }
      // STEP 11: absolutely positioned children of this containing block.
      if style.positionType != .static || depth == 1 {
        layoutAbsoluteDescendants(
          containingNode: node, currentNode: node,
          widthSizingMode: ctx.isMainAxisRow ? ctx.sizingModeMainDim : ctx.sizingModeCrossDim,
          direction: direction, depth: depth, leftOffset: 0, topOffset: 0)
      }
    }
  }

  /// Sets the flex-end position of `child` along `axis` from its flex-start position.
  mutating func setChildTrailingPosition(_ node: NodeIndex, _ child: NodeIndex, _ axis: FlexDirection) {
    let size = tree[layout: child].measured(axis.isRow)
    let parentSize = tree[layout: node].measured(axis.isRow)
    let start = tree[layout: child].position[axis.startEdge.rawValue]
    tree[layout: child].position[axis.endEdge.rawValue] = parentSize - size - start
  }

  /// STEP 9: the container's final border-box size, from the offered size or its content (§9.4 steps 15–16).
  private mutating func computeFinalDimensions(
    _ ctx: inout ContainerContext, _ availableWidth: Double, _ availableHeight: Double, maxLineMainDim: Double,
    totalLineCrossDim: Double
  ) {
    let node = ctx.node
    let direction = ctx.direction
    tree[layout: node].measuredWidth = boundAxis(node, .row, direction, availableWidth, ctx.ownerWidth, ctx.ownerWidth)
    tree[layout: node].measuredHeight = boundAxis(
      node, .column, direction, availableHeight, ctx.ownerHeight, ctx.ownerWidth)
    let isScroll = ctx.style.overflow == .scroll
    let mainIsWidth = ctx.isMainAxisRow
    if ctx.sizingModeMainDim == .maxContent || (!isScroll && ctx.sizingModeMainDim == .fitContent) {
      tree[layout: node].setMeasured(
        boundAxis(node, ctx.mainAxis, direction, maxLineMainDim, ctx.mainAxisOwnerSize, ctx.ownerWidth), mainIsWidth)
    } else if ctx.sizingModeMainDim == .fitContent && isScroll {
      let bounded = boundAxisWithinMinAndMax(
        node, direction, ctx.mainAxis, maxLineMainDim, ctx.mainAxisOwnerSize, ctx.ownerWidth)
      tree[layout: node].setMeasured(
        Self.maxOrDefined(
          Self.minOrDefined(ctx.availableInnerMainDim + ctx.paddingAndBorderAxisMain, bounded),
          ctx.paddingAndBorderAxisMain), mainIsWidth)
    }
    if ctx.sizingModeCrossDim == .maxContent || (!isScroll && ctx.sizingModeCrossDim == .fitContent) {
      tree[layout: node].setMeasured(
        boundAxis(
          node, ctx.crossAxis, direction, totalLineCrossDim + ctx.paddingAndBorderAxisCross, ctx.crossAxisOwnerSize,
          ctx.ownerWidth), !mainIsWidth)
    } else if ctx.sizingModeCrossDim == .fitContent && isScroll {
      let bounded = boundAxisWithinMinAndMax(
        node, direction, ctx.crossAxis, totalLineCrossDim + ctx.paddingAndBorderAxisCross, ctx.crossAxisOwnerSize,
        ctx.ownerWidth)
      tree[layout: node].setMeasured(
        Self.maxOrDefined(
          Self.minOrDefined(ctx.availableInnerCrossDim + ctx.paddingAndBorderAxisCross, bounded),
          ctx.paddingAndBorderAxisCross), !mainIsWidth)
    }
  }
}

/// Values shared by the steps laying out one flex container. Pure value type, lives for one container layout.
struct ContainerContext {
  /// The container.
  let node: NodeIndex
  /// Its style.
  let style: Style
  /// Its resolved direction.
  let direction: Direction
  /// Its layout children, as a range of the engine's scratch stack.
  let children: Range<Int>
  /// Owner width, points (NaN = unbounded).
  let ownerWidth: Double
  /// Owner height, points.
  let ownerHeight: Double
  /// Main axis (direction resolved).
  let mainAxis: FlexDirection
  /// Cross axis.
  let crossAxis: FlexDirection
  /// True when the main axis is horizontal.
  let isMainAxisRow: Bool
  /// True unless `flexWrap` is `nowrap`.
  let isNodeFlexWrap: Bool
  /// Owner size along the main axis.
  let mainAxisOwnerSize: Double
  /// Owner size along the cross axis.
  let crossAxisOwnerSize: Double
  /// Padding and border along the main axis.
  let paddingAndBorderAxisMain: Double
  /// Padding and border along the cross axis.
  let paddingAndBorderAxisCross: Double
  /// Padding and border at the cross-start edge.
  let leadingPaddingAndBorderCross: Double
  /// Padding and border along the width.
  let paddingAndBorderAxisRow: Double
  /// Padding and border along the height.
  let paddingAndBorderAxisColumn: Double
  /// Sizing mode of the width.
  let widthSizingMode: SizingMode
  /// Sizing mode of the height.
  let heightSizingMode: SizingMode
  /// Sizing mode along the main axis (may turn exact for an overflowing wrap container).
  var sizingModeMainDim: SizingMode
  /// Sizing mode along the cross axis.
  var sizingModeCrossDim: SizingMode
  /// Inner width available to children.
  var availableInnerWidth = Double.nan
  /// Inner height available to children.
  var availableInnerHeight = Double.nan
  /// Inner size along the main axis.
  var availableInnerMainDim = Double.nan
  /// Inner size along the cross axis.
  var availableInnerCrossDim = Double.nan
  /// True when the items' hypothetical sizes overflow a bounded main axis.
  var mainAxisOverflows = false

  /// Step 1 of the driver: axes, paddings and modes of `node`.
  init(
    node: NodeIndex, style: Style, direction: Direction, children: Range<Int>, ownerWidth: Double,
    ownerHeight: Double, widthSizingMode: SizingMode, heightSizingMode: SizingMode
  ) {
    self.node = node
    self.style = style
    self.direction = direction
    self.children = children
    self.ownerWidth = ownerWidth
    self.ownerHeight = ownerHeight
    mainAxis = style.flexDirection.resolved(direction)
    crossAxis = mainAxis.cross(direction)
    isMainAxisRow = mainAxis.isRow
    isNodeFlexWrap = style.flexWrap != .noWrap
    mainAxisOwnerSize = isMainAxisRow ? ownerWidth : ownerHeight
    crossAxisOwnerSize = isMainAxisRow ? ownerHeight : ownerWidth
    paddingAndBorderAxisMain = style.paddingAndBorderForAxis(mainAxis, direction, ownerWidth)
    paddingAndBorderAxisCross = style.paddingAndBorderForAxis(crossAxis, direction, ownerWidth)
    leadingPaddingAndBorderCross = style.flexStartPaddingAndBorder(crossAxis, direction, ownerWidth)
    paddingAndBorderAxisRow = isMainAxisRow ? paddingAndBorderAxisMain : paddingAndBorderAxisCross
    paddingAndBorderAxisColumn = isMainAxisRow ? paddingAndBorderAxisCross : paddingAndBorderAxisMain
    self.widthSizingMode = widthSizingMode
    self.heightSizingMode = heightSizingMode
    sizingModeMainDim = isMainAxisRow ? widthSizingMode : heightSizingMode
    sizingModeCrossDim = isMainAxisRow ? heightSizingMode : widthSizingMode
  }
}
