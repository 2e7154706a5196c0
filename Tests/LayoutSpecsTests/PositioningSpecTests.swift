import Testing

@testable import LayoutSpecs

/// Inset, ratio, center, relative, absolute, corner, overlay, background and wrapper with numbers derived by hand
/// from texture.md §7.4 (not from this engine's output).
@Suite struct PositioningSpecTests {
  /// An inset spec around `child`.
  static func inset(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double, _ child: LayoutElement)
    -> LayoutElement
  {
    LayoutElement(
      kind: .inset(
        InsetLayoutSpec(
          insets: EdgeInsets(top: top, left: left, bottom: bottom, right: right),
          child: child)))
  }

  /// Finite insets: child range max 100 − 20 = 80; size = child + insets = 40; child at (10, 10).
  @Test func finiteInsets() throws {
    let f = try T.layout(Self.inset(10, 10, 10, 10, T.node("c", 20, 20)), T.range(0, 0, 100, 100))
    #expect(T.frame(f, "c") == [10, 10, 20, 20])
    #expect(f.size == Size(40, 40))
  }

  /// Infinite top/left with finite bottom/right: size = range.max (infinite sum); x = 100 − (10 + 20) = 70.
  @Test func infiniteLeadingInsetsPinToTrailingEdge() throws {
    let f = try T.layout(Self.inset(.infinity, .infinity, 10, 10, T.node("c", 20, 20)), T.range(0, 0, 100, 100))
    #expect(T.frame(f, "c") == [70, 70, 20, 20])
    #expect(f.size == Size(100, 100))
  }

  /// Both sides infinite centres with ASRoundPixelValue: (100 − 21) / 2 = 39.5 → 40 at 1x → x = 100 − 61 = 39;
  /// at 2x 39.5 stays → x = 39.5.
  @Test func bothInfiniteCentres() throws {
    let spec = Self.inset(.infinity, .infinity, .infinity, .infinity, T.node("c", 21, 21))
    #expect(T.frame(try T.layout(spec, T.range(0, 0, 100, 100), scale: 1), "c") == [39, 39, 21, 21])
    #expect(T.frame(try T.layout(spec, T.range(0, 0, 100, 100), scale: 2), "c") == [39.5, 39.5, 21, 21])
  }

  /// An infinite inset on an axis drops the range minimum there: with min 100 × 100 and insets (inf, 10, 0, 10) a
  /// sizeless node gets width [80, 80] and height [0, 100] → it fills the max height, 100.
  @Test func infiniteInsetDropsMinimum() throws {
    let f = try T.layout(Self.inset(.infinity, 10, 0, 10, T.node("c")), T.range(100, 100, 100, 100))
    #expect(T.frame(f, "c") == [10, 0, 80, 100])
  }

  /// A finite left inset wins over an infinite right one: x = left.
  @Test func finiteLeftInfiniteRight() throws {
    let f = try T.layout(Self.inset(0, 5, 0, .infinity, T.node("c", 20, 20)), T.range(0, 0, 100, 100))
    #expect(T.frame(f, "c") == [5, 0, 20, 20])
    #expect(f.size == Size(100, 20))
  }

  /// Ratio 0.5 (height/width) in max 100 × 200: candidates (100, 50) and (400 → clamped 100, 200); 50/100 is exact.
  @Test func ratioPicksClosestCandidate() throws {
    let spec = LayoutElement(kind: .ratio(RatioLayoutSpec(ratio: 0.5, child: T.node("c"))))
    let f = try T.layout(spec, T.range(0, 0, 100, 200))
    #expect(T.frame(f, "c") == [0, 0, 100, 50])
    let tall = LayoutElement(kind: .ratio(RatioLayoutSpec(ratio: 2, child: T.node("c"))))
    #expect(T.frame(try T.layout(tall, T.range(0, 0, 100, .infinity)), "c") == [0, 0, 100, 200])
  }

