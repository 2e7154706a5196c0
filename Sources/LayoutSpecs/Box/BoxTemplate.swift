import FlexLayout

/// A FORMAT.md node tree decoded once (when its spec is decoded) into the parts a layout needs: each node's
/// style settings, its measure or embedded Texture element, and the tree links. Immutable; shared by every layout
/// of the box (and every copy of its element), so it is decoded and validated exactly once.
///
/// Nodes are stored in document (pre-)order, so node `i` becomes flex-tree node `i` and every parent comes before
/// its children. `makeTree` replays the template into a fresh `FlexTree` per layout; JSON paths of nodes are
/// rebuilt from the links only when an error needs one (`path(of:base:)`).
package final class BoxTemplate: Sendable, Equatable {
  /// What a node holds besides its style.
  package enum Content: Sendable, Hashable {
    /// A plain box node (possibly with children).
    case box
    /// A measured leaf: an index into `measures`.
    case measured(Int32)
    /// A Texture element: an index into `embedded`.
    case embedded(Int32)
  }

  /// One node: its parent and where its settings end.
  package struct Node: Sendable, Hashable {
    /// Parent node, or -1 for the root.
    package var parent: Int32
    /// End (exclusive) of this node's settings in `settings`; they start where the previous node's end.
    package var settingsEnd: Int32
    /// Its measure or embedded element.
    package var content: Content

    /// A node from its parts.
    package init(parent: Int32, settingsEnd: Int32, content: Content) {
      self.parent = parent
      self.settingsEnd = settingsEnd
      self.content = content
    }
  }

  /// A Texture element inside the box, decoded with `SpecDecoder`.
  package struct Embedded: Sendable, Equatable {
    /// The element to measure and lay out, with the percentage sizes handed to its flex node removed.
    package var element: LayoutElement
    /// Direction its box node resolves to; `.inherit` means the direction the whole box inherits.
    package var direction: Direction
    /// Nesting depth of its node in the box tree (the box's root node is 1).
    package var depth: Int32
  }

  /// A box node's client-chosen `id` and `name`, carried into its `Layout`.
  package struct Label: Sendable, Equatable {
    /// The node's `id`, if any.
    package var id: String?
    /// The node's `name`, if any.
    package var name: String?
  }

  /// Defaults of properties a node leaves out (embedded elements' nodes start from Yoga's).
  package let defaults: BoxDefaults
  /// The nodes, in document order.
  package let nodes: [Node]
  /// Every node's style settings, node after node.
  package let settings: [BoxStyleSetting]
  /// Measured leaves.
  package let measures: [BoxTextMeasure]
  /// Embedded Texture elements.
  package let embedded: [Embedded]
  /// `id` and `name` of box nodes that have one (kept only for boxes in cells).
  package let labels: [Int32: Label]
  /// Deepest node nesting (root = 1).
  package let depth: Int

  /// A template from its parts (see the properties).
  package init(
    defaults: BoxDefaults, nodes: [Node], settings: [BoxStyleSetting], measures: [BoxTextMeasure],
    embedded: [Embedded], labels: [Int32: Label], depth: Int
  ) {
    self.defaults = defaults
    self.nodes = nodes
    self.settings = settings
    self.measures = measures
    self.embedded = embedded
    self.labels = labels
    self.depth = depth
  }

  /// Number of measured leaves and embedded elements.
  package var measuredLeafCount: Int { measures.count + embedded.count }

  /// Equal parts (identical templates without comparing).
  package static func == (lhs: BoxTemplate, rhs: BoxTemplate) -> Bool {
    lhs === rhs
      || (lhs.defaults == rhs.defaults && lhs.depth == rhs.depth && lhs.nodes == rhs.nodes
        && lhs.settings == rhs.settings && lhs.measures == rhs.measures
        && lhs.embedded == rhs.embedded && lhs.labels == rhs.labels)
  }
}
