/// §4.1 "Absolutely-Positioned Flex Children" (https://www.w3.org/TR/css-flexbox-1/#abspos-items) with CSS
/// Position §4: sizes absolute children from their size or insets, positions them by insets or, without
/// insets, by the container's `justify-content`/`align-items` as if sole flex items. Pure over the tree.
extension FlexEngine {
  /// Lays out the absolute children of `currentNode` whose containing block is `containingNode`, descending
  /// through static children. Offsets are `currentNode`'s position in the containing block.
  mutating func layoutAbsoluteDescendants(
    containingNode: NodeIndex, currentNode: NodeIndex, widthSizingMode: SizingMode, direction: Direction,
    depth: Int, leftOffset: Double, topOffset: Double
  ) {
    let base = scratch.count
    defer { popScratch(to: base) }
    let children = pushLayoutChildren(currentNode)
    for i in children {
      let child = scratch[i]
      if tree[style: child].display == .none { continue }
      if tree[style: child].positionType == .absolute {
        let block = containingBlockSize(containingNode)
        layoutAbsoluteChild(
          containingNode: containingNode, node: currentNode, child: child, block.width, block.height,
          widthSizingMode, direction, depth: depth)
        finishAbsoluteChild(
          containingNode: containingNode, currentNode: currentNode, child: child, direction: direction,
          leftOffset: leftOffset, topOffset: topOffset)
      } else if tree[style: child].positionType == .static {
        cleanupContentsNodes(child)
        layoutAbsoluteDescendants(
          containingNode: containingNode, currentNode: child, widthSizingMode: widthSizingMode,
          direction: resolveDirection(child, direction), depth: depth + 1,
          leftOffset: leftOffset + tree[layout: child].position[PhysicalEdge.left.rawValue],
          topOffset: topOffset + tree[layout: child].position[PhysicalEdge.top.rawValue])
      }
    }
  }

  /// The padding-box size of `containingNode` (border box minus borders), points.
  @inline(never)
  private func containingBlockSize(_ containingNode: NodeIndex) -> (width: Double, height: Double) {
    let layout = tree[layout: containingNode]
    return (layout.measuredWidth - borderForAxis(containingNode, .row), layout.measuredHeight - borderForAxis(containingNode, .column))
  }

  /// Sets the trailing positions of a laid-out absolute child under reverse axes and makes its position relative
  /// to `currentNode` (its insets were relative to the containing block).
  @inline(never)
  private mutating func finishAbsoluteChild(
    containingNode: NodeIndex, currentNode: NodeIndex, child: NodeIndex, direction: Direction,
    leftOffset: Double, topOffset: Double
  ) {
    let parentMainAxis = tree[style: currentNode].flexDirection.resolved(direction)
    let parentCrossAxis = parentMainAxis.cross(direction)
    if parentMainAxis.needsTrailingPosition {
      let defined = parentMainAxis.isRow ? horizontalInsetsDefined(child) : verticalInsetsDefined(child)
      setChildTrailingPosition(defined ? containingNode : currentNode, child, parentMainAxis)
    }
    if parentCrossAxis.needsTrailingPosition {
      let defined = parentCrossAxis.isRow ? horizontalInsetsDefined(child) : verticalInsetsDefined(child)
      setChildTrailingPosition(defined ? containingNode : currentNode, child, parentCrossAxis)
    }
    let left = tree[layout: child].position[PhysicalEdge.left.rawValue]
    let top = tree[layout: child].position[PhysicalEdge.top.rawValue]
    tree[layout: child].position[PhysicalEdge.left.rawValue] =
      horizontalInsetsDefined(child) ? left - leftOffset : left
    tree[layout: child].position[PhysicalEdge.top.rawValue] = verticalInsetsDefined(child) ? top - topOffset : top
  }

  /// Sizes and positions one absolute child in a containing block of the given padding-box size.
  private mutating func layoutAbsoluteChild(
    containingNode: NodeIndex, node: NodeIndex, child: NodeIndex, _ containingBlockWidth: Double,
    _ containingBlockHeight: Double, _ widthMode: SizingMode, _ direction: Direction, depth: Int
  ) {
    var r = absoluteChildSize(
      containingNode: containingNode, node: node, child: child, containingBlockWidth, containingBlockHeight,
      widthMode, direction)
    if r.widthMode != .stretchFit || r.heightMode != .stretchFit {
      calculateLayoutInternal(
        child, r.width, r.height, direction, r.widthMode, r.heightMode, containingBlockWidth,
        containingBlockHeight, performLayout: false, depth: depth)
      r = measuredAbsoluteSize(child, containingBlockWidth)
    }
    calculateLayoutInternal(
      child, r.width, r.height, direction, .stretchFit, .stretchFit, containingBlockWidth,
      containingBlockHeight, performLayout: true, depth: depth)
    positionAbsoluteChildBothAxes(
      containingNode: containingNode, node: node, child: child, containingBlockWidth, containingBlockHeight,
      direction)
  }

