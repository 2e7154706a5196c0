import Foundation
import JSONCodec
import Testing

@testable import LayoutSpecs

/// The 33 cases of `Tests/Fixtures/conformance/texture/dimension.json`: `ASDimension` parsing and making,
/// `ASSizeRangeIntersect`, style size resolution and the pixel rounding functions.
@Suite struct DimensionFixtureTests {
  /// Every case of the fixture, loaded once.
  static let cases: [JSONObject] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/conformance/texture/dimension.json")
    guard let data = try? Data(contentsOf: url), let value = try? JSONParser.parse([UInt8](data)),
      let cases = value["cases"]?.arrayValue
    else { return [] }
    return cases.compactMap(\.objectValue)
  }()

  /// A fixture number (`"inf"`, `"nan"` allowed).
  static func number(_ v: JSONValue?) -> Double? {
    switch v {
    case .some(.int(let i)): return Double(i)
    case .some(.double(let d)): return d
    case .some(.string("inf")): return .infinity
    case .some(.string("nan")): return .nan
    default: return nil
    }
  }

  /// A fixture `[w, h]` size.
  static func size(_ v: JSONValue?) -> Size? {
    guard let a = v?.arrayValue, a.count == 2, let w = number(a[0]), let h = number(a[1]) else { return nil }
    return Size(w, h)
  }

  /// A fixture `{min, max}` range.
  static func range(_ v: JSONValue?) -> SizeRange? {
    guard let mn = size(v?["min"]), let mx = size(v?["max"]) else { return nil }
    return SizeRange(min: mn, max: mx)
  }

  /// The file holds all 33 cases.
  @Test func fixtureHasAllCases() {
    #expect(Self.cases.count == 33)
  }

  /// Runs one case by its kind.
  @Test(arguments: 0..<33) func dimensionCase(_ index: Int) throws {
    try #require(index < Self.cases.count)
    let c = Self.cases[index]
    let name = c["name"]?.stringValue ?? "?"
    let input = try #require(c["input"]?.objectValue)
    let expected = try #require(c["expected"]?.objectValue)
    switch input["kind"]?.stringValue {
    case "parse":
      let d = Dimension(parsing: try #require(input["string"]?.stringValue))
      #expect(d.unitName == expected["unit"]?.stringValue, "\(name)")
      #expect(d.value == Self.number(expected["value"]), "\(name)")
    case "make":
      let unit = try #require(input["unit"]?.stringValue)
      let value = try #require(Self.number(input["value"]))
      if expected["assertionFailure"]?.boolValue == true {
        #expect(throws: DimensionError.autoWithValue(value), "\(name)") { try Dimension.make(unit: unit, value: value) }
      } else {
        let d = try Dimension.make(unit: unit, value: value)
        #expect(d.unitName == expected["unit"]?.stringValue, "\(name)")
      }
    case "intersect":
      let r = try #require(Self.range(input["range"]))
      let o = try #require(Self.range(input["other"]))
      #expect(r.intersect(o) == Self.range(.object(expected)), "\(name)")
    case "resolveSize":
      let style = try StyleDecoder.style(input["style"], path: "style")
      let parent = try #require(Self.size(input["parentSize"]))
      #expect(SizeRange(resolving: style, parentSize: parent) == Self.range(.object(expected)), "\(name)")
    case "ceilPixel", "floorPixel":
      let grid = PixelGrid(scale: try #require(Self.number(input["scale"])))
      let v = try #require(Self.number(input["value"]))
      let got = input["kind"]?.stringValue == "ceilPixel" ? grid.ceil(v) : grid.floor(v)
      let want = try #require(Self.number(expected["value"]))
      #expect(abs(got - want) < 1e-9, "\(name): \(got) != \(want)")
    default:
      Issue.record("\(name): unknown kind")
    }
  }

  /// `ASRoundPixelValue` rounds halves away from zero at the scale.
  @Test func roundPixel() {
    #expect(PixelGrid(scale: 2).round(39.75) == 40)
    #expect(PixelGrid(scale: 2).round(39.7) == 39.5)
    #expect(PixelGrid(scale: 1).round(39.5) == 40)
    #expect(PixelGrid(scale: 3).round(1.0 / 6.0) == 1.0 / 3.0)
  }

  /// The decoder is stricter than Texture's string parser: a bare number string is an error, not auto.
  @Test func strictDimensionStrings() throws {
    #expect(try StyleDecoder.dimension(string: "12pt", path: "w", allowInfinity: false) == .points(12))
    #expect(try StyleDecoder.dimension(string: "50%", path: "w", allowInfinity: false) == .fraction(0.5))
    #expect(try StyleDecoder.dimension(string: "auto", path: "w", allowInfinity: false) == .auto)
    #expect(
      throws: SpecDecodingError(
        path: "w", message: "expected a number or a dimension string (\"auto\", \"12pt\", \"50%\"), got \"50\"")
    ) { try StyleDecoder.dimension(string: "50", path: "w", allowInfinity: false) }
  }
}
