/// CSS intrinsic inline sizes of boxes under CSS defaults (`LayoutConfig.useWebDefaults`): a box's width is
/// decided from its min-content and max-content widths before its content is laid out, as browsers do (CSS Sizing
/// §5, https://www.w3.org/TR/css-sizing-3/#intrinsic-sizes; CSS Flexbox §9.9.1 as Chromium implements it: the
/// contributions of items are their own intrinsic sizes, flex bases and flex factors do not take part).
/// Yoga instead lays the container out at an unbounded width and sums the flex bases. Pure over the tree.
extension FlexEngine {
  /// Which intrinsic width.
  enum IntrinsicKind {
    /// The narrowest width the content fits in without overflowing where it can avoid it.
    case minContent
    /// The width the content takes with no limit.
    case maxContent
  }

  /// Under CSS defaults, the border-box width of a container offered `width` (content-box offer, margins taken
  /// off) in `mode`: max-content for an unbounded offer, fit-content (min(max-content, max(min-content, offer)))
  /// for an at-most one; nil for an exact offer or under Yoga defaults. `height` is the border-box height when the
  /// request fixes it (NaN otherwise), `ownerHeight` resolves percentage heights.
  @inline(never)
  func cssIntrinsicOffer(
    _ node: NodeIndex, _ direction: Direction, _ width: Double, _ mode: SizingMode, height: Double,
    ownerHeight: Double
  ) -> Double? {
    guard config.useWebDefaults, mode != .stretchFit else { return nil }
    let maxContent = intrinsicWidth(node, direction, .maxContent, ownerHeight, height)
    if mode == .maxContent || width.isNaN { return maxContent }
    let minContent = intrinsicWidth(node, direction, .minContent, ownerHeight, height)
    return max(minContent, min(maxContent, width))
  }

  /// `calculateLayoutImpl` under CSS defaults: a container with layout children offered an unbounded or at-most
  /// width takes its width from the intrinsic widths first (`cssIntrinsicOffer`), then is laid out at that width
  /// exactly. A separate step, so the Yoga path's frames on the recursion stay as they were.
  @inline(never)
  mutating func cssCalculateLayoutImpl(
    _ node: NodeIndex, _ availableWidth: Double, _ availableHeight: Double, _ ownerDirection: Direction,
    _ widthSizingMode: SizingMode, _ heightSizingMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double,
    performLayout: Bool, depth: Int
  ) {
    var offeredWidth = availableWidth
    var offeredMode = widthSizingMode
    if widthSizingMode != .stretchFit && !tree.hasMeasure(node) {
      let base = scratch.count
      let hasChildren = !pushLayoutChildren(node).isEmpty
      popScratch(to: base)
      if hasChildren {
        let direction = resolveDirection(node, ownerDirection)
        let rowAxis = FlexDirection.row.resolved(direction)
        let marginRow =
          inlineStartMargin(node, rowAxis, direction, ownerWidth)
          + inlineEndMargin(node, rowAxis, direction, ownerWidth)
        let marginColumn =
          inlineStartMargin(node, .column, direction, ownerWidth)
          + inlineEndMargin(node, .column, direction, ownerWidth)
        let height = heightSizingMode == .stretchFit ? availableHeight - marginColumn : .nan
        if let w = cssIntrinsicOffer(
          node, direction, availableWidth - marginRow, widthSizingMode, height: height, ownerHeight: ownerHeight)
        {
          offeredWidth = w + marginRow
          offeredMode = .stretchFit
        }
      }
    }
    // CSS has no at-most height: a box offered one takes its content height (its percentages against it stay
    // indefinite), as if unbounded.
    let heightIsAtMost = heightSizingMode == .fitContent && !tree.hasMeasure(node)
    calculateLayoutImpl(
      node, offeredWidth, heightIsAtMost ? .nan : availableHeight, ownerDirection, offeredMode,
      heightIsAtMost ? .maxContent : heightSizingMode, ownerWidth, ownerHeight, performLayout: performLayout,
      depth: depth)
  }

