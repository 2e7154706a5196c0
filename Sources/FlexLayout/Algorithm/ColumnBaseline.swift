/// Baseline alignment in column containers under CSS defaults (CSS Box Alignment 3 §9.3, Flexbox §8.3 and §9.6
/// step 14): a column's cross axis is the inline axis, the items have no baseline along it, so each one's baseline
/// is synthesized from its border box at its line-left (physical left) edge, and the items of a line that align
/// by baseline share it. The shared edge sits as far from the line's cross start as the largest distance from an
/// item's margin-box start to its left border edge: the start margin in LTR, the start (right) margin plus the
/// border-box width in RTL. Yoga treats such items as `flex-start`, which is where this pass finds them.
extension FlexEngine {
  /// Under CSS defaults in a column container, moves the baseline-aligned items in `scratch[items]` (already
  /// placed at the line's cross start) so their left border edges line up.
  @inline(never)
  mutating func cssAlignColumnBaselines(_ ctx: inout ContainerContext, _ items: Range<Int>) {
    let crossAxis = ctx.crossAxis
    let direction = ctx.direction
    let width = ctx.availableInnerWidth
    let crossStart = crossAxis.startEdge.rawValue
    let rtl = crossAxis.startEdge == .right
    var maxAscent = -Double.infinity
    var count = 0
    for i in items where participatesInColumnBaseline(ctx.node, ctx.crossAxis, ctx.direction, scratch[i]) {
      maxAscent = max(maxAscent, columnBaselineAscent(scratch[i], crossAxis, direction, width, rtl: rtl))
      count += 1
    }
    guard count > 0 else { return }
    for i in items where participatesInColumnBaseline(ctx.node, ctx.crossAxis, ctx.direction, scratch[i]) {
      let child = scratch[i]
      let ascent = columnBaselineAscent(child, crossAxis, direction, width, rtl: rtl)
      tree[layout: child].position[crossStart] += maxAscent - ascent
    }
  }

  /// True for an in-flow item whose `align-self` (or the container's `align-items`) is `baseline` and whose
  /// cross margins are not `auto` (auto margins take it out of the baseline-sharing group).
  private func participatesInColumnBaseline(
    _ node: NodeIndex, _ crossAxis: FlexDirection, _ direction: Direction, _ child: NodeIndex
  ) -> Bool {
    let style = tree[style: child]
    if style.positionType == .absolute || style.display == .none { return false }
    let align = style.alignSelf == .auto ? tree[style: node].alignItems : style.alignSelf
    return align == .baseline && !flexStartMarginIsAuto(child, crossAxis, direction)
      && !flexEndMarginIsAuto(child, crossAxis, direction)
  }

  /// The distance from `child`'s margin-box cross start to its synthesized baseline, its left border edge.
  private func columnBaselineAscent(
    _ child: NodeIndex, _ crossAxis: FlexDirection, _ direction: Direction, _ width: Double, rtl: Bool
  ) -> Double {
    let start = flexStartMargin(child, crossAxis, direction, width)
    return rtl ? start + tree[layout: child].measuredWidth : start
  }
}
