/// Sizes transferred through a box's preferred aspect ratio (CSS Box Sizing 4 §5, "aspect-ratio size
/// transfers", https://drafts.csswg.org/css-sizing-4/#aspect-ratio-size-transfers). Pure over the tree's styles.
extension FlexEngine {
  /// The border-box height (`fromWidth`) or width that `node`'s aspect ratio `ratio` transfers from the
  /// border-box width or height `size`. Yoga divides or multiplies the border-box size as it is; CSS
  /// (`cssTransferredSize`) first floors it at the padding and border and honours `boxSizing: content-box`.
  @inline(__always) func transferredSize(
    _ node: NodeIndex, _ size: Double, fromWidth: Bool, _ ratio: Double, _ direction: Direction, _ ownerWidth: Double
  ) -> Double {
    if !config.useWebDefaults { return fromWidth ? size / ratio : size * ratio }
    return cssTransferredSize(node, size, fromWidth: fromWidth, ratio, direction, ownerWidth)
  }

  /// The CSS branch of `transferredSize` (out of line: the Yoga path pays a flag test). A border box is never
  /// smaller than its padding and border, on either side of the transfer; under `content-box` the ratio relates
  /// the content boxes.
  @inline(never)
  private func cssTransferredSize(
    _ node: NodeIndex, _ size: Double, fromWidth: Bool, _ ratio: Double, _ direction: Direction, _ ownerWidth: Double
  ) -> Double {
    let pbFrom = paddingAndBorderForDimension(node, fromWidth, direction, ownerWidth)
    let pbTo = paddingAndBorderForDimension(node, !fromWidth, direction, ownerWidth)
    let from = max(size, pbFrom)
    if tree[style: node].boxSizing == .contentBox {
      let inner = from - pbFrom
      return (fromWidth ? inner / ratio : inner * ratio) + pbTo
    }
    return max(fromWidth ? from / ratio : from * ratio, pbTo)
  }

  /// CSS defaults, §4.5 with Box Sizing 4 §5: the content size suggestion of an item of a column with an aspect
  /// ratio is at least the height its ratio transfers from its width (its definite width, the container's
  /// inner width it stretches to in a single-line container, else its width as measured), each within its
  /// min/max width; NaN when it has no used ratio. `measuredWidth` is the border-box width of the measurement
  /// that found its content height.
  func cssColumnRatioSuggestion(_ ctx: inout ContainerContext, _ child: NodeIndex, measuredWidth: Double) -> Double {
    let ratio = usedAspectRatio(child, ctx.availableInnerWidth, ctx.availableInnerHeight)
    guard !ratio.isNaN else { return .nan }
    let direction = resolveDirection(child, ctx.direction)
    let innerWidth = ctx.availableInnerWidth
    var width = resolvedDimension(child, direction, true, innerWidth, innerWidth)
    if width.isNaN && !innerWidth.isNaN && !ctx.isNodeFlexWrap && tree[style: child].width.isAuto
      && resolveChildAlignment(ctx.node, child) == .stretch
      && !flexStartMarginIsAuto(child, .row, direction) && !flexEndMarginIsAuto(child, .row, direction)
    {
      width = innerWidth - marginForAxis(child, .row, innerWidth)
    }
    if width.isNaN { width = measuredWidth }
    width = boundAxis(child, .row, direction, width, innerWidth, innerWidth)
    return transferredSize(child, width, fromWidth: true, ratio, direction, innerWidth)
  }
}
