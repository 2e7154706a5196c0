import FlexLayout
import JSONCodec

/// Decodes a FORMAT.md NODE tree into a `FlexTree`. Pure; iterative, so any depth up to `maxDepth` decodes
/// without deep recursion.
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

  /// The decoded tree.
  package struct Result: Sendable {
    /// The nodes.
    package var tree: FlexTree
    /// The root node.
    package var root: NodeIndex
    /// Number of measured (text) leaves.
    package var measuredLeafCount: Int
    /// Deepest nesting found (root = 1).
    package var depth: Int
    /// Nodes made by the `embed` function, in the order it was called.
    package var embeddedNodes: [NodeIndex] = []
    /// The `id` and `name` of box nodes that have one (decoded only with an `embed` function, i.e. in cells).
    package var labels: [NodeIndex: Label] = [:]
  }

  /// A box node's client-chosen `id` and `name`, carried into its `Layout`.
  package struct Label: Sendable, Equatable {
    /// The node's `id`, if any.
    package var id: String?
    /// The node's `name`, if any.
    package var name: String?
  }

  /// Turns a child object whose `type` is not `"box"` (a Texture element), found at a JSON path inside a box node
  /// laid out in the given (resolved) direction, into the flex style and measure leaf of its node.
  package typealias Embedder = (JSONObject, String, Direction) throws(SpecDecodingError) -> (
    style: Style, leaf: BoxMeasureDecoder.Leaf
  )

  /// One node waiting to be decoded.
  private struct Pending {
    /// The NODE value.
    var value: JSONValue
    /// Parent node, or -1.
    var parent: NodeIndex
    /// Index in the parent's children.
    var childIndex: Int
    /// Entry in `trail` describing the parent's path, or -1.
    var parentTrail: Int
    /// Nesting depth (root = 1).
    var depth: Int
    /// The parent's resolved direction (the root's owner direction for the root).
    var ownerDirection: Direction
  }

  /// Decodes `value` (a NODE) whose JSON path is `path` (e.g. `root`). Without `embed`, a child whose `type` is
  /// not `"box"` is an error; with it, such a child becomes a measured leaf made by `embed`, and box nodes' `id`
  /// and `name` strings are kept in `labels`. `direction` is the root's owner direction (for `embed`'s direction).
  package func decode(_ value: JSONValue, path: String, direction: Direction = .ltr, embed: Embedder? = nil)
    throws(SpecDecodingError) -> Result
  {
    var tree = FlexTree()
    var stack = [
      Pending(value: value, parent: -1, childIndex: 0, parentTrail: -1, depth: 1, ownerDirection: direction)
    ]
    var labels: [NodeIndex: Label] = [:]
    // Path reconstruction without building a string per node: (parent trail entry, child index).
    var trail: [(parent: Int, index: Int)] = []
    var root: NodeIndex = -1
    var leaves = 0
    var deepest = 0
    var embedded: [NodeIndex] = []
    /// The JSON path of the node recorded at `trailIndex`.
    func pathOf(_ trailIndex: Int) -> String {
      var indices: [Int] = []
      var t = trailIndex
      while t >= 0 {
        indices.append(trail[t].index)
        t = trail[t].parent
      }
      var p = path
      for i in indices.reversed().dropFirst() { p = JSONPath.index(p + ".children", i) }
      return p
    }
    while let item = stack.popLast() {
      trail.append((item.parentTrail, item.childIndex))
      let here = trail.count - 1
      guard item.depth <= maxDepth else {
        throw SpecDecodingError(
          path: pathOf(here), message: "nodes nest deeper than the limit of \(maxDepth) levels")
      }
      deepest = max(deepest, item.depth)
      guard case .object(let object) = item.value else {
        throw SpecDecodingError(path: pathOf(here), message: "expected an object, got \(item.value.kindDescription)")
      }
      if item.parent >= 0, let embed, case .string(let type)? = object["type"], type != "box" {
        let made = try embed(object, pathOf(here), item.ownerDirection)
        let node = tree.addNode(
          style: made.style, measure: made.leaf.measure, baseline: made.leaf.baseline,
          minContentWidth: made.leaf.minContentWidth)
        tree.appendChild(node, to: item.parent)
        embedded.append(node)
        leaves += 1
        continue
      }
      if let type = object["type"] {
        guard case .string("box") = type else {
          throw SpecDecodingError(
            path: JSONPath.member(pathOf(here), "type"), message: "expected \"box\", got \(describe(type))")
        }
      }
      let style = try BoxStyleDecoder.decode(
        object["style"], defaults: defaults, path: JSONPath.member(pathOf(here), "style"))
      var leaf: BoxMeasureDecoder.Leaf?
      if let measure = object["measure"], !measure.isNull {
        leaf = try BoxMeasureDecoder.decode(measure, style: style, path: JSONPath.member(pathOf(here), "measure"))
        leaves += 1
      }
      let node = tree.addNode(
        style: style, measure: leaf?.measure, baseline: leaf?.baseline, minContentWidth: leaf?.minContentWidth)
      if item.parent >= 0 { tree.appendChild(node, to: item.parent) } else { root = node }
      if embed != nil {
        let fields = Fields(object, pathOf(here))
        let label = Label(id: try fields.string("id"), name: try fields.string("name"))
        if label.id != nil || label.name != nil { labels[node] = label }
      }
      let resolved = style.direction == .inherit ? item.ownerDirection : style.direction
      if let children = object["children"], !children.isNull {
        guard case .array(let array) = children else {
          throw SpecDecodingError(
            path: JSONPath.member(pathOf(here), "children"),
            message: "expected an array, got \(children.kindDescription)")
        }
        if leaf != nil && !array.isEmpty {
          throw SpecDecodingError(
            path: JSONPath.member(pathOf(here), "children"), message: "a node with a measure has no children")
        }
        for (i, child) in array.enumerated().reversed() {
          stack.append(
            Pending(
              value: child, parent: node, childIndex: i, parentTrail: here, depth: item.depth + 1,
              ownerDirection: resolved))
        }
      }
    }
    return Result(
      tree: tree, root: root, measuredLeafCount: leaves, depth: deepest, embeddedNodes: embedded, labels: labels)
  }

  /// A short rendering of a JSON value for messages.
  private func describe(_ value: JSONValue) -> String {
    if case .string(let s) = value { return "\"\(s)\"" }
    return value.kindDescription
  }
}
