import FlexLayout
import JSONCodec

/// Decodes a FORMAT.md NODE tree into a `BoxTemplate`, from any `SpecSource`: a parsed value or validated bytes,
/// one decoder for both. Pure (apart from sharing structure through `BoxShapes`); iterative, so any depth up to
/// `maxDepth` decodes without deep recursion. JSON paths are rebuilt from the nodes decoded so far, only when an
/// error is thrown.
///
/// Nodes are read in document order, each node's members in the order `BoxNodeKey.nodeOrder` gives (a parsed
/// value yields them so), its children last. Errors come in that order: a node's type, another member, its style,
/// measure, labels, children; a node before the nodes below it.
package struct BoxTreeDecoder: Sendable {
  /// Deepest node nesting accepted by default (the root is depth 1). Layout recursion is bounded by the same
  /// depth; `DeepLayoutRunner` gives deep trees the stack this needs.
  package static let defaultMaxDepth = 4096

  /// Defaults for properties a node leaves out.
  package var defaults: BoxDefaults
  /// Deepest nesting accepted; deeper trees are a `SpecDecodingError` naming the first node too deep.
  package var maxDepth: Int

  /// A decoder with these defaults and depth limit.
  package init(defaults: BoxDefaults, maxDepth: Int = BoxTreeDecoder.defaultMaxDepth) {
    self.defaults = defaults
    self.maxDepth = maxDepth
  }

  /// Decodes a child object whose `type` is not `"box"` (a Texture element) at nesting depth `depth` of the box
  /// tree (the root node is 1); the third argument builds its JSON path.
  package typealias Embedder = (JSONObject, Int, () -> String) throws(SpecDecodingError) -> LayoutElement

  /// Decodes `value` (a NODE) whose JSON path is `path` (e.g. `root`). Without `embed`, a child whose `type` is
  /// not `"box"` is an error; with it, such a child becomes an embedded element made by `embed`, and box nodes'
  /// `id` and `name` strings are kept as labels.
  package func decode(_ value: JSONValue, path: String, embed: Embedder? = nil) throws(SpecDecodingError)
    -> BoxTemplate
  {
    var source = JSONValueSource(value)
    var reading = Reading(decoder: self, embed: embed)
    try reading.openNode(&source, parent: -1, depth: 1, ownerDirection: .inherit, base: { path })
    return try reading.readTree(&source, base: { path })
  }

  /// The template being built.
  struct Parts {
    /// Nodes so far (the one being decoded is last).
    var nodes: [BoxTemplate.Node] = []
    /// Settings so far.
    var settings: [BoxStyleSetting] = []
    /// Measured leaves so far.
    var measures: [BoxTextMeasure] = []
    /// Embedded elements so far.
    var embedded: [BoxTemplate.Embedded] = []
    /// Labels so far.
    var labels: [Int32: BoxTemplate.Label] = [:]

    /// The JSON path of node `node`, the root being at `base`.
    func path(_ node: Int, _ base: String) -> String { BoxTemplate.path(of: node, in: nodes, base: base) }
  }

  /// A node whose members are being read (plain values only, so the stack of them costs no reference counting).
  struct OpenNode {
    /// Its index in `Parts.nodes`.
    var node: Int
    /// Nesting depth (root = 1).
    var depth: Int
    /// The parent's resolved direction (`.inherit` = the direction the whole box inherits).
    var ownerDirection: Direction
    /// Its own `direction`.
    var direction = Direction.inherit
    /// Whether its children array is being read.
    var inChildren = false
  }

  /// One tree being read from a source: the template's parts so far and the nodes still open. Pure.
  struct Reading {
    /// Defaults and depth limit.
    let decoder: BoxTreeDecoder
    /// Makes embedded elements; nil: a child of another type is an error, and labels are not kept.
    let embed: Embedder?
    /// The template so far.
    var parts = Parts()
    /// The innermost open node (meaningful while `isOpen`); kept apart from the others so that reading its
    /// members touches no array.
    var current = OpenNode(node: -1, depth: 0, ownerDirection: .inherit)
    /// Whether a node is open.
    var isOpen = false
    /// The open nodes around `current`, outermost first.
    var ancestors: [OpenNode] = []
    /// Deepest nesting so far.
    var deepest = 0
    /// The error the innermost open node's `type` gives, thrown unless another member is refused first.
    var typeProblem: String?
    /// The box element's own members, when the root is a box element (`decodeElement`).
    var own: ElementOwn?

    /// A reading with nothing read yet.
    init(decoder: BoxTreeDecoder, embed: Embedder?, own: ElementOwn? = nil) {
      self.decoder = decoder
      self.embed = embed
      self.own = own
      // Room for a typical cell, so that the arrays do not grow step by step (`BoxShapes` usually replaces them).
      parts.nodes.reserveCapacity(16)
      parts.settings.reserveCapacity(32)
      ancestors.reserveCapacity(8)
    }

    /// The JSON path of node `node`, the root being at `base()`.
    func path(_ node: Int, _ base: () -> String) -> String { parts.path(node, base()) }

    /// Opens the node that comes next in `source`, a child of `parent` (or the root, -1) at `depth`.
    mutating func openNode<Source: SpecSource & ~Copyable>(
      _ source: inout Source, parent: Int, depth: Int, ownerDirection: Direction, base: () -> String
    ) throws(SpecDecodingError) {
      let here = parts.nodes.count
      let settingsEnd = Int32(parts.settings.count)
      parts.nodes.append(BoxTemplate.Node(parent: Int32(parent), settingsEnd: settingsEnd, content: .box))
      guard depth <= decoder.maxDepth else {
        throw SpecDecodingError(
          path: path(here, base), message: "nodes nest deeper than the limit of \(decoder.maxDepth) levels")
      }
      deepest = max(deepest, depth)
      guard source.enterObject(here == 0 && own != nil ? BoxNodeKey.elementOrder : BoxNodeKey.nodeOrder) else {
        let kind = try source.value().kindDescription
        throw SpecDecodingError(path: path(here, base), message: "expected an object, got \(kind)")
      }
      if isOpen { ancestors.append(current) }
      current = OpenNode(node: here, depth: depth, ownerDirection: ownerDirection)
      isOpen = true
    }

    /// Leaves the innermost open node.
    mutating func leave() {
      if let outer = ancestors.popLast() {
        current = outer
      } else {
        isOpen = false
      }
    }

    /// Reads the open nodes to the end of the tree and returns its template.
    mutating func readTree<Source: SpecSource & ~Copyable>(_ source: inout Source, base: () -> String)
      throws(SpecDecodingError) -> BoxTemplate
    {
      while isOpen {
        if current.inChildren {
          guard try source.nextElement() else {
            current.inChildren = false
            continue
          }
          let node = current
          if case .measured = parts.nodes[node.node].content {
            throw SpecDecodingError(
              path: JSONPath.member(path(node.node, base), "children"),
              message: "a node with a measure has no children")
          }
          let resolved = node.direction == .inherit ? node.ownerDirection : node.direction
          try openNode(&source, parent: node.node, depth: node.depth + 1, ownerDirection: resolved, base: base)
        } else if let member = try source.nextMember(BoxNodeKey.self) {
          try read(member, &source, base: base)
        } else {
          try close(base: base)
        }
      }
      // Rows of one cell kind share their structure (see `BoxShapes`).
      let shape = BoxShapes.shared.shared(nodes: parts.nodes, settings: parts.settings)
      return BoxTemplate(
        defaults: decoder.defaults, nodes: shape.nodes, settings: shape.settings, measures: parts.measures,
        embedded: parts.embedded, labels: parts.labels, depth: deepest)
    }
  }
}
