/// `ASBackgroundLayoutSpec`: the child sizes the spec; the background is laid out at exactly the child's size
/// behind it. Ignores its own style size.
package struct BackgroundLayoutSpec: Sendable, Equatable {
  /// The element that sizes the spec.
  package var child: LayoutElement
  /// Drawn behind the child, same frame.
  package var background: LayoutElement?

  /// A background spec.
  package init(child: LayoutElement, background: LayoutElement?) {
    self.child = child
    self.background = background
  }

  /// Child in the range; background in the exact child size with the spec's parent size. Background first.
  @inline(never) func layout(range: SizeRange, parentSize: Size, engine: LayoutEngine) throws(LayoutFailure) -> Layout {
    let content = try engine.child(child, range: range, parentSize: parentSize, ".child")
    var subs: [Layout] = []
    if let background {
      let b = try engine.child(
        background, range: SizeRange(exactly: content.size), parentSize: parentSize, ".background")
      subs.append(b)
    }
    subs.append(content)
    return Layout(type: "background", size: content.size, children: subs)
  }
}