  /// `node`'s intrinsic border-box width of `kind`, within its min/max widths (percentages of the indefinite
  /// containing block count as auto, percentage paddings and margins as 0). `cbHeight` resolves percentage
  /// heights; `stretchedHeight` is the border-box height a stretching single-line row container gives an item
  /// with an auto height (NaN when none); a definite height transfers through `aspectRatio`.
  func intrinsicWidth(
    _ node: NodeIndex, _ direction: Direction, _ kind: IntrinsicKind, _ cbHeight: Double, _ stretchedHeight: Double
  ) -> Double {
    let style = tree[style: node]
    let direction = resolveDirection(node, direction)
    let pb = paddingAndBorderForAxis(node, .row, direction, .nan)
    let pbColumn = paddingAndBorderForAxis(node, .column, direction, .nan)
    var height = resolvedDimension(node, direction, false, cbHeight, .nan)
    if height.isNaN { height = stretchedHeight }
    var width = resolvedDimension(node, direction, true, .nan, .nan)
    if width.isNaN, !style.aspectRatio.isNaN, !height.isNaN {
      width =
        style.boxSizing == .borderBox
        ? height * style.aspectRatio : max(0, height - pbColumn) * style.aspectRatio + pb
    }
    if width.isNaN {
      width = contentWidth(node, direction, kind, height.isNaN ? .nan : max(0, height - pbColumn)) + pb
    }
    let maxWidth = resolvedMaxDimension(node, direction, true, .nan, .nan)
    if !maxWidth.isNaN { width = min(width, maxWidth) }
    let minWidth = resolvedMinDimension(node, direction, true, .nan, .nan)
    if !minWidth.isNaN { width = max(width, minWidth) }
    return max(width, pb)
  }

  /// The content-box intrinsic width of `node`: a measured leaf's measurement, else its in-flow children's
  /// contributions (widths plus definite margins) summed along a row (the largest one for the min-content width
  /// of a wrapping row) and the largest one in a column, plus the gaps between items on a row.
  private func contentWidth(
    _ node: NodeIndex, _ direction: Direction, _ kind: IntrinsicKind, _ innerHeight: Double
  ) -> Double {
    if tree.hasMeasure(node) {
      if kind == .minContent {
        let m = tree.minContentWidth(node)
        if !m.isNaN { return m }
      }
      let offer = AxisOffer(size: kind == .minContent ? 0 : .nan, mode: kind == .minContent ? .atMost : .undefined)
      let size = tree.measure(node, width: offer, height: AxisOffer(size: .nan, mode: .undefined))
      return size.width.isNaN ? 0 : max(0, size.width)
    }
    let style = tree[style: node]
    let isRow = style.flexDirection.isRow
    let sums = isRow && !(kind == .minContent && style.flexWrap != .noWrap)
    var total = 0.0
    var count = 0
    forEachIntrinsicItem(node) { child in
      let margins = marginForAxis(child, .row, .nan)
      var stretched = Double.nan
      if isRow && style.flexWrap == .noWrap && !innerHeight.isNaN && tree[style: child].height.isAuto
        && resolveChildAlignment(node, child) == .stretch
        && !flexStartMarginIsAuto(child, .column, direction) && !flexEndMarginIsAuto(child, .column, direction)
      {
        stretched = max(0, innerHeight - marginForAxis(child, .column, .nan))
      }
      var w = intrinsicWidth(child, direction, kind, innerHeight, stretched)
      if isRow {
        w = clampedByFlexBase(child, direction, w)
        // …and by its automatic minimum size (§4.5), which `min-width: auto` keeps it from shrinking below.
        if tree[style: child].minWidth.isAuto && tree[style: child].overflow == .visible
          && !tree[style: child].flexBasis.isAuto
        {
          w = max(w, automaticMinimumWidth(child, direction, innerHeight, stretched))
        }
      }
      w += margins.isNaN ? 0 : margins
      total = sums ? total + w : max(total, w)
      count += 1
    }
    if sums && count > 1 {
      let gap = tree[style: node].gapForAxis(.row, .nan)
      if !gap.isNaN { total += gap * Double(count - 1) }
    }
    return total
  }

