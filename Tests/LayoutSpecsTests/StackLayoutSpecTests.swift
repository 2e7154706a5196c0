import Testing

@testable import LayoutSpecs

/// Stack behaviour with numbers derived by hand from texture.md §7.5 (not from this engine's output).
@Suite struct StackLayoutSpecTests {
  /// Three 10-pt items with grow 1 in an exact 100-pt row: violation 70, floor(70/3) = 23 each (10 + 23 = 33), the
  /// remainder 70 − 69 = 1 goes to the first item → 34, 33, 33.
  @Test func growFloorsAndGivesRemainderToFirst() throws {
    let kids = ["a", "b", "c"].map { n in T.node(n, 10, 10) { $0.flexGrow = 1 } }
    let f = try T.layout(T.stack(kids) { $0.alignItems = .start }, T.range(100, 50, 100, 50))
    #expect(T.frame(f, "a") == [0, 0, 34, 10])
    #expect(T.frame(f, "b") == [34, 0, 33, 10])
    #expect(T.frame(f, "c") == [67, 0, 33, 10])
    #expect(f.size == Size(100, 50))
  }

  /// Grow 1 and 2 with violation 80: floor(26.67) = 26 and floor(53.33) = 53, remainder 1 to the first → 10 + 27, 10 + 53.
  /// The incoming exact range beats the items' own 10-pt widths.
  @Test func growByFactors() throws {
    let a = T.node("a", 10, 10) { $0.flexGrow = 1 }
    let b = T.node("b", 10, 10) { $0.flexGrow = 2 }
    let f = try T.layout(T.stack([a, b]) { $0.alignItems = .start }, T.range(100, 10, 100, 10))
    #expect(T.frame(f, "a") == [0, 0, 37, 10])
    #expect(T.frame(f, "b") == [37, 0, 63, 10])
  }

  /// An "at most" range never grows: range [0, 100] leaves 10-pt items at 10.
  @Test func atMostRangeDoesNotGrow() throws {
    let a = T.node("a", 10, 10) { $0.flexGrow = 1 }
    let f = try T.layout(T.stack([a]) { $0.alignItems = .start }, T.range(0, 0, 100, 100))
    #expect(T.frame(f, "a") == [0, 0, 10, 10])
    #expect(f.size == Size(10, 10))
  }

  /// Widths 60 and 40 with shrink 1 and 3 in a 50-pt max: weights 60×¼ = 15 and 40×¾ = 30 (Σ 45); shrink by
  /// 50 × 15/45 = 16.67 → 43.33 (ceiled 43.5 at 2x) and 50 × 30/45 = 33.33 → 6.67 (ceiled 7). Stack = 50.5 → 50.
  @Test func shrinkProportionalToSizeTimesFactor() throws {
    let a = T.node("a", 60, 10) { $0.flexShrink = 1 }
    let b = T.node("b", 40, 10) { $0.flexShrink = 3 }
    let f = try T.layout(T.stack([a, b]) { $0.alignItems = .start }, T.range(0, 0, 50, 50))
    #expect(T.frame(f, "a") == [0, 0, 43.5, 10])
    #expect(T.frame(f, "b") == [43.5, 0, 7, 10])
    #expect(f.size == Size(50, 10))
  }

  /// Default flexShrink is 0: items overflow instead of shrinking.
  @Test func defaultShrinkIsZero() throws {
    let f = try T.layout(
      T.stack([T.node("a", 60, 10), T.node("b", 60, 10)]) { $0.alignItems = .start },
      T.range(0, 0, 100, 100))
    #expect(T.frame(f, "b") == [60, 0, 60, 10])
    #expect(f.size == Size(100, 10))
  }

  /// First baselines: ascenders 10 and 40 → line baseline 40, descents 20 and 10 → cross 60; a sits at 40 − 10.
  @Test func baselineFirst() throws {
    let a = T.node("a", 20, 30) { $0.ascender = 10 }
    let b = T.node("b", 20, 50) { $0.ascender = 40 }
    let f = try T.layout(T.stack([a, b]) { $0.alignItems = .baselineFirst }, .unconstrained)
    #expect(T.frame(f, "a") == [0, 30, 20, 30])
    #expect(T.frame(f, "b") == [20, 0, 20, 50])
    #expect(f.size == Size(40, 60))
  }

  /// Last baselines: 30 − 5 = 25 and 50 − 10 = 40 → line baseline 40, descent max(5, 10) → cross 50.
  @Test func baselineLast() throws {
    let a = T.node("a", 20, 30) { $0.descender = -5 }
    let b = T.node("b", 20, 50) { $0.descender = -10 }
    let f = try T.layout(T.stack([a, b]) { $0.alignItems = .baselineLast }, .unconstrained)
    #expect(T.frame(f, "a") == [0, 15, 20, 30])
    #expect(T.frame(f, "b") == [20, 0, 20, 50])
    #expect(f.size == Size(40, 50))
  }

