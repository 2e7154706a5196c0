import FlexLayout
import JSONCodec

extension BoxStyleDecoder {
  /// Keyword tables of the enum-valued properties, in the order error messages list them.
  enum Tables {
    /// `direction`.
    static let direction: [(String, Direction)] = [("inherit", .inherit), ("ltr", .ltr), ("rtl", .rtl)]
    /// `flexDirection`.
    static let flexDirection: [(String, FlexDirection)] = [
      ("row", .row), ("row-reverse", .rowReverse), ("column", .column), ("column-reverse", .columnReverse),
    ]
    /// `justifyContent`.
    static let justify: [(String, Justify)] = [
      ("flex-start", .flexStart), ("center", .center), ("flex-end", .flexEnd), ("space-between", .spaceBetween),
      ("space-around", .spaceAround), ("space-evenly", .spaceEvenly),
    ]
    /// `alignItems`, `alignSelf`, `alignContent` (`auto` is handled separately).
    static let align: [(String, Align)] = [
      ("flex-start", .flexStart), ("center", .center), ("flex-end", .flexEnd), ("stretch", .stretch),
      ("baseline", .baseline), ("space-between", .spaceBetween), ("space-around", .spaceAround),
      ("space-evenly", .spaceEvenly),
    ]
    /// `flexWrap`.
    static let wrap: [(String, Wrap)] = [("nowrap", .noWrap), ("wrap", .wrap), ("wrap-reverse", .wrapReverse)]
    /// `positionType`.
    static let positionType: [(String, PositionType)] = [
      ("static", .static), ("relative", .relative), ("absolute", .absolute),
    ]
    /// `display`.
    static let display: [(String, Display)] = [("flex", .flex), ("none", .none), ("contents", .contents)]
    /// `overflow`.
    static let overflow: [(String, Overflow)] = [("visible", .visible), ("hidden", .hidden), ("scroll", .scroll)]
    /// `boxSizing`.
    static let boxSizing: [(String, BoxSizing)] = [("border-box", .borderBox), ("content-box", .contentBox)]
  }

  /// A finite number (optionally not negative).
  static func number(_ value: JSONValue, _ path: @autoclosure () -> String, nonNegative: Bool = false)
    throws(SpecDecodingError) -> Double
  {
    guard let d = value.doubleValue else {
      throw SpecDecodingError(path: path(), message: "expected a number, got \(value.kindDescription)")
    }
    guard d.isFinite else { throw SpecDecodingError(path: path(), message: "expected a finite number, got \(d)") }
    _ = try Fields.bounded(d, path())
    if nonNegative && d < 0 {
      throw SpecDecodingError(path: path(), message: "expected a non-negative number, got \(format(d))")
    }
    return d
  }

  /// Formats a number the way JSON writes it.
  private static func format(_ d: Double) -> String {
    d.rounded() == d && abs(d) < 1e15 ? String(Int64(d)) : String(d)
  }

  /// A FORMAT.md LENGTH: points, `"N%"`, `"auto"`, `"max-content"`, `"fit-content"` or `"stretch"`.
  static func length(
    _ value: JSONValue, _ path: @autoclosure () -> String, nonNegative: Bool, allowKeywords: Bool = true
  ) throws(SpecDecodingError) -> Length {
    switch value {
    case .int, .double:
      return .pt(try number(value, path(), nonNegative: nonNegative))
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
        _ = try Fields.bounded(p, path())
        if nonNegative && p < 0 {
          throw SpecDecodingError(path: path(), message: "expected a non-negative length, got \"\(s)\"")
        }
        return .pct(p)
      }
      throw SpecDecodingError(
        path: path(),
        message: allowKeywords
          ? "expected a length (a number, \"N%\", \"auto\", \"max-content\", \"fit-content\" or \"stretch\"), got \"\(s)\""
          : "expected a number or \"N%\", got \"\(s)\"")
    default:
      throw SpecDecodingError(
        path: path(), message: "expected a length (a number or a string), got \(value.kindDescription)")
    }
  }

  /// `maxWidth`/`maxHeight`: a LENGTH where `"auto"` means no maximum.
  static func maxLength(_ value: JSONValue, _ path: @autoclosure () -> String) throws(SpecDecodingError) -> Length {
    let l = try length(value, path(), nonNegative: true)
    return l.isAuto ? .undefined : l
  }

  /// Appends the sides of the EDGES object that comes next in `source` for `property` (at `path`) to `settings` in
  /// order, the first one opening the object (an empty object appends one opening setting without a key).
  static func edges<Source: SpecSource & ~Copyable>(
    _ source: inout Source, _ path: @autoclosure () -> String, property: BoxEdgeProperty,
    into settings: inout [BoxStyleSetting]
  ) throws(SpecDecodingError) {
    guard source.enterObject() else {
      let kind = try source.value().kindDescription
      throw SpecDecodingError(path: path(), message: "expected an object, got \(kind)")
    }
    var opens = true
    while let member = try source.nextName(BoxEdgeKey.self) {
      let key: BoxEdgeKey
      switch member {
      case .other(let name):
        throw SpecDecodingError(
          path: JSONPath.member(path(), name),
          message: "unknown edge; expected left, top, right, bottom, start, end, horizontal, vertical or all")
      case .known(let known): key = known
      }
      let length = try side(try source.value(), JSONPath.member(path(), key.spelling.description), property: property)
      settings.append(.edge(property, key, length, opens: opens))
      opens = false
    }
    if opens { settings.append(.edge(property, nil, .undefined, opens: true)) }
  }

  /// One side of an EDGES object.
  private static func side(_ value: JSONValue, _ path: @autoclosure () -> String, property: BoxEdgeProperty)
    throws(SpecDecodingError) -> Length
  {
    switch property {
    case .margin:
      let l = try length(value, path(), nonNegative: false)
      switch l {
      case .maxContent, .fitContent, .stretch:
        throw SpecDecodingError(path: path(), message: "expected a number, \"N%\" or \"auto\"")
      default: return l
      }
    case .padding:
      return try length(value, path(), nonNegative: true, allowKeywords: false)
    case .border:
      return .pt(try number(value, path(), nonNegative: true))
    case .position:
      if case .string("auto") = value { return .auto }
      return try length(value, path(), nonNegative: false, allowKeywords: false)
    }
  }

  /// The `gap` object: `row`, `column`, `all`.
  static func gap(_ value: JSONValue, _ path: @autoclosure () -> String) throws(SpecDecodingError)
    -> BoxStyleSetting
  {
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: path(), message: "expected an object, got \(value.kindDescription)")
    }
    var row = Length.undefined
    var column = Length.undefined
    var all = Length.undefined
    for member in object.storage {
      let name = member.key
      let l = try length(member.value, JSONPath.member(path(), name), nonNegative: true, allowKeywords: false)
      switch name {
      case "row": row = l
      case "column": column = l
      case "all": all = l
      default:
        throw SpecDecodingError(
          path: JSONPath.member(path(), name), message: "unknown gap; expected row, column or all")
      }
    }
    return .gap(row: row.isDefined ? row : all, column: column.isDefined ? column : all)
  }
}
