import FlexLayout

extension BoxTemplate {
  /// Builds a fresh flex tree of the template (node `i` is flex node `i`, the root is 0) for one layout. Pure.
  ///
  /// Each node's style is its defaults with its settings replayed. `embeddedLeaf` makes the functions of an
  /// embedded element's node (given the index into `embedded` and the node). A real font that is not installed is
  /// an error at the measure's `font` member, under `base` (the root node's path).
  package func makeTree(
    base: String, embeddedLeaf: (_ index: Int, _ node: NodeIndex) -> BoxMeasureDecoder.Leaf
  ) throws(SpecDecodingError) -> FlexTree {
    var tree = FlexTree()
    try build(into: &tree, base: base, embeddedLeaf: embeddedLeaf)
    return tree
  }

  /// Builds the template's flex tree (as `makeTree`) in `tree`, which must be empty; a tree kept from an earlier
  /// layout (`ScratchFlexTree`) reuses its storage.
  package func build(
    into tree: inout FlexTree, base: String, embeddedLeaf: (_ index: Int, _ node: NodeIndex) -> BoxMeasureDecoder.Leaf
  ) throws(SpecDecodingError) {
    tree.reserveCapacity(nodes: nodes.count, measuredLeaves: measuredLeafCount)
    let baseStyle = defaults.baseStyle
    // Local copies: one retain each for the whole loop instead of one per access to the stored properties.
    let nodes = self.nodes
    let settings = self.settings
    let measures = self.measures
    var next = 0
    for i in nodes.indices {
      let node = nodes[i]
      var style = baseStyle
      if case .embedded = node.content { style = Style() }
      let end = Int(node.settingsEnd)
      BoxStyleSetting.replay(settings, next..<end, onto: &style)
      next = end
      let leaf: BoxMeasureDecoder.Leaf?
      switch node.content {
      case .box: leaf = nil
      case .measured(let m):
        leaf = try measures[Int(m)].leaf(style: style, fontPath: self.path(of: i, base: base) + ".measure.font")
      case .embedded(let e): leaf = embeddedLeaf(Int(e), NodeIndex(i))
      }
      let added = tree.addNode(
        style: style, measure: leaf?.measure, baseline: leaf?.baseline, minContentWidth: leaf?.minContentWidth)
      if node.parent >= 0 { tree.appendChild(added, to: node.parent) }
    }
  }

  /// The JSON path of `node`, with `base` as the root's path: `base.children[i]…` (`.children[i]…` when `base`
  /// is empty). Walks the links; meant for error messages.
  package func path(of node: Int, base: String) -> String { Self.path(of: node, in: nodes, base: base) }

  /// The JSON path of `node` among `nodes` (document order, parents first), the root being at `base`.
  static func path(of node: Int, in nodes: [Node], base: String) -> String {
    var indices: [Int] = []
    var n = node
    while n > 0 {
      let parent = nodes[n].parent
      var index = 0
      for sibling in Int(parent) + 1..<n where nodes[sibling].parent == parent { index += 1 }
      indices.append(index)
      n = Int(parent)
    }
    var p = base
    for i in indices.reversed() { p = JSONPath.index(p + ".children", i) }
    return p
  }

  /// The first node (in document order) nested deeper than `limit` levels, if any.
  package func firstNode(deeperThan limit: Int) -> Int? {
    guard depth > limit else { return nil }
    var depths: [Int] = []
    depths.reserveCapacity(nodes.count)
    for node in nodes {
      let d = node.parent < 0 ? 1 : depths[Int(node.parent)] + 1
      if d > limit { return depths.count }
      depths.append(d)
    }
    return nil
  }
}
