/// An arena of flexbox nodes: contiguous structs indexed by `NodeIndex`, children as sibling links.
///
/// Value type; a layout job builds its own tree, lays it out and reads the frames, so a tree is never shared
/// between threads while it is mutated. Mutations mark the node dirty up to the root so the next layout redoes
/// only what changed.
package struct FlexTree: Sendable {
  /// One node's tree links and function indices.
  package struct Links: Sendable {
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
    /// Index into `minContentWidths`, or -1.
    package var minContent: Int32 = -1
  }

  /// Styles, indexed by `NodeIndex` (structure of arrays: the engine reads styles, writes layouts).
  package private(set) var styles: [Style] = []
  /// Layout state and results, indexed by `NodeIndex`.
  package private(set) var layouts: [NodeLayout] = []
  /// Tree links, indexed by `NodeIndex`.
  package private(set) var links: [Links] = []
  /// Measure functions of measured leaves.
  private var measures: [StoredMeasure] = []
  /// Baseline functions.
  private var baselines: [StoredBaseline] = []
  /// Min-content width functions of measured leaves.
  private var minContentWidths: [StoredMinContentWidth] = []
  /// Layout pass counter; a pass visits each dirty node at least once per generation.
  package var generation: UInt32 = 0
  /// Measure-function calls since the tree was built (or `resetCounters()`).
  package private(set) var measureCalls: Int = 0
  /// Stack bytes the last layout used below `calculateLayout`'s frame (when `config.measuresStack`).
  package private(set) var lastStackBytes = 0

  /// An empty tree.
  package init() {}

  /// Number of nodes.
  package var count: Int { styles.count }

  /// Nodes the tree holds room for without growing.
  package var capacity: Int { styles.capacity }

  /// Makes room for `nodes` nodes, `measuredLeaves` of them with measure functions (a tree built from a known
  /// template then allocates nothing more while it is built).
  package mutating func reserveCapacity(nodes: Int, measuredLeaves: Int) {
    styles.reserveCapacity(nodes)
    layouts.reserveCapacity(nodes)
    links.reserveCapacity(nodes)
    measures.reserveCapacity(measuredLeaves)
    baselines.reserveCapacity(measuredLeaves)
    minContentWidths.reserveCapacity(measuredLeaves)
  }

  /// Removes every node and function (releasing what the functions captured), keeping the arrays' storage for
  /// the next tree built in this value.
  package mutating func removeAll() {
    styles.removeAll(keepingCapacity: true)
    layouts.removeAll(keepingCapacity: true)
    links.removeAll(keepingCapacity: true)
    measures.removeAll(keepingCapacity: true)
    baselines.removeAll(keepingCapacity: true)
    minContentWidths.removeAll(keepingCapacity: true)
    generation = 0
    measureCalls = 0
    lastStackBytes = 0
  }

  /// Adds a node without parent and returns its index.
  @discardableResult
  package mutating func addNode(
    style: Style, measure: MeasureFunction? = nil, baseline: BaselineFunction? = nil,
    minContentWidth: MinContentWidthFunction? = nil
  ) -> NodeIndex {
    var link = Links()
    if let minContentWidth {
      link.minContent = Int32(minContentWidths.count)
      minContentWidths.append(StoredMinContentWidth(call: minContentWidth))
    }
    if let measure {
      link.measure = Int32(measures.count)
      measures.append(StoredMeasure(call: measure))
    }
    if let baseline {
      link.baseline = Int32(baselines.count)
      baselines.append(StoredBaseline(call: baseline))
    }
    styles.append(style)
    layouts.append(NodeLayout())
    links.append(link)
    return NodeIndex(styles.count - 1)
  }

  /// Appends `child` (a node without parent) to `parent`'s children and marks `parent` dirty.
  package mutating func appendChild(_ child: NodeIndex, to parent: NodeIndex) {
    let c = Int(child), p = Int(parent)
    links[c].parent = parent
    links[c].nextSibling = -1
    if links[p].lastChild >= 0 {
      links[Int(links[p].lastChild)].nextSibling = child
    } else {
      links[p].firstChild = child
    }
    links[p].lastChild = child
    links[p].childCount += 1
    markDirty(parent)
  }

  /// The children of `node`, in order.
  package func children(of node: NodeIndex) -> [NodeIndex] {
    var result: [NodeIndex] = []
    result.reserveCapacity(Int(links[Int(node)].childCount))
    var c = links[Int(node)].firstChild
    while c >= 0 {
      result.append(c)
      c = links[Int(c)].nextSibling
    }
    return result
  }

  /// Replaces `node`'s style and marks it dirty.
  package mutating func setStyle(_ style: Style, of node: NodeIndex) {
    styles[Int(node)] = style
    markDirty(node)
  }

  /// The style of `node`.
  package func style(of node: NodeIndex) -> Style { styles[Int(node)] }

  /// The engine state and results of `node`.
  package func layout(of node: NodeIndex) -> NodeLayout { layouts[Int(node)] }

  /// Marks `node` and its ancestors dirty (stops at the first ancestor already dirty) and forgets their flex bases.
  package mutating func markDirty(_ node: NodeIndex) {
    var n = node
    while n >= 0 {
      if layouts[Int(n)].isDirty { break }
      layouts[Int(n)].isDirty = true
      layouts[Int(n)].computedFlexBasis = .nan
      n = links[Int(n)].parent
    }
  }

  /// Marks every node dirty and empties every cache, so the next layout does all the work again.
  package mutating func markAllDirty() {
    for i in layouts.indices {
      layouts[i].isDirty = true
      layouts[i].computedFlexBasis = .nan
      layouts[i].nextCachedMeasurementsIndex = 0
      layouts[i].cachedLayout = CachedMeasurement()
      layouts[i].generationCount = 0
      layouts[i].lastOwnerDirection = .inherit
    }
  }

  /// Resets `measureCalls` to zero.
  package mutating func resetCounters() { measureCalls = 0 }

  /// The frame of `node` after the last layout: position relative to its parent's border box and border-box
  /// size, in points after pixel-grid rounding.
  package func frame(of node: NodeIndex) -> Frame {
    let l = layouts[Int(node)]
    return Frame(left: l.position[0], top: l.position[1], width: l.width, height: l.height)
  }

  /// Lays out the tree under `root` in `availableWidth` × `availableHeight` (NaN = unbounded) with `direction`.
  ///
  /// Pure over the tree; runs on the caller's thread. Recursion depth grows with tree depth: about 1.7 KiB of
  /// stack per level of nesting in release builds, 4.6 KiB in debug builds (`layoutd bench --stack`); callers
  /// laying out deep trees run this on a thread with enough stack (LayoutSpecs' `DeepLayoutRunner`).
  package mutating func calculateLayout(
    root: NodeIndex, availableWidth: Double, availableHeight: Double, direction: Direction,
    config: LayoutConfig = LayoutConfig()
  ) {
    guard root >= 0 && Int(root) < styles.count else { return }
    generation &+= 1
    var top = 0
    let stackTop = withUnsafeMutablePointer(to: &top) { Int(bitPattern: $0) }
    let measures = self.measures
    let baselines = self.baselines
    let minContentWidths = self.minContentWidths
    let generation = self.generation
    let styles = self.styles
    let links = self.links
    var calls = 0
    var lowest = Int.max
    styles.withUnsafeBufferPointer { stylePointer in
      links.withUnsafeBufferPointer { linkPointer in
        layouts.withUnsafeMutableBufferPointer { layoutPointer in
          guard let s = stylePointer.baseAddress, let k = linkPointer.baseAddress, let l = layoutPointer.baseAddress
          else { return }
          let view = FlexTreeBuffer(
            styles: s, layouts: l, links: k, measures: measures, baselines: baselines,
            minContentWidths: minContentWidths, count: stylePointer.count)
          var engine = FlexEngine(tree: view, config: config, generation: generation)
          engine.calculateLayout(
            root, ownerWidth: availableWidth, ownerHeight: availableHeight, direction: direction)
          calls = engine.measureCalls
          lowest = engine.lowestStackAddress
        }
      }
    }
    measureCalls += calls
    if config.measuresStack { lastStackBytes = max(0, stackTop - lowest) }
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

/// `LayoutTree` view of a `FlexTree`'s storage during one layout pass: pointers into its arrays, valid only
/// inside `FlexTree.calculateLayout`. Reads and writes go straight to the element, with no copies.
struct FlexTreeBuffer: LayoutTree {
  /// Style storage.
  let styles: UnsafePointer<Style>
  /// Layout storage.
  let layouts: UnsafeMutablePointer<NodeLayout>
  /// Link storage.
  let links: UnsafePointer<FlexTree.Links>
  /// Measure functions.
  let measures: [StoredMeasure]
  /// Baseline functions.
  let baselines: [StoredBaseline]
  /// Min-content width functions.
  let minContentWidths: [StoredMinContentWidth]
  /// Number of nodes.
  let count: Int

  /// Parent link.
  @inline(__always) func parent(of node: NodeIndex) -> NodeIndex { links[Int(node)].parent }
  /// First child link.
  @inline(__always) func firstChild(of node: NodeIndex) -> NodeIndex { links[Int(node)].firstChild }
  /// Sibling link.
  @inline(__always) func nextSibling(of node: NodeIndex) -> NodeIndex { links[Int(node)].nextSibling }
  /// Style storage.
  @inline(__always) subscript(style node: NodeIndex) -> Style {
    unsafeAddress {
      assert(node >= 0 && Int(node) < count, "node \(node) out of range")
      return styles + Int(node)
    }
  }
  /// Layout storage.
  @inline(__always) subscript(layout node: NodeIndex) -> NodeLayout {
    unsafeAddress {
      assert(node >= 0 && Int(node) < count, "node \(node) out of range")
      return UnsafePointer(layouts + Int(node))
    }
    nonmutating unsafeMutableAddress {
      assert(node >= 0 && Int(node) < count, "node \(node) out of range")
      return layouts + Int(node)
    }
  }
  /// True for measured leaves.
  @inline(__always) func hasMeasure(_ node: NodeIndex) -> Bool { links[Int(node)].measure >= 0 }
  /// Calls the measure function.
  func measure(_ node: NodeIndex, width: AxisOffer, height: AxisOffer) -> Size {
    measures[Int(links[Int(node)].measure)].call(width, height)
  }
  /// Calls the min-content width function, or NaN.
  func minContentWidth(_ node: NodeIndex) -> Double {
    let i = links[Int(node)].minContent
    return i >= 0 ? minContentWidths[Int(i)].call() : .nan
  }
  /// True when a baseline function exists.
  @inline(__always) func hasBaseline(_ node: NodeIndex) -> Bool { links[Int(node)].baseline >= 0 }
  /// Calls the baseline function.
  func baseline(_ node: NodeIndex, width: Double, height: Double) -> Double {
    baselines[Int(links[Int(node)].baseline)].call(width, height)
  }
}

// Functions kept in (non-generic) structs. An array of bare function values stores each one at the array's
// generic abstraction, so appending a closure wrapped it in a heap-allocated reabstraction thunk (three per
// measured leaf, 21 per feed-cell layout); a concrete struct's field keeps the function's own representation.

/// A measure function in an array.
struct StoredMeasure: Sendable {
  /// The function.
  let call: MeasureFunction
}

/// A baseline function in an array.
struct StoredBaseline: Sendable {
  /// The function.
  let call: BaselineFunction
}

/// A min-content width function in an array.
struct StoredMinContentWidth: Sendable {
  /// The function.
  let call: MinContentWidthFunction
}
