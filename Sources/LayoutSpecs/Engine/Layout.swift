/// The computed layout of one element and its sub-elements (`ASLayout`), before flattening. Pure value.
///
/// `size` is after Texture's pixel ceiling at the environment's scale (sizes are ceiled at every level and parents
/// use the ceiled sizes); `position` is relative to the parent element and **not** rounded (positions are ceiled
/// only when flattening, §7.7).
package struct Layout: Sendable, Equatable {
  /// The element's JSON type (`"stack"`, `"node"`, `"text"`, …).
  package var type: String
  /// The element's `id`, if any.
  package var id: String?
  /// The element's `name`, if any.
  package var name: String?
  /// Size in points, ceiled to the pixel grid.
  package var size: Size
  /// Origin relative to the parent's origin, in points, unrounded.
  package var position: Point
  /// Sub-layouts in drawing order (for background/overlay: background, child, overlay).
  package var children: [Layout]
  /// Distance from the top to the first baseline (text leaves, vertical stacks, or the style's value).
  package var ascender: Double
  /// Texture's descender (usually ≤ 0) of the last line (text leaves, vertical stacks, or the style's value).
  package var descender: Double
  /// The text measurement of a text leaf (lines and baselines relative to the leaf's origin).
  package var text: TextMeasurement?

  /// A layout from its parts.
  package init(
    type: String, id: String? = nil, name: String? = nil, size: Size, position: Point = .zero,
    children: [Layout] = [], ascender: Double = 0, descender: Double = 0, text: TextMeasurement? = nil
  ) {
    self.type = type
    self.id = id
    self.name = name
    self.size = size
    self.position = position
    self.children = children
    self.ascender = ascender
    self.descender = descender
    self.text = text
  }

  /// The first layout in depth-first order whose id or name is `key`.
  package func find(_ key: String) -> Layout? {
    var stack: [Layout] = [self]
    while let l = stack.popLast() {
      if l.id == key || l.name == key { return l }
      stack.append(contentsOf: l.children.reversed())
    }
    return nil
  }
}

/// A layout that could not be computed: an injected measurer failed or is missing. Names the element's JSON path.
package struct LayoutFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// JSON path of the element, e.g. `root.children[2]`.
  package var path: String
  /// What went wrong.
  package var message: String

  /// A failure from its parts.
  package init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`.
  package var description: String { "\(path): \(message)" }
}
