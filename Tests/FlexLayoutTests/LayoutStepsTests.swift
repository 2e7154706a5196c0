import Testing

@testable import FlexLayout

/// §9.3 line breaking, §4.1 absolute positioning, min/max clamping, display none/contents and pixel-grid rounding.
@Suite struct LayoutStepsTests {
  /// Three 40-wide items in a 100-wide wrapping row: two on the first line, one on the second (§9.3).
  @Test func wrapBreaksLines() {
    var b = TreeBuilder()
    let items = (0..<3).map { _ in b.node { $0.width = .pt(40); $0.height = .pt(10) } }
    let root = b.node({ $0.flexDirection = .row; $0.flexWrap = .wrap; $0.width = .pt(100) }, items)
    layout(&b.tree, root)
    #expect(items.map { rect(b.tree, $0) } == [[0, 0, 40, 10], [40, 0, 40, 10], [0, 10, 40, 10]])
    #expect(rect(b.tree, root) == [0, 0, 100, 20])
  }

  /// Gaps separate items and lines.
  @Test func gapsBetweenItemsAndLines() {
    var b = TreeBuilder()
    let items = (0..<3).map { _ in b.node { $0.width = .pt(40); $0.height = .pt(10) } }
    let root = b.node(
      { $0.flexDirection = .row; $0.flexWrap = .wrap; $0.width = .pt(100); $0.columnGap = .pt(10); $0.rowGap = .pt(5) },
      items)
    layout(&b.tree, root)
    #expect(items.map { rect(b.tree, $0) } == [[0, 0, 40, 10], [50, 0, 40, 10], [0, 15, 40, 10]])
  }

  /// An absolute child with left and right insets takes the width between them inside the padding box; bottom
  /// and right insets place it from the far edges (CSS Position §4).
  @Test func absoluteInsets() {
    var b = TreeBuilder()
    let stretched = b.node {
      $0.positionType = .absolute; $0.position = Edges(left: .pt(10), right: .pt(20)); $0.height = .pt(5)
    }
    let corner = b.node {
      $0.positionType = .absolute; $0.position = Edges(right: .pt(5), bottom: .pt(5)); $0.width = .pt(10)
      $0.height = .pt(10)
    }
    let root = b.node({ $0.width = .pt(100); $0.height = .pt(50); $0.border = Edges(all: .pt(1)) }, [stretched, corner])
    layout(&b.tree, root)
    #expect(rect(b.tree, stretched) == [11, 1, 68, 5])
    #expect(rect(b.tree, corner) == [84, 34, 10, 10])
  }

  /// Min and max clamp the used size; padding and border are a floor (box-sizing border-box).
  @Test func minMaxAndPaddingFloor() {
    var b = TreeBuilder()
    let small = b.node { $0.width = .pt(5); $0.minWidth = .pt(30); $0.height = .pt(10) }
    let big = b.node { $0.width = .pt(500); $0.maxWidth = .pt(60); $0.height = .pt(10) }
    let padded = b.node { $0.width = .pt(4); $0.padding = Edges(left: .pt(10), right: .pt(10)); $0.height = .pt(10) }
    let root = b.node({ $0.width = .pt(200); $0.alignItems = .flexStart }, [small, big, padded])
    layout(&b.tree, root)
    #expect(rect(b.tree, small)[2] == 30)
    #expect(rect(b.tree, big)[2] == 60)
    #expect(rect(b.tree, padded)[2] == 20)
  }

  /// content-box adds padding and border to the styled width.
  @Test func contentBoxSizing() {
    var b = TreeBuilder()
    let item = b.node {
      $0.width = .pt(50); $0.height = .pt(10); $0.boxSizing = .contentBox; $0.padding = Edges(all: .pt(5))
      $0.border = Edges(all: .pt(1))
    }
    let root = b.node({ $0.width = .pt(200); $0.alignItems = .flexStart }, [item])
    layout(&b.tree, root)
    #expect(rect(b.tree, item) == [0, 0, 62, 22])
  }

  /// display: none children get zero frames and take no space; display: contents children are laid out as
  /// children of the grandparent.
  @Test func displayNoneAndContents() {
    var b = TreeBuilder()
    let hidden = b.node { $0.display = .none; $0.width = .pt(50); $0.height = .pt(50) }
    let inner = b.node { $0.width = .pt(20); $0.height = .pt(10) }
    let contents = b.node({ $0.display = .contents }, [inner])
    let after = b.node { $0.width = .pt(30); $0.height = .pt(10) }
    let root = b.node({ $0.flexDirection = .row; $0.width = .pt(100); $0.height = .pt(10) }, [hidden, contents, after])
    layout(&b.tree, root)
    #expect(rect(b.tree, hidden) == [0, 0, 0, 0])
    #expect(rect(b.tree, contents) == [0, 0, 0, 0])
    #expect(rect(b.tree, inner) == [0, 0, 20, 10])
    #expect(rect(b.tree, after) == [20, 0, 30, 10])
  }

