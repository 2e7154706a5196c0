import JSONCodec
import JSONRPC
import NodeTree

/// Reads request params with the protocol's error texts (`params.PATH: expected X, got Y`). Pure value.
struct Params: Sendable {
  /// The object being read (params itself or a nested object).
  let object: JSONObject
  /// JSON path of `object`, e.g. `params` or `params.viewport`.
  let path: String

  /// Params of a request: the empty forms arrive as `{}`; a non-empty array is refused.
  init(_ value: JSONValue, path: String = "params") throws(ResponseError) {
    switch value {
    case .object(let o): object = o
    case .null: object = JSONObject()
    case .array(let a) where a.isEmpty: object = JSONObject()
    default: throw Params.invalid(path, "expected an object, got \(value.kindDescription)")
    }
    self.path = path
  }

  /// A -32602 error for `path`.
  static func invalid(_ path: String, _ detail: String) -> ResponseError {
    ResponseError(code: .invalidParams, message: "\(path): \(detail)")
  }

  /// A `[section, row]` index path (two non-negative integers), or nil when `value` is not one.
  static func indexPath(_ value: JSONValue) -> TableIndexPath? {
    guard let pair = value.arrayValue, pair.count == 2, let s = pair[0].intValue, let r = pair[1].intValue,
      s >= 0, r >= 0
    else { return nil }
    return TableIndexPath(section: s, row: r)
  }

  /// Path of member `key`.
  func at(_ key: String) -> String { path + "." + key }

  /// The member, nil when absent or null.
  func value(_ key: String) -> JSONValue? {
    guard let v = object[key], !v.isNull else { return nil }
    return v
  }

  /// A required member.
  func required(_ key: String) throws(ResponseError) -> JSONValue {
    guard let v = value(key) else { throw Params.invalid(path, "missing required member \"\(key)\"") }
    return v
  }

  /// A required string member.
  func string(_ key: String) throws(ResponseError) -> String {
    let v = try required(key)
    guard let s = v.stringValue else { throw Params.invalid(at(key), "expected a string, got \(v.kindDescription)") }
    return s
  }

  /// An optional string member.
  func optionalString(_ key: String) throws(ResponseError) -> String? {
    guard value(key) != nil else { return nil }
    return try string(key)
  }

  /// An optional boolean member.
  func optionalBool(_ key: String) throws(ResponseError) -> Bool? {
    guard let v = value(key) else { return nil }
    guard let b = v.boolValue else { throw Params.invalid(at(key), "expected a boolean, got \(v.kindDescription)") }
    return b
  }

  /// An optional number member within `range` (finite).
  func optionalNumber(_ key: String, in range: ClosedRange<Double>, rangeText: String) throws(ResponseError) -> Double?
  {
    guard let v = value(key) else { return nil }
    guard let d = v.doubleValue else { throw Params.invalid(at(key), "expected a number, got \(v.kindDescription)") }
    guard d.isFinite, range.contains(d) else {
      throw Params.invalid(at(key), "expected a number \(rangeText), got \(JSONWriter.string(v))")
    }
    return d
  }

  /// A required number member within `range`.
  func number(_ key: String, in range: ClosedRange<Double>, rangeText: String) throws(ResponseError) -> Double {
    guard let d = try optionalNumber(key, in: range, rangeText: rangeText) else {
      throw Params.invalid(path, "missing required member \"\(key)\"")
    }
    return d
  }

  /// An optional non-negative integer member.
  func optionalIndex(_ key: String) throws(ResponseError) -> Int? {
    guard let v = value(key) else { return nil }
    guard let i = v.intValue, i >= 0 else {
      throw Params.invalid(at(key), "expected a non-negative integer, got \(JSONWriter.string(v))")
    }
    return i
  }

  /// A required array member.
  func array(_ key: String) throws(ResponseError) -> [JSONValue] {
    let v = try required(key)
    guard let a = v.arrayValue else { throw Params.invalid(at(key), "expected an array, got \(v.kindDescription)") }
    return a
  }

  /// A required object member, as nested params.
  func object(_ key: String) throws(ResponseError) -> Params {
    let v = try required(key)
    guard case .object = v else { throw Params.invalid(at(key), "expected an object, got \(v.kindDescription)") }
    return try Params(v, path: at(key))
  }
}
