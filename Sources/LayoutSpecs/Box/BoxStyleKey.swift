/// The properties of a FORMAT.md node's `style` object (its other members are refused), so that a style read from
/// bytes is matched key by key without making a String of each. Pure.
package enum BoxStyleKey: Int, SpecKey {
  /// `direction`.
  case direction
  /// `flexDirection`.
  case flexDirection
  /// `justifyContent`.
  case justifyContent
  /// `alignItems`.
  case alignItems
  /// `alignSelf`.
  case alignSelf
  /// `alignContent`.
  case alignContent
  /// `flexWrap`.
  case flexWrap
  /// `positionType`.
  case positionType
  /// `display`.
  case display
  /// `overflow`.
  case overflow
  /// `boxSizing`.
  case boxSizing
  /// `flex`.
  case flex
  /// `flexGrow`.
  case flexGrow
  /// `flexShrink`.
  case flexShrink
  /// `flexBasis`.
  case flexBasis
  /// `width`.
  case width
  /// `height`.
  case height
  /// `minWidth`.
  case minWidth
  /// `minHeight`.
  case minHeight
  /// `maxWidth`.
  case maxWidth
  /// `maxHeight`.
  case maxHeight
  /// `aspectRatio`.
  case aspectRatio
  /// `gap`.
  case gap
  /// `margin`.
  case margin
  /// `padding`.
  case padding
  /// `border`.
  case border
  /// `position`.
  case position

  /// Twenty-seven keys.
  package static let count = 27

  /// The key's name in JSON.
  package var spelling: StaticString {
    switch self {
    case .direction: "direction"
    case .flexDirection: "flexDirection"
    case .justifyContent: "justifyContent"
    case .alignItems: "alignItems"
    case .alignSelf: "alignSelf"
    case .alignContent: "alignContent"
    case .flexWrap: "flexWrap"
    case .positionType: "positionType"
    case .display: "display"
    case .overflow: "overflow"
    case .boxSizing: "boxSizing"
    case .flex: "flex"
    case .flexGrow: "flexGrow"
    case .flexShrink: "flexShrink"
    case .flexBasis: "flexBasis"
    case .width: "width"
    case .height: "height"
    case .minWidth: "minWidth"
    case .minHeight: "minHeight"
    case .maxWidth: "maxWidth"
    case .maxHeight: "maxHeight"
    case .aspectRatio: "aspectRatio"
    case .gap: "gap"
    case .margin: "margin"
    case .padding: "padding"
    case .border: "border"
    case .position: "position"
    }
  }

  /// The key spelled by the UTF-8 bytes `name`, if any: one candidate picked by length and first byte (and, where
  /// two share them, the byte that tells them apart), then compared whole.
  package init?(utf8 name: UnsafeBufferPointer<UInt8>) {
    guard name.count >= 3 else { return nil }
    let candidate: BoxStyleKey
    switch (name.count, name[0]) {
    case (3, UInt8(ascii: "g")): candidate = .gap
    case (4, UInt8(ascii: "f")): candidate = .flex
    case (5, UInt8(ascii: "w")): candidate = .width
    case (6, UInt8(ascii: "h")): candidate = .height
    case (6, UInt8(ascii: "m")): candidate = .margin
    case (6, UInt8(ascii: "b")): candidate = .border
    case (7, UInt8(ascii: "d")): candidate = .display
    case (7, UInt8(ascii: "p")): candidate = .padding
    // flexWrap, flexGrow: "flex" then W or G.
    case (8, UInt8(ascii: "f")): candidate = name[4] == UInt8(ascii: "W") ? .flexWrap : .flexGrow
    // minWidth, maxWidth: m then i or a.
    case (8, UInt8(ascii: "m")): candidate = name[1] == UInt8(ascii: "i") ? .minWidth : .maxWidth
    case (8, UInt8(ascii: "o")): candidate = .overflow
    case (8, UInt8(ascii: "p")): candidate = .position
    case (9, UInt8(ascii: "d")): candidate = .direction
    case (9, UInt8(ascii: "a")): candidate = .alignSelf
    case (9, UInt8(ascii: "b")): candidate = .boxSizing
    case (9, UInt8(ascii: "f")): candidate = .flexBasis
    // minHeight, maxHeight: m then i or a.
    case (9, UInt8(ascii: "m")): candidate = name[1] == UInt8(ascii: "i") ? .minHeight : .maxHeight
    case (10, UInt8(ascii: "a")): candidate = .alignItems
    case (10, UInt8(ascii: "f")): candidate = .flexShrink
    case (11, UInt8(ascii: "a")): candidate = .aspectRatio
    case (12, UInt8(ascii: "a")): candidate = .alignContent
    case (12, UInt8(ascii: "p")): candidate = .positionType
    case (13, UInt8(ascii: "f")): candidate = .flexDirection
    case (14, UInt8(ascii: "j")): candidate = .justifyContent
    default: return nil
    }
    guard candidate.isSpelled(by: name) else { return nil }
    self = candidate
  }
}
