/// An arena of flexbox nodes: contiguous structs indexed by `NodeIndex`, children as sibling links.
///
/// Value type; a layout job builds its own tree, lays it out and reads the frames, so a tree is never shared
/// between threads while it is mutated. Mutations mark the node dirty up to the root so the next layout redoes
/// only what changed.
package struct FlexTree: Sendable {
  /// One node's storage.
  package struct Record: Sendable {
    /// The node's style.
    package var style: Style
    /// The engine's state and results.
    package var layout = NodeLayout()
    /// Parent, or -1.
    package var parent: NodeIndex = -1
    /// First child, or -1.
    package var firstChild: NodeIndex = -1
    /// Last child, or -1.
    package var lastChild: NodeIndex = -1
    /// Next sibling, or -1.
    package var nextSibling: NodeIndex = -1
    /// Number of children.
    package var childCount: Int32 = 0
    /// Index into `measures`, or -1.
    package var measure: Int32 = -1
    /// Index into `baselines`, or -1.
    package var baseline: Int32 = -1
  }

  /// Node storage, indexed by `NodeIndex`.
  package private(set) var records: [Record] = []
  /// Measure functions of measured leaves.
  private var measures: [MeasureFunction] = []
  /// Baseline functions.
  private var baselines: [BaselineFunction] = []
  /// Layout pass counter; a pass visits each dirty node at least once per generation.
  package var generation: UInt32 = 0
  /// Measure-function calls since the tree was built (or `resetCounters()`).
  package private(set) var measureCalls: Int = 0

  /// An empty tree.
  package init() {}

  /// An empty tree with room for `capacity` nodes.
  package init(capacity: Int) { records.reserveCapacity(capacity) }

  /// Number of nodes.
  package var count: Int { records.count }

  /// Adds a node without parent and returns its index.
  @discardableResult
  package mutating func addNode(
    style: Style, measure: MeasureFunction? = nil, baseline: BaselineFunction? = nil
  ) -> NodeIndex {
    var record = Record(style: style)
    if let measure {
      record.measure = Int32(measures.count)
      measures.append(measure)
    }
    if let baseline {
      record.baseline = Int32(baselines.count)
      baselines.append(baseline)
    }
    records.append(record)
    return NodeIndex(records.count - 1)
  }

  /// Appends `child` (a node without parent) to `parent`'s children and marks `parent` dirty.
  package mutating func appendChild(_ child: NodeIndex, to parent: NodeIndex) {
    let c = Int(child), p = Int(parent)
    records[c].parent = parent
    records[c].nextSibling = -1
    if records[p].lastChild >= 0 {
      records[Int(records[p].lastChild)].nextSibling = child
    } else {
      records[p].firstChild = child
    }
    records[p].lastChild = child
    records[p].childCount += 1
    markDirty(parent)
  }

  /// The children of `node`, in order.
  package func children(of node: NodeIndex) -> [NodeIndex] {
    var result: [NodeIndex] = []
    result.reserveCapacity(Int(records[Int(node)].childCount))
    var c = records[Int(node)].firstChild
    while c >= 0 {
      result.append(c)
      c = records[Int(c)].nextSibling
    }
    return result
  }

  /// Replaces `node`'s style and marks it dirty.
  package mutating func setStyle(_ style: Style, of node: NodeIndex) {
    records[Int(node)].style = style
    markDirty(node)
  }

  /// The style of `node`.
  package func style(of node: NodeIndex) -> Style { records[Int(node)].style }

  /// Marks `node` and its ancestors dirty (stops at the first ancestor already dirty) and forgets their flex bases.
  package mutating func markDirty(_ node: NodeIndex) {
    var n = node
    while n >= 0 {
      if records[Int(n)].layout.isDirty { break }
      records[Int(n)].layout.isDirty = true
      records[Int(n)].layout.computedFlexBasis = .nan
      n = records[Int(n)].parent
    }
  }

  /// Marks every node dirty and empties every cache, so the next layout does all the work again.
  package mutating func markAllDirty() {
    for i in records.indices {
      records[i].layout = NodeLayout()
    }
  }

  /// Resets `measureCalls` to zero.
  package mutating func resetCounters() { measureCalls = 0 }

  /// The frame of `node` after the last layout: position relative to its parent's border box and border-box
  /// size, in points after pixel-grid rounding.
  package func frame(of node: NodeIndex) -> Frame {
    let l = records[Int(node)].layout
    return Frame(left: l.position[0], top: l.position[1], width: l.width, height: l.height)
  }

  /// Lays out the tree under `root` in `availableWidth` × `availableHeight` (NaN = unbounded) with `direction`.
  ///
  /// Pure over the tree; runs on the caller's thread. Recursion depth grows with tree depth (see `LayoutConfig`).
  package mutating func calculateLayout(
    root: NodeIndex, availableWidth: Double, availableHeight: Double, direction: Direction,
    config: LayoutConfig = LayoutConfig()
  ) {
    generation &+= 1
    var top = 0
    let stackTop = withUnsafeMutablePointer(to: &top) { Int(bitPattern: $0) }
    var engine = FlexEngine(tree: FlexTreeAccess(tree: self), config: config, generation: generation)
    self = FlexTree()
    engine.calculateLayout(root, ownerWidth: availableWidth, ownerHeight: availableHeight, direction: direction)
    self = engine.tree.tree
    measureCalls += engine.measureCalls
    if config.measuresStack { lastStackBytes = max(0, stackTop - engine.lowestStackAddress) }
  }

  /// Stack bytes the last layout used below `calculateLayout`'s frame (when `config.measuresStack`).
  package private(set) var lastStackBytes = 0

  /// The measure function of `node` (must exist).
  fileprivate func measureFunction(_ node: NodeIndex) -> MeasureFunction { measures[Int(records[Int(node)].measure)] }
  /// The baseline function of `node` (must exist).
  fileprivate func baselineFunction(_ node: NodeIndex) -> BaselineFunction {
    baselines[Int(records[Int(node)].baseline)]
  }
}

