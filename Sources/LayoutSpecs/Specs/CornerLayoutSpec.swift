/// `ASCornerLayoutSpec`: overlays a corner element centred on one corner of the child (badges).
package struct CornerLayoutSpec: Sendable, Equatable {
  /// Which corner of the child (`ASCornerLayoutLocation`).
  package enum Location: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Top-left corner.
    case topLeft
    /// Top-right corner.
    case topRight
    /// Bottom-left corner.
    case bottomLeft
    /// Bottom-right corner.
    case bottomRight
  }

  /// The base element.
  package var child: LayoutElement
  /// The element centred on the corner.
  package var corner: LayoutElement
  /// Corner of the child (default top-left, Texture's zero value).
  package var location: Location
  /// Added to the corner's position, in points (default (0, 0)).
  package var offset: Point
  /// When true the spec grows to include the corner (union, clamped into the range) (default false).
  package var wrapsCorner: Bool

  /// A corner spec.
  package init(
    child: LayoutElement, corner: LayoutElement, location: Location = .topLeft, offset: Point = .zero,
    wrapsCorner: Bool = false
  ) {
    self.child = child
    self.corner = corner
    self.location = location
    self.offset = offset
    self.wrapsCorner = wrapsCorner
  }

  /// Child and corner both in the range (parent = valid `range.max`); corner centred on the chosen corner plus
  /// offset; with `wrapsCorner` the union's size (clamped) and everything shifted so the union starts at (0, 0).
  @inline(never) func layout(range: SizeRange, engine: LayoutEngine) throws(LayoutFailure) -> Layout {
    let parent = engine.validMaxOrUndefined(range)
    var childLayout = try engine.child(child, range: range, parentSize: parent, ".child")
    var cornerLayout = try engine.child(corner, range: range, parentSize: parent, ".corner")
    let base = childLayout.size
    let cs = cornerLayout.size
    var cornerOrigin: Point
    switch location {
    case .topLeft: cornerOrigin = Point(-cs.width / 2, -cs.height / 2)
    case .topRight: cornerOrigin = Point(base.width - cs.width / 2, -cs.height / 2)
    case .bottomLeft: cornerOrigin = Point(-cs.width / 2, base.height - cs.height / 2)
    case .bottomRight: cornerOrigin = Point(base.width - cs.width / 2, base.height - cs.height / 2)
    }
    cornerOrigin.x += offset.x
    cornerOrigin.y += offset.y
    var childOrigin = Point.zero
    var frame = Rect(origin: .zero, size: base)
    if wrapsCorner {
      frame = Self.union(frame, Rect(origin: cornerOrigin, size: cs))
      frame.size = range.clamp(frame.size)
    }
    if frame.origin.x != 0 {
      childOrigin.x -= frame.origin.x
      cornerOrigin.x -= frame.origin.x
    }
    if frame.origin.y != 0 {
      childOrigin.y -= frame.origin.y
      cornerOrigin.y -= frame.origin.y
    }
    childLayout.position = childOrigin
    cornerLayout.position = cornerOrigin
    return Layout(type: "corner", size: frame.size, children: [childLayout, cornerLayout])
  }

  /// `CGRectUnion` of two rectangles with non-negative sizes (zero-size rectangles still count).
  static func union(_ a: Rect, _ b: Rect) -> Rect {
    let minX = min(a.origin.x, b.origin.x)
    let minY = min(a.origin.y, b.origin.y)
    let maxX = max(a.origin.x + a.size.width, b.origin.x + b.size.width)
    let maxY = max(a.origin.y + a.size.height, b.origin.y + b.size.height)
    return Rect(minX, minY, maxX - minX, maxY - minY)
  }
}
