import FlexLayout

/// An edge property of a FORMAT.md style: they differ in what they accept.
package enum BoxEdgeProperty: UInt8, Sendable, Hashable {
  /// `margin`: lengths and `"auto"`, may be negative.
  case margin
  /// `padding`: non-negative numbers and percentages.
  case padding
  /// `border`: non-negative numbers.
  case border
  /// `position`: numbers, percentages and `"auto"`.
  case position
}

/// A key of a FORMAT.md EDGES object.
package enum BoxEdgeKey: Int, Sendable, Hashable, CaseIterable, SpecKey {
  /// `left`.
  case left
  /// `top`.
  case top
  /// `right`.
  case right
  /// `bottom`.
  case bottom
  /// `start`.
  case start
  /// `end`.
  case end
  /// `horizontal`.
  case horizontal
  /// `vertical`.
  case vertical
  /// `all`.
  case all

  /// Nine keys.
  package static let count = 9

  /// The key's name in JSON.
  package var spelling: StaticString {
    switch self {
    case .left: "left"
    case .top: "top"
    case .right: "right"
    case .bottom: "bottom"
    case .start: "start"
    case .end: "end"
    case .horizontal: "horizontal"
    case .vertical: "vertical"
    case .all: "all"
    }
  }

  /// The key spelled by the UTF-8 bytes `name`, if any: one candidate picked by length and first byte, then
  /// compared whole.
  package init?(utf8 name: UnsafeBufferPointer<UInt8>) {
    guard let first = name.first else { return nil }
    let candidate: BoxEdgeKey
    switch (name.count, first) {
    case (3, UInt8(ascii: "t")): candidate = .top
    case (3, UInt8(ascii: "e")): candidate = .end
    case (3, UInt8(ascii: "a")): candidate = .all
    case (4, UInt8(ascii: "l")): candidate = .left
    case (5, UInt8(ascii: "r")): candidate = .right
    case (5, UInt8(ascii: "s")): candidate = .start
    case (6, UInt8(ascii: "b")): candidate = .bottom
    case (8, UInt8(ascii: "v")): candidate = .vertical
    case (10, UInt8(ascii: "h")): candidate = .horizontal
    default: return nil
    }
    guard candidate.isSpelled(by: name) else { return nil }
    self = candidate
  }
}

/// The sides of one EDGES object gathered from consecutive `.edge` settings, then folded into `Edges` and stored
/// in a style (later duplicates of a key win, as in the JSON object). Pure.
struct BoxEdgeGroup {
  /// The property the object sets.
  let property: BoxEdgeProperty
  /// The side values, indexed by `BoxEdgeKey.rawValue`.
  private var sides = (
    Length.undefined, Length.undefined, Length.undefined, Length.undefined, Length.undefined, Length.undefined,
    Length.undefined, Length.undefined, Length.undefined
  )

  /// An empty object for `property`.
  init(_ property: BoxEdgeProperty) { self.property = property }

  /// Sets side `key`.
  mutating func set(_ key: BoxEdgeKey, _ length: Length) {
    switch key {
    case .left: sides.0 = length
    case .top: sides.1 = length
    case .right: sides.2 = length
    case .bottom: sides.3 = length
    case .start: sides.4 = length
    case .end: sides.5 = length
    case .horizontal: sides.6 = length
    case .vertical: sides.7 = length
    case .all: sides.8 = length
    }
  }

  /// The folded edges.
  var edges: Edges {
    Edges(
      left: sides.0, top: sides.1, right: sides.2, bottom: sides.3, start: sides.4, end: sides.5,
      horizontal: sides.6, vertical: sides.7, all: sides.8)
  }

  /// Stores the folded edges as `property` of `style`.
  func store(into style: inout Style) {
    switch property {
    case .margin: style.margin = edges
    case .padding: style.padding = edges
    case .border: style.border = edges
    case .position: style.position = edges
    }
  }
}
