/// One node's layout: the steps of the driver (ComputeFlexbox.swift) run in order for a flex container.
extension FlexEngine {
  /// Sizes `node` for the offered size and, when `performLayout`, positions its subtree (Yoga's
  /// calculateLayoutImpl). Offered sizes include margins; NaN sizes come with `.maxContent`.
  @inline(never)
  mutating func calculateLayoutImpl(
    _ node: NodeIndex, _ availableWidth: Double, _ availableHeight: Double, _ ownerDirection: Direction,
    _ widthSizingMode: SizingMode, _ heightSizingMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double,
    performLayout: Bool, depth: Int
  ) {
    // Frames on the recursion path stay small: the work of each step lives in non-inlined helpers.
    let direction = resolveDirection(node, ownerDirection)
    let margins = resolveBoxEdges(node, direction, ownerWidth)
    let width = availableWidth - margins.row
    let height = availableHeight - margins.column
    if tree.hasMeasure(node) {
      measureNodeWithMeasureFunc(
        node, direction, width, height, widthSizingMode, heightSizingMode, ownerWidth, ownerHeight)
      return
    }
    let scratchBase = scratch.count
    defer { popScratch(to: scratchBase) }
    let children = pushLayoutChildren(node)
    if children.isEmpty {
      measureNodeWithoutChildren(
        node, direction, width, height, widthSizingMode, heightSizingMode, ownerWidth,
        ownerHeight)
      cleanupContentsNodes(node)
      return
    }
    if !performLayout
      && measureNodeWithFixedSize(
        node, direction, width, height, widthSizingMode, heightSizingMode, ownerWidth, ownerHeight)
    {
      cleanupContentsNodes(node)
      return
    }
    tree[layout: node].hadOverflow = false
    cleanupContentsNodes(node)

    // STEPS 1-2: axes, paddings, modes and available inner sizes.
    var ctx = makeContainerContext(
      node, direction, children, width, height, widthSizingMode, heightSizingMode, ownerWidth, ownerHeight)
    // STEP 3: flex basis of each item.
    let totalOuterFlexBasis = computeFlexBasisForChildren(&ctx, performLayout: performLayout, depth: depth)
    noteMainAxisOverflow(&ctx, totalOuterFlexBasis)

    // STEPS 4-7, line by line.
    var lines = LinesSummary()
    var startOfLine = children.lowerBound
    while startOfLine < children.upperBound {
      let lineBase = scratch.count
      // STEP 4: collect items into a line.
      var line = calculateFlexLine(&ctx, startOfLine: startOfLine, lineCount: lines.count)
      startOfLine = line.endOfLineIndex
      // STEP 5: resolve flexible lengths.
      resolveLineFreeSpace(&ctx, &line)
      if performLayout || ctx.sizingModeCrossDim != .stretchFit {
        resolveFlexibleLength(&ctx, &line, performLayout: performLayout, depth: depth)
      }
      if line.remainingFreeSpace < 0 { tree[layout: node].hadOverflow = true }
      // STEP 6: main-axis justification and line cross size.
      justifyMainAxis(&ctx, &line, performLayout: performLayout)
      // STEP 7: cross-axis alignment within the line.
      alignItemsInLine(&ctx, &line, totalLineCrossDim: lines.totalCrossDim, performLayout: performLayout, depth: depth)
      lines.add(line, gap: ctx.crossAxisGap)
      popScratch(to: lineBase)
    }

    // STEP 8: multi-line content alignment.
    if performLayout && (ctx.isNodeFlexWrap || ctx.isBaselineLayout) {
      alignContent(&ctx, lineCount: lines.count, totalLineCrossDim: lines.totalCrossDim, depth: depth)
    }
    // STEP 9: final dimensions; wrap-reverse; STEP 10: trailing positions.
    computeFinalDimensions(
      &ctx, width, height, maxLineMainDim: lines.maxMainDim, totalLineCrossDim: lines.totalCrossDim)
    if performLayout {
      placeReversedChildren(&ctx)
      // STEP 11: absolutely positioned children of this containing block.
      if ctx.isPositioned || depth == 1 {
        layoutAbsoluteDescendants(
          containingNode: node, currentNode: node,
          widthSizingMode: ctx.isMainAxisRow ? ctx.sizingModeMainDim : ctx.sizingModeCrossDim,
          direction: direction, depth: depth, leftOffset: 0, topOffset: 0)
      }
    }
  }

