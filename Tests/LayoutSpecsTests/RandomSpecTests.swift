import TestSupport
import Testing

@testable import LayoutSpecs

/// Random spec trees (printed seed) never trap and always yield finite, non-negative, pixel-aligned sizes and
/// finite frames, whatever the range — including infinite and CGFLOAT_MAX bounds.
@Suite struct RandomSpecTests {
  /// Random spec values drawn from the shared seeded generator.
  struct Generator {
    /// The seeded bits.
    var base: SeededGenerator
    /// A generator starting from `state` (the seed).
    init(state: UInt64) { base = SeededGenerator(state: state) }
    /// Next 64 random bits.
    mutating func next() -> UInt64 { base.next() }
    /// A value in 0..<n.
    mutating func below(_ n: Int) -> Int { base.below(n) }
    /// A length: mostly small, sometimes 0, infinite or huge.
    mutating func length() -> Double {
      switch below(10) {
      case 0: return 0
      case 1: return .infinity
      case 2: return .greatestFiniteMagnitude
      default: return Double(below(400)) / Double(1 + below(3))
      }
    }
    /// A random dimension.
    mutating func dimension() -> Dimension {
      switch below(4) {
      case 0: return .auto
      case 1: return .fraction(Double(below(101)) / 100)
      default: return .points(Double(below(200)))
      }
    }
  }

  /// A random element tree of at most `depth` levels.
  static func element(_ g: inout Generator, depth: Int) -> LayoutElement {
    var style = ElementStyle()
    if g.below(2) == 0 { style.width = g.dimension() }
    if g.below(2) == 0 { style.height = g.dimension() }
    if g.below(4) == 0 { style.minWidth = g.dimension() }
    if g.below(4) == 0 { style.maxHeight = g.dimension() }
    if g.below(3) == 0 { style.flexGrow = Double(g.below(3)) }
    if g.below(3) == 0 { style.flexShrink = Double(g.below(3)) }
    if g.below(4) == 0 { style.flexBasis = g.dimension() }
    if g.below(4) == 0 { style.spacingBefore = Double(g.below(20)) - 5 }
    if g.below(4) == 0 { style.ascender = Double(g.below(30)) }
    style.alignSelf = AlignSelf.allCases[g.below(AlignSelf.allCases.count)]
    style.layoutPosition = Point(Double(g.below(50)), Double(g.below(50)))
    let name = "e\(g.next() % 100_000)"
    if depth <= 1 || g.below(3) == 0 {
      switch g.below(3) {
      case 0: return LayoutElement(name: name, style: style, kind: .node(NodeLeaf()))
      case 1:
        return LayoutElement(
          name: name, style: style, kind: .text(TextLeaf(text: "word wrap test", fontFamily: "Ahem", fontSize: 12)))
      default:
        return LayoutElement(
          name: name, style: style, kind: .image(ImageLeaf(intrinsicSize: Size(Double(g.below(90)), 30))))
      }
    }
    func kids(_ g: inout Generator) -> [LayoutElement] { (0..<g.below(4)).map { _ in element(&g, depth: depth - 1) } }
    let child = element(&g, depth: depth - 1)
    let kind: LayoutElement.Kind
    switch g.below(10) {
    case 0:
      var s = StackLayoutSpec(children: kids(&g))
      s.direction = g.below(2) == 0 ? .horizontal : .vertical
      s.alignItems = StackLayoutSpec.AlignItems.allCases[g.below(6)]
      s.justifyContent = StackLayoutSpec.JustifyContent.allCases[g.below(5)]
      s.flexWrap = g.below(2) == 0 ? .wrap : .noWrap
      s.alignContent = StackLayoutSpec.AlignContent.allCases[g.below(6)]
      s.spacing = Double(g.below(10))
      s.lineSpacing = Double(g.below(10))
      kind = .stack(s)
    case 1: kind = .inset(InsetLayoutSpec(insets: EdgeInsets(top: g.length(), left: g.length()), child: child))
    case 2: kind = .overlay(OverlayLayoutSpec(child: child, overlay: element(&g, depth: depth - 1)))
    case 3: kind = .background(BackgroundLayoutSpec(child: child, background: element(&g, depth: depth - 1)))
    case 4: kind = .center(CenterLayoutSpec(centerX: true, minimumY: true, child: child))
    case 5: kind = .ratio(RatioLayoutSpec(ratio: Double(1 + g.below(30)) / 10, child: child))
    case 6: kind = .relative(RelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .center, child: child))
    case 7: kind = .absolute(AbsoluteLayoutSpec(sizing: g.below(2) == 0 ? .default : .sizeToFit, children: kids(&g)))
    case 8: kind = .wrapper(WrapperLayoutSpec(children: kids(&g)))
    default:
      kind = .corner(
        CornerLayoutSpec(
          child: child, corner: element(&g, depth: depth - 1),
          location: CornerLayoutSpec.Location.allCases[g.below(4)], wrapsCorner: g.below(2) == 0))
    }
    return LayoutElement(name: name, style: style, kind: kind)
  }

  /// 300 random trees per seed.
  @Test(arguments: [1, 2, 3, 42] as [UInt64])
  func randomTreesStayFinite(_ seed: UInt64) throws {
    var g = Generator(state: seed)
    let engine = LayoutEngine(environment: LayoutEnvironment(scale: 2, measureText: FixedAdvanceTextMeasurer.measure))
    for n in 0..<300 {
      let root = Self.element(&g, depth: 5)
      let minW = Double(g.below(100))
      let range = SizeRange(min: Size(minW, 0), max: Size(minW + g.length(), g.length()))
      let flat = try engine.layout(root, in: range).flattened(grid: engine.grid, rightToLeft: g.below(2) == 0)
      let ok =
        flat.size.width.isFinite && flat.size.height.isFinite && flat.size.width >= 0 && flat.size.height >= 0
        && flat.frames.allSatisfy {
          $0.frame.origin.x.isFinite && $0.frame.origin.y.isFinite && $0.frame.size.width >= 0
            && $0.frame.size.height >= 0 && ($0.frame.size.width * 2).rounded() == $0.frame.size.width * 2
        }
      #expect(ok, "seed \(seed), tree \(n), range \(range)")
    }
  }
}
