@testable import FlexLayout

/// Builds small trees for the tests: `node(style, children)` and `leaf(style, measure)`.
struct TreeBuilder {
  /// The tree under construction.
  var tree = FlexTree()

  /// Adds a node with `children` and returns its index.
  @discardableResult
  mutating func node(_ configure: (inout Style) -> Void = { _ in }, _ children: [NodeIndex] = []) -> NodeIndex {
    var style = Style()
    configure(&style)
    let n = tree.addNode(style: style)
    for c in children { tree.appendChild(c, to: n) }
    return n
  }

  /// Adds a measured leaf.
  mutating func leaf(
    _ configure: (inout Style) -> Void = { _ in }, measure: @escaping MeasureFunction,
    baseline: BaselineFunction? = nil
  ) -> NodeIndex {
    var style = Style()
    configure(&style)
    return tree.addNode(style: style, measure: measure, baseline: baseline)
  }
}

/// A frame as a tuple, for compact expectations.
func rect(_ tree: FlexTree, _ node: NodeIndex) -> [Double] {
  let f = tree.frame(of: node)
  return [f.left, f.top, f.width, f.height]
}

/// Lays out `root` unbounded, LTR, without rounding unless `scale` is given.
func layout(_ tree: inout FlexTree, _ root: NodeIndex, direction: Direction = .ltr, scale: Double = 0) {
  tree.calculateLayout(
    root: root, availableWidth: .nan, availableHeight: .nan, direction: direction,
    config: LayoutConfig(pointScaleFactor: scale))
}

/// True when every value is within 0.001 of the expected one.
func close(_ a: [Double], _ b: [Double]) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 0.001 }
}
