/// Min/max clamping and definite sizes of a node along an axis (CSS Flexbox §9.7's "clamped" sizes and CSS
/// Sizing's definite lengths). Pure over the tree's styles.
extension FlexEngine {
  /// Yoga's `inexactEquals`: both NaN, or closer than 0.0001.
  @inline(__always) static func inexactEquals(_ a: Double, _ b: Double) -> Bool {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
    return abs(a - b) < 0.0001
  }

  /// The larger of two values, ignoring NaN (NaN only if both are).
  @inline(__always) static func maxOrDefined(_ a: Double, _ b: Double) -> Double {
    if a.isNaN { return b }
    if b.isNaN { return a }
    return max(a, b)
  }

  /// The smaller of two values, ignoring NaN.
  @inline(__always) static func minOrDefined(_ a: Double, _ b: Double) -> Double {
    if a.isNaN { return b }
    if b.isNaN { return a }
    return min(a, b)
  }

  /// The width or height as styled, except that max == min pins it (Yoga's processed dimension).
  @inline(__always) func processedDimension(_ node: NodeIndex, _ isWidth: Bool) -> Length {
    let maxDim = isWidth ? tree[style: node].maxWidth : tree[style: node].maxHeight
    let minDim = isWidth ? tree[style: node].minWidth : tree[style: node].minHeight
    if maxDim.isDefined && lengthsMatch(maxDim, minDim) { return maxDim }
    return isWidth ? tree[style: node].width : tree[style: node].height
  }

  /// True when two lengths have the same unit and (nearly) the same value.
  @inline(__always) private func lengthsMatch(_ a: Length, _ b: Length) -> Bool {
    switch (a, b) {
    case (.points(let x), .points(let y)), (.percent(let x), .percent(let y)):
      return Self.inexactEquals(Double(x), Double(y))
    case (.auto, .auto), (.maxContent, .maxContent), (.fitContent, .fitContent), (.stretch, .stretch): return true
    default: return false
    }
  }

  /// True when `node`'s width (`isWidth`) or height resolves to a non-negative size against `ownerSize`.
  @inline(__always) func hasDefiniteLength(_ node: NodeIndex, _ isWidth: Bool, _ ownerSize: Double) -> Bool {
    let v = processedDimension(node, isWidth).resolve(ownerSize)
    return !v.isNaN && v >= 0
  }

  /// `node`'s styled border-box width or height against `reference` (NaN when indefinite).
  @inline(__always) func resolvedDimension(
    _ node: NodeIndex, _ direction: Direction, _ isWidth: Bool, _ reference: Double, _ ownerWidth: Double
  ) -> Double {
    let v = processedDimension(node, isWidth).resolve(reference)
    if tree[style: node].boxSizing == .borderBox { return v }
    return v + paddingAndBorderForDimension(node, isWidth, direction, ownerWidth)
  }

  /// `node`'s border-box minimum width or height against `reference` (NaN when none).
  @inline(__always) func resolvedMinDimension(
    _ node: NodeIndex, _ direction: Direction, _ isWidth: Bool, _ reference: Double, _ ownerWidth: Double
  ) -> Double {
    let v = (isWidth ? tree[style: node].minWidth : tree[style: node].minHeight).resolve(reference)
    if tree[style: node].boxSizing == .borderBox || v.isNaN { return v }
    return v + paddingAndBorderForDimension(node, isWidth, direction, ownerWidth)
  }

  /// `node`'s border-box maximum width or height against `reference` (NaN when none).
  @inline(__always) func resolvedMaxDimension(
    _ node: NodeIndex, _ direction: Direction, _ isWidth: Bool, _ reference: Double, _ ownerWidth: Double
  ) -> Double {
    let v = (isWidth ? tree[style: node].maxWidth : tree[style: node].maxHeight).resolve(reference)
    if tree[style: node].boxSizing == .borderBox || v.isNaN { return v }
    return v + paddingAndBorderForDimension(node, isWidth, direction, ownerWidth)
  }

