import Synchronization

/// One element of a cell's layout-spec tree: a spec with children, or a leaf. Pure, immutable value.
///
/// `id` lets clients query or patch the element later; `name` labels leaves in Texture fixtures. Both appear in
/// flattened layouts.
package struct LayoutElement: Sendable, Equatable {
  /// Immutable shared storage: keeps the value 8 bytes wide so that specs holding children, and the layout
  /// recursion that copies them, use little stack per nesting level.
  private final class Storage: Sendable {
    /// An element's `id` and `name`, boxed: most elements have neither, which then costs one nil pointer instead
    /// of two inline optional strings (32 bytes).
    private final class Labels: Sendable {
      /// See `LayoutElement.id`.
      let id: String?
      /// See `LayoutElement.name`.
      let name: String?
      /// Labels from their parts.
      init(id: String?, name: String?) {
        self.id = id
        self.name = name
      }
    }

    /// The labels (nil: neither).
    private let labels: Labels?
    /// See `LayoutElement.id`.
    var id: String? { labels?.id }
    /// See `LayoutElement.name`.
    var name: String? { labels?.name }
    /// A style other than the default, boxed: most elements of a cell keep the default style, which then costs
    /// one nil pointer instead of 176 inline bytes.
    private final class StyleBox: Sendable {
      /// The style.
      let style: ElementStyle
      /// A box holding `style`.
      init(_ style: ElementStyle) { self.style = style }
    }

    /// The style (nil: `ElementStyle()`).
    private let styleBox: StyleBox?
    /// The default style, shared.
    private static let defaultStyle = ElementStyle()
    /// See `LayoutElement.style`.
    var style: ElementStyle { styleBox?.style ?? Storage.defaultStyle }
    /// See `LayoutElement.kind`.
    let kind: Kind
    /// Layouts computed for this element (see `LayoutEngine.layoutThatFits`); shared by every copy of the value.
    let layouts = Mutex(ElementLayoutCache())

    /// Storage from its parts.
    init(id: String?, name: String?, style: ElementStyle, kind: Kind) {
      self.labels = id == nil && name == nil ? nil : Labels(id: id, name: name)
      self.styleBox = style == Storage.defaultStyle ? nil : StyleBox(style)
      self.kind = kind
    }
  }

  /// The element's fields.
  private var storage: Storage

  /// Client-chosen identifier, unique within a cell by convention (not enforced).
  package var id: String? {
    get { storage.id }
    set { storage = Storage(id: newValue, name: name, style: style, kind: kind) }
  }
  /// Descriptive name (fixtures name their leaves).
  package var name: String? {
    get { storage.name }
    set { storage = Storage(id: id, name: newValue, style: style, kind: kind) }
  }
  /// Sizing and placement properties.
  package var style: ElementStyle {
    get { storage.style }
    set { storage = Storage(id: id, name: name, style: newValue, kind: kind) }
  }
  /// What the element is.
  package var kind: Kind {
    get { storage.kind }
    set { storage = Storage(id: id, name: name, style: style, kind: newValue) }
  }

  /// An element from its parts.
  package init(id: String? = nil, name: String? = nil, style: ElementStyle = ElementStyle(), kind: Kind) {
    storage = Storage(id: id, name: name, style: style, kind: kind)
  }

  /// The layout cached for `key` in this element's storage, if any (setting any field makes new storage with an
  /// empty cache).
  func cachedLayout(for key: LayoutCacheKey) -> Layout? { storage.layouts.withLock { $0.layout(for: key) } }

  /// Remembers `layout` as this element's answer to `key`, in its storage's cache.
  func storeCachedLayout(_ layout: Layout, for key: LayoutCacheKey) {
    storage.layouts.withLock { $0.store(layout, for: key) }
  }

  /// Frees the cached layouts of this element and every sub-element (iterative). A daemon holding many cells calls
  /// this once a cell's height is known: the next layout of the cell is full work, but memory per row stays small.
  package func releaseCachedLayouts() {
    var pending = [self]
    while let element = pending.popLast() {
      element.storage.layouts.withLock { $0 = ElementLayoutCache() }
      pending.append(contentsOf: element.subelements)
    }
  }

  /// Field-wise equality (identical storage is equal without comparing).
  package static func == (lhs: LayoutElement, rhs: LayoutElement) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.id == rhs.id && lhs.name == rhs.name && lhs.style == rhs.style && lhs.kind == rhs.kind)
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
    case .node(let leaf): return leaf.container?.kind.rawValue ?? "node"
    case .text: return "text"
    case .image: return "image"
    case .box: return "box"
    }
  }

  /// True when layouts of this element are worth caching below the root: text (shaping is costly), boxes (a whole
  /// flex layout of their template) and stacks (they measure their children several times). Single-child specs recompute
  /// quickly from their children's cached layouts, and plain nodes and images size themselves faster than a
  /// cache lookup. The root of a layout is always cached. Measured on the bench's photo cell (first layout
  /// against caching off, relayout after one text edit): this choice +5%, 8.8 µs; every spec +7%, 8.4 µs; text
  /// and boxes only +2%, 12.7 µs.
  var cachesLayout: Bool {
    switch kind {
    case .text, .box, .stack: return true
    default: return false
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
