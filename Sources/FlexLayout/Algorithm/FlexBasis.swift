/// §9.2 step 3, "Determine the flex base size and hypothetical main size of each item"
/// (https://www.w3.org/TR/css-flexbox-1/#algo-main-item). Pure over the tree.
extension FlexEngine {
  /// Computes every in-flow child's flex basis, positions children initially, zeroes `display: none` ones and
  /// returns the sum of flex bases plus main-axis margins.
  mutating func computeFlexBasisForChildren(_ ctx: inout ContainerContext, performLayout: Bool, depth: Int) -> Double {
    var totalOuterFlexBasis = 0.0
    var singleFlexChild: NodeIndex = -1
    let sizingModeMainDim = ctx.isMainAxisRow ? ctx.widthSizingMode : ctx.heightSizingMode
    // With an exact main size, a single child that can both grow and shrink gets basis 0 and flexes to fit.
    // (Yoga's shortcut; CSS sizes the item from its content, which its automatic minimum may need.)
    if sizingModeMainDim == .stretchFit && !config.useWebDefaults {
      for i in ctx.children {
        let child = scratch[i]
        if isNodeFlexible(child) {
          if singleFlexChild >= 0 || Self.inexactEquals(resolveFlexGrow(child), 0)
            || Self.inexactEquals(resolveFlexShrink(child), 0)
          {
            singleFlexChild = -1
            break
          }
          singleFlexChild = child
        }
      }
    }
    for i in ctx.children {
      let child = scratch[i]
      if tree[style: child].display == .none {
        zeroOutLayoutRecursively(child)
        continue
      }
      if performLayout {
        setPosition(
          child, resolveDirection(child, ctx.direction), ctx.availableInnerWidth, ctx.availableInnerHeight)
      }
      if tree[style: child].positionType == .absolute { continue }
      if child == singleFlexChild {
        tree[layout: child].computedFlexBasisGeneration = generation
        tree[layout: child].computedFlexBasis = 0
      } else {
        computeFlexBasisForChild(&ctx, child, depth: depth)
      }
      totalOuterFlexBasis += outerFlexBasis(child, ctx.mainAxis, ctx.availableInnerWidth)
    }
    return totalOuterFlexBasis
  }

  /// `child`'s flex basis plus its main-axis margins.
  @inline(never)
  private func outerFlexBasis(_ child: NodeIndex, _ mainAxis: FlexDirection, _ widthSize: Double) -> Double {
    tree[layout: child].computedFlexBasis + marginForAxis(child, mainAxis, widthSize)
  }

  /// Computes `child`'s flex basis: its definite basis or main size, else its measured content size.
  mutating func computeFlexBasisForChild(_ ctx: inout ContainerContext, _ child: NodeIndex, depth: Int) {
    if let r = flexBasisFromStyle(&ctx, child) {
      calculateLayoutInternal(
        child, r.width, r.height, ctx.direction, r.widthMode, r.heightMode, ctx.availableInnerWidth,
        ctx.availableInnerHeight, performLayout: false, depth: depth)
      setMeasuredFlexBasis(&ctx, child)
    }
    tree[layout: child].computedFlexBasisGeneration = generation
    tree[layout: child].autoMinMain = .nan
    if setLeafMinContentMinimum(&ctx, child) { return }
    if config.useWebDefaults && setCSSRowAutomaticMinimum(&ctx, child) { return }
    if let r = automaticMinimumRequest(&ctx, child) {
      calculateLayoutInternal(
        child, r.width, r.height, ctx.direction, r.widthMode, r.heightMode, ctx.availableInnerWidth,
        ctx.availableInnerHeight, performLayout: false, depth: depth)
      setAutomaticMinimum(&ctx, child)
    }
  }

  /// CSS defaults: stores `child`'s automatic minimum width from its row content size suggestion
  /// (`cssRowContentSizeSuggestion`); false when that does not apply. Out of line, so the Yoga path's frames stay
  /// small.
  @inline(never)
  private mutating func setCSSRowAutomaticMinimum(_ ctx: inout ContainerContext, _ child: NodeIndex) -> Bool {
    guard let suggestion = cssRowContentSizeSuggestion(&ctx, child) else { return false }
    tree[layout: child].autoMinMain = suggestion
    tree[layout: child].autoMinIsRow = true
    setAutomaticMinimumCaps(&ctx, child)
    return true
  }

