import Testing

@testable import FlexLayout

/// §9.5 main-axis alignment, §9.6 cross-axis alignment and §8.5 baselines.
@Suite struct AlignmentTests {
  /// Three 20-wide items in 200: free space 140.
  static func row(_ justify: Justify) -> [Double] {
    var b = TreeBuilder()
    let items = (0..<3).map { _ in b.node { $0.width = .pt(20); $0.height = .pt(10) } }
    let root = b.node({ $0.flexDirection = .row; $0.width = .pt(200); $0.height = .pt(10); $0.justifyContent = justify }, items)
    layout(&b.tree, root)
    return items.map { b.tree.frame(of: $0).left }
  }

  /// Each justify-content value places the items as §8.2 describes.
  @Test func justifyContent() {
    #expect(Self.row(.flexStart) == [0, 20, 40])
    #expect(Self.row(.flexEnd) == [140, 160, 180])
    #expect(Self.row(.center) == [70, 90, 110])
    #expect(Self.row(.spaceBetween) == [0, 90, 180])
    let around: [Double] = [140.0 / 6, 20 + 140.0 / 2, 40 + 140.0 * 5 / 6]
    #expect(close(Self.row(.spaceAround), around))
    #expect(Self.row(.spaceEvenly) == [35, 90, 145])
  }

  /// align-items in a 100-high row: a 20-high item at 0, 40 or 80; stretch fills 100.
  @Test func alignItems() {
    for (align, top, height) in [(Align.flexStart, 0.0, 20.0), (.center, 40, 20), (.flexEnd, 80, 20), (.stretch, 0, 100)] {
      var b = TreeBuilder()
      let item = b.node { $0.width = .pt(10); if align != .stretch { $0.height = .pt(20) } }
      let root = b.node({ $0.flexDirection = .row; $0.width = .pt(100); $0.height = .pt(100); $0.alignItems = align }, [item])
      layout(&b.tree, root)
      #expect(rect(b.tree, item) == [0, top, 10, height])
    }
  }

  /// Auto margins on both cross sides centre the item (§8.1).
  @Test func autoMarginsCentre() {
    var b = TreeBuilder()
    let item = b.node { $0.width = .pt(10); $0.height = .pt(20); $0.margin = Edges(vertical: .auto) }
    let root = b.node({ $0.flexDirection = .row; $0.width = .pt(100); $0.height = .pt(100) }, [item])
    layout(&b.tree, root)
    #expect(rect(b.tree, item) == [0, 40, 10, 20])
  }

  /// Two lines of 30 in a 100-high wrap container: align-content stretch gives each line 50 (items stretch);
  /// space-between puts the second line at 70.
  @Test func alignContent() {
    for (align, secondTop, height) in [(Align.stretch, 50.0, 50.0), (.spaceBetween, 70, 30)] {
      var b = TreeBuilder()
      let items = (0..<2).map { _ in b.node { $0.width = .pt(60); if align != .stretch { $0.height = .pt(30) } } }
      let root = b.node(
        {
          $0.flexDirection = .row; $0.flexWrap = .wrap; $0.width = .pt(100); $0.height = .pt(100)
          $0.alignContent = align
          if align == .stretch { $0.alignItems = .stretch }
        }, items)
      if align == .stretch {
        // Give the stretched items a content height of 30 through padding.
        for i in items { b.tree.setStyle({ var s = b.tree.style(of: i); s.padding = Edges(top: .pt(30)); return s }(), of: i) }
      }
      layout(&b.tree, root)
      #expect(rect(b.tree, items[1]) == [0, secondTop, 60, height])
    }
  }

  /// Baseline alignment: baselines 8 and 18 align at 18, so the first item moves down 10.
  @Test func baselineAlignment() {
    var b = TreeBuilder()
    let a = b.leaf({ _ in }, measure: { _, _ in Size(width: 10, height: 10) }, baseline: { _, _ in 8 })
    let c = b.leaf({ _ in }, measure: { _, _ in Size(width: 10, height: 20) }, baseline: { _, _ in 18 })
    let root = b.node({ $0.flexDirection = .row; $0.alignItems = .baseline; $0.width = .pt(100) }, [a, c])
    layout(&b.tree, root)
    #expect(rect(b.tree, a) == [0, 10, 10, 10])
    #expect(rect(b.tree, c) == [10, 0, 10, 20])
    #expect(rect(b.tree, root)[3] == 20)
  }

  /// RTL mirrors a row: the first item sits at the right edge.
  @Test func rtlMirrorsRow() {
    var b = TreeBuilder()
    let a = b.node { $0.width = .pt(20); $0.height = .pt(10) }
    let c = b.node { $0.width = .pt(30); $0.height = .pt(10) }
    let root = b.node({ $0.flexDirection = .row; $0.width = .pt(100); $0.height = .pt(10) }, [a, c])
    layout(&b.tree, root, direction: .rtl)
    #expect(rect(b.tree, a) == [80, 0, 20, 10])
    #expect(rect(b.tree, c) == [50, 0, 30, 10])
  }
}
