import FlexLayout
import JSONCodec

/// Decodes the `style` object of a FORMAT.md node into `BoxStyleSetting`s. Pure; errors name the JSON path.
///
/// Reusable wherever a box appears (Texture specs embed boxes in cells). Numbers must be finite; sizes, paddings,
/// borders, gaps and flex factors must not be negative; unknown properties and enum values are errors. Paths are
/// autoclosures, built only when an error is thrown.
package enum BoxStyleDecoder {
  /// Appends the settings of the style object that comes next in `source` to `settings`. Returns the node's
  /// `direction` (`.inherit` when not set). Error paths are relative to the style object (`margin.left`, or empty
  /// for the object itself): the caller roots them (`SpecDecodingError.rooted(at:)`), so that none is made on the
  /// way.
  static func decode<Source: SpecSource & ~Copyable>(_ source: inout Source, into settings: inout [BoxStyleSetting])
    throws(SpecDecodingError) -> Direction
  {
    guard source.enterObject() else {
      let kind = try source.value().kindDescription
      throw SpecDecodingError(path: "", message: "expected an object, got \(kind)")
    }
    var direction = Direction.inherit
    while let member = try source.nextName(BoxStyleKey.self) {
      // The paths are made only for an error (the property's name, relative to the style object).
      let key: BoxStyleKey
      switch member {
      case .other(let name): throw SpecDecodingError(path: name, message: "unknown style property")
      case .known(let known): key = known
      }
      let property: BoxEdgeProperty
      switch key {
      case .margin: property = .margin
      case .padding: property = .padding
      case .border: property = .border
      case .position: property = .position
      default:
        let setting = try self.setting(key, try source.value(), path: key.spelling.description)
        if case .direction(let d) = setting { direction = d }
        settings.append(setting)
        continue
      }
      try edges(&source, key.spelling.description, property: property, into: &settings)
    }
    return direction
  }

  /// Decodes one style property `key` whose value is `value`.
  private static func setting(_ key: BoxStyleKey, _ value: JSONValue, path: @autoclosure () -> String)
    throws(SpecDecodingError) -> BoxStyleSetting
  {
    switch key {
    case .direction: return .direction(try keyword(value, path(), Tables.direction))
    case .flexDirection: return .flexDirection(try keyword(value, path(), Tables.flexDirection))
    case .justifyContent: return .justifyContent(try keyword(value, path(), Tables.justify))
    case .alignItems: return .alignItems(try align(value, path(), allowAuto: false))
    case .alignSelf: return .alignSelf(try align(value, path(), allowAuto: true))
    case .alignContent: return .alignContent(try align(value, path(), allowAuto: false))
    case .flexWrap: return .flexWrap(try keyword(value, path(), Tables.wrap))
    case .positionType: return .positionType(try keyword(value, path(), Tables.positionType))
    case .display: return .display(try keyword(value, path(), Tables.display))
    case .overflow: return .overflow(try keyword(value, path(), Tables.overflow))
    case .boxSizing: return .boxSizing(try keyword(value, path(), Tables.boxSizing))
    case .flex: return .flex(try number(value, path()))
    case .flexGrow: return .flexGrow(try number(value, path(), nonNegative: true))
    case .flexShrink: return .flexShrink(try number(value, path(), nonNegative: true))
    case .flexBasis: return .flexBasis(try length(value, path(), nonNegative: true))
    case .width: return .width(try length(value, path(), nonNegative: true))
    case .height: return .height(try length(value, path(), nonNegative: true))
    case .minWidth: return .minWidth(try length(value, path(), nonNegative: true))
    case .minHeight: return .minHeight(try length(value, path(), nonNegative: true))
    case .maxWidth: return .maxWidth(try maxLength(value, path()))
    case .maxHeight: return .maxHeight(try maxLength(value, path()))
    case .aspectRatio: return .aspectRatio(try aspectRatio(value, path()))
    case .gap: return try gap(value, path())
    case .margin, .padding, .border, .position:
      // Edge objects are read from the source by `edges` (`decode` never passes them here).
      throw SpecDecodingError(path: path(), message: "unknown style property")
    }
  }

  /// An `aspectRatio`: 0 (none) or within [1e-6, 1e6], since a size is both multiplied and divided by it.
  private static func aspectRatio(_ value: JSONValue, _ path: @autoclosure () -> String) throws(SpecDecodingError)
    -> Double
  {
    let r = try number(value, path(), nonNegative: true)
    guard r == 0 || (r >= 1e-6 && r <= 1e6) else {
      throw SpecDecodingError(path: path(), message: "\(r) is out of range: an aspectRatio is 0 or within [1e-6, 1e6]")
    }
    return r
  }

  /// A keyword from `table`, or an error listing the allowed values. Inlined into each property's case, so that
  /// the search is specialized for its table (about 75 instructions less a keyword on the feed cell).
  @inline(__always)
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