  /// Stores `node`'s direction, border and padding; returns its margins along the width and height.
  @inline(never)
  private mutating func resolveBoxEdges(_ node: NodeIndex, _ direction: Direction, _ ownerWidth: Double)
    -> (row: Double, column: Double)
  {
    tree[layout: node].direction = direction
    if tree[style: node].padding.isEmpty && tree[style: node].border.isEmpty {
      // Fast path (most leaves): no padding or border to resolve.
      tree[layout: node].border = SIMD4<Double>(repeating: 0)
      tree[layout: node].padding = SIMD4<Double>(repeating: 0)
    } else {
      storeBorderAndPadding(node, direction, ownerWidth)
    }
    if tree[style: node].margin.isEmpty { return (0, 0) }
    let rowAxis = FlexDirection.row.resolved(direction)
    return (
      inlineStartMargin(node, rowAxis, direction, ownerWidth)
        + inlineEndMargin(node, rowAxis, direction, ownerWidth),
      inlineStartMargin(node, .column, direction, ownerWidth)
        + inlineEndMargin(node, .column, direction, ownerWidth)
    )
  }

  /// Resolves and stores `node`'s border and padding per physical edge.
  @inline(never)
  private mutating func storeBorderAndPadding(_ node: NodeIndex, _ direction: Direction, _ ownerWidth: Double) {
    let border = SIMD4<Double>(
      borderValue(node, .left, direction), borderValue(node, .top, direction),
      borderValue(node, .right, direction), borderValue(node, .bottom, direction))
    let padding = SIMD4<Double>(
      paddingValue(node, .left, direction, ownerWidth),
      paddingValue(node, .top, direction, ownerWidth),
      paddingValue(node, .right, direction, ownerWidth),
      paddingValue(node, .bottom, direction, ownerWidth))
    tree[layout: node].border = border
    tree[layout: node].padding = padding
  }

  /// Steps 1–2: the container's axes, paddings, sizing modes and available inner sizes.
  @inline(never)
  private func makeContainerContext(
    _ node: NodeIndex, _ direction: Direction, _ children: Range<Int>, _ width: Double, _ height: Double,
    _ widthSizingMode: SizingMode, _ heightSizingMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double
  ) -> ContainerContext {
    var ctx = ContainerContext(
      node: node, style: tree[style: node], direction: direction, children: children, ownerWidth: ownerWidth,
      ownerHeight: ownerHeight, widthSizingMode: widthSizingMode, heightSizingMode: heightSizingMode)
    ctx.availableInnerWidth = availableInnerDimension(
      node, direction, true, width, ctx.paddingAndBorderAxisRow, ownerWidth, ownerWidth)
    ctx.availableInnerHeight = availableInnerDimension(
      node, direction, false, height, ctx.paddingAndBorderAxisColumn, ownerHeight, ownerWidth)
    ctx.availableInnerMainDim = ctx.isMainAxisRow ? ctx.availableInnerWidth : ctx.availableInnerHeight
    ctx.availableInnerCrossDim = ctx.isMainAxisRow ? ctx.availableInnerHeight : ctx.availableInnerWidth
    ctx.isBaselineLayout = isBaselineLayout(node, children)
    ctx.crossAxisGap = tree[style: node].gapForAxis(ctx.crossAxis, ctx.availableInnerCrossDim)
    return ctx
  }

  /// After step 3: adds the gaps, notes whether the items overflow a bounded main axis, and lets an
  /// overflowing wrap container lay out at its fit-content size exactly.
  @inline(never)
  private func noteMainAxisOverflow(_ ctx: inout ContainerContext, _ totalOuterFlexBasis: Double) {
    var totalMainDim = totalOuterFlexBasis
    let childCount = ctx.children.count
    if childCount > 1 {
      totalMainDim += gapForAxis(ctx.node, ctx.mainAxis, ctx.availableInnerMainDim) * Double(childCount - 1)
    }
    ctx.mainAxisOverflows = ctx.sizingModeMainDim != .maxContent && totalMainDim > ctx.availableInnerMainDim
    if ctx.isNodeFlexWrap && ctx.mainAxisOverflows && ctx.sizingModeMainDim == .fitContent {
      ctx.sizingModeMainDim = .stretchFit
    }
  }

