/// A plain display node (`ASDisplayNode` without a spec): Texture's view-block and view-controller-block cells.
/// Pure value.
package struct NodeLeaf: Sendable, Equatable {
  /// A fixed measured size (`measure: {kind: "fixed", size}` in the layout-engine fixtures); nil = plain node.
  package var fixedSize: Size?
  /// The collection or pager this node is (a `collection` or `pager` element), laid out as a plain node.
  package var container: ContainerElement?

  /// A node, optionally reporting a fixed measured size, or standing for a nested container.
  package init(fixedSize: Size? = nil, container: ContainerElement? = nil) {
    self.fixedSize = fixedSize
    self.container = container
  }

  /// Size in the resolved range (texture.md §7.3): a non-zero fixed size clamped into the range; otherwise
  /// `calculateSizeThatFits(R.max)` = R.max when both components are valid sizes, else (0, 0); then clamped.
  package func size(in range: SizeRange) -> Size {
    if let fixedSize, fixedSize != .zero { return range.clamp(fixedSize) }
    return range.clamp(Self.plainSize(range))
  }

  /// `-[ASDisplayNode calculateSizeThatFits:]`: the constrained size if valid, else zero.
  static func plainSize(_ range: SizeRange) -> Size {
    PointValidity.isValidForSize(range.max) ? range.max : .zero
  }
}

/// An image node (`ASImageNode`): its image's size in points, or none. Pure value.
///
/// The style's width/height (preferredSize) win because they narrow the range before the image size is clamped.
package struct ImageLeaf: Sendable, Equatable {
  /// The image's size in points; nil = no image (measured as a plain node).
  package var intrinsicSize: Size?
  /// Image source (URL or asset name) for drawing later; not used by layout.
  package var source: String?

  /// An image leaf.
  package init(intrinsicSize: Size?, source: String? = nil) {
    self.intrinsicSize = intrinsicSize
    self.source = source
  }

  /// `image.size` clamped into the range, or the plain-node rule without an image.
  package func size(in range: SizeRange) -> Size {
    if let intrinsicSize { return range.clamp(intrinsicSize) }
    return range.clamp(NodeLeaf.plainSize(range))
  }
}
