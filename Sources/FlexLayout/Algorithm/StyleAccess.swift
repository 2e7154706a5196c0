/// Style values of a node resolved for an axis, read field by field from the tree so no whole `Style` is copied
/// on the hot path. Pure over the tree's styles.
extension FlexEngine {
  /// Margin on `edge`, points (auto = 0); percentages of `widthSize`.
  @inline(__always) func marginValue(
    _ node: NodeIndex, _ edge: PhysicalEdge, _ direction: Direction, _ widthSize: Double
  )
    -> Double
  {
    let v = tree[style: node].margin.value(edge, direction).resolve(widthSize)
    return v.isNaN ? 0 : v
  }

  /// Margin at the start of `axis`.
  @inline(__always) func flexStartMargin(_ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction, _ w: Double)
    -> Double
  { marginValue(node, axis.startEdge, direction, w) }

  /// Margin at the end of `axis`.
  @inline(__always) func flexEndMargin(_ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction, _ w: Double)
    -> Double
  { marginValue(node, axis.endEdge, direction, w) }

  /// Margin at the inline start of `axis`.
  @inline(__always) func inlineStartMargin(
    _ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction, _ w: Double
  ) -> Double { marginValue(node, axis.inlineStartEdge(direction), direction, w) }

  /// Margin at the inline end of `axis`.
  @inline(__always) func inlineEndMargin(_ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction, _ w: Double)
    -> Double
  { marginValue(node, axis.inlineEndEdge(direction), direction, w) }

  /// Total margin along `axis` (direction-independent).
  @inline(__always) func marginForAxis(_ node: NodeIndex, _ axis: FlexDirection, _ w: Double) -> Double {
    if tree[style: node].margin.isEmpty { return 0 }
    return inlineStartMargin(node, axis, .ltr, w) + inlineEndMargin(node, axis, .ltr, w)
  }

  /// True when the margin at the start of `axis` is `auto`.
  @inline(__always) func flexStartMarginIsAuto(_ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction) -> Bool
  { tree[style: node].margin.value(axis.startEdge, direction).isAuto }

  /// True when the margin at the end of `axis` is `auto`.
  @inline(__always) func flexEndMarginIsAuto(_ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction) -> Bool {
    tree[style: node].margin.value(axis.endEdge, direction).isAuto
  }

  /// Border on `edge`, points, never negative.
  @inline(__always) func borderValue(_ node: NodeIndex, _ edge: PhysicalEdge, _ direction: Direction) -> Double {
    let v = tree[style: node].border.value(edge, direction).resolve(0)
    return v.isNaN ? 0 : max(v, 0)
  }

  /// Padding on `edge`, points, never negative; percentages of `widthSize`.
  @inline(__always) func paddingValue(_ node: NodeIndex, _ edge: PhysicalEdge, _ direction: Direction, _ w: Double)
    -> Double
  {
    let v = tree[style: node].padding.value(edge, direction).resolve(w)
    return v.isNaN ? 0 : max(v, 0)
  }

  /// Padding plus border at the start of `axis`.
  @inline(__always) func flexStartPaddingAndBorder(
    _ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction, _ w: Double
  ) -> Double { paddingValue(node, axis.startEdge, direction, w) + borderValue(node, axis.startEdge, direction) }

  /// Padding plus border at the end of `axis`.
  @inline(__always) func flexEndPaddingAndBorder(
    _ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction, _ w: Double
  ) -> Double { paddingValue(node, axis.endEdge, direction, w) + borderValue(node, axis.endEdge, direction) }

  /// Padding plus border along `axis`.
  @inline(__always) func paddingAndBorderForAxis(
    _ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction, _ w: Double
  ) -> Double {
    if tree[style: node].padding.isEmpty && tree[style: node].border.isEmpty { return 0 }
    return flexStartPaddingAndBorder(node, axis, direction, w) + flexEndPaddingAndBorder(node, axis, direction, w)
  }

  /// Padding plus border of the width (`isWidth`) or height.
  @inline(__always) func paddingAndBorderForDimension(
    _ node: NodeIndex, _ isWidth: Bool, _ direction: Direction, _ w: Double
  ) -> Double { paddingAndBorderForAxis(node, isWidth ? .row : .column, direction, w) }

  /// Border along `axis` (direction-independent).
  @inline(__always) func borderForAxis(_ node: NodeIndex, _ axis: FlexDirection) -> Double {
    borderValue(node, axis.inlineStartEdge(.ltr), .ltr) + borderValue(node, axis.inlineEndEdge(.ltr), .ltr)
  }

  /// True when the inset at `edge` is set and not `auto`.
  @inline(__always) func isPositionDefined(_ node: NodeIndex, _ edge: PhysicalEdge, _ direction: Direction) -> Bool {
    let l = tree[style: node].position.value(edge, direction)
    return l.isDefined && !l.isAuto
  }

  /// The inset at `edge`, points (0 when unset); percentages of `axisSize`.
  @inline(__always) func positionValue(_ node: NodeIndex, _ edge: PhysicalEdge, _ direction: Direction, _ size: Double)
    -> Double
  {
    let v = tree[style: node].position.value(edge, direction).resolve(size)
    return v.isNaN ? 0 : v
  }

  /// True when a left, right, start or end inset is set.
  @inline(__always) func horizontalInsetsDefined(_ node: NodeIndex) -> Bool {
    let p = tree[style: node].position
    return p.left.isDefined || p.right.isDefined || p.start.isDefined || p.end.isDefined
  }

  /// True when a top or bottom inset is set.
  @inline(__always) func verticalInsetsDefined(_ node: NodeIndex) -> Bool {
    tree[style: node].position.top.isDefined || tree[style: node].position.bottom.isDefined
  }

  /// The gap between items along `axis`, points, never negative; percentages of `ownerSize`.
  @inline(__always) func gapForAxis(_ node: NodeIndex, _ axis: FlexDirection, _ ownerSize: Double) -> Double {
    let v = (axis.isRow ? tree[style: node].columnGap : tree[style: node].rowGap).resolve(ownerSize)
    return v.isNaN ? 0 : max(v, 0)
  }

  /// `node`'s aspect ratio as the engine uses it (NaN = none). Under CSS defaults a box whose width and height
  /// are both definite ignores it (CSS Box Sizing 4 §5.1: the ratio only transfers into an automatic size).
  @inline(__always) func usedAspectRatio(_ node: NodeIndex, _ ownerWidth: Double, _ ownerHeight: Double) -> Double {
    let ratio = tree[style: node].aspectRatio
    if ratio.isNaN || !config.useWebDefaults { return ratio }
    return cssUsedAspectRatio(node, ratio, ownerWidth, ownerHeight)
  }

  /// The CSS branch of `usedAspectRatio` for a node with a ratio (out of line: the Yoga path pays a flag test).
  @inline(never)
  private func cssUsedAspectRatio(_ node: NodeIndex, _ ratio: Double, _ ownerWidth: Double, _ ownerHeight: Double)
    -> Double
  {
    hasDefiniteLength(node, true, ownerWidth) && hasDefiniteLength(node, false, ownerHeight) ? .nan : ratio
  }
}
