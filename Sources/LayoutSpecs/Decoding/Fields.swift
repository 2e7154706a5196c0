import JSONCodec

/// Typed access to the members of one JSON object, with errors naming `path.key`. Pure.
struct Fields {
  /// The object.
  let obj: JSONObject
  /// Its JSON path.
  let path: String

  /// Fields of `obj` found at `path`.
  init(_ obj: JSONObject, _ path: String) {
    self.obj = obj
    self.path = path
  }

  /// The object payload of `value`, or an error at `path`.
  static func object(_ value: JSONValue, _ path: String) throws(SpecDecodingError) -> JSONObject {
    guard case .object(let o) = value else {
      throw SpecDecodingError(path: path, message: "expected an object, got \(value.kindDescription)")
    }
    return o
  }

  /// Path of member `key`.
  func at(_ key: String) -> String { JSONPath.member(path, key) }

  /// A present, non-null member.
  func value(_ key: String) -> JSONValue? {
    guard let v = obj[key], !v.isNull else { return nil }
    return v
  }

  /// An optional string member.
  func string(_ key: String) throws(SpecDecodingError) -> String? {
    guard let v = value(key) else { return nil }
    guard case .string(let s) = v else {
      throw SpecDecodingError(path: at(key), message: "expected a string, got \(v.kindDescription)")
    }
    return s
  }

  /// A required string member.
  func requiredString(_ key: String) throws(SpecDecodingError) -> String {
    guard let s = try string(key) else {
      throw SpecDecodingError(path: path, message: "missing required member \"\(key)\"")
    }
    return s
  }

  /// An optional boolean member.
  func bool(_ key: String) throws(SpecDecodingError) -> Bool? {
    guard let v = value(key) else { return nil }
    guard case .bool(let b) = v else {
      throw SpecDecodingError(path: at(key), message: "expected a boolean, got \(v.kindDescription)")
    }
    return b
  }

  /// An optional number member (see `Fields.number(_:_:allowInfinity:)`).
  func number(_ key: String, allowInfinity: Bool = false) throws(SpecDecodingError) -> Double? {
    guard let v = value(key) else { return nil }
    return try Self.number(v, at(key), allowInfinity: allowInfinity)
  }

  /// An optional non-negative number member.
  func nonNegative(_ key: String, allowInfinity: Bool = false) throws(SpecDecodingError) -> Double? {
    guard let d = try number(key, allowInfinity: allowInfinity) else { return nil }
    guard d >= 0 else {
      throw SpecDecodingError(path: at(key), message: "expected a non-negative number, got \(Self.format(d))")
    }
    return d
  }

  /// Largest magnitude of a finite number in a spec (points, factors, ratios): 10^9. Sums and products of such
  /// numbers over the largest cell a spec may describe stay finite, so no accepted spec lays out to a non-finite
  /// frame.
  package static let maxMagnitude = 1e9

  /// A number: a JSON number of magnitude at most `maxMagnitude`, or the string `"inf"` when `allowInfinity`
  /// (then a JSON infinity or `Double.greatestFiniteMagnitude`, Texture's CGFLOAT_MAX, also reads as infinity); NaN
  /// and other strings are errors.
  static func number(_ v: JSONValue, _ path: String, allowInfinity: Bool) throws(SpecDecodingError) -> Double {
    switch v {
    case .int(let i): return try bounded(Double(i), path)
    case .double(let d):
      if d.isNaN { throw SpecDecodingError(path: path, message: "expected a number, got NaN") }
      if allowInfinity && d.magnitude >= .greatestFiniteMagnitude { return d < 0 ? -.infinity : .infinity }
      if d.isInfinite {
        throw SpecDecodingError(path: path, message: "expected a finite number, got \(format(d))")
      }
      return try bounded(d, path)
    case .string(let s):
      switch s {
      case "inf", "infinity", "Infinity":
        if allowInfinity { return .infinity }
        throw SpecDecodingError(path: path, message: "expected a finite number, got \"\(s)\"")
      case "nan", "NaN":
        throw SpecDecodingError(path: path, message: "expected a number, got NaN")
      default:
        throw SpecDecodingError(path: path, message: "expected a number, got a string")
      }
    default:
      throw SpecDecodingError(path: path, message: "expected a number, got \(v.kindDescription)")
    }
  }

  /// `d`, or an error when its magnitude is above `maxMagnitude`.
  static func bounded(_ d: Double, _ path: @autoclosure () -> String) throws(SpecDecodingError) -> Double {
    guard d.magnitude > maxMagnitude else { return d }
    throw SpecDecodingError(
      path: path(), message: "\(format(d)) is out of range: numbers in a spec are within [-1e9, 1e9] (\"inf\" "
        + "where infinity is meaningful), so that the layout stays finite")
  }

  /// An optional `[x, y]` pair of finite numbers.
  func pair(_ key: String, nonNegative: Bool = false) throws(SpecDecodingError) -> (Double, Double)? {
    guard let v = value(key) else { return nil }
    return try Self.pair(v, at(key), nonNegative: nonNegative)
  }

  /// An `[a, b]` pair of finite numbers.
  static func pair(_ v: JSONValue, _ path: String, nonNegative: Bool, allowInfinity: Bool = false)
    throws(SpecDecodingError) -> (Double, Double)
  {
    guard case .array(let a) = v, a.count == 2 else {
      let got = v.arrayValue.map { "an array of \($0.count) elements" } ?? v.kindDescription
      throw SpecDecodingError(path: path, message: "expected an array of 2 numbers, got \(got)")
    }
    let x = try number(a[0], JSONPath.index(path, 0), allowInfinity: allowInfinity)
    let y = try number(a[1], JSONPath.index(path, 1), allowInfinity: allowInfinity)
    if nonNegative {
      for (i, d) in [x, y].enumerated() where d < 0 {
        throw SpecDecodingError(
          path: JSONPath.index(path, i), message: "expected a non-negative number, got \(format(d))")
      }
    }
    return (x, y)
  }

  /// An optional enum member given by its raw string; unknown values list the accepted ones.
  func enumValue<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) throws(SpecDecodingError) -> E?
  where E.RawValue == String {
    guard let s = try string(key) else { return nil }
    guard let e = E(rawValue: s) else {
      let allowed = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw SpecDecodingError(path: at(key), message: "unknown value \"\(s)\" (expected one of \(allowed))")
    }
    return e
  }

  /// A number as written in messages: integral values without a fraction.
  static func format(_ d: Double) -> String {
    if d.isFinite && d.rounded() == d && abs(d) < 1e15 { return String(Int64(d)) }
    return "\(d)"
  }
}
