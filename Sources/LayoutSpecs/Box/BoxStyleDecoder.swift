import FlexLayout
import JSONCodec

/// Decodes the `style` object of a FORMAT.md node into `BoxStyleSetting`s. Pure; errors name the JSON path.
///
/// Reusable wherever a box appears (Texture specs embed boxes in cells). Numbers must be finite; sizes, paddings,
/// borders, gaps and flex factors must not be negative; unknown properties and enum values are errors. Paths are
/// autoclosures, built only when an error is thrown.
package enum BoxStyleDecoder {
  /// Appends the settings of `value` (an object, or nil for "no style") to `settings`, and its edge objects to
  /// `edges`; `path` names `value`. Returns the node's `direction` (`.inherit` when not set).
  package static func decode(
    _ value: JSONValue?, path: @autoclosure () -> String, into settings: inout [BoxStyleSetting],
    edges: inout [Edges]
  ) throws(SpecDecodingError) -> Direction {
    guard let value else { return .inherit }
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: path(), message: "expected an object, got \(value.kindDescription)")
    }
    var direction = Direction.inherit
    for member in object.storage {
      switch try setting(member.key, member.value, path: JSONPath.member(path(), member.key)) {
      case .plain(let setting):
        settings.append(setting)
      case .direction(let d):
        direction = d
        settings.append(.direction(d))
      case .edges(let kind, let value):
        edges.append(value)
        let i = Int32(edges.count - 1)
        switch kind {
        case .margin: settings.append(.margin(i))
        case .padding: settings.append(.padding(i))
        case .border: settings.append(.border(i))
        case .position: settings.append(.position(i))
        }
      }
    }
    return direction
  }

  /// One decoded property before its edges are stored.
  private enum PendingSetting {
    /// A setting without edges.
    case plain(BoxStyleSetting)
    /// `direction` (also reported to the caller).
    case direction(Direction)
    /// An edge property and its value.
    case edges(EdgeKind, Edges)
  }

  /// Decodes one style property.
  private static func setting(_ key: String, _ value: JSONValue, path: @autoclosure () -> String)
    throws(SpecDecodingError) -> PendingSetting
  {
    switch key {
    case "direction": return .direction(try keyword(value, path(), Tables.direction))
    case "flexDirection": return .plain(.flexDirection(try keyword(value, path(), Tables.flexDirection)))
    case "justifyContent": return .plain(.justifyContent(try keyword(value, path(), Tables.justify)))
    case "alignItems": return .plain(.alignItems(try align(value, path(), allowAuto: false)))
    case "alignSelf": return .plain(.alignSelf(try align(value, path(), allowAuto: true)))
    case "alignContent": return .plain(.alignContent(try align(value, path(), allowAuto: false)))
    case "flexWrap": return .plain(.flexWrap(try keyword(value, path(), Tables.wrap)))
    case "positionType": return .plain(.positionType(try keyword(value, path(), Tables.positionType)))
    case "display": return .plain(.display(try keyword(value, path(), Tables.display)))
    case "overflow": return .plain(.overflow(try keyword(value, path(), Tables.overflow)))
    case "boxSizing": return .plain(.boxSizing(try keyword(value, path(), Tables.boxSizing)))
    case "flex": return .plain(.flex(try number(value, path())))
    case "flexGrow": return .plain(.flexGrow(try number(value, path(), nonNegative: true)))
    case "flexShrink": return .plain(.flexShrink(try number(value, path(), nonNegative: true)))
    case "flexBasis": return .plain(.flexBasis(try length(value, path(), nonNegative: true)))
    case "width": return .plain(.width(try length(value, path(), nonNegative: true)))
    case "height": return .plain(.height(try length(value, path(), nonNegative: true)))
    case "minWidth": return .plain(.minWidth(try length(value, path(), nonNegative: true)))
    case "minHeight": return .plain(.minHeight(try length(value, path(), nonNegative: true)))
    case "maxWidth": return .plain(.maxWidth(try maxLength(value, path())))
    case "maxHeight": return .plain(.maxHeight(try maxLength(value, path())))
    case "aspectRatio": return .plain(.aspectRatio(try number(value, path(), nonNegative: true)))
    case "margin": return .edges(.margin, try edges(value, path(), kind: .margin))
    case "padding": return .edges(.padding, try edges(value, path(), kind: .padding))
    case "border": return .edges(.border, try edges(value, path(), kind: .border))
    case "position": return .edges(.position, try edges(value, path(), kind: .position))
    case "gap": return .plain(try gap(value, path()))
    default:
      throw SpecDecodingError(path: path(), message: "unknown style property")
    }
  }

  /// A keyword from `table`, or an error listing the allowed values.
  private static func keyword<T>(_ value: JSONValue, _ path: @autoclosure () -> String, _ table: [(String, T)])
    throws(SpecDecodingError) -> T
  {
    guard case .string(let s) = value else {
      throw SpecDecodingError(path: path(), message: "expected a string, got \(value.kindDescription)")
    }
    for (name, result) in table where name == s { return result }
    let allowed = table.map { "\"\($0.0)\"" }.joined(separator: ", ")
    throw SpecDecodingError(path: path(), message: "unknown value \"\(s)\"; expected one of \(allowed)")
  }

  /// An `align-*` keyword.
  private static func align(_ value: JSONValue, _ path: @autoclosure () -> String, allowAuto: Bool)
    throws(SpecDecodingError) -> Align
  {
    if allowAuto, case .string("auto") = value { return .auto }
    return try keyword(value, path(), Tables.align)
  }
}