  /// The measured size of an absolute child plus its margins, as an exact request.
  @inline(never)
  private func measuredAbsoluteSize(_ child: NodeIndex, _ containingBlockWidth: Double) -> ChildRequest {
    return ChildRequest(
      width: tree[layout: child].measuredWidth + marginForAxis(child, .row, containingBlockWidth),
      height: tree[layout: child].measuredHeight + marginForAxis(child, .column, containingBlockWidth),
      widthMode: .stretchFit, heightMode: .stretchFit)
  }

  /// Positions an absolute child along its parent's main and cross axes.
  @inline(never)
  private mutating func positionAbsoluteChildBothAxes(
    containingNode: NodeIndex, node: NodeIndex, child: NodeIndex, _ containingBlockWidth: Double,
    _ containingBlockHeight: Double, _ direction: Direction
  ) {
    let mainAxis = tree[style: node].flexDirection.resolved(direction)
    let crossAxis = mainAxis.cross(direction)
    positionAbsoluteChild(
      containingNode, node, child, direction, mainAxis, isMainAxis: true, containingBlockWidth, containingBlockHeight)
    positionAbsoluteChild(
      containingNode, node, child, direction, crossAxis, isMainAxis: false, containingBlockWidth,
      containingBlockHeight)
  }

  /// The size an absolute child gets from its style and insets: exact where known, else the measuring request.
  @inline(never)
  private func absoluteChildSize(
    containingNode: NodeIndex, node: NodeIndex, child: NodeIndex, _ containingBlockWidth: Double,
    _ containingBlockHeight: Double, _ widthMode: SizingMode, _ direction: Direction
  ) -> ChildRequest {
    let mainAxis = tree[style: node].flexDirection.resolved(direction)
    let isMainAxisRow = mainAxis.isRow
    var childWidth = Double.nan
    var childHeight = Double.nan
    let marginRow = marginForAxis(child, .row, containingBlockWidth)
    let marginColumn = marginForAxis(child, .column, containingBlockWidth)

    if hasDefiniteLength(child, true, containingBlockWidth) {
      childWidth = resolvedDimension(child, direction, true, containingBlockWidth, containingBlockWidth) + marginRow
    } else if isPositionDefined(child, FlexDirection.row.startEdge, direction)
      && isPositionDefined(child, FlexDirection.row.endEdge, direction)
    {
      let containingWidth = tree[layout: containingNode].measuredWidth
      childWidth =
        containingWidth
        - (borderValue(containingNode, .left, direction) + borderValue(containingNode, .right, direction))
        - (positionValue(child, .left, direction, containingBlockWidth)
          + positionValue(child, .right, direction, containingBlockWidth))
      childWidth = boundAxis(child, .row, direction, childWidth, containingBlockWidth, containingBlockWidth)
    }
    if hasDefiniteLength(child, false, containingBlockHeight) {
      childHeight =
        resolvedDimension(child, direction, false, containingBlockHeight, containingBlockWidth) + marginColumn
    } else if isPositionDefined(child, .top, direction) && isPositionDefined(child, .bottom, direction) {
      let containingHeight = tree[layout: containingNode].measuredHeight
      childHeight =
        containingHeight
        - (borderValue(containingNode, .top, direction) + borderValue(containingNode, .bottom, direction))
        - (positionValue(child, .top, direction, containingBlockHeight)
          + positionValue(child, .bottom, direction, containingBlockHeight))
      childHeight = boundAxis(child, .column, direction, childHeight, containingBlockHeight, containingBlockWidth)
    }
    let ratio = usedAspectRatio(child, containingBlockWidth, containingBlockHeight)
    if childWidth.isNaN != childHeight.isNaN && !ratio.isNaN {
      if childWidth.isNaN {
        childWidth = marginRow + (childHeight - marginColumn) * ratio
      } else {
        childHeight = marginColumn + (childWidth - marginRow) / ratio
      }
    }
    if childWidth.isNaN || childHeight.isNaN {
      var childWidthMode: SizingMode = childWidth.isNaN ? .maxContent : .stretchFit
      let childHeightMode: SizingMode = childHeight.isNaN ? .maxContent : .stretchFit
      // Text in an absolute child wraps at its owner's width, as browsers do.
      if !isMainAxisRow && childWidth.isNaN && widthMode != .maxContent && !containingBlockWidth.isNaN
        && containingBlockWidth > 0
      {
        childWidth = containingBlockWidth
        childWidthMode = .fitContent
      }
      return ChildRequest(
        width: childWidth, height: childHeight, widthMode: childWidthMode, heightMode: childHeightMode)
    }
    return ChildRequest(width: childWidth, height: childHeight, widthMode: .stretchFit, heightMode: .stretchFit)
  }

  /// The position of `node`'s opposite edge along `axis` in `containing`.
  private func positionOfOppositeEdge(
    _ position: Double, _ axis: FlexDirection, _ containing: NodeIndex, _ node: NodeIndex
  ) -> Double {
    tree[layout: containing].measured(axis.isRow) - tree[layout: node].measured(axis.isRow) - position
  }

