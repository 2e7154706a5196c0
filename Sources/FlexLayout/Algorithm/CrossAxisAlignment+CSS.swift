/// Cross-axis placement of items during `align-content` under CSS defaults (`LayoutConfig.useWebDefaults`): where
/// Yoga drops an item's cross-start margin (flex-start), centers its border box (center), adds its start inset along
/// the flex axes or stretches it over the space between lines, CSS places the margin box in the line, keeps the
/// physical relative offset (Positioned Layout §3.3) and stretches it to its own line (Flexbox §9.4 step 11).
extension FlexEngine {
  /// Places one item within its line during `align-content` under CSS defaults; returns the request
  /// re-stretching it to the line's final size, if needed. Out of line, so the Yoga path pays a flag test only.
  @inline(never)
  mutating func cssAlignChildInLine(
    _ ctx: inout ContainerContext, _ child: NodeIndex, currentLead: Double, lineHeight: Double, maxAscent: Double
  ) -> ChildRequest? {
    let crossAxis = ctx.crossAxis
    let direction = ctx.direction
    let crossStart = crossAxis.startEdge.rawValue
    let widthSize = ctx.availableInnerWidth
    let offset = cssRelativeOffset(
      child, crossAxis, direction, width: ctx.availableInnerWidth, height: ctx.availableInnerHeight)
    switch resolveChildAlignment(ctx.node, child) {
    case .flexStart:
      tree[layout: child].position[crossStart] =
        currentLead + flexStartMargin(child, crossAxis, direction, widthSize) + offset
    case .flexEnd:
      tree[layout: child].position[crossStart] =
        currentLead + lineHeight - flexEndMargin(child, crossAxis, direction, widthSize)
        - tree[layout: child].measured(crossAxis.isRow) + offset
    case .center:
      let childHeight = tree[layout: child].measured(crossAxis.isRow)
      let start = flexStartMargin(child, crossAxis, direction, widthSize)
      let outer = childHeight + marginForAxis(child, crossAxis, widthSize)
      tree[layout: child].position[crossStart] = currentLead + start + (lineHeight - outer) / 2 + offset
    case .stretch:
      tree[layout: child].position[crossStart] =
        currentLead + flexStartMargin(child, crossAxis, direction, widthSize) + offset
      if !hasDefiniteLength(child, crossAxis.isRow, ctx.availableInnerCrossDim) {
        let l = tree[layout: child]
        let childWidth =
          ctx.isMainAxisRow ? l.measuredWidth + marginForAxis(child, ctx.mainAxis, widthSize) : lineHeight
        let childHeight =
          !ctx.isMainAxisRow ? l.measuredHeight + marginForAxis(child, crossAxis, widthSize) : lineHeight
        if !(Self.inexactEquals(childWidth, l.measuredWidth) && Self.inexactEquals(childHeight, l.measuredHeight)) {
          return ChildRequest(width: childWidth, height: childHeight, widthMode: .stretchFit, heightMode: .stretchFit)
        }
      }
    case .baseline:
      tree[layout: child].position[PhysicalEdge.top.rawValue] =
        currentLead + maxAscent - calculateBaseline(child) + offset
    case .auto, .spaceBetween, .spaceAround, .spaceEvenly:
      break
    }
    return nil
  }
}
