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

extension TextureFixtures {
  /// The four numbers of a frame `[x, y, width, height]`, nil unless it is exactly four finite numbers.
  static func frame(_ v: JSONValue?) -> [Double]? {
    guard let a = v?.arrayValue, a.count == 4 else { return nil }
    let numbers = a.compactMap { number($0) }
    return numbers.count == 4 && numbers.allSatisfy(\.isFinite) ? numbers : nil
  }

  /// How a layout result `{"size": [w, h], "frames": {name: [x, y, w, h]}}` differs from a case's `expected`
  /// (each value within ±0.01 pt, the fixtures' precision): one text per difference, empty when they agree. A
  /// malformed expected `size` or frame, or a missing `size` or `frames`, is a difference too: a fixture that
  /// cannot be read never passes.
  static func differences(expected: JSONObject, result: JSONValue) -> [String] {
    var problems: [String] = []
    let close = { (a: Double, b: Double) in abs(a - b) <= 0.01 }
    if let (w, h) = pair(expected["size"]), w.isFinite, h.isFinite {
      if let (gw, gh) = pair(result["size"]) {
        if !close(w, gw) || !close(h, gh) { problems.append("size [\(gw), \(gh)] != [\(w), \(h)]") }
      } else {
        problems.append("no size in the result")
      }
    } else {
      problems.append("malformed expected size \(expected["size"].map(JSONWriter.string) ?? "(missing)")")
    }
    guard let frames = expected["frames"]?.objectValue else {
      problems.append("malformed expected frames \(expected["frames"].map(JSONWriter.string) ?? "(missing)")")
      return problems
    }
    let got = result["frames"]?.objectValue ?? JSONObject()
    for (name, value) in frames.members {
      guard let e = frame(value) else {
        problems.append("malformed expected frame \(name): \(JSONWriter.string(value))")
        continue
      }
      guard let g = frame(got[name]) else {
        problems.append("\(name) missing")
        continue
      }
      if !zip(e, g).allSatisfy(close) { problems.append("\(name) \(g) != \(e)") }
    }
    return problems
  }
}

/// A malformed fixture file.
struct FixtureError: Error, CustomStringConvertible {
  /// What is wrong.
  var message: String
  /// The message.
  var description: String { message }
}
