import FlexLayout
import JSONCodec

extension BoxTreeDecoder.Reading {
  /// Reads `member` of the innermost open node, the source being at its value.
  mutating func read<Source: SpecSource & ~Copyable>(
    _ member: SpecMember<BoxNodeKey>, _ source: inout Source, base: () -> String
  ) throws(SpecDecodingError) {
    let node = current.node
    let key: BoxNodeKey
    switch member {
    case .other(let name):
      throw SpecDecodingError(
        path: JSONPath.member(path(node, base), name),
        message: ElementMembers.boxNode.problem(name) ?? "unknown member")
    case .known(let known): key = known
    }
    if key != .type, let problem = typeProblem {
      throw SpecDecodingError(path: JSONPath.member(path(node, base), "type"), message: problem)
    }
    let isElement = node == 0 && own != nil
    switch key {
    case .type: try readType(&source, base: base)
    case .style:
      if isElement {
        let value = try source.value()
        do {
          own?.style = try SpecDecoder.boxTextureStyle(value)
        } catch {
          throw error.rooted(at: JSONPath.member(base(), "style"))
        }
        own?.yoga = value
      } else {
        try readStyle(&source, base: base)
      }
    case .measure:
      if isElement { try flushElementStyle(base: base) }
      try readMeasure(&source, base: base)
    case .id, .name:
      try readLabel(key, &source, base: base)
      if isElement && key == .name { try flushElementStyle(base: base) }
    case .children:
      if isElement { try flushElementStyle(base: base) }
      if source.consumeNull() { return }
      guard source.enterArray() else {
        let kind = try source.value().kindDescription
        throw SpecDecodingError(
          path: JSONPath.member(path(node, base), "children"), message: "expected an array, got \(kind)")
      }
      current.inChildren = true
    }
  }

  /// Closes the innermost open node at the end of its object.
  mutating func close(base: () -> String) throws(SpecDecodingError) {
    if let problem = typeProblem {
      throw SpecDecodingError(path: JSONPath.member(path(current.node, base), "type"), message: problem)
    }
    if current.node == 0 && own != nil { try flushElementStyle(base: base) }
    leave()
  }

  /// A node's `type`: `"box"`; below the root with an embedder, another type makes the node an embedded element;
  /// anything else is an error, thrown unless another member is refused first.
  private mutating func readType<Source: SpecSource & ~Copyable>(
    _ source: inout Source, base: () -> String
  ) throws(SpecDecodingError) {
    guard let type = try source.string() else {
      let kind = try source.value().kindDescription
      typeProblem = "expected \"box\", got \(kind)"
      return
    }
    guard type != "box" else { return }
    guard let embed, current.node > 0 else {
      typeProblem = "expected \"box\", got \"\(type)\""
      return
    }
    let object = try source.wholeObject()
    let node = current
    leave()
    let here = node.node
    // What was read of it as a box node goes (a source in document order may give the type late; the children
    // come last, so nothing below it was read): its settings, which start where the previous node's end, its
    // measure, the last one, and its label.
    parts.settings.removeSubrange(Int(parts.nodes[here - 1].settingsEnd)...)
    if case .measured = parts.nodes[here].content { parts.measures.removeLast() }
    if !parts.labels.isEmpty { parts.labels[Int32(here)] = nil }
    let element = try embed(object, node.depth, { self.path(here, base) })
    let (measured, settings) = EmbeddedFlexItem.split(element)
    parts.settings += settings
    parts.embedded.append(
      BoxTemplate.Embedded(element: measured, direction: node.ownerDirection, depth: Int32(node.depth)))
    parts.nodes[here].settingsEnd = Int32(parts.settings.count)
    parts.nodes[here].content = .embedded(Int32(parts.embedded.count - 1))
  }

  /// The innermost open node's `style`, appended to the settings; sets the node's direction.
  private mutating func readStyle<Source: SpecSource & ~Copyable>(_ source: inout Source, base: () -> String)
    throws(SpecDecodingError)
  {
    let node = current.node
    do {
      current.direction = try BoxStyleDecoder.decode(&source, into: &parts.settings)
    } catch {
      throw error.rooted(at: JSONPath.member(path(node, base), "style"))
    }
    parts.nodes[node].settingsEnd = Int32(parts.settings.count)
  }

  /// The box element's Yoga style, decoded once its `name` is checked (as `SpecDecoder` checks an element's name
  /// before the box's tree), and at the latest before its measure and children.
  private mutating func flushElementStyle(base: () -> String) throws(SpecDecodingError) {
    guard let value = own?.yoga else { return }
    own?.yoga = nil
    var source = JSONValueSource(value)
    try readStyle(&source, base: base)
  }

  /// A node's `measure` (null: none).
  private mutating func readMeasure<Source: SpecSource & ~Copyable>(_ source: inout Source, base: () -> String)
    throws(SpecDecodingError)
  {
    if source.consumeNull() { return }
    let node = current.node
    let measure: BoxTextMeasure
    do {
      measure = try BoxMeasureDecoder.decode(&source)
    } catch {
      throw error.rooted(at: JSONPath.member(path(node, base), "measure"))
    }
    parts.measures.append(measure)
    parts.nodes[node].content = .measured(Int32(parts.measures.count - 1))
  }

  /// A node's `id` or `name` (null: none): a string kept as its label (and the box element's own), when labels
  /// are kept; else not read.
  private mutating func readLabel<Source: SpecSource & ~Copyable>(
    _ key: BoxNodeKey, _ source: inout Source, base: () -> String
  ) throws(SpecDecodingError) {
    guard embed != nil else {
      _ = try source.value()
      return
    }
    if source.consumeNull() { return }
    let node = current.node
    guard let text = try source.string() else {
      let kind = try source.value().kindDescription
      throw SpecDecodingError(
        path: JSONPath.member(path(node, base), key.spelling.description), message: "expected a string, got \(kind)")
    }
    if key == .id {
      parts.labels[Int32(node), default: BoxTemplate.Label()].id = JSONStrings.detached(text)
      if node == 0 { own?.id = text }
    } else {
      parts.labels[Int32(node), default: BoxTemplate.Label()].name = JSONStrings.detached(text)
      if node == 0 { own?.name = text }
    }
  }
}
