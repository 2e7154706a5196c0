import Synchronization

/// A collection or pager inside a cell (Protocol.md "Nested containers"): laid out as a plain node of the cell
/// (its size is the cell layout's, like any element's), while its items are cells of their own, placed by a flow
/// layout in the element's frame and scrolled on their own by the server. Pure value.
package struct ContainerElement: Sendable, Equatable {
  /// What the container is.
  package enum Kind: String, Sendable, Equatable {
    /// `ASCollectionNode` with a flow layout.
    case collection
    /// `ASPagerNode`: horizontal pages each exactly the element's size.
    case pager
  }

  /// Collection or pager.
  package var kind: Kind
  /// The flow layout's properties (a pager's are fixed: horizontal, no spacing, pages of the element's size).
  package var layout: ContainerFlow
  /// The items in order, one section.
  package var items: [ContainerItem]

  /// Set once the process has decoded any container element: until then no cell can hold one, and layout skips
  /// looking for them (the common case costs nothing).
  private static let decodedAny = Atomic<Bool>(false)

  /// True once any container element has been decoded in this process.
  package static var mayExist: Bool { decodedAny.load(ordering: .acquiring) }

  /// A container from its parts (noted in `mayExist`).
  package init(kind: Kind, layout: ContainerFlow, items: [ContainerItem]) {
    Self.decodedAny.store(true, ordering: .releasing)
    self.kind = kind
    self.layout = layout
    self.items = items
  }
}

/// One item of a nested container: its id (unique in the container) and its cell. Pure value.
package struct ContainerItem: Sendable, Equatable {
  /// The item's id.
  package var id: String
  /// The item's cell.
  package var cell: LayoutElement

  /// An item from its parts.
  package init(id: String, cell: LayoutElement) {
    self.id = id
    self.cell = cell
  }
}

/// The `UICollectionViewFlowLayout` properties of a nested collection, with UIKit's defaults (the members of
/// `session/create`'s `layout`). Pure value.
package struct ContainerFlow: Sendable, Equatable {
  /// True for a horizontal scroll direction (default vertical).
  package var horizontal = false
  /// `itemSize`; nil: the unset (50, 50), items size themselves.
  package var itemSize: Size?
  /// `minimumLineSpacing` (10).
  package var minimumLineSpacing = 10.0
  /// `minimumInteritemSpacing` (10).
  package var minimumInteritemSpacing = 10.0
  /// `sectionInset` (zero).
  package var sectionInset = EdgeInsets()
  /// `headerReferenceSize` ((0, 0): no header).
  package var headerReferenceSize = Size.zero
  /// `footerReferenceSize` ((0, 0): no footer).
  package var footerReferenceSize = Size.zero

  /// UIKit's defaults.
  package init() {}

  /// A pager's layout: horizontal, no spacing (its item size is the element's size, set when it is placed).
  package static let pager: ContainerFlow = {
    var flow = ContainerFlow()
    flow.horizontal = true
    flow.minimumLineSpacing = 0
    flow.minimumInteritemSpacing = 0
    return flow
  }()
}
