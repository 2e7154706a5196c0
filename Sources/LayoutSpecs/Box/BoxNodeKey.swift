/// The members of a FORMAT.md NODE object (a box element, or a node inside it) that the box decoder reads; a node
/// has no others. Pure.
package enum BoxNodeKey: Int, SpecKey {
  /// `type`: `"box"`, or, below the root, the type of an embedded Texture element.
  case type
  /// `style`.
  case style
  /// `measure`.
  case measure
  /// `id`.
  case id
  /// `name`.
  case name
  /// `children`.
  case children

  /// Six keys.
  package static let count = 6

  /// The key's name in JSON.
  package var spelling: StaticString {
    switch self {
    case .type: "type"
    case .style: "style"
    case .measure: "measure"
    case .id: "id"
    case .name: "name"
    case .children: "children"
    }
  }

  /// The key spelled by the UTF-8 bytes `name`, if any: told apart by length and first byte (members are read per
  /// node).
  package init?(utf8 name: UnsafeBufferPointer<UInt8>) {
    guard let first = name.first else { return nil }
    let candidate: BoxNodeKey
    switch (name.count, first) {
    case (2, UInt8(ascii: "i")): candidate = .id
    case (4, UInt8(ascii: "t")): candidate = .type
    case (4, UInt8(ascii: "n")): candidate = .name
    case (5, UInt8(ascii: "s")): candidate = .style
    case (7, UInt8(ascii: "m")): candidate = .measure
    case (8, UInt8(ascii: "c")): candidate = .children
    default: return nil
    }
    guard candidate.isSpelled(by: name) else { return nil }
    self = candidate
  }

  /// The children are decoded in place, so nothing may follow them in one pass (a node's own members must be known
  /// before its children's).
  package static var trailing: BoxNodeKey? { .children }

  /// The order a node's members are decoded in: its type (a child of another type is an embedded element), any
  /// other member (refused), its style, measure, labels and children.
  static let nodeOrder: [BoxNodeKey?] = [.type, nil, .style, .measure, .id, .name, .children]

  /// The order a box element's own members are decoded in, as `SpecDecoder` checks an element's: type, any other
  /// member, id, style (its Texture sizes first), name, then as a node's.
  static let elementOrder: [BoxNodeKey?] = [.type, nil, .id, .style, .name, .measure, .children]
}