/// A frame: position relative to the parent's border box and border-box size, points after rounding.
package struct Frame: Sendable, Equatable {
  /// Left edge.
  package var left: Double
  /// Top edge.
  package var top: Double
  /// Width.
  package var width: Double
  /// Height.
  package var height: Double
  /// A frame with these values.
  package init(left: Double, top: Double, width: Double, height: Double) {
    self.left = left
    self.top = top
    self.width = width
    self.height = height
  }
}

/// `LayoutTree` view of a `FlexTree`, used while the engine owns the tree during one pass.
package struct FlexTreeAccess: LayoutTree {
  /// The tree being laid out.
  package var tree: FlexTree

  /// Parent link.
  @inline(__always) package func parent(of node: NodeIndex) -> NodeIndex { tree.records[Int(node)].parent }
  /// First child link.
  @inline(__always) package func firstChild(of node: NodeIndex) -> NodeIndex { tree.records[Int(node)].firstChild }
  /// Sibling link.
  @inline(__always) package func nextSibling(of node: NodeIndex) -> NodeIndex {
    tree.records[Int(node)].nextSibling
  }
  /// Style storage.
  @inline(__always) package subscript(style node: NodeIndex) -> Style {
    _read { yield tree.records[Int(node)].style }
  }
  /// Layout storage.
  @inline(__always) package subscript(layout node: NodeIndex) -> NodeLayout {
    _read { yield tree.records[Int(node)].layout }
    _modify { yield &tree.recordsForEngine[Int(node)].layout }
  }
  /// True for measured leaves.
  @inline(__always) package func hasMeasure(_ node: NodeIndex) -> Bool { tree.records[Int(node)].measure >= 0 }
  /// Calls the measure function.
  package func measure(_ node: NodeIndex, width: AxisOffer, height: AxisOffer) -> Size {
    tree.measureFunction(node)(width, height)
  }
  /// True when a baseline function exists.
  @inline(__always) package func hasBaseline(_ node: NodeIndex) -> Bool { tree.records[Int(node)].baseline >= 0 }
  /// Calls the baseline function.
  package func baseline(_ node: NodeIndex, width: Double, height: Double) -> Double {
    tree.baselineFunction(node)(width, height)
  }
}

extension FlexTree {
  /// Mutable record storage for the engine's layout writes.
  fileprivate var recordsForEngine: [Record] {
    _read { yield records }
    _modify { yield &records }
  }
}
