/// Axis and edge helpers shared by every step: which physical edge starts or ends an axis, and style values
/// resolved for an axis. Pure.
extension FlexDirection {
  /// `row` and `row-reverse` swap under RTL; columns do not.
  @inline(__always) func resolved(_ direction: Direction) -> FlexDirection {
    if direction == .rtl {
      if self == .row { return .rowReverse }
      if self == .rowReverse { return .row }
    }
    return self
  }

  /// The cross axis of this (resolved) main axis.
  @inline(__always) func cross(_ direction: Direction) -> FlexDirection {
    isColumn ? FlexDirection.row.resolved(direction) : .column
  }

  /// The physical edge where the axis starts.
  @inline(__always) var startEdge: PhysicalEdge {
    switch self {
    case .column: return .top
    case .columnReverse: return .bottom
    case .row: return .left
    case .rowReverse: return .right
    }
  }

  /// The physical edge where the axis ends.
  @inline(__always) var endEdge: PhysicalEdge {
    switch self {
    case .column: return .bottom
    case .columnReverse: return .top
    case .row: return .right
    case .rowReverse: return .left
    }
  }

  /// The inline-start edge of this axis in `direction` (left/right for rows, top for columns).
  @inline(__always) func inlineStartEdge(_ direction: Direction) -> PhysicalEdge {
    isRow ? (direction == .rtl ? .right : .left) : .top
  }

  /// The inline-end edge of this axis in `direction`.
  @inline(__always) func inlineEndEdge(_ direction: Direction) -> PhysicalEdge {
    isRow ? (direction == .rtl ? .left : .right) : .bottom
  }

  /// True when children are positioned from the end edge (reverse directions).
  @inline(__always) var needsTrailingPosition: Bool { self == .rowReverse || self == .columnReverse }
}

extension Style {
  /// Margin on `edge`, points (auto = 0); percentages of `widthSize`.
  @inline(__always) func marginValue(_ edge: PhysicalEdge, _ direction: Direction, _ widthSize: Double) -> Double {
    let v = margin.value(edge, direction).resolve(widthSize)
    return v.isNaN ? 0 : v
  }

  /// Margin at the start of `axis`.
  @inline(__always) func flexStartMargin(_ axis: FlexDirection, _ direction: Direction, _ widthSize: Double) -> Double
  { marginValue(axis.startEdge, direction, widthSize) }

  /// Margin at the end of `axis`.
  @inline(__always) func flexEndMargin(_ axis: FlexDirection, _ direction: Direction, _ widthSize: Double) -> Double {
    marginValue(axis.endEdge, direction, widthSize)
  }

  /// Margin at the inline start of `axis`.
  @inline(__always) func inlineStartMargin(_ axis: FlexDirection, _ direction: Direction, _ widthSize: Double)
    -> Double
  { marginValue(axis.inlineStartEdge(direction), direction, widthSize) }

  /// Margin at the inline end of `axis`.
  @inline(__always) func inlineEndMargin(_ axis: FlexDirection, _ direction: Direction, _ widthSize: Double)
    -> Double
  { marginValue(axis.inlineEndEdge(direction), direction, widthSize) }

  /// Total margin along `axis` (direction-independent).
  @inline(__always) func marginForAxis(_ axis: FlexDirection, _ widthSize: Double) -> Double {
    inlineStartMargin(axis, .ltr, widthSize) + inlineEndMargin(axis, .ltr, widthSize)
  }

  /// True when the margin at the start of `axis` is `auto`.
  @inline(__always) func flexStartMarginIsAuto(_ axis: FlexDirection, _ direction: Direction) -> Bool {
    margin.value(axis.startEdge, direction).isAuto
  }

  /// True when the margin at the end of `axis` is `auto`.
  @inline(__always) func flexEndMarginIsAuto(_ axis: FlexDirection, _ direction: Direction) -> Bool {
    margin.value(axis.endEdge, direction).isAuto
  }

  /// Border on `edge`, points, never negative.
  @inline(__always) func borderValue(_ edge: PhysicalEdge, _ direction: Direction) -> Double {
    let v = border.value(edge, direction).resolve(0)
    return v.isNaN ? 0 : max(v, 0)
  }

  /// Padding on `edge`, points, never negative; percentages of `widthSize`.
  @inline(__always) func paddingValue(_ edge: PhysicalEdge, _ direction: Direction, _ widthSize: Double) -> Double {
    let v = padding.value(edge, direction).resolve(widthSize)
    return v.isNaN ? 0 : max(v, 0)
  }

  /// Padding plus border at the start of `axis`.
  @inline(__always) func flexStartPaddingAndBorder(
    _ axis: FlexDirection, _ direction: Direction, _ widthSize: Double
  ) -> Double {
    paddingValue(axis.startEdge, direction, widthSize) + borderValue(axis.startEdge, direction)
  }

  /// Padding plus border at the end of `axis`.
  @inline(__always) func flexEndPaddingAndBorder(
    _ axis: FlexDirection, _ direction: Direction, _ widthSize: Double
  ) -> Double {
    paddingValue(axis.endEdge, direction, widthSize) + borderValue(axis.endEdge, direction)
  }

  /// Padding plus border along `axis`.
  @inline(__always) func paddingAndBorderForAxis(
    _ axis: FlexDirection, _ direction: Direction, _ widthSize: Double
  ) -> Double {
    flexStartPaddingAndBorder(axis, direction, widthSize) + flexEndPaddingAndBorder(axis, direction, widthSize)
  }

  /// Border along `axis` (direction-independent).
  @inline(__always) func borderForAxis(_ axis: FlexDirection) -> Double {
    borderValue(axis.inlineStartEdge(.ltr), .ltr) + borderValue(axis.inlineEndEdge(.ltr), .ltr)
  }

  /// The inset on `edge` as written.
  @inline(__always) func positionLength(_ edge: PhysicalEdge, _ direction: Direction) -> Length {
    position.value(edge, direction)
  }

  /// True when the inset at `edge` is set and not `auto`.
  @inline(__always) func isPositionDefined(_ edge: PhysicalEdge, _ direction: Direction) -> Bool {
    let l = position.value(edge, direction)
    return l.isDefined && !l.isAuto
  }

  /// The inset at `edge`, points (0 when unset); percentages of `axisSize`.
  @inline(__always) func positionValue(_ edge: PhysicalEdge, _ direction: Direction, _ axisSize: Double) -> Double {
    let v = position.value(edge, direction).resolve(axisSize)
    return v.isNaN ? 0 : v
  }

  /// True when left or right inset is set.
  var horizontalInsetsDefined: Bool {
    position.left.isDefined || position.right.isDefined || position.start.isDefined || position.end.isDefined
  }

  /// True when top or bottom inset is set.
  var verticalInsetsDefined: Bool { position.top.isDefined || position.bottom.isDefined }

  /// The gap between items along `axis`, points, never negative; percentages of `ownerSize`.
  @inline(__always) func gapForAxis(_ axis: FlexDirection, _ ownerSize: Double) -> Double {
    let v = (axis.isRow ? columnGap : rowGap).resolve(ownerSize)
    return v.isNaN ? 0 : max(v, 0)
  }

  /// Padding plus border of the width (`isWidth`) or height.
  @inline(__always) func paddingAndBorderForDimension(_ isWidth: Bool, _ direction: Direction, _ widthSize: Double)
    -> Double
  { paddingAndBorderForAxis(isWidth ? .row : .column, direction, widthSize) }
}
