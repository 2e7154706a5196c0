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
    let currentStyle = tree[style: currentNode]
    for i in children {
      let child = scratch[i]
      let childStyle = tree[style: child]
      if childStyle.display == .none { continue }
      if childStyle.positionType == .absolute {
        let containingStyle = tree[style: containingNode]
        let containingLayout = tree[layout: containingNode]
        let containingBlockWidth = containingLayout.measuredWidth - containingStyle.borderForAxis(.row)
        let containingBlockHeight = containingLayout.measuredHeight - containingStyle.borderForAxis(.column)
        layoutAbsoluteChild(
          containingNode: containingNode, node: currentNode, child: child, containingBlockWidth,
          containingBlockHeight, widthSizingMode, direction, depth: depth)
        let parentMainAxis = currentStyle.flexDirection.resolved(direction)
        let parentCrossAxis = parentMainAxis.cross(direction)
        if parentMainAxis.needsTrailingPosition {
          let defined = parentMainAxis.isRow ? childStyle.horizontalInsetsDefined : childStyle.verticalInsetsDefined
          setChildTrailingPosition(defined ? containingNode : currentNode, child, parentMainAxis)
        }
        if parentCrossAxis.needsTrailingPosition {
          let defined = parentCrossAxis.isRow ? childStyle.horizontalInsetsDefined : childStyle.verticalInsetsDefined
          setChildTrailingPosition(defined ? containingNode : currentNode, child, parentCrossAxis)
        }
        let left = tree[layout: child].position[PhysicalEdge.left.rawValue]
        let top = tree[layout: child].position[PhysicalEdge.top.rawValue]
        tree[layout: child].position[PhysicalEdge.left.rawValue] =
          childStyle.horizontalInsetsDefined ? left - leftOffset : left
        tree[layout: child].position[PhysicalEdge.top.rawValue] =
          childStyle.verticalInsetsDefined ? top - topOffset : top
      } else if childStyle.positionType == .static {
        cleanupContentsNodes(child)
        let childDirection = resolveDirection(child, direction)
        let childLayout = tree[layout: child]
        layoutAbsoluteDescendants(
          containingNode: containingNode, currentNode: child, widthSizingMode: widthSizingMode,
          direction: childDirection, depth: depth + 1,
          leftOffset: leftOffset + childLayout.position[PhysicalEdge.left.rawValue],
          topOffset: topOffset + childLayout.position[PhysicalEdge.top.rawValue])
      }
    }
  }

  /// Sizes and positions one absolute child in a containing block of the given padding-box size.
  private mutating func layoutAbsoluteChild(
    containingNode: NodeIndex, node: NodeIndex, child: NodeIndex, _ containingBlockWidth: Double,
    _ containingBlockHeight: Double, _ widthMode: SizingMode, _ direction: Direction, depth: Int
  ) {
    let nodeStyle = tree[style: node]
    let childStyle = tree[style: child]
    let containingStyle = tree[style: containingNode]
    let mainAxis = nodeStyle.flexDirection.resolved(direction)
    let crossAxis = mainAxis.cross(direction)
    let isMainAxisRow = mainAxis.isRow
    var childWidth = Double.nan
    var childHeight = Double.nan
    let marginRow = childStyle.marginForAxis(.row, containingBlockWidth)
    let marginColumn = childStyle.marginForAxis(.column, containingBlockWidth)

    if hasDefiniteLength(child, true, containingBlockWidth) {
      childWidth = resolvedDimension(child, direction, true, containingBlockWidth, containingBlockWidth) + marginRow
    } else if childStyle.isPositionDefined(FlexDirection.row.startEdge, direction)
      && childStyle.isPositionDefined(FlexDirection.row.endEdge, direction)
    {
      let containingWidth = tree[layout: containingNode].measuredWidth
      childWidth =
        containingWidth
        - (containingStyle.borderValue(.left, direction) + containingStyle.borderValue(.right, direction))
        - (childStyle.positionValue(.left, direction, containingBlockWidth)
          + childStyle.positionValue(.right, direction, containingBlockWidth))
      childWidth = boundAxis(child, .row, direction, childWidth, containingBlockWidth, containingBlockWidth)
    }
    if hasDefiniteLength(child, false, containingBlockHeight) {
      childHeight =
        resolvedDimension(child, direction, false, containingBlockHeight, containingBlockWidth) + marginColumn
    } else if childStyle.isPositionDefined(.top, direction) && childStyle.isPositionDefined(.bottom, direction) {
      let containingHeight = tree[layout: containingNode].measuredHeight
      childHeight =
        containingHeight
        - (containingStyle.borderValue(.top, direction) + containingStyle.borderValue(.bottom, direction))
        - (childStyle.positionValue(.top, direction, containingBlockHeight)
          + childStyle.positionValue(.bottom, direction, containingBlockHeight))
      childHeight = boundAxis(child, .column, direction, childHeight, containingBlockHeight, containingBlockWidth)
    }
    let ratio = childStyle.aspectRatio
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
      calculateLayoutInternal(
        child, childWidth, childHeight, direction, childWidthMode, childHeightMode, containingBlockWidth,
        containingBlockHeight, performLayout: false, depth: depth)
      childWidth = tree[layout: child].measuredWidth + childStyle.marginForAxis(.row, containingBlockWidth)
      childHeight = tree[layout: child].measuredHeight + childStyle.marginForAxis(.column, containingBlockWidth)
    }
    calculateLayoutInternal(
      child, childWidth, childHeight, direction, .stretchFit, .stretchFit, containingBlockWidth,
      containingBlockHeight, performLayout: true, depth: depth)
    positionAbsoluteChild(
      containingNode, node, child, direction, mainAxis, isMainAxis: true, containingBlockWidth, containingBlockHeight)
    positionAbsoluteChild(
      containingNode, node, child, direction, crossAxis, isMainAxis: false, containingBlockWidth,
      containingBlockHeight)
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
    let childStyle = tree[style: child]
    let containingStyle = tree[style: containingNode]
    let containingBlockSize = axis.isRow ? containingBlockWidth : containingBlockHeight
    let inlineStart = axis.inlineStartEdge(direction)
    let inlineEnd = axis.inlineEndEdge(direction)
    let flexStart = axis.startEdge.rawValue
    if childStyle.isPositionDefined(inlineStart, direction) {
      let fromInlineStart =
        childStyle.positionValue(inlineStart, direction, containingBlockSize)
        + containingStyle.borderValue(inlineStart, direction)
        + childStyle.marginValue(inlineStart, direction, containingBlockSize)
      tree[layout: child].position[flexStart] =
        inlineStart != axis.startEdge
        ? positionOfOppositeEdge(fromInlineStart, axis, containingNode, child) : fromInlineStart
    } else if childStyle.isPositionDefined(inlineEnd, direction) {
      let fromInlineStart =
        tree[layout: containingNode].measured(axis.isRow) - tree[layout: child].measured(axis.isRow)
        - containingStyle.borderValue(inlineEnd, direction)
        - childStyle.marginValue(inlineEnd, direction, containingBlockSize)
        - childStyle.positionValue(inlineEnd, direction, containingBlockSize)
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
      tree[style: child].flexStartMargin(axis, direction, cbWidth) + p.border[edge] + p.padding[edge]
  }

  /// Places `child` at the end of `parent`'s padding box along `axis`.
  private mutating func setFlexEndLayoutPosition(
    _ parent: NodeIndex, _ child: NodeIndex, _ direction: Direction, _ axis: FlexDirection, _ cbWidth: Double
  ) {
    let endEdge = axis.endEdge.rawValue
    let p = tree[layout: parent]
    let flexEndPosition = p.border[endEdge] + tree[style: child].flexEndMargin(axis, direction, cbWidth)
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
    let childStyle = tree[style: child]
    let contentBox = p.measured(axis.isRow) - p.border[s] - p.border[e] - p.padding[s] - p.padding[e]
    let childOuter = tree[layout: child].measured(axis.isRow) + childStyle.marginForAxis(axis, cbWidth)
    tree[layout: child].position[s] =
      (contentBox - childOuter) / 2 + p.border[s] + childStyle.flexStartMargin(axis, direction, cbWidth)
      + p.padding[s]
  }
}
