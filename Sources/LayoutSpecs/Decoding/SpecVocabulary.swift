/// The spec language's vocabulary as editors complete it: element types, the members of each element type and of a
/// style, and the values of each enumerated member. Read from the decoder's own tables, so completion can never
/// offer what the decoder refuses. Pure tables.
package enum SpecVocabulary {
  /// Element types, in documentation order.
  package static let elementTypes = [
    "stack", "inset", "overlay", "background", "center", "ratio", "relative", "absolute", "wrapper", "corner",
    "node", "text", "image", "box",
  ]

  /// The members an element of `type` accepts (common members first), nil for an unknown type.
  package static func members(ofElement type: String) -> [String]? { ElementMembers.checks[type]?.valid }

  /// The members an element of any type accepts.
  package static let commonMembers = ElementMembers.common

  /// The members of a `style`, sorted.
  package static let styleMembers = StyleDecoder.knownKeys.sorted()

  /// The values of each enumerated member, by member name.
  package static let enumValues: [String: [String]] = [
    "direction": StackLayoutSpec.Direction.allCases.map(\.rawValue),
    "justifyContent": StackLayoutSpec.JustifyContent.allCases.map(\.rawValue),
    "alignItems": StackLayoutSpec.AlignItems.allCases.map(\.rawValue),
    "alignContent": StackLayoutSpec.AlignContent.allCases.map(\.rawValue),
    "flexWrap": StackLayoutSpec.FlexWrap.allCases.map(\.rawValue),
    "alignSelf": AlignSelf.allCases.map(\.rawValue),
    "alignment": TextLeaf.TextAlignment.allCases.map(\.rawValue),
    "wrap": TextLeaf.Wrap.allCases.map(\.rawValue),
    "truncation": ["tail", "head", "middle", "clip", "none"],
    "sizing": AbsoluteLayoutSpec.Sizing.allCases.map(\.rawValue),
    "horizontalPosition": RelativeLayoutSpec.Position.allCases.map(\.rawValue),
    "verticalPosition": RelativeLayoutSpec.Position.allCases.map(\.rawValue),
    "location": CornerLayoutSpec.Location.allCases.map(\.rawValue),
  ]
}