  /// Yoga's roundValueToPixelGrid: nearest, ties up, forced ceil/floor, negative values.
  @Test func roundValueToPixelGrid() {
    typealias E = FlexEngine<FlexTreeBuffer>
    #expect(E.roundValueToPixelGrid(1.4, 1, false, false) == 1)
    #expect(E.roundValueToPixelGrid(1.5, 1, false, false) == 2)
    #expect(E.roundValueToPixelGrid(1.2, 2, false, false) == 1)
    #expect(E.roundValueToPixelGrid(1.3, 2, false, false) == 1.5)
    #expect(E.roundValueToPixelGrid(1.1, 1, true, false) == 2)
    #expect(E.roundValueToPixelGrid(1.9, 1, false, true) == 1)
    #expect(E.roundValueToPixelGrid(-1.4, 1, false, false) == -1)
  }

  /// Three equal items in 100 (33.33 each) round to 33/34/33 so their edges meet on whole points; a measured
  /// leaf of 10.2 rounds up to 11 so text is not truncated.
  @Test func pixelGridRoundsEdgesNotSizes() {
    var b = TreeBuilder()
    let items = (0..<3).map { _ in b.node { $0.flexGrow = 1; $0.height = .pt(10) } }
    let root = b.node({ $0.flexDirection = .row; $0.width = .pt(100); $0.height = .pt(10) }, items)
    layout(&b.tree, root, scale: 1)
    #expect(items.map { rect(b.tree, $0) } == [[0, 0, 33, 10], [33, 0, 34, 10], [67, 0, 33, 10]])

    var t = TreeBuilder()
    let leaf = t.leaf(measure: { _, _ in Size(width: 10.2, height: 5) })
    let column = t.node({ $0.alignItems = .flexStart }, [leaf])
    layout(&t.tree, column, scale: 1)
    #expect(rect(t.tree, leaf) == [0, 0, 11, 5])
  }
}

/// §4.5 automatic minimum size under CSS defaults (`minHeight: auto`).
@Suite struct AutomaticMinimumSizeTests {
  /// In a 50-high column, a 30-high text and a 40-high box overflow by 20. With `min-height: auto` the text
  /// cannot shrink below its content (30); the box's minimum is min(40, content 0) = 0, so it takes all 20
  /// of shrinkage: 30 + 20. Yoga defaults (min 0, no shrink) keep 30 + 40.
  @Test func textKeepsItsContentHeight() {
    for css in [true, false] {
      var tree = FlexTree()
      var column = css ? Style.css : Style()
      column.flexDirection = .column
      column.width = .pt(100)
      column.height = .pt(50)
      let root = tree.addNode(style: column)
      let text = tree.addNode(style: css ? .css : Style(), measure: { w, _ in Size(width: w.size, height: 30) })
      var boxStyle = css ? Style.css : Style()
      boxStyle.height = .pt(40)
      let box = tree.addNode(style: boxStyle)
      tree.appendChild(text, to: root)
      tree.appendChild(box, to: root)
      tree.calculateLayout(
        root: root, availableWidth: .nan, availableHeight: .nan, direction: .ltr,
        config: LayoutConfig(pointScaleFactor: 0, useWebDefaults: css))
      let heights = [tree.frame(of: text).height, tree.frame(of: box).height]
      #expect(heights == (css ? [30, 20] : [30, 40]))
    }
  }
}

extension AutomaticMinimumSizeTests {
  /// In a 100-wide row, a text leaf (max-content 120, longest word 50) and a 100-wide box overflow by 120.
  /// CSS: shrink in proportion to basis (120:100) would give the text 54.5, below its longest word, so it
  /// freezes at its min-content 50 and the box takes the rest: 50 + 50.
  @Test func textKeepsItsLongestWordInARow() {
    var tree = FlexTree()
    var row = Style.css
    row.width = .pt(100)
    row.height = .pt(20)
    let root = tree.addNode(style: row)
    let text = tree.addNode(
      style: .css,
      measure: { w, _ in Size(width: w.mode == .undefined ? 120 : min(120, w.size), height: 10) },
      minContentWidth: { 50 })
    var boxStyle = Style.css
    boxStyle.width = .pt(100)
    let box = tree.addNode(style: boxStyle)
    tree.appendChild(text, to: root)
    tree.appendChild(box, to: root)
    tree.calculateLayout(
      root: root, availableWidth: .nan, availableHeight: .nan, direction: .ltr,
      config: LayoutConfig(pointScaleFactor: 0, useWebDefaults: true))
    #expect(tree.frame(of: text).width == 50)
    #expect(tree.frame(of: box).width == 50)
  }
}
