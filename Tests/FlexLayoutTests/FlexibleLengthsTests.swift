import Testing

@testable import FlexLayout

/// §9.7 Resolving flexible lengths, with numbers worked out from the spec.
@Suite struct FlexibleLengthsTests {
  /// Free space 300 split 1:2 between two items of basis 0.
  @Test func growDistributesFreeSpaceByFactor() {
    var b = TreeBuilder()
    let a = b.node { $0.flexGrow = 1; $0.flexBasis = .zero }
    let c = b.node { $0.flexGrow = 2; $0.flexBasis = .zero }
    let root = b.node({ $0.flexDirection = .row; $0.width = .pt(300); $0.height = .pt(10) }, [a, c])
    layout(&b.tree, root)
    #expect(close(rect(b.tree, a), [0, 0, 100, 10]))
    #expect(close(rect(b.tree, c), [100, 0, 200, 10]))
  }

  /// Negative free space 50 is taken in proportion to shrink factor × basis (100 and 50): 33.33 and 16.67.
  @Test func shrinkScalesByFlexBasis() {
    var b = TreeBuilder()
    let a = b.node { $0.flexShrink = 1; $0.width = .pt(100) }
    let c = b.node { $0.flexShrink = 1; $0.width = .pt(50) }
    let root = b.node({ $0.flexDirection = .row; $0.width = .pt(100); $0.height = .pt(10) }, [a, c])
    layout(&b.tree, root)
    #expect(close(rect(b.tree, a), [0, 0, 100 - 100.0 / 3, 10]))
    #expect(close(rect(b.tree, c), [100 - 100.0 / 3, 0, 50 - 50.0 / 3, 10]))
  }

  /// An item clamped by max-width is frozen; the rest of the free space goes to the others (250).
  @Test func maxWidthFreezesItem() {
    var b = TreeBuilder()
    let a = b.node { $0.flexGrow = 1; $0.maxWidth = .pt(50) }
    let c = b.node { $0.flexGrow = 1 }
    let root = b.node({ $0.flexDirection = .row; $0.width = .pt(300); $0.height = .pt(10) }, [a, c])
    layout(&b.tree, root)
    #expect(rect(b.tree, a)[2] == 50)
    #expect(rect(b.tree, c) == [50, 0, 250, 10])
  }

  /// Yoga defaults: no shrink, so items overflow their container.
  @Test func yogaDefaultsDoNotShrink() {
    var b = TreeBuilder()
    let a = b.node { $0.width = .pt(80) }
    let c = b.node { $0.width = .pt(80) }
    let root = b.node({ $0.flexDirection = .row; $0.width = .pt(100); $0.height = .pt(10) }, [a, c])
    layout(&b.tree, root)
    #expect(rect(b.tree, c) == [80, 0, 80, 10])
  }
}
