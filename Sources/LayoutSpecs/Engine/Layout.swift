/// The computed layout of one element and its sub-elements (`ASLayout`), before flattening. Pure value.
///
/// `size` is after Texture's pixel ceiling at the environment's scale (sizes are ceiled at every level and parents
/// use the ceiled sizes); `position` is relative to the parent element and **not** rounded (positions are ceiled
/// only when flattening, §7.7).
package struct Layout: Sendable, Equatable {
  /// Rarely-changed identity fields, shared by reference so a `Layout` stays small on the stack.
  private final class Info: Sendable {
    /// See `Layout.type`.
    let type: String
    /// See `Layout.id`.
    let id: String?
    /// See `Layout.name`.
    let name: String?
    /// See `Layout.text`.
    let text: TextMeasurement?

    /// Info from its parts.
    init(type: String, id: String?, name: String?, text: TextMeasurement?) {
      self.type = type
      self.id = id
      self.name = name
      self.text = text
    }
  }

  /// Identity fields.
  private var info: Info
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

  /// The element's JSON type (`"stack"`, `"node"`, `"text"`, …).
  package var type: String {
    get { info.type }
    set { info = Info(type: newValue, id: id, name: name, text: text) }
  }
  /// The element's `id`, if any.
  package var id: String? {
    get { info.id }
    set { info = Info(type: type, id: newValue, name: name, text: text) }
  }
  /// The element's `name`, if any.
  package var name: String? {
    get { info.name }
    set { info = Info(type: type, id: id, name: newValue, text: text) }
  }
  /// The text measurement of a text leaf (lines and baselines relative to the leaf's origin).
  package var text: TextMeasurement? {
    get { info.text }
    set { info = Info(type: type, id: id, name: name, text: newValue) }
  }

  /// A layout from its parts.
  package init(
    type: String, id: String? = nil, name: String? = nil, size: Size, position: Point = .zero,
    children: [Layout] = [], ascender: Double = 0, descender: Double = 0, text: TextMeasurement? = nil
  ) {
    info = Info(type: type, id: id, name: name, text: text)
    self.size = size
    self.position = position
    self.children = children
    self.ascender = ascender
    self.descender = descender
  }

  /// Sets type, id and name at once (one allocation).
  mutating func identify(type: String, id: String?, name: String?) {
    info = Info(type: type, id: id, name: name, text: text)
  }

  /// Field-wise equality.
  package static func == (lhs: Layout, rhs: Layout) -> Bool {
    lhs.size == rhs.size && lhs.position == rhs.position && lhs.ascender == rhs.ascender
      && lhs.descender == rhs.descender && lhs.type == rhs.type && lhs.id == rhs.id && lhs.name == rhs.name
      && lhs.text == rhs.text && lhs.children == rhs.children
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
