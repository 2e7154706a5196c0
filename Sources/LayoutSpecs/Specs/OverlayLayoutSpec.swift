/// `ASOverlayLayoutSpec`: the child sizes the spec; the overlay is laid out at exactly the child's size on top.
/// Ignores its own style size.
package struct OverlayLayoutSpec: Sendable, Equatable {
  /// The element that sizes the spec.
  package var child: LayoutElement
  /// Drawn over the child, same frame.
  package var overlay: LayoutElement?

  /// An overlay spec.
  package init(child: LayoutElement, overlay: LayoutElement?) {
    self.child = child
    self.overlay = overlay
  }

  /// Child in the range (parent size passed through); overlay in the exact child size (parent = child size).
  @inline(never) func layout(range: SizeRange, parentSize: Size, engine: LayoutEngine) throws(LayoutFailure) -> Layout {
    let content = try engine.child(child, range: range, parentSize: parentSize, ".child")
    var subs = [content]
    if let overlay {
      let o = try engine.child(
        overlay, range: SizeRange(exactly: content.size), parentSize: content.size, ".overlay")
      subs.append(o)
    }
    return Layout(type: "overlay", size: content.size, children: subs)
  }
}