  /// Ratio floors the derived side to the pixel grid: 1/3 × 100 = 33.33 → 33 at 1x.
  @Test func ratioFloors() throws {
    let spec = LayoutElement(kind: .ratio(RatioLayoutSpec(ratio: 1.0 / 3.0, child: T.node("c"))))
    #expect(T.frame(try T.layout(spec, T.range(0, 0, 100, .infinity), scale: 1), "c") == [0, 0, 100, 33])
  }

  /// Center XY: spec takes the valid max 100 × 100; child 20 × 10 at round(40), round(45).
  @Test(arguments: [
    (false, false, [40.0, 45, 20, 10], Size(100, 100)),
    (true, true, [0.0, 0, 20, 10], Size(20, 10)),
    (true, false, [0.0, 45, 20, 10], Size(20, 100)),
    (false, true, [40.0, 0, 20, 10], Size(100, 10)),
  ])
  func centerSizingOptions(_ minX: Bool, _ minY: Bool, _ frame: [Double], _ size: Size) throws {
    let spec = LayoutElement(
      kind: .center(
        CenterLayoutSpec(
          centerX: true, centerY: true, minimumX: minX, minimumY: minY,
          child: T.node("c", 20, 10))))
    let f = try T.layout(spec, T.range(0, 0, 100, 100))
    #expect(T.frame(f, "c") == frame)
    #expect(f.size == size)
  }

  /// Without centering the child still gets range.min: a 20 × 10 node in min 50 × 50 becomes 50 × 50 (the
  /// incoming range wins over the style).
  @Test func centerNoneKeepsMinimum() throws {
    let spec = LayoutElement(kind: .center(CenterLayoutSpec(child: T.node("c", 20, 10))))
    #expect(T.frame(try T.layout(spec, T.range(50, 50, 100, 100)), "c") == [0, 0, 50, 50])
  }

