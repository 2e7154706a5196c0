import Testing

@testable import LayoutSpecs

/// Builders and a layout runner for hand-derived spec tests.
enum T {
  /// A named plain node with an optional preferred size and style tweaks.
  static func node(
    _ name: String, _ w: Double? = nil, _ h: Double? = nil, _ edit: (inout ElementStyle) -> Void = { _ in }
  )
    -> LayoutElement
  {
    var s = ElementStyle()
    if let w { s.width = .points(w) }
    if let h { s.height = .points(h) }
    edit(&s)
    return LayoutElement(name: name, style: s, kind: .node(NodeLeaf()))
  }

  /// A stack with Texture's defaults, edited.
  static func stack(_ children: [LayoutElement], _ edit: (inout StackLayoutSpec) -> Void = { _ in }) -> LayoutElement {
    var s = StackLayoutSpec(children: children)
    edit(&s)
    return LayoutElement(kind: .stack(s))
  }

  /// A range from two sizes.
  static func range(_ minW: Double, _ minH: Double, _ maxW: Double, _ maxH: Double) -> SizeRange {
    SizeRange(min: Size(minW, minH), max: Size(maxW, maxH))
  }

  /// Lays `root` out and flattens it.
  static func layout(
    _ root: LayoutElement, _ range: SizeRange, scale: Double = 2, rtl: Bool = false,
    measureText: LayoutEnvironment.TextMeasurer? = FixedAdvanceTextMeasurer.measure
  ) throws -> FlattenedLayout {
    let engine = LayoutEngine(environment: LayoutEnvironment(scale: scale, measureText: measureText))
    return try engine.layout(root, in: range).flattened(grid: engine.grid, rightToLeft: rtl)
  }

  /// The frame of `name` as `[x, y, w, h]`.
  static func frame(_ f: FlattenedLayout, _ name: String) -> [Double]? {
    guard let r = f.frame(name)?.frame else { return nil }
    return [r.origin.x, r.origin.y, r.size.width, r.size.height]
  }
}