  /// CSS defaults, §4.5: the content size suggestion of a box item of a row whose `minWidth` is `auto` (not a
  /// scroll container): its min-content width, or the width its aspect ratio transfers from a definite height
  /// (its own, or the container's definite cross size it stretches to); nil when it does not apply.
  func cssRowContentSizeSuggestion(_ ctx: inout ContainerContext, _ child: NodeIndex) -> Double? {
    guard config.useWebDefaults, ctx.isMainAxisRow, !tree.hasMeasure(child), tree[style: child].minWidth.isAuto,
      tree[style: child].overflow == .visible
    else { return nil }
    let direction = resolveDirection(child, ctx.direction)
    let style = tree[style: child]
    let pb = paddingAndBorderForAxis(child, .row, direction, ctx.availableInnerWidth)
    let pbColumn = paddingAndBorderForAxis(child, .column, direction, ctx.availableInnerWidth)
    var height = resolvedDimension(child, direction, false, ctx.availableInnerHeight, ctx.availableInnerWidth)
    if height.isNaN && ctx.heightSizingMode == .stretchFit && !ctx.isNodeFlexWrap && style.height.isAuto
      && resolveChildAlignment(ctx.node, child) == .stretch
      && !flexStartMarginIsAuto(child, .column, direction) && !flexEndMarginIsAuto(child, .column, direction)
    {
      height = max(0, ctx.availableInnerHeight - marginForAxis(child, .column, ctx.availableInnerWidth))
    }
    let minContent =
      contentWidth(child, direction, .minContent, height.isNaN ? .nan : max(0, height - pbColumn)) + pb
    if !style.aspectRatio.isNaN && !height.isNaN {
      // Chromium: the size the ratio transfers encompasses the min-content size.
      return max(
        minContent,
        style.boxSizing == .borderBox
          ? max(height, pbColumn) * style.aspectRatio : max(0, height - pbColumn) * style.aspectRatio + pb)
    }
    return minContent
  }

  /// §4.5: the automatic minimum width of a row item: its content size suggestion (the min-content width of its
  /// content, plus padding and border) capped by its definite width (the specified size suggestion) and its max
  /// width. An item with an aspect ratio keeps its min-content width, ratio included.
  private func automaticMinimumWidth(
    _ child: NodeIndex, _ direction: Direction, _ cbHeight: Double, _ stretchedHeight: Double
  ) -> Double {
    if !tree[style: child].aspectRatio.isNaN || tree.hasMeasure(child) {
      return intrinsicWidth(child, direction, .minContent, cbHeight, stretchedHeight)
    }
    let direction = resolveDirection(child, direction)
    let pb = paddingAndBorderForAxis(child, .row, direction, .nan)
    let pbColumn = paddingAndBorderForAxis(child, .column, direction, .nan)
    var height = resolvedDimension(child, direction, false, cbHeight, .nan)
    if height.isNaN { height = stretchedHeight }
    var suggestion = contentWidth(child, direction, .minContent, height.isNaN ? .nan : max(0, height - pbColumn)) + pb
    let width = resolvedDimension(child, direction, true, .nan, .nan)
    if !width.isNaN { suggestion = min(suggestion, width) }
    let maxWidth = resolvedMaxDimension(child, direction, true, .nan, .nan)
    if !maxWidth.isNaN { suggestion = min(suggestion, maxWidth) }
    return max(suggestion, pb)
  }

  /// §9.9.1: a row item's contribution clamped by its definite flex base size, as a maximum when it cannot grow
  /// and as a minimum when it cannot shrink, then by its min/max width.
  private func clampedByFlexBase(_ child: NodeIndex, _ direction: Direction, _ contribution: Double) -> Double {
    let basis = tree[style: child].flexBasis
    guard case .points(let points) = basis else { return contribution }
    var base = Double(points)
    if tree[style: child].boxSizing == .contentBox {
      base += paddingAndBorderForAxis(child, .row, direction, .nan)
    }
    var w = contribution
    if resolveFlexGrow(child) == 0 { w = min(w, base) }
    if resolveFlexShrink(child) == 0 { w = max(w, base) }
    let maxWidth = resolvedMaxDimension(child, direction, true, .nan, .nan)
    if !maxWidth.isNaN { w = min(w, maxWidth) }
    let minWidth = resolvedMinDimension(child, direction, true, .nan, .nan)
    if !minWidth.isNaN { w = max(w, minWidth) }
    return max(w, paddingAndBorderForAxis(child, .row, direction, .nan))
  }

  /// Calls `body` with every in-flow child of `node` that generates a box (`display: contents` children replaced
  /// by theirs, `display: none` and absolutely positioned ones skipped).
  private func forEachIntrinsicItem(_ node: NodeIndex, _ body: (NodeIndex) -> Void) {
    var c = tree.firstChild(of: node)
    while c >= 0 {
      let style = tree[style: c]
      if style.display == .contents {
        forEachIntrinsicItem(c, body)
      } else if style.display != .none && style.positionType != .absolute {
        body(c)
      }
      c = tree.nextSibling(of: c)
    }
  }
}
