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
package enum BoxEdgeKey: UInt8, Sendable, Hashable, CaseIterable {
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

  /// The key named `name`, if it is one.
  package init?(name: String) {
    switch name {
    case "left": self = .left
    case "top": self = .top
    case "right": self = .right
    case "bottom": self = .bottom
    case "start": self = .start
    case "end": self = .end
    case "horizontal": self = .horizontal
    case "vertical": self = .vertical
    case "all": self = .all
    default: return nil
    }
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