  /// A vertical stack reports its first child's ascender and last child's descender for an outer baseline row.
  @Test func verticalStackCarriesBaselines() throws {
    let col = T.stack([T.node("top", 10, 10) { $0.ascender = 8 }, T.node("bottom", 10, 10) { $0.descender = -2 }]) {
      $0.direction = .vertical
      $0.alignItems = .start
    }
    let other = T.node("other", 10, 30) { $0.ascender = 20 }
    let f = try T.layout(T.stack([col, other]) { $0.alignItems = .baselineFirst }, .unconstrained)
    // Baselines 8 and 20 → line baseline 20: the column moves down 12.
    #expect(T.frame(f, "top") == [0, 12, 10, 10])
    #expect(T.frame(f, "other") == [10, 0, 10, 30])
  }

  /// Wrap in 100 × 200: items of 40 × 30 break after two (120 > 100); lines 30 + 10 + 30 = 70, violation 130.
  @Test(arguments: [
    (StackLayoutSpec.AlignContent.start, 0.0, 40.0),
    (.center, 65, 105),
    (.end, 130, 170),
    (.spaceBetween, 0, 170),
    (.spaceAround, 32.5, 137.5),
    (.stretch, 0, 105),
  ])
  func wrapWithLineSpacing(_ mode: StackLayoutSpec.AlignContent, _ line1: Double, _ line2: Double) throws {
    let kids = ["a", "b", "c"].map { T.node($0, 40, 30) }
    let s = T.stack(kids) {
      $0.flexWrap = .wrap
      $0.alignItems = .start
      $0.lineSpacing = 10
      $0.alignContent = mode
    }
    let f = try T.layout(s, T.range(100, 200, 100, 200))
    #expect(T.frame(f, "a") == [0, line1, 40, 30])
    #expect(T.frame(f, "b") == [40, line1, 40, 30])
    #expect(T.frame(f, "c") == [0, line2, 40, 30])
  }

  /// Wrap counts spacing: with spacing 30, 40 + 30 + 40 = 110 > 100 breaks after every item.
  @Test func wrapCountsSpacing() throws {
    let s = T.stack(["a", "b"].map { T.node($0, 40, 30) }) {
      $0.flexWrap = .wrap
      $0.alignItems = .start
      $0.spacing = 30
    }
    let f = try T.layout(s, T.range(0, 0, 100, 500))
    #expect(T.frame(f, "b") == [0, 30, 40, 30])
    #expect(f.size == Size(40, 60))
  }

  /// Justify modes on a 100-pt row with two 20-pt items (violation 60).
  @Test(arguments: [
    (StackLayoutSpec.JustifyContent.start, 0.0, 20.0),
    (.center, 30, 50),
    (.end, 60, 80),
    (.spaceBetween, 0, 80),
    (.spaceAround, 15, 65),
  ])
  func justify(_ mode: StackLayoutSpec.JustifyContent, _ x1: Double, _ x2: Double) throws {
    let s = T.stack([T.node("a", 20, 10), T.node("b", 20, 10)]) {
      $0.justifyContent = mode
      $0.alignItems = .start
    }
    let f = try T.layout(s, T.range(100, 10, 100, 10))
    #expect(T.frame(f, "a")?[0] == x1)
    #expect(T.frame(f, "b")?[0] == x2)
  }

  /// Centre on the cross axis floors to the pixel grid: (15 − 10) / 2 = 2.5 at 1x → 2.
  @Test func crossCenterFloors() throws {
    let s = T.stack([T.node("a", 10, 10), T.node("b", 10, 15)]) { $0.alignItems = .center }
    let f = try T.layout(s, .unconstrained, scale: 1)
    #expect(T.frame(f, "a") == [0, 2, 10, 10])
  }

  /// Stretch: a child without a cross size takes the line's cross size; one with an explicit size keeps it.
  @Test func stretch() throws {
    let s = T.stack([T.node("tall", 10, 40), T.node("free", 10), T.node("fixed", 10, 5)])
    let f = try T.layout(s, .unconstrained)
    #expect(T.frame(f, "free") == [10, 0, 10, 40])
    #expect(T.frame(f, "fixed") == [20, 0, 10, 5])
  }

  /// spacingBefore/After and spacing add up; an empty stack takes range.min.
  @Test func spacingAndEmpty() throws {
    let s = T.stack([T.node("a", 10, 10) { $0.spacingAfter = 5 }, T.node("b", 10, 10) { $0.spacingBefore = 3 }]) {
      $0.spacing = 2
      $0.alignItems = .start
    }
    let f = try T.layout(s, .unconstrained)
    #expect(T.frame(f, "b") == [20, 0, 10, 10])
    #expect(f.size == Size(30, 10))
    let empty = try T.layout(T.stack([]), T.range(7, 9, 50, 50))
    #expect(empty.size == Size(7, 9))
  }

  /// RTL mirrors every flattened frame: x = width − w − x.
  @Test func rightToLeftMirroring() throws {
    let s = T.stack([T.node("a", 30, 10), T.node("b", 20, 10)]) { $0.alignItems = .start }
    let f = try T.layout(s, T.range(100, 10, 100, 10), rtl: true)
    #expect(T.frame(f, "a") == [70, 0, 30, 10])
    #expect(T.frame(f, "b") == [50, 0, 20, 10])
  }
}
