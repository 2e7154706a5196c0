/// Sizing of leaves and of containers whose size is already known (CSS Flexbox §9.2 step 3's "size of the
/// content" for leaves; a measure function stands in for text or replaced content). Pure over the tree.
extension FlexEngine {
  /// Sizes a leaf with a measure function, offering its content box (Yoga's measureNodeWithMeasureFunc).
  @inline(never)
  mutating func measureNodeWithMeasureFunc(
    _ node: NodeIndex, _ direction: Direction, _ availableWidthIn: Double, _ availableHeightIn: Double,
    _ widthMode: SizingMode, _ heightMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double
  ) {
    let availableWidth = widthMode == .maxContent ? Double.nan : availableWidthIn
    let availableHeight = heightMode == .maxContent ? Double.nan : availableHeightIn
    let layout = tree[layout: node]
    let pbRow = layout.padding[0] + layout.padding[2] + layout.border[0] + layout.border[2]
    let pbColumn = layout.padding[1] + layout.padding[3] + layout.border[1] + layout.border[3]
    let innerWidth = availableWidth.isNaN ? availableWidth : Self.maxOrDefined(0, availableWidth - pbRow)
    let innerHeight = availableHeight.isNaN ? availableHeight : Self.maxOrDefined(0, availableHeight - pbColumn)
    if widthMode == .stretchFit && heightMode == .stretchFit {
      tree[layout: node].measuredWidth = boundAxis(node, .row, direction, availableWidth, ownerWidth, ownerWidth)
      tree[layout: node].measuredHeight = boundAxis(node, .column, direction, availableHeight, ownerHeight, ownerWidth)
      return
    }
    var size = tree.measure(
      node, width: AxisOffer(size: innerWidth, mode: widthMode.measureMode),
      height: AxisOffer(size: innerHeight, mode: heightMode.measureMode))
    measureCalls += 1
    if size.width.isNaN || size.width < 0 { size.width = 0 }
    if size.height.isNaN || size.height < 0 { size.height = 0 }
    tree[layout: node].measuredWidth = boundAxis(
      node, .row, direction, widthMode == .stretchFit ? availableWidth : size.width + pbRow, ownerWidth, ownerWidth)
    tree[layout: node].measuredHeight = boundAxis(
      node, .column, direction, heightMode == .stretchFit ? availableHeight : size.height + pbColumn, ownerHeight,
      ownerWidth)
  }

  /// Sizes a childless node without a measure function: the offered size, or its padding and border.
  @inline(never)
  mutating func measureNodeWithoutChildren(
    _ node: NodeIndex, _ direction: Direction, _ availableWidth: Double, _ availableHeight: Double,
    _ widthMode: SizingMode, _ heightMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double
  ) {
    let layout = tree[layout: node]
    var width = availableWidth
    if widthMode != .stretchFit {
      width = layout.padding[0] + layout.padding[2] + layout.border[0] + layout.border[2]
    }
    var height = availableHeight
    if heightMode != .stretchFit {
      height = layout.padding[1] + layout.padding[3] + layout.border[1] + layout.border[3]
    }
    tree[layout: node].measuredWidth = boundAxis(node, .row, direction, width, ownerWidth, ownerWidth)
    tree[layout: node].measuredHeight = boundAxis(node, .column, direction, height, ownerHeight, ownerWidth)
  }

  /// When both sizes are already fixed by the request, sets them and returns true (no child needs a visit).
  @inline(never)
  mutating func measureNodeWithFixedSize(
    _ node: NodeIndex, _ direction: Direction, _ availableWidth: Double, _ availableHeight: Double,
    _ widthMode: SizingMode, _ heightMode: SizingMode, _ ownerWidth: Double, _ ownerHeight: Double
  ) -> Bool {
    /// True when the size along one axis is already decided: exact, or an at-most bound of zero or less.
    func isFixed(_ dim: Double, _ mode: SizingMode) -> Bool {
      mode == .stretchFit || (!dim.isNaN && mode == .fitContent && dim <= 0)
    }
    guard isFixed(availableWidth, widthMode) && isFixed(availableHeight, heightMode) else { return false }
    let w = availableWidth.isNaN || (widthMode == .fitContent && availableWidth < 0) ? 0 : availableWidth
    let h = availableHeight.isNaN || (heightMode == .fitContent && availableHeight < 0) ? 0 : availableHeight
    tree[layout: node].measuredWidth = boundAxis(node, .row, direction, w, ownerWidth, ownerWidth)
    tree[layout: node].measuredHeight = boundAxis(node, .column, direction, h, ownerHeight, ownerWidth)
    return true
  }
}
