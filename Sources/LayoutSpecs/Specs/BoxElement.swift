import JSONCodec

/// A Yoga-style flex box (`{"type":"box", …}`) as carried in a cell's spec: decoded once, when the spec is, into a
/// shared immutable `BoxTemplate`. Pure value; keeps no JSON.
///
/// Laid out through `LayoutEnvironment.layoutBox` (`FlexBoxLayouter`), which builds a flex tree from the template
/// for each layout.
package struct BoxElement: Sendable, Equatable {
  /// The decoded tree.
  package var template: BoxTemplate
  /// Nesting depth of the box element in its spec (the spec's root is 1); box nodes and embedded elements below
  /// it count on from here against the depth limit.
  package var depth: Int

  /// A box from its template and depth.
  package init(template: BoxTemplate, depth: Int) {
    self.template = template
    self.depth = depth
  }

  /// Decodes the box object `value` found at `path` and nesting depth `depth` within `limits` (Yoga defaults;
  /// Texture elements inside it are decoded with `SpecDecoder`).
  package init(decoding value: JSONValue, path: String = "root", depth: Int = 1, limits: SpecDecoder.Limits = .default)
    throws(SpecDecodingError)
  {
    let budget = limits.maxDepth - depth + 1
    guard budget >= 1 else {
      throw SpecDecodingError(path: path, message: "nesting deeper than the maximum of \(limits.maxDepth) elements")
    }
    let embed = Self.embedder(depth: depth, limits: limits)
    template = try BoxTreeDecoder(defaults: .yoga, maxDepth: budget).decode(value, path: path, embed: embed)
    self.depth = depth
  }

  /// Decodes the Texture elements inside a box found at nesting depth `depth` of a spec decoded within `limits`,
  /// each with `SpecDecoder` and the depth left below its node.
  static func embedder(depth: Int, limits: SpecDecoder.Limits) -> BoxTreeDecoder.Embedder {
    { (object, nodeDepth, path) throws(SpecDecodingError) in
      // The element's own nesting depth in the whole spec.
      let allowed = limits.maxDepth - (depth + nodeDepth - 1) + 1
      guard allowed >= 1 else {
        throw SpecDecodingError(
          path: path(), message: "nesting deeper than the maximum of \(limits.maxDepth) elements")
      }
      let element = try SpecDecoder.decode(
        .object(object), path: path(), limits: SpecDecoder.Limits(maxDepth: allowed, maxElements: limits.maxElements))
      if element.holdsContainer {
        throw SpecDecodingError(path: path(), message: "a collection or pager cannot be inside a box")
      }
      return element
    }
  }
}