  /// Positions `child` along `axis`: by its inline-start inset, else its inline-end inset, else by alignment.
  private mutating func positionAbsoluteChild(
    _ containingNode: NodeIndex, _ parent: NodeIndex, _ child: NodeIndex, _ direction: Direction,
    _ axis: FlexDirection, isMainAxis: Bool, _ containingBlockWidth: Double, _ containingBlockHeight: Double
  ) {
    let containingBlockSize = axis.isRow ? containingBlockWidth : containingBlockHeight
    let inlineStart = axis.inlineStartEdge(direction)
    let inlineEnd = axis.inlineEndEdge(direction)
    let flexStart = axis.startEdge.rawValue
    if isPositionDefined(child, inlineStart, direction) {
      let fromInlineStart =
        positionValue(child, inlineStart, direction, containingBlockSize)
        + borderValue(containingNode, inlineStart, direction)
        + marginValue(child, inlineStart, direction, containingBlockSize)
      tree[layout: child].position[flexStart] =
        inlineStart != axis.startEdge
        ? positionOfOppositeEdge(fromInlineStart, axis, containingNode, child) : fromInlineStart
    } else if isPositionDefined(child, inlineEnd, direction) {
      let fromInlineStart =
        tree[layout: containingNode].measured(axis.isRow) - tree[layout: child].measured(axis.isRow)
        - borderValue(containingNode, inlineEnd, direction)
        - marginValue(child, inlineEnd, direction, containingBlockSize)
        - positionValue(child, inlineEnd, direction, containingBlockSize)
      tree[layout: child].position[flexStart] =
        inlineStart != axis.startEdge
        ? positionOfOppositeEdge(fromInlineStart, axis, containingNode, child) : fromInlineStart
    } else if isMainAxis {
      switch tree[style: parent].justifyContent {
      case .flexStart, .spaceBetween: setFlexStartLayoutPosition(parent, child, direction, axis, containingBlockWidth)
      case .flexEnd: setFlexEndLayoutPosition(parent, child, direction, axis, containingBlockWidth)
      case .center, .spaceAround, .spaceEvenly:
        setCenterLayoutPosition(parent, child, direction, axis, containingBlockWidth)
      }
    } else {
      var itemAlign = resolveChildAlignment(parent, child)
      if tree[style: parent].flexWrap == .wrapReverse {
        if itemAlign == .flexEnd {
          itemAlign = .flexStart
        } else if itemAlign != .center {
          itemAlign = .flexEnd
        }
      }
      switch itemAlign {
      case .flexEnd: setFlexEndLayoutPosition(parent, child, direction, axis, containingBlockWidth)
      case .center: setCenterLayoutPosition(parent, child, direction, axis, containingBlockWidth)
      default: setFlexStartLayoutPosition(parent, child, direction, axis, containingBlockWidth)
      }
    }
  }

  /// Places `child` at the start of `parent`'s padding box along `axis`.
  private mutating func setFlexStartLayoutPosition(
    _ parent: NodeIndex, _ child: NodeIndex, _ direction: Direction, _ axis: FlexDirection, _ cbWidth: Double
  ) {
    let edge = axis.startEdge.rawValue
    let p = tree[layout: parent]
    tree[layout: child].position[edge] =
      flexStartMargin(child, axis, direction, cbWidth) + p.border[edge] + p.padding[edge]
  }

  /// Places `child` at the end of `parent`'s padding box along `axis`.
  private mutating func setFlexEndLayoutPosition(
    _ parent: NodeIndex, _ child: NodeIndex, _ direction: Direction, _ axis: FlexDirection, _ cbWidth: Double
  ) {
    let endEdge = axis.endEdge.rawValue
    let p = tree[layout: parent]
    let flexEndPosition = p.border[endEdge] + flexEndMargin(child, axis, direction, cbWidth)
      + p.padding[endEdge]
    tree[layout: child].position[axis.startEdge.rawValue] = positionOfOppositeEdge(
      flexEndPosition, axis, parent, child)
  }

  /// Centres `child` in `parent`'s padding box along `axis`.
  private mutating func setCenterLayoutPosition(
    _ parent: NodeIndex, _ child: NodeIndex, _ direction: Direction, _ axis: FlexDirection, _ cbWidth: Double
  ) {
    let s = axis.startEdge.rawValue
    let e = axis.endEdge.rawValue
    let p = tree[layout: parent]
    let contentBox = p.measured(axis.isRow) - p.border[s] - p.border[e] - p.padding[s] - p.padding[e]
    let childOuter = tree[layout: child].measured(axis.isRow) + marginForAxis(child, axis, cbWidth)
    tree[layout: child].position[s] =
      (contentBox - childOuter) / 2 + p.border[s] + flexStartMargin(child, axis, direction, cbWidth)
      + p.padding[s]
  }
}
