import Testing

@testable import FlexLayout

/// §9.7 Resolving flexible lengths, with numbers worked out from the spec.
@Suite struct FlexibleLengthsTests {
  /// Free space 300 split 1:2 between two items of basis 0.
  @Test func growDistributesFreeSpaceByFactor() {
    var b = TreeBuilder()
    let a = b.node {
      $0.flexGrow = 1
      $0.flexBasis = .zero
    }
    let c = b.node {
      $0.flexGrow = 2
      $0.flexBasis = .zero
    }
    let root = b.node(
      {
        $0.flexDirection = .row
        $0.width = .pt(300)
        $0.height = .pt(10)
      }, [a, c])
    layout(&b.tree, root)
    #expect(close(rect(b.tree, a), [0, 0, 100, 10]))
    #expect(close(rect(b.tree, c), [100, 0, 200, 10]))
  }

  /// Negative free space 50 is taken in proportion to shrink factor × basis (100 and 50): 33.33 and 16.67.
  @Test func shrinkScalesByFlexBasis() {
    var b = TreeBuilder()
    let a = b.node {
      $0.flexShrink = 1
      $0.width = .pt(100)
    }
    let c = b.node {
      $0.flexShrink = 1
      $0.width = .pt(50)
    }
    let root = b.node(
      {
        $0.flexDirection = .row
        $0.width = .pt(100)
        $0.height = .pt(10)
      }, [a, c])
    layout(&b.tree, root)
    #expect(close(rect(b.tree, a), [0, 0, 100 - 100.0 / 3, 10]))
    #expect(close(rect(b.tree, c), [100 - 100.0 / 3, 0, 50 - 50.0 / 3, 10]))
  }

  /// An item clamped by max-width is frozen; the rest of the free space goes to the others (250).
  @Test func maxWidthFreezesItem() {
    var b = TreeBuilder()
    let a = b.node {
      $0.flexGrow = 1
      $0.maxWidth = .pt(50)
    }
    let c = b.node { $0.flexGrow = 1 }
    let root = b.node(
      {
        $0.flexDirection = .row
        $0.width = .pt(300)
        $0.height = .pt(10)
      }, [a, c])
    layout(&b.tree, root)
    #expect(rect(b.tree, a)[2] == 50)
    #expect(rect(b.tree, c) == [50, 0, 250, 10])
  }

  /// Yoga defaults: no shrink, so items overflow their container.
  @Test func yogaDefaultsDoNotShrink() {
    var b = TreeBuilder()
    let a = b.node { $0.width = .pt(80) }
    let c = b.node { $0.width = .pt(80) }
    let root = b.node(
      {
        $0.flexDirection = .row
        $0.width = .pt(100)
        $0.height = .pt(10)
      }, [a, c])
    layout(&b.tree, root)
    #expect(rect(b.tree, c) == [80, 0, 80, 10])
  }
}

/// §9.7 under CSS defaults: free space is distributed from flex base sizes, not from sizes clamped first.
@Suite struct CSSFlexibleLengthsTests {
  /// css-18-02676: in a 150-high column, A (basis 5, min-height 60) and B (basis 30) both grow 1. The outer
  /// hypothetical sizes 60 + 30 = 90 leave room, so the items grow; A is not frozen (only a base size above the
  /// hypothetical size freezes a growing item). Initial free space 150 - 5 - 30 = 115, 57.5 each: A 62.5 (not
  /// below its 60), B 87.5. (Yoga's passes start from the clamped 60: 150 - 90 = 60, so 90 and 60.)
  @Test func growDistributesFromFlexBaseSizes() {
    var tree = FlexTree()
    var aStyle = Style.css
    aStyle.width = .pt(100)
    aStyle.flexBasis = .pt(5)
    aStyle.flexGrow = 1
    aStyle.minHeight = .pt(60)
    let a = tree.addNode(style: aStyle)
    var bStyle = Style.css
    bStyle.width = .pt(25)
    bStyle.height = .pt(150)
    bStyle.flexBasis = .pt(30)
    bStyle.flexGrow = 1
    bStyle.minHeight = .pt(20)
    let b = tree.addNode(style: bStyle)
    var column = Style.css
    column.flexDirection = .column
    column.width = .pt(150)
    column.height = .pt(150)
    let root = tree.addNode(style: column)
    tree.appendChild(a, to: root)
    tree.appendChild(b, to: root)
    tree.calculateLayout(
      root: root, availableWidth: .nan, availableHeight: .nan, direction: .ltr,
      config: LayoutConfig(pointScaleFactor: 0, useWebDefaults: true))
    #expect(rect(tree, a) == [0, 0, 100, 62.5])
    #expect(rect(tree, b) == [0, 62.5, 25, 87.5])
  }

  /// css-18-00617: a column item A with flex basis 60 in a 200-high column stays 60 high (free space 140, no
  /// grow), and §9.8 makes that size definite for its children, so A's child with `flexBasis: 30%` has a flex
  /// base size of 0.3 × 60 = 18 (the measuring pass of A at an indefinite height, where 30% behaves as `auto`,
  /// must not leave its content-sized basis of 0 behind).
  @Test func percentBasisResolvesOnceTheContainerIsDefinite() {
    var tree = FlexTree()
    var innerStyle = Style.css
    innerStyle.width = .pt(50)
    innerStyle.flexBasis = .pct(30)
    let inner = tree.addNode(style: innerStyle)
    var aStyle = Style.css
    aStyle.flexDirection = .column
    aStyle.flexBasis = .pt(60)
    let a = tree.addNode(style: aStyle)
    tree.appendChild(inner, to: a)
    var column = Style.css
    column.flexDirection = .column
    column.width = .pt(320)
    column.height = .pt(200)
    let root = tree.addNode(style: column)
    tree.appendChild(a, to: root)
    tree.calculateLayout(
      root: root, availableWidth: .nan, availableHeight: .nan, direction: .ltr,
      config: LayoutConfig(pointScaleFactor: 0, useWebDefaults: true))
    #expect(rect(tree, a) == [0, 0, 320, 60])
    #expect(tree.frame(of: inner).height == 18)
  }

  /// css-18-01054: an empty item with `minHeight: 60%` and `maxHeight: 80` in a column 100 high, laid out in
  /// 200 of available height. The percentage is of the container's content box (CSS Sizing §5.1): 0.6 × 100 = 60,
  /// so the item is 60 high (within its 80). Yoga resolves it against the container's owner, 0.6 × 200 = 120,
  /// then clamps to 80.
  @Test func percentMinMainSizeOfTheContainersContentBox() {
    var tree = FlexTree()
    var itemStyle = Style.css
    itemStyle.minHeight = .pct(60)
    itemStyle.maxHeight = .pt(80)
    let item = tree.addNode(style: itemStyle)
    var column = Style.css
    column.flexDirection = .column
    column.height = .pt(100)
    let root = tree.addNode(style: column)
    tree.appendChild(item, to: root)
    tree.calculateLayout(
      root: root, availableWidth: 300, availableHeight: 200, direction: .ltr,
      config: LayoutConfig(pointScaleFactor: 0, useWebDefaults: true))
    #expect(tree.frame(of: item).height == 60)
  }
}