  /// Relative end/start with an unbounded height: width 100, height from the child (20); x = 100 − 30 = 70.
  @Test func relativeEndStart() throws {
    let spec = LayoutElement(
      kind: .relative(
        RelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .start, child: T.node("c", 30, 20))))
    let f = try T.layout(spec, T.range(0, 0, 100, .infinity))
    #expect(T.frame(f, "c") == [70, 0, 30, 20])
    #expect(f.size == Size(100, 20))
  }

  /// Relative minimum width: the spec shrinks to the child's width; offsets then are 0 on that axis.
  @Test func relativeMinimumWidth() throws {
    let spec = LayoutElement(
      kind: .relative(
        RelativeLayoutSpec(
          horizontalPosition: .end, verticalPosition: .end, minimumWidth: true,
          child: T.node("c", 30, 20))))
    let f = try T.layout(spec, T.range(0, 0, 100, 100))
    #expect(T.frame(f, "c") == [0, 80, 30, 20])
    #expect(f.size == Size(30, 100))
  }

  /// Absolute: children at their layoutPosition; sizeToFit = extent (max(5 + 10, 30 + 20), max(15, 30)).
  @Test func absoluteSizing() throws {
    let a = T.node("a", 10, 10) { $0.layoutPosition = Point(5, 5) }
    let b = T.node("b", 20, 30) { $0.layoutPosition = Point(30, 0) }
    let fit = LayoutElement(kind: .absolute(AbsoluteLayoutSpec(sizing: .sizeToFit, children: [a, b])))
    let f = try T.layout(fit, T.range(0, 0, 200, 200))
    #expect(T.frame(f, "a") == [5, 5, 10, 10])
    #expect(T.frame(f, "b") == [30, 0, 20, 30])
    #expect(f.size == Size(50, 30))
    let def = LayoutElement(kind: .absolute(AbsoluteLayoutSpec(children: [a, b])))
    #expect(try T.layout(def, T.range(0, 0, 200, 200)).size == Size(200, 200))
    #expect(try T.layout(def, T.range(0, 0, 200, .infinity)).size == Size(200, 30))
  }

  /// Absolute auto max = range.max − layoutPosition: a sizeless node at (50, 20) fills 150 × 180.
  @Test func absoluteAutoMax() throws {
    let c = T.node("c") { $0.layoutPosition = Point(50, 20) }
    let f = try T.layout(LayoutElement(kind: .absolute(AbsoluteLayoutSpec(children: [c]))), T.range(0, 0, 200, 200))
    #expect(T.frame(f, "c") == [50, 20, 150, 180])
  }

  /// Corner top-right of a 100 × 100 child with a 20 × 20 badge: badge at (90, −10); wrapping grows the spec to
  /// the union 110 × 110 and shifts everything down by 10.
  @Test(arguments: [false, true])
  func cornerWrapsCorner(_ wraps: Bool) throws {
    let spec = LayoutElement(
      kind: .corner(
        CornerLayoutSpec(
          child: T.node("base", 100, 100), corner: T.node("badge", 20, 20),
          location: .topRight, wrapsCorner: wraps)))
    let f = try T.layout(spec, T.range(0, 0, 300, 300))
    if wraps {
      #expect(T.frame(f, "base") == [0, 10, 100, 100])
      #expect(T.frame(f, "badge") == [90, 0, 20, 20])
      #expect(f.size == Size(110, 110))
    } else {
      #expect(T.frame(f, "base") == [0, 0, 100, 100])
      #expect(T.frame(f, "badge") == [90, -10, 20, 20])
      #expect(f.size == Size(100, 100))
    }
  }

  /// Corner offset and bottom-left: (−10 + 5, 100 − 10 − 5).
  @Test func cornerOffset() throws {
    let spec = LayoutElement(
      kind: .corner(
        CornerLayoutSpec(
          child: T.node("base", 100, 100), corner: T.node("badge", 20, 20),
          location: .bottomLeft, offset: Point(5, -5))))
    #expect(T.frame(try T.layout(spec, T.range(0, 0, 300, 300)), "badge") == [-5, 85, 20, 20])
  }

  /// Background and overlay take exactly the child's size; a wrapper is as large as its largest child.
  @Test func backgroundOverlayWrapper() throws {
    let bg = LayoutElement(
      kind: .background(BackgroundLayoutSpec(child: T.node("c", 30, 40), background: T.node("bg", 5, 5))))
    let f = try T.layout(bg, T.range(0, 0, 100, 100))
    #expect(T.frame(f, "bg") == [0, 0, 30, 40])
    #expect(f.frames.map(\.name) == ["bg", "c"])
    let ov = LayoutElement(kind: .overlay(OverlayLayoutSpec(child: T.node("c", 30, 40), overlay: T.node("ov"))))
    let g = try T.layout(ov, T.range(0, 0, 100, 100))
    #expect(T.frame(g, "ov") == [0, 0, 30, 40])
    #expect(g.frames.map(\.name) == ["c", "ov"])
    let w = LayoutElement(kind: .wrapper(WrapperLayoutSpec(children: [T.node("a", 50, 20), T.node("b", 10, 80)])))
    #expect(try T.layout(w, T.range(0, 0, 200, 200)).size == Size(50, 80))
  }

  /// Plain nodes fill a finite max and collapse on an infinite or CGFLOAT_MAX one; fixed measures clamp.
  @Test func leafMeasurement() throws {
    #expect(try T.layout(T.node("n"), T.range(0, 0, 30, 40)).size == Size(30, 40))
    #expect(try T.layout(T.node("n"), T.range(10, 5, 30, .infinity)).size == Size(10, 5))
    #expect(try T.layout(T.node("n"), T.range(0, 0, 30, .greatestFiniteMagnitude)).size == Size(0, 0))
    let fixed = LayoutElement(name: "f", kind: .node(NodeLeaf(fixedSize: Size(50, 5))))
    #expect(try T.layout(fixed, T.range(0, 10, 40, 40)).size == Size(40, 10))
    let image = LayoutElement(name: "i", kind: .image(ImageLeaf(intrinsicSize: Size(64, 48))))
    #expect(try T.layout(image, .unconstrained).size == Size(64, 48))
    var preferred = image
    preferred.style.preferredSize = Size(32, 32)
    #expect(try T.layout(preferred, .unconstrained).size == Size(32, 32))
  }
}
