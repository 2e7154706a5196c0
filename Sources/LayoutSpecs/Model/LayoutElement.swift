/// One element of a cell's layout-spec tree: a spec with children, or a leaf. Pure, immutable value.
///
/// `id` lets clients query or patch the element later; `name` labels leaves in Texture fixtures. Both appear in
/// flattened layouts.
package struct LayoutElement: Sendable, Equatable {
  /// Client-chosen identifier, unique within a cell by convention (not enforced).
  package var id: String?
  /// Descriptive name (fixtures name their leaves).
  package var name: String?
  /// Sizing and placement properties.
  package var style: ElementStyle
  /// What the element is.
  package var kind: Kind

  /// An element from its parts.
  package init(id: String? = nil, name: String? = nil, style: ElementStyle = ElementStyle(), kind: Kind) {
    self.id = id
    self.name = name
    self.style = style
    self.kind = kind
  }

  /// The spec or leaf an element is.
  package indirect enum Kind: Sendable, Equatable {
    /// `ASStackLayoutSpec`.
    case stack(StackLayoutSpec)
    /// `ASInsetLayoutSpec`.
    case inset(InsetLayoutSpec)
    /// `ASOverlayLayoutSpec`.
    case overlay(OverlayLayoutSpec)
    /// `ASBackgroundLayoutSpec`.
    case background(BackgroundLayoutSpec)
    /// `ASCenterLayoutSpec`.
    case center(CenterLayoutSpec)
    /// `ASRatioLayoutSpec`.
    case ratio(RatioLayoutSpec)
    /// `ASRelativeLayoutSpec`.
    case relative(RelativeLayoutSpec)
    /// `ASAbsoluteLayoutSpec`.
    case absolute(AbsoluteLayoutSpec)
    /// `ASWrapperLayoutSpec`.
    case wrapper(WrapperLayoutSpec)
    /// `ASCornerLayoutSpec`.
    case corner(CornerLayoutSpec)
    /// A plain display node (view block / view-controller block cells), optionally with a fixed measurement.
    case node(NodeLeaf)
    /// A text node (`ASTextNode`), measured through `LayoutEnvironment.measureText`.
    case text(TextLeaf)
    /// An image node (`ASImageNode`) with an intrinsic size.
    case image(ImageLeaf)
    /// A Yoga-style flex box, laid out through `LayoutEnvironment.layoutBox`.
    case box(BoxElement)
  }

  /// The element's kind as a short tag (`"stack"`, `"text"`, …), the JSON `type` value.
  package var typeName: String {
    switch kind {
    case .stack: return "stack"
    case .inset: return "inset"
    case .overlay: return "overlay"
    case .background: return "background"
    case .center: return "center"
    case .ratio: return "ratio"
    case .relative: return "relative"
    case .absolute: return "absolute"
    case .wrapper: return "wrapper"
    case .corner: return "corner"
    case .node: return "node"
    case .text: return "text"
    case .image: return "image"
    case .box: return "box"
    }
  }

  /// True for leaves (node, text, image); boxes and specs are containers.
  package var isLeaf: Bool {
    switch kind {
    case .node, .text, .image: return true
    default: return false
    }
  }
}