  /// §4.5 "Automatic Minimum Size of Flex Items" (https://www.w3.org/TR/css-flexbox-1/#min-size-auto): when
  /// `child`'s min main size is `auto` (CSS defaults) and it is not a scroll container, the request measuring its
  /// content size along the main axis: at zero main size (its min-content size, as far as boxes and measure
  /// functions report one) and its cross size as laid out.
  @inline(never)
  private func automaticMinimumRequest(_ ctx: inout ContainerContext, _ child: NodeIndex) -> ChildRequest? {
    let isRow = ctx.isMainAxisRow
    guard tree[style: child].minDimension(isRow).isAuto, tree[style: child].overflow == .visible else { return nil }
    let crossIsDefinite = hasDefiniteLength(child, !isRow, isRow ? ctx.availableInnerHeight : ctx.availableInnerWidth)
    let cross =
      crossIsDefinite
      ? resolvedDimension(
        child, ctx.direction, !isRow, isRow ? ctx.availableInnerHeight : ctx.availableInnerWidth,
        ctx.availableInnerWidth) + marginForAxis(child, ctx.crossAxis, ctx.availableInnerWidth)
      : (isRow ? ctx.availableInnerHeight : ctx.availableInnerWidth)
    let crossMode: SizingMode = cross.isNaN ? .maxContent : (crossIsDefinite ? .stretchFit : .fitContent)
    let main = marginForAxis(child, ctx.mainAxis, ctx.availableInnerWidth)
    return isRow
      ? ChildRequest(width: main, height: cross, widthMode: .fitContent, heightMode: crossMode)
      : ChildRequest(width: cross, height: .nan, widthMode: crossMode, heightMode: .maxContent)
  }

  /// For a measured leaf along a row that reports a min-content width, stores the automatic minimum from it
  /// (plus padding and border) and returns true.
  @inline(never)
  private mutating func setLeafMinContentMinimum(_ ctx: inout ContainerContext, _ child: NodeIndex) -> Bool {
    guard ctx.isMainAxisRow, tree.hasMeasure(child), tree[style: child].minWidth.isAuto,
      tree[style: child].overflow == .visible
    else { return false }
    let minContent = tree.minContentWidth(child)
    guard !minContent.isNaN else { return false }
    tree[layout: child].autoMinMain =
      minContent + paddingAndBorderForAxis(child, .row, ctx.direction, ctx.availableInnerWidth)
    tree[layout: child].autoMinIsRow = true
    setAutomaticMinimumCaps(&ctx, child)
    return true
  }

  /// Stores the automatic minimum from the content measurement: the content size, capped by a definite main size
  /// and the max main size.
  @inline(never)
  private mutating func setAutomaticMinimum(_ ctx: inout ContainerContext, _ child: NodeIndex) {
    tree[layout: child].autoMinMain = tree[layout: child].measured(ctx.isMainAxisRow)
    if config.useWebDefaults && !ctx.isMainAxisRow {
      let fromRatio = cssColumnRatioSuggestion(&ctx, child, measuredWidth: tree[layout: child].measuredWidth)
      if !fromRatio.isNaN { tree[layout: child].autoMinMain = max(tree[layout: child].autoMinMain, fromRatio) }
    }
    tree[layout: child].autoMinIsRow = ctx.isMainAxisRow
    setAutomaticMinimumCaps(&ctx, child)
  }

  /// Caps the automatic minimum by a definite main size and the max main size.
  @inline(never)
  private mutating func setAutomaticMinimumCaps(_ ctx: inout ContainerContext, _ child: NodeIndex) {
    let isRow = ctx.isMainAxisRow
    var content = tree[layout: child].autoMinMain
    let mainOwner = isRow ? ctx.availableInnerWidth : ctx.availableInnerHeight
    if hasDefiniteLength(child, isRow, mainOwner) {
      content = min(content, resolvedDimension(child, ctx.direction, isRow, mainOwner, ctx.availableInnerWidth))
    }
    let maxMain = resolvedMaxDimension(child, ctx.direction, isRow, mainOwner, ctx.availableInnerWidth)
    if !maxMain.isNaN { content = min(content, maxMain) }
    tree[layout: child].autoMinMain = content
    tree[layout: child].autoMinIsRow = isRow
  }

