import Foundation
import JSONCodec
import Testing

@testable import LayoutSpecs

/// Loads Texture conformance fixture files from `Tests/Fixtures/conformance/texture/`.
enum TextureFixtures {
  /// Directory of the Texture fixtures, located from this file's path.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/conformance/texture")

  /// The `cases` array of a fixture file.
  static func cases(_ file: String) throws -> [JSONObject] {
    let data = try Data(contentsOf: directory.appendingPathComponent(file))
    let value = try JSONParser.parse([UInt8](data))
    guard let cases = value["cases"]?.arrayValue else { throw FixtureError(message: "\(file): no cases array") }
    return cases.compactMap(\.objectValue)
  }

  /// A fixture number: JSON number or "inf"/"-inf"/"nan".
  static func number(_ v: JSONValue?) -> Double? {
    switch v {
    case .some(.int(let i)): return Double(i)
    case .some(.double(let d)): return d
    case .some(.string("inf")): return .infinity
    case .some(.string("-inf")): return -.infinity
    case .some(.string("nan")): return .nan
    default: return nil
    }
  }

  /// A fixture `[a, b]` pair.
  static func pair(_ v: JSONValue?) -> (Double, Double)? {
    guard let a = v?.arrayValue, a.count == 2, let x = number(a[0]), let y = number(a[1]) else { return nil }
    return (x, y)
  }

  /// A fixture `{min, max}` range.
  static func range(_ v: JSONValue?) -> SizeRange? {
    guard let mn = pair(v?["min"]), let mx = pair(v?["max"]) else { return nil }
    return SizeRange(min: Size(mn.0, mn.1), max: Size(mx.0, mx.1))
  }
}

/// A malformed fixture file.
struct FixtureError: Error, CustomStringConvertible {
  /// What is wrong.
  var message: String
  /// The message.
  var description: String { message }
}
