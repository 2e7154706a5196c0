import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

/// The members of a row beside its cell (`heightRange`, `accessoryType`, `selectionStyle`, `separatorInset`): their
/// decoding from the parsed value, with the protocol's error texts (Protocol.md "Rows"). Shared by every place a
/// row with a cell is taken. Pure.
enum RowMembers {
  /// `heightRange`'s members.
  static let heightRangeMembers = MemberCheck("a height range", valid: ["min", "max"])
  /// `separatorInset`'s members (UIKit ignores a separator inset's top and bottom).
  static let separatorInsetMembers = MemberCheck(
    "a separator inset", valid: ["left", "right"],
    unsupported: ["top": "UIKit ignores a separator inset's top", "bottom": "UIKit ignores a separator inset's bottom"])

  /// `heightRange: {min? = 0, max?}` found at `path` (`max` absent or null: unbounded, `CGFLOAT_MAX`); null is the
  /// default (nil). Refuses unknown members, numbers that are not finite and ≥ 0, and max < min.
  static func heightRange(_ value: JSONValue, path: String) throws(SpecDecodingError) -> RowHeightRange? {
    if value.isNull { return nil }
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: path, message: "expected an object {min?, max?}, got \(value.kindDescription)")
    }
    try refuseUnknown(object, heightRangeMembers, path: path)
    let min = try length(object["min"], path: path + ".min") ?? 0
    let max = try length(object["max"], path: path + ".max") ?? CellSizeRange.cgFloatMax
    guard max >= min else {
      throw SpecDecodingError(
        path: path + ".max",
        message: "expected a number ≥ min (\(JSONWriter.string(.double(min)))), got "
          + JSONWriter.string(.double(max)))
    }
    return RowHeightRange(min: min, max: max)
  }

  /// `sizeRange: {min?: {width? = 0, height? = 0}, max?: {width?, height?}}` found at `path` (a max member absent or
  /// null: unbounded, `CGFLOAT_MAX`); null is the default (nil: the flow layout's range). Refuses unknown members,
  /// numbers that are not finite and ≥ 0, and a maximum below its minimum.
  static func sizeRange(_ value: JSONValue, path: String) throws(SpecDecodingError) -> CellSizeRange? {
    if value.isNull { return nil }
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: path, message: "expected an object {min?, max?}, got \(value.kindDescription)")
    }
    try refuseUnknown(object, heightRangeMembers, path: path)
    let low = try size(object["min"], path: path + ".min")
    let high = try size(object["max"], path: path + ".max")
    let range = CellSizeRange(
      minWidth: low.width ?? 0, minHeight: low.height ?? 0, maxWidth: high.width ?? CellSizeRange.cgFloatMax,
      maxHeight: high.height ?? CellSizeRange.cgFloatMax)
    for (name, min, max) in [("width", range.minWidth, range.maxWidth), ("height", range.minHeight, range.maxHeight)]
    where max < min {
      throw SpecDecodingError(
        path: path + ".max." + name,
        message: "expected a number ≥ min.\(name) (\(JSONWriter.string(.double(min)))), got "
          + JSONWriter.string(.double(max)))
    }
    return range
  }

  /// `{width?, height?}` of a size range's `min` or `max` found at `path` (finite, ≥ 0; absent or null members nil).
  private static func size(
    _ value: JSONValue?, path: String
  ) throws(SpecDecodingError) -> (width: Double?, height: Double?) {
    guard let value, !value.isNull else { return (nil, nil) }
    guard case .object(let object) = value else {
      throw SpecDecodingError(
        path: path, message: "expected an object {width?, height?}, got \(value.kindDescription)")
    }
    try refuseUnknown(object, sizeMembers, path: path)
    return (try length(object["width"], path: path + ".width"), try length(object["height"], path: path + ".height"))
  }

  /// The members of a size range's `min` and `max`.
  static let sizeMembers = MemberCheck("a size", valid: ["width", "height"])

  /// `accessoryType` (one of `AccessoryType`'s names) found at `path`; null is `none`.
  static func accessoryType(_ value: JSONValue, path: String) throws(SpecDecodingError) -> AccessoryType {
    try name(value, path: path, default: AccessoryType.none)
  }

  /// `selectionStyle` (one of `SelectionStyle`'s names) found at `path`; null is `default`.
  static func selectionStyle(_ value: JSONValue, path: String) throws(SpecDecodingError) -> SelectionStyle {
    try name(value, path: path, default: SelectionStyle.default)
  }

  /// `separatorInset: {left? = 0, right? = 0}` found at `path` (points, finite, ≥ 0); null is no inset.
  static func separatorInset(_ value: JSONValue, path: String) throws(SpecDecodingError) -> SeparatorInset {
    if value.isNull { return .zero }
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: path, message: "expected an object {left?, right?}, got \(value.kindDescription)")
    }
    try refuseUnknown(object, separatorInsetMembers, path: path)
    return SeparatorInset(
      left: try length(object["left"], path: path + ".left") ?? 0,
      right: try length(object["right"], path: path + ".right") ?? 0)
  }

  /// Reads the row members of the parsed row `entry` into `spec` (the batch's `insertRows` entries, whose other
  /// members are read by the batch).
  static func read(_ entry: Params, into spec: inout RowSpec<LayoutElement>) throws(ResponseError) {
    do throws(SpecDecodingError) {
      if let value = entry.object["heightRange"] {
        spec.heightRange = try heightRange(value, path: entry.at("heightRange"))
      }
      var accessories = CellAccessories.standard
      if let value = entry.object["accessoryType"] {
        accessories.accessoryType = try accessoryType(value, path: entry.at("accessoryType"))
      }
      if let value = entry.object["selectionStyle"] {
        accessories.selectionStyle = try selectionStyle(value, path: entry.at("selectionStyle"))
      }
      if let value = entry.object["separatorInset"] {
        accessories.separatorInset = try separatorInset(value, path: entry.at("separatorInset"))
      }
      spec.accessories = accessories == .standard ? nil : accessories
      if let value = entry.object["sizeRange"] {
        spec.sizeRange = try sizeRange(value, path: entry.at("sizeRange"))
      }
    } catch {
      throw ResponseError(code: .invalidParams, message: error.description)
    }
  }

  /// Throws the first member of `object` (at `path`) that `members` refuses.
  private static func refuseUnknown(_ object: JSONObject, _ members: MemberCheck, path: String)
    throws(SpecDecodingError)
  {
    guard let (key, message) = members.firstProblem(object) else { return }
    throw SpecDecodingError(path: path + "." + key, message: message)
  }

  /// The largest length a row member takes: a spec's bound on its numbers (1e9 points, Protocol.md "Limits and
  /// errors"), so that a table's heights and offsets stay finite whatever the rows (1e9 × the most rows a session
  /// holds is far below `DBL_MAX`).
  static let maxLength = 1e9

  /// An optional length (in [0, 1e9] points) at `path`; nil when absent or null.
  private static func length(_ value: JSONValue?, path: String) throws(SpecDecodingError) -> Double? {
    guard let value, !value.isNull else { return nil }
    guard let number = value.doubleValue else {
      throw SpecDecodingError(path: path, message: "expected a number, got \(value.kindDescription)")
    }
    guard number.isFinite, number >= 0, number <= maxLength else {
      throw SpecDecodingError(path: path, message: "expected a number in [0, 1e9], got \(JSONWriter.string(value))")
    }
    return number
  }

  /// One of `Name`'s cases by its raw name at `path`; null is `fallback`.
  private static func name<Name: RawRepresentable<String> & CaseIterable>(
    _ value: JSONValue, path: String, default fallback: Name
  ) throws(SpecDecodingError) -> Name {
    if value.isNull { return fallback }
    let names = Name.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    guard let text = value.stringValue, let found = Name(rawValue: text) else {
      throw SpecDecodingError(path: path, message: "expected one of \(names), got \(JSONWriter.string(value))")
    }
    return found
  }
}
