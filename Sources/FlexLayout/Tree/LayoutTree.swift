/// A node handle inside a `LayoutTree`: an index into its storage.
package typealias NodeIndex = Int32

/// How the flexbox engine reaches nodes: children, style, measure functions and a per-node layout slot.
///
/// Storage is the conformer's business; the engine only walks these accessors, so an arena of structs, a
/// mirror of a session model or a test double can all be laid out. `-1` means "no node".
package protocol LayoutTree {
  /// The parent of `node`, or -1 for a root.
  func parent(of node: NodeIndex) -> NodeIndex
  /// The first child of `node`, or -1.
  func firstChild(of node: NodeIndex) -> NodeIndex
  /// The next sibling of `node`, or -1.
  func nextSibling(of node: NodeIndex) -> NodeIndex
  /// The style of `node`.
  subscript(style node: NodeIndex) -> Style { get }
  /// The engine's working state and results for `node`.
  subscript(layout node: NodeIndex) -> NodeLayout { get set }
  /// True when `node` is a leaf measured by a measure function.
  func hasMeasure(_ node: NodeIndex) -> Bool
  /// Calls `node`'s measure function with the offered content-box width and height.
  func measure(_ node: NodeIndex, width: AxisOffer, height: AxisOffer) -> Size
  /// The min-content width of a measured leaf that reports one, points; NaN otherwise.
  func minContentWidth(_ node: NodeIndex) -> Double
  /// True when `node` has a baseline function.
  func hasBaseline(_ node: NodeIndex) -> Bool
  /// Calls `node`'s baseline function with its laid-out width and height.
  func baseline(_ node: NodeIndex, width: Double, height: Double) -> Double
}
