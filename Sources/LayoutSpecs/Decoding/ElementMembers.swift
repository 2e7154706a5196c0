/// The members each element type of the spec language accepts (Protocol.md "Specs", "Leaves", "Boxes"), and the
/// Texture names a Texture user would plausibly write there that layoutd does not support yet. Pure tables.
package enum ElementMembers {
  /// Members every element has.
  static let common = ["type", "id", "name", "style"]

  /// Texture names of display-node and cell-node properties, refused as "not supported" on every element.
  static let nodeProperties: [String: String] = [
    "accessoryType": "", "selectionStyle": "", "separatorInset": "", "selectedBackgroundView": "",
    "backgroundColor": "", "cornerRadius": "", "borderWidth": "", "borderColor": "", "alpha": "", "hidden": "",
    "clipsToBounds": "", "opaque": "", "placeholderEnabled": "", "automaticallyManagesSubnodes": "",
    "layoutSpecBlock": "", "inverted": "", "neverShowPlaceholders": "give it on the row, beside \"cell\"",
  ]

  /// Texture's `ASTextNode` properties that have no text-leaf member.
  static let textProperties: [String: String] = [
    "attributedText": "use \"runs\"",
    "truncationAttributedText": "use \"truncationString\"",
    "additionalTruncationMessage": "", "maximumNumberOfLines": "use \"maxLines\"",
    "truncationMode": "use \"truncation\"",
    "exclusionPaths": "", "pointSizeScaleFactors": "", "shadowColor": "", "shadowOffset": "", "shadowOpacity": "",
    "shadowRadius": "", "linkAttributeNames": "", "highlightStyle": "", "placeholderColor": "",
    "font": "use \"fontFamily\", \"fontSize\" and \"fontWeight\"", "textAlignment": "use \"alignment\"",
  ]

  /// Texture's image-node properties that have no image-leaf member.
  static let imageProperties: [String: String] = [
    "image": "give its intrinsic \"size\"", "URL": "use \"source\"", "url": "use \"source\"",
    "defaultImage": "", "contentMode": "", "cropRect": "", "forceUpscaling": "", "imageModificationBlock": "",
    "placeholderColor": "",
  ]

  /// Texture's stack-spec properties that have no stack member.
  static let stackProperties: [String: String] = [
    "concurrent": "", "isConcurrent": "", "flexDirection": "use \"direction\"", "justify": "use \"justifyContent\"",
    "alignment": "use \"alignItems\"", "child": "a stack has \"children\"",
  ]

  /// The members of each element type besides `common`.
  static let byType: [String: [String]] = [
    "stack": [
      "direction", "spacing", "justifyContent", "alignItems", "flexWrap", "alignContent", "lineSpacing",
      "horizontalAlignment", "verticalAlignment", "children",
    ],
    "inset": ["insets", "child"],
    "overlay": ["child", "overlay"],
    "background": ["child", "background"],
    "center": ["centeringOptions", "sizingOptions", "child"],
    "ratio": ["ratio", "child"],
    "relative": ["horizontalPosition", "verticalPosition", "sizingOption", "child"],
    "absolute": ["sizing", "children"],
    "wrapper": ["children"],
    "corner": ["location", "offset", "wrapsCorner", "child", "corner"],
    "node": ["measure"],
    "image": ["size", "source"],
    "text": [
      "text", "fontFamily", "fontSize", "fontWeight", "lineHeight", "maxLines", "truncation", "truncationString",
      "alignment", "wrap", "color", "italic", "runs", "lineSpacing", "lineHeightMultiple", "minimumLineHeight",
      "maximumLineHeight", "paragraphSpacingBefore", "paragraphSpacing", "textContainerInset",
    ],
    "box": ["measure", "children"],
    "collection": ["layout", "items"],
    "pager": ["items"],
  ]

  /// The check for an element of `type` (nil for an unknown type, which is refused on its own).
  static let checks: [String: MemberCheck] = {
    var checks: [String: MemberCheck] = [:]
    for (type, members) in byType {
      var unsupported = nodeProperties
      switch type {
      case "text": unsupported.merge(textProperties) { $1 }
      case "image": unsupported.merge(imageProperties) { $1 }
      case "stack": unsupported.merge(stackProperties) { $1 }
      default: break
      }
      let article = type.first.map { "aeiou".contains($0) } == true ? "an" : "a"
      checks[type] = MemberCheck("\(article) \(type) element", valid: common + members, unsupported: unsupported)
    }
    return checks
  }()

  /// The members of a box node (the box element itself or a node inside it).
  static let boxNode = checks["box"] ?? MemberCheck("a box element", valid: common + ["measure", "children"])

  /// The members of an inset spec's `insets`.
  static let insets = MemberCheck(
    "insets", valid: ["top", "left", "bottom", "right"],
    unsupported: ["horizontal": "give \"left\" and \"right\"", "vertical": "give \"top\" and \"bottom\""])

  /// The members of a text run (`runs[i]` of a text element).
  static let textRun = MemberCheck(
    "a text run",
    valid: [
      "text", "fontFamily", "fontSize", "fontWeight", "italic", "kern", "baselineOffset", "color", "underline",
      "strikethrough", "link",
    ],
    unsupported: [
      "font": "use \"fontFamily\", \"fontSize\" and \"fontWeight\"", "foregroundColor": "use \"color\"",
      "letterSpacing": "use \"kern\"", "paragraphStyle": "give paragraph members on the text element",
    ])

  /// The members of a nested collection's `layout` (`session/create`'s).
  static let containerLayout = MemberCheck(
    "a flow layout",
    valid: [
      "scrollDirection", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
      "headerReferenceSize", "footerReferenceSize",
    ])

  /// The members of a size in a nested collection's `layout`.
  static let containerSize = MemberCheck("a size", valid: ["width", "height"])

  /// The members of an item of a nested container.
  static let containerItem = MemberCheck("a container item", valid: ["id", "cell"])

  /// The members of a node leaf's `measure`.
  static let nodeMeasure = MemberCheck("a node's measure", valid: ["kind", "size"])

  /// The members of a box node's `measure` (FORMAT.md MEASURE).
  static let boxMeasure = MemberCheck("a box measure", valid: ["kind", "text", "font", "fontSize"])
}