  /// Wrap-reverse flips lines placed in normal order; reverse directions get their trailing positions (step 10).
  @inline(never)
  private mutating func placeReversedChildren(_ ctx: inout ContainerContext) {
    let node = ctx.node
    if ctx.isWrapReverse {
      let crossSize = tree[layout: node].measured(ctx.crossAxis.isRow)
      let edge = ctx.crossAxis.startEdge.rawValue
      for i in ctx.children {
        let child = scratch[i]
        if tree[style: child].positionType != .absolute {
          let pos = tree[layout: child].position[edge]
          let size = tree[layout: child].measured(ctx.crossAxis.isRow)
          if config.useWebDefaults {
            // CSS mirrors the margin box: the start margin stays at the item's (new) start side.
            let startMargin = flexStartMargin(child, ctx.crossAxis, ctx.direction, ctx.availableInnerWidth)
            let endMargin = flexEndMargin(child, ctx.crossAxis, ctx.direction, ctx.availableInnerWidth)
            // Mirrored within the content box: the lines start at its cross-end edge.
            let startPB = ctx.leadingPaddingAndBorderCross
            let endPB = ctx.paddingAndBorderAxisCross - startPB
            // The relative offset is not mirrored: it moves the mirrored box the same way.
            let offset = cssRelativeOffset(
              child, ctx.crossAxis, ctx.direction, width: ctx.availableInnerWidth, height: ctx.availableInnerHeight)
            tree[layout: child].position[edge] =
              startPB + (crossSize - endPB) - (pos - offset) - size - endMargin + startMargin + offset
          } else {
            tree[layout: child].position[edge] = crossSize - pos - size
          }
        }
      }
    }
    let needsMain = ctx.mainAxis.needsTrailingPosition
    let needsCross = ctx.crossAxis.needsTrailingPosition
    guard needsMain || needsCross else { return }
    for i in ctx.children {
      let child = scratch[i]
      if tree[style: child].display == .none || tree[style: child].positionType == .absolute { continue }
      if needsMain { setChildTrailingPosition(node, child, ctx.mainAxis) }
      if needsCross { setChildTrailingPosition(node, child, ctx.crossAxis) }
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
  @inline(never)
  private mutating func computeFinalDimensions(
    _ ctx: inout ContainerContext, _ availableWidth: Double, _ availableHeight: Double, maxLineMainDim: Double,
    totalLineCrossDim: Double
  ) {
    let node = ctx.node
    let direction = ctx.direction
    tree[layout: node].measuredWidth = boundAxis(node, .row, direction, availableWidth, ctx.ownerWidth, ctx.ownerWidth)
    tree[layout: node].measuredHeight = boundAxis(
      node, .column, direction, availableHeight, ctx.ownerHeight, ctx.ownerWidth)
    let isScroll = ctx.isScroll
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

/// Running totals over a container's flex lines.
struct LinesSummary {
  /// Lines so far.
  var count = 0
  /// Sum of line cross sizes and gaps.
  var totalCrossDim = 0.0
  /// Longest line main size.
  var maxMainDim = 0.0

  /// Adds a finished line.
  mutating func add(_ line: FlexLine, gap: Double) {
    totalCrossDim += line.crossDim + (count != 0 ? gap : 0)
    maxMainDim = max(maxMainDim, line.mainDim)
    count += 1
  }
}

/// Values shared by the steps laying out one flex container. Pure value type, lives for one container layout.
struct ContainerContext {
  /// The container.
  let node: NodeIndex
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
  /// True when items align by baseline (a row with a baseline-aligned item).
  var isBaselineLayout = false
  /// Gap between lines.
  var crossAxisGap = 0.0
  /// `overflow: scroll`.
  let isScroll: Bool
  /// `align-content`.
  let alignContent: Align
  /// `flex-wrap: wrap-reverse`.
  let isWrapReverse: Bool
  /// Not statically positioned (forms a containing block for absolute descendants).
  let isPositioned: Bool

  /// Step 1 of the driver: axes, paddings and modes of `node`.
  init(
    node: NodeIndex, style: Style, direction: Direction, children: Range<Int>, ownerWidth: Double,
    ownerHeight: Double, widthSizingMode: SizingMode, heightSizingMode: SizingMode
  ) {
    self.node = node
    isScroll = style.overflow == .scroll
    alignContent = style.alignContent
    isWrapReverse = style.flexWrap == .wrapReverse
    isPositioned = style.positionType != .static
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
