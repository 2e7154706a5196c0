import JSONCodec

extension BoxTreeDecoder {
  /// A box element's own members, read with its root node: they make the `LayoutElement` that holds the box. A
  /// class, so that a reading carries a reference rather than the large Texture style. Not shared.
  final class ElementOwn {
    /// `id`.
    var id: String?
    /// `name`.
    var name: String?
    /// The Texture style of its `style` (the sizes and flex factors that mean the same to a parent spec).
    var style = ElementStyle()
    /// Its `style` as read, until its Yoga part is decoded into the root node's settings.
    var yoga: JSONValue?
  }

  /// Decodes the element of a spec that comes next in `source`, at nesting depth `depth` (the spec's root is 1)
  /// within `limits`; `path` makes its JSON path. A box is decoded here, from the source (its Texture elements
  /// built and decoded by `SpecDecoder`); an element of any other type is built and decoded by `SpecDecoder`.
  ///
  /// Checks come in `SpecDecoder.element`'s order: depth, element count, the object, its `type` (first, so a
  /// source in document order must give it first), any other member, `id`, the Texture part of `style`, `name`,
  /// then the box's tree.
  package static func decodeElement<Source: SpecSource & ~Copyable>(
    _ source: inout Source, path: () -> String, depth: Int, limits: SpecDecoder.Limits
  ) throws(SpecDecodingError) -> LayoutElement {
    guard depth <= limits.maxDepth else {
      throw SpecDecodingError(path: path(), message: "nesting deeper than the maximum of \(limits.maxDepth) elements")
    }
    guard limits.maxElements >= 1 else {
      throw SpecDecodingError(path: path(), message: "more than the maximum of \(limits.maxElements) elements")
    }
    let decoder = BoxTreeDecoder(defaults: .yoga, maxDepth: limits.maxDepth - depth + 1)
    let own = ElementOwn()
    var reading = Reading(decoder: decoder, embed: BoxElement.embedder(depth: depth, limits: limits), own: own)
    try reading.openNode(&source, parent: -1, depth: 1, ownerDirection: .inherit, base: path)
    guard case .known(.type)? = try source.nextMember(BoxNodeKey.self), !source.consumeNull() else {
      throw SpecDecodingError(path: path(), message: "missing required member \"type\"")
    }
    guard let type = try source.string() else {
      let kind = try source.value().kindDescription
      throw SpecDecodingError(path: JSONPath.member(path(), "type"), message: "expected a string, got \(kind)")
    }
    guard type == "box" else {
      let object = try source.wholeObject()
      let own = SpecDecoder.Limits(maxDepth: limits.maxDepth - depth + 1, maxElements: limits.maxElements)
      return try SpecDecoder.decode(.object(object), path: path(), limits: own)
    }
    let template = try reading.readTree(&source, base: path)
    return LayoutElement(
      id: own.id, name: own.name, style: own.style, kind: .box(BoxElement(template: template, depth: depth)))
  }
}
