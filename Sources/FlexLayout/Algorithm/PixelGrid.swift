/// Pixel-grid rounding (Yoga's YGRoundToPixelGrid; not a CSS Flexbox step): positions round to the nearest
/// device pixel and sizes are the difference of rounded absolute edges, so adjacent boxes never gap or overlap.
/// Measured leaves round their size up when fractional (text must not be truncated).
extension FlexEngine {
  /// Rounds `value` (points) to the grid of `scale` pixels per point; `forceCeil`/`forceFloor` pick a direction.
  static func roundValueToPixelGrid(_ value: Double, _ scale: Double, _ forceCeil: Bool, _ forceFloor: Bool)
    -> Double
  {
    var scaled = value * scale
    // scaled - floor(scaled): fmod(scaled, 1), moved into [0, 1) for negative values.
    let fractional = scaled - Self.floorInline(scaled)
    // Already on the grid (the usual case for whole-point layouts): the general branch below would subtract 0.
    if fractional == 0 { return scaled / scale }
    if inexactEquals(fractional, 0) {
      scaled -= fractional
    } else if inexactEquals(fractional, 1) {
      scaled = scaled - fractional + 1
    } else if forceCeil {
      scaled = scaled - fractional + 1
    } else if forceFloor {
      scaled -= fractional
    } else {
      scaled = scaled - fractional + (!fractional.isNaN && (fractional > 0.5 || inexactEquals(fractional, 0.5)) ? 1 : 0)
    }
    return scaled.isNaN || scale.isNaN ? .nan : scaled / scale
  }

  /// `x.rounded(.down)` without a libm call: through an integer conversion when |x| < 2^52 (every such value
  /// converts exactly), else the library's floor (large values, infinities, NaN).
  @inline(__always) static func floorInline(_ x: Double) -> Double {
    guard abs(x) < 4_503_599_627_370_496 else { return x.rounded(.down) }
    let t = Double(Int64(x))
    if t == x { return x }
    return t > x ? t - 1 : t
  }

  /// True when `x` is a whole number below 2^52 in magnitude (false for NaN and infinities); no libm call.
  @inline(__always) static func isWhole(_ x: Double) -> Bool {
    abs(x) < 4_503_599_627_370_496 && Double(Int64(x)) == x
  }

  /// `x.rounded(.towardZero)` without a libm call, as `floorInline`.
  @inline(__always) static func truncateInline(_ x: Double) -> Double {
    guard abs(x) < 4_503_599_627_370_496 else { return x.rounded(.towardZero) }
    let t = Double(Int64(x))
    return t == x ? x : t
  }

  /// Rounds the frames of `node`'s subtree; `absoluteLeft`/`absoluteTop` locate its parent in the root, points.
  mutating func roundToPixelGrid(_ node: NodeIndex, absoluteLeft: Double, absoluteTop: Double) {
    let origin = roundNodeToPixelGrid(node, absoluteLeft: absoluteLeft, absoluteTop: absoluteTop)
    var c = tree.firstChild(of: node)
    while c >= 0 {
      roundToPixelGrid(c, absoluteLeft: origin.left, absoluteTop: origin.top)
      c = tree.nextSibling(of: c)
    }
  }

  /// Rounds one node's frame; returns its unrounded absolute origin for its children.
  @inline(never)
  private mutating func roundNodeToPixelGrid(_ node: NodeIndex, absoluteLeft: Double, absoluteTop: Double)
    -> (left: Double, top: Double)
  {
    let scale = config.pointScaleFactor
    let nodeLeft = tree[layout: node].position[0]
    let nodeTop = tree[layout: node].position[1]
    let nodeWidth = tree[layout: node].width
    let nodeHeight = tree[layout: node].height
    let absLeft = absoluteLeft + nodeLeft
    let absTop = absoluteTop + nodeTop
    let absRight = absLeft + nodeWidth
    let absBottom = absTop + nodeHeight
    // Fast path: with a whole scale and whole-point values, every value below is already on the grid (v × scale
    // is a whole number, and ÷ scale gives v back exactly), so the frame stays as it is.
    if scale >= 1 && Self.isWhole(scale) && Self.isWhole(nodeLeft) && Self.isWhole(nodeTop)
      && Self.isWhole(nodeWidth) && Self.isWhole(nodeHeight) && Self.isWhole(absoluteLeft)
      && Self.isWhole(absoluteTop)
    {
      return (absLeft, absTop)
    }
    let textRounding = tree.hasMeasure(node)
    tree[layout: node].position[0] = Self.roundValueToPixelGrid(nodeLeft, scale, false, textRounding)
    tree[layout: node].position[1] = Self.roundValueToPixelGrid(nodeTop, scale, false, textRounding)
    let fw = nodeWidth * scale - Self.truncateInline(nodeWidth * scale)
    let fh = nodeHeight * scale - Self.truncateInline(nodeHeight * scale)
    let fractionalWidth = !Self.inexactEquals(fw, 0) && !Self.inexactEquals(fw, 1)
    let fractionalHeight = !Self.inexactEquals(fh, 0) && !Self.inexactEquals(fh, 1)
    tree[layout: node].width =
      Self.roundValueToPixelGrid(absRight, scale, textRounding && fractionalWidth, textRounding && !fractionalWidth)
      - Self.roundValueToPixelGrid(absLeft, scale, false, textRounding)
    tree[layout: node].height =
      Self.roundValueToPixelGrid(absBottom, scale, textRounding && fractionalHeight, textRounding && !fractionalHeight)
      - Self.roundValueToPixelGrid(absTop, scale, false, textRounding)
    return (absLeft, absTop)
  }
}
