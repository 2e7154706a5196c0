/// §8.5 "Flex Container Baselines" (https://www.w3.org/TR/css-flexbox-1/#flex-baselines) and §9.4 step 8's
/// baseline alignment: a node's first baseline and whether a container aligns items by baseline.
extension FlexEngine {
  /// The baseline of `node`, in points from its top border edge: its baseline function's answer, else the
  /// baseline of its first baseline-aligned (or first) child in the first line, else its height.
  mutating func calculateBaseline(_ node: NodeIndex) -> Double {
    if tree.hasBaseline(node) {
      let l = tree[layout: node]
      return tree.baseline(node, width: l.measuredWidth, height: l.measuredHeight)
    }
    let base = scratch.count
    let children = pushLayoutChildren(node)
    var baselineChild: NodeIndex = -1
    for i in children {
      let child = scratch[i]
      if tree[layout: child].lineIndex > 0 { break }
      if tree[style: child].positionType == .absolute { continue }
      if resolveChildAlignment(node, child) == .baseline {
        baselineChild = child
        break
      }
      if baselineChild < 0 { baselineChild = child }
    }
    popScratch(to: base)
    if baselineChild < 0 { return tree[layout: node].measuredHeight }
    return calculateBaseline(baselineChild) + tree[layout: baselineChild].position[PhysicalEdge.top.rawValue]
  }

  /// True when a row container aligns some in-flow child by baseline.
  func isBaselineLayout(_ node: NodeIndex, _ children: Range<Int>) -> Bool {
    if tree[style: node].flexDirection.isColumn { return false }
    if tree[style: node].alignItems == .baseline { return true }
    for i in children {
      let childStyle = tree[style: scratch[i]]
      if childStyle.positionType != .absolute && childStyle.alignSelf == .baseline { return true }
    }
    return false
  }
}
