import FlexLayout
import JSONCodec

/// Decodes the `style` object of a FORMAT.md node into a FlexLayout `Style`. Pure; errors name the JSON path.
///
/// Reusable wherever a box appears (Texture specs embed boxes in cells). Numbers must be finite; sizes, paddings,
/// borders, gaps and flex factors must not be negative; unknown properties and enum values are errors.
package enum BoxStyleDecoder {
  /// Decodes `value` (an object, or nil for "no style") starting from `defaults`; `path` names `value`.
  package static func decode(_ value: JSONValue?, defaults: BoxDefaults, path: String) throws(SpecDecodingError)
    -> Style
  {
    var style = defaults.baseStyle
    guard let value else { return style }
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: path, message: "expected an object, got \(value.kindDescription)")
    }
    for member in object.storage {
      try apply(member.key, member.value, to: &style, path: JSONPath.member(path, member.key))
    }
    return style
  }

  /// Applies one style property.
  private static func apply(_ key: String, _ value: JSONValue, to style: inout Style, path: String)
    throws(SpecDecodingError)
  {
    switch key {
    case "direction":
      style.direction = try keyword(value, path, ["inherit": .inherit, "ltr": .ltr, "rtl": .rtl])
    case "flexDirection":
      style.flexDirection = try keyword(
        value, path, ["row": .row, "row-reverse": .rowReverse, "column": .column, "column-reverse": .columnReverse])
    case "justifyContent":
      style.justifyContent = try keyword(
        value, path,
        [
          "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "space-between": .spaceBetween,
          "space-around": .spaceAround, "space-evenly": .spaceEvenly,
        ])
    case "alignItems": style.alignItems = try align(value, path, allowAuto: false)
    case "alignSelf": style.alignSelf = try align(value, path, allowAuto: true)
    case "alignContent": style.alignContent = try align(value, path, allowAuto: false)
    case "flexWrap":
      style.flexWrap = try keyword(value, path, ["nowrap": .noWrap, "wrap": .wrap, "wrap-reverse": .wrapReverse])
    case "positionType":
      style.positionType = try keyword(value, path, ["static": .static, "relative": .relative, "absolute": .absolute])
    case "display": style.display = try keyword(value, path, ["flex": .flex, "none": .none, "contents": .contents])
    case "overflow":
      style.overflow = try keyword(value, path, ["visible": .visible, "hidden": .hidden, "scroll": .scroll])
    case "boxSizing":
      style.boxSizing = try keyword(value, path, ["border-box": .borderBox, "content-box": .contentBox])
    case "flex": style.flex = try number(value, path)
    case "flexGrow": style.flexGrow = try number(value, path, nonNegative: true)
    case "flexShrink": style.flexShrink = try number(value, path, nonNegative: true)
    case "flexBasis": style.flexBasis = try length(value, path, nonNegative: true)
    case "width": style.width = try length(value, path, nonNegative: true)
    case "height": style.height = try length(value, path, nonNegative: true)
    case "minWidth": style.minWidth = try length(value, path, nonNegative: true)
    case "minHeight": style.minHeight = try length(value, path, nonNegative: true)
    case "maxWidth": style.maxWidth = try maxLength(value, path)
    case "maxHeight": style.maxHeight = try maxLength(value, path)
    case "aspectRatio":
      // 0 means "no ratio", as in Yoga.
      let ratio = try number(value, path, nonNegative: true)
      style.aspectRatio = ratio > 0 ? ratio : .nan
    case "margin": style.margin = try edges(value, path, kind: .margin)
    case "padding": style.padding = try edges(value, path, kind: .padding)
    case "border": style.border = try edges(value, path, kind: .border)
    case "position": style.position = try edges(value, path, kind: .position)
    case "gap": try gap(value, path, into: &style)
    default:
      throw SpecDecodingError(path: path, message: "unknown style property")
    }
  }

  /// A keyword from `table`, or an error listing the allowed values.
  private static func keyword<T>(_ value: JSONValue, _ path: String, _ table: KeyValuePairs<String, T>)
    throws(SpecDecodingError) -> T
  {
    guard case .string(let s) = value else {
      throw SpecDecodingError(path: path, message: "expected a string, got \(value.kindDescription)")
    }
    for (name, result) in table where name == s { return result }
    let allowed = table.map { "\"\($0.key)\"" }.joined(separator: ", ")
    throw SpecDecodingError(path: path, message: "unknown value \"\(s)\"; expected one of \(allowed)")
  }

  /// An `align-*` keyword.
  private static func align(_ value: JSONValue, _ path: String, allowAuto: Bool) throws(SpecDecodingError) -> Align {
    if allowAuto, case .string("auto") = value { return .auto }
    return try keyword(
      value, path,
      [
        "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "stretch": .stretch,
        "baseline": .baseline, "space-between": .spaceBetween, "space-around": .spaceAround,
        "space-evenly": .spaceEvenly,
      ])
  }

  /// A finite number (optionally not negative).
  static func number(_ value: JSONValue, _ path: String, nonNegative: Bool = false) throws(SpecDecodingError)
    -> Double
  {
    guard let d = value.doubleValue else {
      throw SpecDecodingError(path: path, message: "expected a number, got \(value.kindDescription)")
    }
    guard d.isFinite else { throw SpecDecodingError(path: path, message: "expected a finite number, got \(d)") }
    if nonNegative && d < 0 {
      throw SpecDecodingError(path: path, message: "expected a non-negative number, got \(format(d))")
    }
    return d
  }

  /// Formats a number the way JSON writes it.
  private static func format(_ d: Double) -> String {
    d.rounded() == d && abs(d) < 1e15 ? String(Int64(d)) : String(d)
  }

  /// A FORMAT.md LENGTH: points, `"N%"`, `"auto"`, `"max-content"`, `"fit-content"` or `"stretch"`.
  static func length(_ value: JSONValue, _ path: String, nonNegative: Bool, allowKeywords: Bool = true)
    throws(SpecDecodingError) -> Length
  {
    switch value {
    case .int, .double:
      return .pt(try number(value, path, nonNegative: nonNegative))
    case .string(let s):
      if allowKeywords {
        switch s {
        case "auto": return .auto
        case "max-content": return .maxContent
        case "fit-content": return .fitContent
        case "stretch": return .stretch
        default: break
        }
      }
      if s.hasSuffix("%"), let p = Double(s.dropLast()), p.isFinite {
        if nonNegative && p < 0 {
          throw SpecDecodingError(path: path, message: "expected a non-negative length, got \"\(s)\"")
        }
        return .pct(p)
      }
      throw SpecDecodingError(
        path: path,
        message: allowKeywords
          ? "expected a length (a number, \"N%\", \"auto\", \"max-content\", \"fit-content\" or \"stretch\"), got \"\(s)\""
          : "expected a number or \"N%\", got \"\(s)\"")
    default:
      throw SpecDecodingError(
        path: path, message: "expected a length (a number or a string), got \(value.kindDescription)")
    }
  }

  /// `maxWidth`/`maxHeight`: a LENGTH where `"auto"` means no maximum.
  private static func maxLength(_ value: JSONValue, _ path: String) throws(SpecDecodingError) -> Length {
    let l = try length(value, path, nonNegative: true)
    return l.isAuto ? .undefined : l
  }

  /// Which edge property is decoded (they differ in what they accept).
  private enum EdgeKind {
    case margin, padding, border, position
  }

  /// An EDGES object.
  private static func edges(_ value: JSONValue, _ path: String, kind: EdgeKind) throws(SpecDecodingError) -> Edges {
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: path, message: "expected an object, got \(value.kindDescription)")
    }
    var sides: [String: Length] = [:]
    for member in object.storage {
      let p = JSONPath.member(path, member.key)
      guard ["left", "top", "right", "bottom", "start", "end", "horizontal", "vertical", "all"].contains(member.key)
      else {
        throw SpecDecodingError(
          path: p, message: "unknown edge; expected left, top, right, bottom, start, end, horizontal, vertical or all")
      }
      let l: Length
      switch kind {
      case .margin:
        l = try length(member.value, p, nonNegative: false)
        if case .maxContent = l { throw SpecDecodingError(path: p, message: "expected a number, \"N%\" or \"auto\"") }
        if case .fitContent = l { throw SpecDecodingError(path: p, message: "expected a number, \"N%\" or \"auto\"") }
        if case .stretch = l { throw SpecDecodingError(path: p, message: "expected a number, \"N%\" or \"auto\"") }
      case .padding:
        l = try length(member.value, p, nonNegative: true, allowKeywords: false)
      case .border:
        l = .pt(try number(member.value, p, nonNegative: true))
      case .position:
        if case .string("auto") = member.value {
          l = .auto
        } else {
          l = try length(member.value, p, nonNegative: false, allowKeywords: false)
        }
      }
      sides[member.key] = l
    }
    return Edges(
      left: sides["left"] ?? .undefined, top: sides["top"] ?? .undefined, right: sides["right"] ?? .undefined,
      bottom: sides["bottom"] ?? .undefined, start: sides["start"] ?? .undefined, end: sides["end"] ?? .undefined,
      horizontal: sides["horizontal"] ?? .undefined, vertical: sides["vertical"] ?? .undefined,
      all: sides["all"] ?? .undefined)
  }

  /// The `gap` object: `row`, `column`, `all`.
  private static func gap(_ value: JSONValue, _ path: String, into style: inout Style) throws(SpecDecodingError) {
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: path, message: "expected an object, got \(value.kindDescription)")
    }
    var row = Length.undefined
    var column = Length.undefined
    var all = Length.undefined
    for member in object.storage {
      let p = JSONPath.member(path, member.key)
      let l = try length(member.value, p, nonNegative: true, allowKeywords: false)
      switch member.key {
      case "row": row = l
      case "column": column = l
      case "all": all = l
      default: throw SpecDecodingError(path: p, message: "unknown gap; expected row, column or all")
      }
    }
    style.rowGap = row.isDefined ? row : all
    style.columnGap = column.isDefined ? column : all
  }
}
