import FlexLayout
import JSONCodec

/// Decodes a FORMAT.md NODE tree into a `BoxTemplate`. Pure (apart from sharing structure through `BoxShapes`);
/// iterative, so any depth up to `maxDepth` decodes without deep recursion. JSON paths are rebuilt from the nodes decoded so far, only when an error is thrown.
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

  /// One node waiting to be decoded.
  private struct Pending {
    /// The NODE value.
    var value: JSONValue
    /// Parent node, or -1.
    var parent: Int32
    /// Nesting depth (root = 1).
    var depth: Int
    /// The parent's resolved direction (`.inherit` = the direction the whole box inherits).
    var ownerDirection: Direction
  }

  /// The template being built.
  private struct Parts {
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

  /// Decodes `value` (a NODE) whose JSON path is `path` (e.g. `root`). Without `embed`, a child whose `type` is
  /// not `"box"` is an error; with it, such a child becomes an embedded element made by `embed`, and box nodes'
  /// `id` and `name` strings are kept as labels.
  package func decode(_ value: JSONValue, path: String, embed: Embedder? = nil) throws(SpecDecodingError)
    -> BoxTemplate
  {
    var parts = Parts()
    // Room for a typical cell, so that the arrays do not grow step by step (`BoxShapes` usually replaces them).
    parts.nodes.reserveCapacity(16)
    parts.settings.reserveCapacity(32)
    var stack = [Pending(value: value, parent: -1, depth: 1, ownerDirection: .inherit)]
    var deepest = 0
    while let item = stack.popLast() {
      let here = parts.nodes.count
      parts.nodes.append(
        BoxTemplate.Node(parent: item.parent, settingsEnd: Int32(parts.settings.count), content: .box))
      guard item.depth <= maxDepth else {
        throw SpecDecodingError(
          path: parts.path(here, path), message: "nodes nest deeper than the limit of \(maxDepth) levels")
      }
      deepest = max(deepest, item.depth)
      guard case .object(let object) = item.value else {
        throw SpecDecodingError(
          path: parts.path(here, path), message: "expected an object, got \(item.value.kindDescription)")
      }
      let members = BoxNodeMembers(object)
      if item.parent >= 0, let embed, case .string(let type)? = members.type, type != "box" {
        let element = try embed(object, item.depth, { parts.path(here, path) })
        let (measured, settings) = EmbeddedFlexItem.split(element)
        parts.settings += settings
        parts.embedded.append(
          BoxTemplate.Embedded(element: measured, direction: item.ownerDirection, depth: Int32(item.depth)))
        parts.nodes[here].settingsEnd = Int32(parts.settings.count)
        parts.nodes[here].content = .embedded(Int32(parts.embedded.count - 1))
        continue
      }
      let children = try decodeBox(members, node: here, path: path, labelled: embed != nil, into: &parts)
      let resolved = children.direction == .inherit ? item.ownerDirection : children.direction
      for child in children.values.reversed() {
        stack.append(Pending(value: child, parent: Int32(here), depth: item.depth + 1, ownerDirection: resolved))
      }
    }
    // Rows of one cell kind share their structure (see `BoxShapes`).
    let shape = BoxShapes.shared.shared(nodes: parts.nodes, settings: parts.settings)
    return BoxTemplate(
      defaults: defaults, nodes: shape.nodes, settings: shape.settings, measures: parts.measures,
      embedded: parts.embedded, labels: parts.labels, depth: deepest)
  }

  /// Decodes box node `node` (`object`'s members, last in `parts.nodes`): its type, style, measure, label and
  /// children array, returned with the node's own `direction` for its children to inherit.
  private func decodeBox(
    _ object: BoxNodeMembers, node: Int, path base: String, labelled: Bool, into parts: inout Parts
  ) throws(SpecDecodingError) -> (values: [JSONValue], direction: Direction) {
    if let other = object.other, let message = ElementMembers.boxNode.problem(other) {
      throw SpecDecodingError(path: JSONPath.member(parts.path(node, base), other), message: message)
    }
    if let type = object.type {
      guard case .string("box") = type else {
        throw SpecDecodingError(
          path: JSONPath.member(parts.path(node, base), "type"), message: "expected \"box\", got \(describe(type))")
      }
    }
    // Moved out (not copied) so that the lazy path may read `parts` while they grow.
    var settings: [BoxStyleSetting] = []
    swap(&settings, &parts.settings)
    let direction = try BoxStyleDecoder.decode(
      object.style, path: JSONPath.member(parts.path(node, base), "style"), into: &settings)
    swap(&settings, &parts.settings)
    parts.nodes[node].settingsEnd = Int32(parts.settings.count)
    var measured = false
    if let measure = object.measure, !measure.isNull {
      parts.measures.append(
        try BoxMeasureDecoder.decode(measure, path: JSONPath.member(parts.path(node, base), "measure")))
      parts.nodes[node].content = .measured(Int32(parts.measures.count - 1))
      measured = true
    }
    if labelled {
      let label = BoxTemplate.Label(
        id: try optionalString(object.id, "id", parts.path(node, base)),
        name: try optionalString(object.name, "name", parts.path(node, base)))
      if label.id != nil || label.name != nil { parts.labels[Int32(node)] = label }
    }
    guard let children = object.children, !children.isNull else { return ([], direction) }
    guard case .array(let array) = children else {
      throw SpecDecodingError(
        path: JSONPath.member(parts.path(node, base), "children"),
        message: "expected an array, got \(children.kindDescription)")
    }
    if measured && !array.isEmpty {
      throw SpecDecodingError(
        path: JSONPath.member(parts.path(node, base), "children"), message: "a node with a measure has no children")
    }
    return (array, direction)
  }

  /// An optional string member `key` whose value is `value` (null = absent), or an error at `path.key`.
  private func optionalString(_ value: JSONValue?, _ key: String, _ path: @autoclosure () -> String)
    throws(SpecDecodingError) -> String?
  {
    guard let v = value, !v.isNull else { return nil }
    guard case .string(let s) = v else {
      throw SpecDecodingError(
        path: JSONPath.member(path(), key), message: "expected a string, got \(v.kindDescription)")
    }
    return JSONStrings.detached(s)
  }

  /// A short rendering of a JSON value for messages.
  private func describe(_ value: JSONValue) -> String {
    if case .string(let s) = value { return "\"\(s)\"" }
    return value.kindDescription
  }
}
