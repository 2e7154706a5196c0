/// The flexbox layout driver: lays out one node and, recursively, its subtree, following CSS Flexbox §9
/// (https://www.w3.org/TR/css-flexbox-1/#layout-algorithm) the way Yoga does.
///
/// Steps, in spec order (each lives in its own file):
///  1. §9.1 Generate anonymous flex items: layout children, `display: contents` flattened (`pushLayoutChildren`).
///  2. §9.2 Line length determination: available inner sizes (`availableInnerDimension`, BoundAxis).
///  3. §9.2.3 Flex base size and hypothetical main size of each item (FlexBasis).
///  4. §9.3 Collect flex items into flex lines (FlexLine).
///  5. §9.7 Resolve the flexible lengths (FlexibleLengths).
///  6. §9.5 Main-axis alignment and line cross size (MainAxisAlignment).
///  7. §9.4/§9.6 Cross size of items, `align-self`, stretch (CrossAxisAlignment).
///  8. §9.6 `align-content` across lines, baselines (CrossAxisAlignment, Baseline).
///  9. §9.4 step 15/16 Final container size (this file).
/// 10. Reverse directions: trailing positions (this file).
/// 11. §4.1 Absolutely positioned children (AbsoluteLayout).
/// Then pixel-grid rounding (PixelGrid). Results are cached per node by (offered size, sizing mode) (MeasureCache).
///
/// Deviations from the spec (as Yoga):
///  - §9.7's iterative freeze loop is two passes: the first freezes items whose min/max trigger, the second
///    distributes the rest.
///  - Under Yoga defaults the automatic minimum size (§4.5) is 0. `minWidth`/`minHeight` `"auto"` (CSS defaults)
///    resolves to §4.5's content-based minimum for in-flow items that are not scroll containers, capped by a
///    definite main size and the max: along a row, a measured leaf's min-content width comes from its optional
///    `MinContentWidthFunction` (text: the longest word) and a box's from laying it out at zero width (so its
///    fixed-size content counts, but text nested inside it counts as 0); along a column, the content height at
///    the item's width, which is exact.
///  - `flex-basis: content` is not modelled; `max-content`, `fit-content` and `stretch` lengths are indefinite
///    (treated as `auto`), as in Yoga.
///  - `order`, `visibility`, `z-index` and vertical writing modes are not supported.
///  - Static children are positioned like relative ones with zero insets; absolute descendants of static
///    children are laid out by the nearest non-static ancestor (or the root).
///  - Baselines of column containers are their first child's, as Yoga.
///  - Caching (not a CSS matter): a childless box's layout request is also answered from its measurement slots
///    (Yoga keeps layout and measurements apart), so each leaf is sized once per distinct request.
package struct FlexEngine<Tree: LayoutTree>: ~Copyable {
  /// The tree being laid out.
  package var tree: Tree
  /// Engine settings.
  let config: LayoutConfig
  /// Generation of this pass.
  let generation: UInt32
  /// Scratch stack of node indices: layout children and flex-line items of the nodes being laid out.
  var scratch: ScratchStack
  /// Measure-function calls made in this pass.
  package var measureCalls = 0
  /// Lowest stack address seen (when `config.measuresStack`).
  package var lowestStackAddress = Int.max

  /// An engine for one pass over `tree`.
  package init(tree: Tree, config: LayoutConfig, generation: UInt32) {
    self.tree = tree
    self.config = config
    self.generation = generation
    scratch = ScratchStack(capacity: 64)
  }

  /// Lays out `root` in an owner of `ownerWidth` × `ownerHeight` (NaN = unbounded) with `direction`, then rounds
  /// to the pixel grid (Yoga's calculateLayout).
  package mutating func calculateLayout(
    _ root: NodeIndex, ownerWidth: Double, ownerHeight: Double, direction ownerDirection: Direction
  ) {
    if config.measuresStack { probeStack() }
    let direction = resolveDirection(root, ownerDirection)
    var width = Double.nan
    var widthMode = SizingMode.maxContent
    if hasDefiniteLength(root, true, ownerWidth) {
      width = resolvedDimension(root, direction, true, ownerWidth, ownerWidth) + marginForAxis(root, .row, ownerWidth)
      widthMode = .stretchFit
    } else if !resolvedMaxDimension(root, direction, true, ownerWidth, ownerWidth).isNaN {
      width = resolvedMaxDimension(root, direction, true, ownerWidth, ownerWidth)
      widthMode = .fitContent
    } else {
      width = ownerWidth
      widthMode = width.isNaN ? .maxContent : .stretchFit
    }
    var height = Double.nan
    var heightMode = SizingMode.maxContent
    if hasDefiniteLength(root, false, ownerHeight) {
      height =
        resolvedDimension(root, direction, false, ownerHeight, ownerWidth) + marginForAxis(root, .column, ownerWidth)
      heightMode = .stretchFit
    } else if !resolvedMaxDimension(root, direction, false, ownerHeight, ownerWidth).isNaN {
      height = resolvedMaxDimension(root, direction, false, ownerHeight, ownerWidth)
      heightMode = .fitContent
    } else {
      height = ownerHeight
      heightMode = height.isNaN ? .maxContent : .stretchFit
    }
    if config.useWebDefaults && heightMode != .stretchFit {
      cssDefiniteRootHeight(root, width, &height, ownerDirection, widthMode, &heightMode, ownerWidth, ownerHeight)
    }
    if calculateLayoutInternal(
      root, width, height, ownerDirection, widthMode, heightMode, ownerWidth, ownerHeight,
      performLayout: true, depth: 0)
    {
      setPosition(root, tree[layout: root].direction, ownerWidth, ownerHeight)
      if config.pointScaleFactor != 0 {
        roundToPixelGrid(root, absoluteLeft: 0, absoluteTop: 0)
      }
    }
  }

  /// Records the current stack depth (the address of a local).
  @inline(never) mutating func probeStack() {
    var marker = 0
    let address = withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
    lowestStackAddress = min(lowestStackAddress, address)
  }

  /// The direction `node` lays out in: its own, or its owner's, or LTR.
  @inline(__always) func resolveDirection(_ node: NodeIndex, _ ownerDirection: Direction) -> Direction {
    let d = tree[style: node].direction
    if d == .inherit { return ownerDirection != .inherit ? ownerDirection : .ltr }
    return d
  }

  /// `node`'s grow factor (0 for a root).
  @inline(__always) func resolveFlexGrow(_ node: NodeIndex) -> Double {
    if tree.parent(of: node) < 0 { return 0 }
    if !tree[style: node].flexGrow.isNaN { return tree[style: node].flexGrow }
    if !tree[style: node].flex.isNaN && tree[style: node].flex > 0 { return tree[style: node].flex }
    return 0
  }

  /// `node`'s shrink factor (0 for a root).
  @inline(__always) func resolveFlexShrink(_ node: NodeIndex) -> Double {
    if tree.parent(of: node) < 0 { return 0 }
    if !tree[style: node].flexShrink.isNaN { return tree[style: node].flexShrink }
    if !config.useWebDefaults && !tree[style: node].flex.isNaN && tree[style: node].flex < 0 {
      return -tree[style: node].flex
    }
    return config.useWebDefaults ? 1 : 0
  }

  /// True for in-flow items that can grow or shrink.
  @inline(__always) func isNodeFlexible(_ node: NodeIndex) -> Bool {
    tree[style: node].positionType != .absolute && (resolveFlexGrow(node) != 0 || resolveFlexShrink(node) != 0)
  }

  /// The item's `align-self`, falling back to the container's `align-items`; baseline in a column is flex-start.
  @inline(__always) func resolveChildAlignment(_ node: NodeIndex, _ child: NodeIndex) -> Align {
    let selfAlign = tree[style: child].alignSelf
    let align = selfAlign == .auto ? tree[style: node].alignItems : selfAlign
    if align == .baseline && tree[style: node].flexDirection.isColumn { return .flexStart }
    return align
  }

  /// The border-box size of `node` along `axis` plus its margins.
  @inline(__always) func dimensionWithMargin(_ node: NodeIndex, _ axis: FlexDirection, _ widthSize: Double) -> Double {
    tree[layout: node].measured(axis.isRow) + marginForAxis(node, axis, widthSize)
  }

  /// Pushes `node`'s layout children onto `scratch` (display: contents children replaced by theirs) and returns
  /// their range in `scratch`.
  mutating func pushLayoutChildren(_ node: NodeIndex) -> Range<Int> {
    let start = scratch.count
    appendLayoutChildren(node)
    return start..<scratch.count
  }

  /// Appends the layout children of `node` to `scratch`.
  private mutating func appendLayoutChildren(_ node: NodeIndex) {
    var c = tree.firstChild(of: node)
    while c >= 0 {
      if tree[style: c].display == .contents {
        appendLayoutChildren(c)
      } else {
        scratch.append(c)
      }
      c = tree.nextSibling(of: c)
    }
  }

  /// Pops `scratch` back to `count` entries.
  @inline(__always) mutating func popScratch(to count: Int) {
    scratch.pop(to: count)
  }

  /// Sets the initial position of `node` from its margins and relative insets (Yoga's Node::setPosition).
  @inline(never)
  mutating func setPosition(_ node: NodeIndex, _ direction: Direction, _ ownerWidth: Double, _ ownerHeight: Double) {
    if tree[style: node].margin.isEmpty && tree[style: node].position.isEmpty {
      // Fast path: no margins and no insets, so every edge is 0 (as the general case computes).
      tree[layout: node].position = SIMD4<Double>(repeating: 0)
      return
    }
    if config.useWebDefaults {
      cssSetPosition(node, direction, ownerWidth, ownerHeight)
      return
    }
    let dirRespectingRoot = tree.parent(of: node) >= 0 ? direction : .ltr
    let mainAxis = tree[style: node].flexDirection.resolved(dirRespectingRoot)
    let crossAxis = mainAxis.cross(dirRespectingRoot)
    let relMain = relativePosition(
      node, mainAxis, dirRespectingRoot, mainAxis.isRow ? ownerWidth : ownerHeight)
    let relCross = relativePosition(
      node, crossAxis, dirRespectingRoot, mainAxis.isRow ? ownerHeight : ownerWidth)
    var position = SIMD4<Double>(repeating: 0)
    position[mainAxis.inlineStartEdge(direction).rawValue] =
      inlineStartMargin(node, mainAxis, direction, ownerWidth) + relMain
    position[mainAxis.inlineEndEdge(direction).rawValue] =
      inlineEndMargin(node, mainAxis, direction, ownerWidth) + relMain
    position[crossAxis.inlineStartEdge(direction).rawValue] =
      inlineStartMargin(node, crossAxis, direction, ownerWidth) + relCross
    position[crossAxis.inlineEndEdge(direction).rawValue] =
      inlineEndMargin(node, crossAxis, direction, ownerWidth) + relCross
    tree[layout: node].position = position
  }

  /// `setPosition` under CSS defaults: the margins, plus the relative offsets as CSS Positioned Layout §3.3 has
  /// them: physical, left over right in LTR (right over left in RTL), top over bottom.
  @inline(never)
  private mutating func cssSetPosition(
    _ node: NodeIndex, _ direction: Direction, _ ownerWidth: Double, _ ownerHeight: Double
  ) {
    let dirRespectingRoot = tree.parent(of: node) >= 0 ? direction : .ltr
    let mainAxis = tree[style: node].flexDirection.resolved(dirRespectingRoot)
    let crossAxis = mainAxis.cross(dirRespectingRoot)
    var position = SIMD4<Double>(repeating: 0)
    position[mainAxis.inlineStartEdge(direction).rawValue] = inlineStartMargin(node, mainAxis, direction, ownerWidth)
    position[mainAxis.inlineEndEdge(direction).rawValue] = inlineEndMargin(node, mainAxis, direction, ownerWidth)
    position[crossAxis.inlineStartEdge(direction).rawValue] =
      inlineStartMargin(node, crossAxis, direction, ownerWidth)
    position[crossAxis.inlineEndEdge(direction).rawValue] = inlineEndMargin(node, crossAxis, direction, ownerWidth)
    if tree[style: node].positionType != .static {
      let dx = cssRelativeOffset(node, direction, ownerWidth, horizontal: true)
      let dy = cssRelativeOffset(node, direction, ownerHeight, horizontal: false)
      position += SIMD4<Double>(dx, dy, -dx, -dy)
    }
    tree[layout: node].position = position
  }

  /// The relative offset along `axis`: the inline-start inset, else minus the inline-end inset; 0 when static.
  private func relativePosition(_ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction, _ axisSize: Double)
    -> Double
  {
    if tree[style: node].positionType == .static { return 0 }
    let start = axis.inlineStartEdge(direction)
    if isPositionDefined(node, start, direction) { return positionValue(node, start, direction, axisSize) }
    return -positionValue(node, axis.inlineEndEdge(direction), direction, axisSize)
  }

  /// Under CSS defaults, `node`'s relative offset along `axis` as it adds to its position at the axis's start
  /// edge (0 when static); percentages resolve against the container's inner `width` or `height`.
  @inline(never)
  func cssRelativeOffset(
    _ node: NodeIndex, _ axis: FlexDirection, _ direction: Direction, width: Double, height: Double
  ) -> Double {
    if tree[style: node].positionType == .static { return 0 }
    let horizontal = axis.isRow
    let d = cssRelativeOffset(node, direction, horizontal ? width : height, horizontal: horizontal)
    let edge = axis.startEdge
    return edge == .right || edge == .bottom ? -d : d
  }

  /// The physical relative offset of `node` along x (`horizontal`) or y under CSS defaults. With both `left` and
  /// `right` set, the direction of the containing block (the parent, laid out before its children are placed)
  /// decides which one wins (Positioned Layout §3.3), not the node's own.
  private func cssRelativeOffset(_ node: NodeIndex, _ direction: Direction, _ size: Double, horizontal: Bool)
    -> Double
  {
    let parent = tree.parent(of: node)
    let cbDirection = parent >= 0 ? tree[layout: parent].direction : direction
    let (first, second): (PhysicalEdge, PhysicalEdge) =
      horizontal ? (cbDirection == .rtl ? (.right, .left) : (.left, .right)) : (.top, .bottom)
    let sign: (Double, Double) = horizontal && cbDirection == .rtl ? (-1, 1) : (1, -1)
    if isPositionDefined(node, first, direction) { return sign.0 * positionValue(node, first, direction, size) }
    if isPositionDefined(node, second, direction) { return sign.1 * positionValue(node, second, direction, size) }
    return 0
  }

  /// Zeroes the layout of a `display: none` subtree.
  mutating func zeroOutLayoutRecursively(_ node: NodeIndex) {
    zeroOutLayout(node)
    var c = tree.firstChild(of: node)
    while c >= 0 {
      zeroOutLayoutRecursively(c)
      c = tree.nextSibling(of: c)
    }
  }

  /// Resets one node's layout to a zero frame.
  @inline(never)
  private mutating func zeroOutLayout(_ node: NodeIndex) {
    var layout = NodeLayout()
    layout.width = 0
    layout.height = 0
    layout.isDirty = false
    tree[layout: node] = layout
  }

  /// Zeroes the boxes of `display: contents` children of `node` (they have no box of their own).
  @inline(never)
  mutating func cleanupContentsNodes(_ node: NodeIndex) {
    var c = tree.firstChild(of: node)
    while c >= 0 {
      if tree[style: c].display == .contents {
        var layout = NodeLayout()
        layout.width = 0
        layout.height = 0
        layout.isDirty = false
        tree[layout: c] = layout
        cleanupContentsNodes(c)
      }
      c = tree.nextSibling(of: c)
    }
  }
}
