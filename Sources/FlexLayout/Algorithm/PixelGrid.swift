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
    let fractional = scaled - scaled.rounded(.down)
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
    let textRounding = tree.hasMeasure(node)
    tree[layout: node].position[0] = Self.roundValueToPixelGrid(nodeLeft, scale, false, textRounding)
    tree[layout: node].position[1] = Self.roundValueToPixelGrid(nodeTop, scale, false, textRounding)
    let fw = nodeWidth * scale - (nodeWidth * scale).rounded(.towardZero)
    let fh = nodeHeight * scale - (nodeHeight * scale).rounded(.towardZero)
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