  /// Sets the flex basis from the measured main size (at least padding and border).
  @inline(never)
  private mutating func setMeasuredFlexBasis(_ ctx: inout ContainerContext, _ child: NodeIndex) {
    tree[layout: child].computedFlexBasis = Self.maxOrDefined(
      tree[layout: child].measured(ctx.isMainAxisRow),
      paddingAndBorderForAxis(child, ctx.mainAxis, ctx.direction, ctx.availableInnerWidth))
  }

  /// The styled flex basis of `child` (`flex: N` implies basis 0 under Yoga defaults), border-box points.
  private func resolveFlexBasis(
    _ child: NodeIndex, _ direction: Direction, _ axis: FlexDirection, _ reference: Double, _ ownerWidth: Double
  ) -> Double {
    var basis = tree[style: child].flexBasis
    if basis.isAuto || !basis.isDefined {
      basis =
        !tree[style: child].flex.isNaN && tree[style: child].flex > 0 ? (config.useWebDefaults ? .auto : .zero) : .auto
    }
    let v = basis.resolve(reference)
    if tree[style: child].boxSizing == .borderBox { return v }
    return v + paddingAndBorderForDimension(child, axis.isRow, direction, ownerWidth)
  }

  /// Sets `child`'s flex basis from its definite basis or main size and returns nil, or returns the request that
  /// measures its content size.
  @inline(never)
  private mutating func flexBasisFromStyle(_ ctx: inout ContainerContext, _ child: NodeIndex) -> ChildRequest? {
    let width = ctx.availableInnerWidth
    let height = ctx.availableInnerHeight
    let widthMode = ctx.widthSizingMode
    let heightMode = ctx.heightSizingMode
    let direction = ctx.direction
    let ownerWidth = width
    let ownerHeight = height
    let mainAxis = ctx.mainAxis
    let isMainAxisRow = ctx.isMainAxisRow
    let mainAxisOwnerSize = isMainAxisRow ? ownerWidth : ownerHeight

    // CSS: a percentage flex basis of an item whose container's main size is indefinite behaves as content.
    let mainIsDefinite = (isMainAxisRow ? widthMode : heightMode) == .stretchFit
    let basisIsContent = config.useWebDefaults && !mainIsDefinite
    let basisReference = basisIsContent ? Double.nan : mainAxisOwnerSize
    let resolvedFlexBasis = resolveFlexBasis(child, direction, mainAxis, basisReference, ownerWidth)
    var isRowStyleDimDefined = hasDefiniteLength(child, true, ownerWidth)
    var isColumnStyleDimDefined = hasDefiniteLength(child, false, ownerHeight)
    if basisIsContent && tree[style: child].flexBasis.isPercent {
      // §9.2.3 (CSS): a percentage flex basis against an indefinite main size is `content`: the item's main size
      // property is ignored and its content measured.
      if isMainAxisRow { isRowStyleDimDefined = false } else { isColumnStyleDimDefined = false }
    }

    // CSS (and Yoga's FixFlexBasisFitContent): a definite flex basis is the flex base size even when the
    // container's main size is indefinite.
    if !resolvedFlexBasis.isNaN {
      // Yoga keeps a basis already computed in this pass; CSS recomputes it, since a percentage basis that was
      // indefinite in a measuring pass (and taken from content) resolves once the container's size is definite.
      if tree[layout: child].computedFlexBasis.isNaN || config.useWebDefaults {
        let pb = paddingAndBorderForAxis(child, mainAxis, direction, ownerWidth)
        tree[layout: child].computedFlexBasis = Self.maxOrDefined(resolvedFlexBasis, pb)
      }
    } else if isMainAxisRow && isRowStyleDimDefined {
      let pb = paddingAndBorderForAxis(child, .row, direction, ownerWidth)
      tree[layout: child].computedFlexBasis = Self.maxOrDefined(
        resolvedDimension(child, direction, true, ownerWidth, ownerWidth), pb)
    } else if !isMainAxisRow && isColumnStyleDimDefined {
      let pb = paddingAndBorderForAxis(child, .column, direction, ownerWidth)
      tree[layout: child].computedFlexBasis = Self.maxOrDefined(
        resolvedDimension(child, direction, false, ownerHeight, ownerWidth), pb)
    }
    if !resolvedFlexBasis.isNaN || (isMainAxisRow && isRowStyleDimDefined)
      || (!isMainAxisRow && isColumnStyleDimDefined)
    {
      return nil
    }
    do {
      var childWidth = Double.nan
      var childHeight = Double.nan
      var childWidthMode = SizingMode.maxContent
      var childHeightMode = SizingMode.maxContent
      let marginRow = marginForAxis(child, .row, ownerWidth)
      let marginColumn = marginForAxis(child, .column, ownerWidth)
      if isRowStyleDimDefined {
        childWidth = resolvedDimension(child, direction, true, ownerWidth, ownerWidth) + marginRow
        childWidthMode = .stretchFit
      }
      if isColumnStyleDimDefined {
        childHeight = resolvedDimension(child, direction, false, ownerHeight, ownerWidth) + marginColumn
        childHeightMode = .stretchFit
      }
      // Browsers let a scroll container's children overflow it along its main axis.
      let overflow = tree[style: ctx.node].overflow
      if (!isMainAxisRow && overflow == .scroll) || overflow != .scroll {
        if childWidth.isNaN && !width.isNaN {
          childWidth = width
          childWidthMode = .fitContent
        }
      }
      if (isMainAxisRow && overflow == .scroll) || overflow != .scroll {
        if childHeight.isNaN && !height.isNaN {
          childHeight = height
          childHeightMode = .fitContent
        }
      }
      let ratio = usedAspectRatio(child, ownerWidth, ownerHeight)
      if !ratio.isNaN {
        if !isMainAxisRow && childWidthMode == .stretchFit {
          childHeight =
            marginColumn + transferredSize(child, childWidth - marginRow, fromWidth: true, ratio, direction, ownerWidth)
          childHeightMode = .stretchFit
        } else if isMainAxisRow && childHeightMode == .stretchFit {
          childWidth =
            marginRow
            + transferredSize(child, childHeight - marginColumn, fromWidth: false, ratio, direction, ownerWidth)
          childWidthMode = .stretchFit
        }
      }
      // A stretched child without a cross size is measured at the container's exact cross size (CSS: only in a
      // single-line container; the items of a multi-line one are sized by their content first, Flexbox §9.4).
      let alignsStretch =
        resolveChildAlignment(ctx.node, child) == .stretch && !(config.useWebDefaults && ctx.isNodeFlexWrap)
      let hasExactWidth = !width.isNaN && widthMode == .stretchFit
      if !isMainAxisRow && !isRowStyleDimDefined && hasExactWidth && alignsStretch && childWidthMode != .stretchFit {
        childWidth = width
        childWidthMode = .stretchFit
        if !ratio.isNaN {
          // Offers include margins: CSS adds them back; Yoga does not.
          childHeight =
            transferredSize(child, childWidth - marginRow, fromWidth: true, ratio, direction, ownerWidth)
            + (config.useWebDefaults ? marginColumn : 0)
          childHeightMode = .stretchFit
        }
      }
      let hasExactHeight = !height.isNaN && heightMode == .stretchFit
      if isMainAxisRow && !isColumnStyleDimDefined && hasExactHeight && alignsStretch
        && childHeightMode != .stretchFit
      {
        childHeight = height
        childHeightMode = .stretchFit
        if !ratio.isNaN {
          childWidth =
            transferredSize(child, childHeight - marginColumn, fromWidth: false, ratio, direction, ownerWidth)
            + (config.useWebDefaults ? marginRow : 0)
          childWidthMode = .stretchFit
        }
      }
      constrainMaxSizeForMode(child, direction, .row, ownerWidth, ownerWidth, &childWidthMode, &childWidth)
      constrainMaxSizeForMode(child, direction, .column, ownerHeight, ownerWidth, &childHeightMode, &childHeight)
      return ChildRequest(
        width: childWidth, height: childHeight, widthMode: childWidthMode, heightMode: childHeightMode)
    }
  }
}

/// The size and sizing modes a parent offers a child in one layout or measure call (margins included).
struct ChildRequest {
  /// Offered width, points (NaN = unbounded).
  var width: Double
  /// Offered height, points (NaN = unbounded).
  var height: Double
  /// Width sizing mode.
  var widthMode: SizingMode
  /// Height sizing mode.
  var heightMode: SizingMode
}