  /// Clamps `value` between `node`'s min and max along `axis` (Yoga's boundAxisWithinMinAndMax).
  @inline(__always) func boundAxisWithinMinAndMax(
    _ node: NodeIndex, _ direction: Direction, _ axis: FlexDirection, _ value: Double, _ axisSize: Double,
    _ widthSize: Double
  ) -> Double {
    let isWidth = axis.isRow
    // Fast path: no min or max along this axis (most nodes).
    if case .undefined = tree[style: node].minDimension(isWidth),
      case .undefined = tree[style: node].maxDimension(isWidth)
    {
      return value
    }
    var minV = resolvedMinDimension(node, direction, isWidth, axisSize, widthSize)
    if minV.isNaN && tree[style: node].minDimension(isWidth).isAuto && tree[layout: node].autoMinIsRow == isWidth {
      minV = tree[layout: node].autoMinMain
    }
    let maxV = resolvedMaxDimension(node, direction, isWidth, axisSize, widthSize)
    if !maxV.isNaN && maxV >= 0 && !value.isNaN && value > maxV { return maxV }
    if !minV.isNaN && minV >= 0 && !value.isNaN && value < minV { return minV }
    return value
  }

  /// Clamps `value` to min/max and to at least the padding and border along `axis` (Yoga's boundAxis).
  @inline(__always) func boundAxis(
    _ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction, _ value: Double, _ axisSize: Double,
    _ widthSize: Double
  ) -> Double {
    Self.maxOrDefined(
      boundAxisWithinMinAndMax(node, direction, axis, value, axisSize, widthSize),
      paddingAndBorderForAxis(node, axis, direction, widthSize))
  }

  /// Caps an offered size at the node's max size (plus margins); an unbounded offer becomes fit-content at the max.
  @inline(__always) func constrainMaxSizeForMode(
    _ node: NodeIndex, _ direction: Direction, _ axis: FlexDirection, _ ownerAxisSize: Double,
    _ ownerWidth: Double, _ mode: inout SizingMode, _ size: inout Double
  ) {
    // Fast path: no max along this axis, so nothing to cap.
    if case .undefined = tree[style: node].maxDimension(axis.isRow) { return }
    let maxSize =
      resolvedMaxDimension(node, direction, axis.isRow, ownerAxisSize, ownerWidth)
      + marginForAxis(node, axis, ownerWidth)
    switch mode {
    case .stretchFit, .fitContent:
      if !maxSize.isNaN && !(size < maxSize) { size = maxSize }
    case .maxContent:
      if !maxSize.isNaN {
        mode = .fitContent
        size = maxSize
      }
    }
  }

  /// The room inside `node`'s padding and border along a dimension, kept within its min and max.
  func availableInnerDimension(
    _ node: NodeIndex, _ direction: Direction, _ isWidth: Bool, _ availableDim: Double, _ paddingAndBorder: Double,
    _ ownerDim: Double, _ ownerWidth: Double
  ) -> Double {
    var inner = availableDim - paddingAndBorder
    if case .undefined = tree[style: node].minDimension(isWidth),
      case .undefined = tree[style: node].maxDimension(isWidth)
    {
      // Fast path: no min or max; the same clamp as below with min 0 and max the greatest finite value.
      return inner.isNaN ? inner : Swift.max(Swift.min(inner, Double.greatestFiniteMagnitude), 0)
    }
    if !inner.isNaN {
      let minD = resolvedMinDimension(node, direction, isWidth, ownerDim, ownerWidth)
      let minInner = minD.isNaN ? 0 : minD - paddingAndBorder
      let maxD = resolvedMaxDimension(node, direction, isWidth, ownerDim, ownerWidth)
      let maxInner = maxD.isNaN ? Double.greatestFiniteMagnitude : maxD - paddingAndBorder
      inner = Self.maxOrDefined(Self.minOrDefined(inner, maxInner), minInner)
    }
    return inner
  }
}
