import Testing

@testable import FlexLayout

/// `aspectRatio` under CSS defaults (CSS Box Sizing 4 §5 size transfers with CSS Flexbox §4.5 and §9.4), each
/// expectation derived by hand from the specifications; the corpus case each one was minimised from is named.
@Suite struct AspectRatioTests {
  /// Lays `root` out with CSS defaults, unbounded, LTR, without rounding.
  static func cssLayout(_ tree: inout FlexTree, _ root: NodeIndex) {
    tree.calculateLayout(
      root: root, availableWidth: .nan, availableHeight: .nan, direction: .ltr,
      config: LayoutConfig(pointScaleFactor: 0, useWebDefaults: true))
  }

  /// Adds a node with CSS initial values changed by `configure`, with `children`.
  static func node(_ tree: inout FlexTree, _ configure: (inout Style) -> Void, _ children: [NodeIndex] = [])
    -> NodeIndex
  {
    var style = Style.css
    configure(&style)
    let n = tree.addNode(style: style)
    for c in children { tree.appendChild(c, to: n) }
    return n
  }

  /// css-18-03629: a 120-wide item with ratio 1.5 in a 20-high column. Its flex base size is 120 / 1.5 = 80; the
  /// column's 20 gives free space 20 - 80 = -60 and it may shrink (flexShrink 1), but its automatic minimum height
  /// (§4.5) is its content size suggestion, which with a ratio is at least the height the ratio transfers from
  /// its width: 80 (no specified height caps it). So it stays 80 high and overflows.
  @Test func columnItemKeepsTheHeightItsRatioTransfers() {
    var tree = FlexTree()
    let item = Self.node(&tree) {
      $0.width = .pt(120)
      $0.aspectRatio = 1.5
    }
    let root = Self.node(
      &tree,
      {
        $0.flexDirection = .column
        $0.alignItems = .center
        $0.width = .pt(150)
        $0.height = .pt(20)
      }, [item])
    Self.cssLayout(&tree, root)
    #expect(rect(tree, item) == [15, 0, 120, 80])
  }

  /// css-18-04310: a border-box item styled 0 wide with a 2-point right padding is 2 wide (a border box is never
  /// smaller than its padding and border), so ratio 2 transfers a height of 2 / 2 = 1, not 0 / 2.
  @Test func ratioTransfersFromTheBorderBoxFlooredAtPadding() {
    var tree = FlexTree()
    let item = Self.node(&tree) {
      $0.width = .pt(0)
      $0.padding = Edges(right: .pt(2))
      $0.aspectRatio = 2
    }
    let root = Self.node(
      &tree,
      {
        $0.flexDirection = .column
        $0.alignItems = .flexStart
        $0.width = .pt(100)
      }, [item])
    Self.cssLayout(&tree, root)
    #expect(rect(tree, item) == [0, 0, 2, 1])
  }

  /// css-18-03661: in a multi-line row (100 × 200, align-content flex-end) an item with ratio 1.5 that grows is
  /// sized by its content first (0 wide: §9.4, no stretching to the container before lines are sized), grows to
  /// 100, and its ratio gives 100 / 1.5 = 66.667 high. The single line is that high and sits at the bottom:
  /// top = 200 - 66.667 = 133.333.
  @Test func multiLineItemIsNotMeasuredAtTheContainerHeight() {
    var tree = FlexTree()
    let item = Self.node(&tree) {
      $0.aspectRatio = 1.5
      $0.flexGrow = 1
      $0.flexShrink = 0
    }
    let root = Self.node(
      &tree,
      {
        $0.flexWrap = .wrap
        $0.alignContent = .flexEnd
        $0.width = .pt(100)
        $0.height = .pt(200)
      }, [item])
    Self.cssLayout(&tree, root)
    #expect(close(rect(tree, item), [0, 200 - 100.0 / 1.5, 100, 100.0 / 1.5]))
  }
}
