import Foundation
import JSONCodec
@testable import NodeTree

/// Loads the cases of one texture conformance file from Tests/Fixtures/conformance/texture.
enum TextureFixture {
  /// One case: name and its input/expected objects.
  struct Case: Sendable, CustomStringConvertible {
    let name: String
    let input: JSONValue
    let expected: JSONValue
    var description: String { name }
  }

  /// Every case of `file` (without extension), in file order; empty when the file cannot be read.
  static func cases(_ file: String) -> [Case] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/conformance/texture/\(file).json")
    guard let data = FileManager.default.contents(atPath: url.path),
      let document = try? JSONParser.parse([UInt8](data)), let cases = document["cases"]?.arrayValue
    else { return [] }
    return cases.map {
      Case(name: $0["name"]?.stringValue ?? "?", input: $0["input"] ?? .null, expected: $0["expected"] ?? .null)
    }
  }
}

extension JSONValue {
  /// Array of Ints (non-integers dropped).
  var ints: [Int] { arrayValue?.compactMap(\.intValue) ?? [] }
  /// Array of Doubles.
  var doubles: [Double] { arrayValue?.compactMap(\.doubleValue) ?? [] }
  /// Array of strings.
  var strings: [String] { arrayValue?.compactMap(\.stringValue) ?? [] }
  /// `[section, row]` as an index path.
  var indexPath: TableIndexPath? {
    let values = ints
    return values.count == 2 ? TableIndexPath(section: values[0], row: values[1]) : nil
  }
}

/// Direction names of the fixtures ("up", "down", "left", "right", "vertical", "horizontal").
func direction(_ names: [String]) -> ScrollDirection {
  var result: ScrollDirection = []
  for name in names {
    switch name {
    case "up": result.insert(.up)
    case "down": result.insert(.down)
    case "left": result.insert(.left)
    case "right": result.insert(.right)
    case "vertical": result.formUnion(.vertical)
    case "horizontal": result.formUnion(.horizontal)
    default: break
    }
  }
  return result
}

/// Range mode names of the fixtures.
func rangeMode(_ name: String?) -> RangeMode? {
  switch name {
  case "unspecified": return .unspecified
  case "minimum": return .minimum
  case "full": return .full
  case "visibleOnly": return .visibleOnly
  case "lowMemory": return .lowMemory
  default: return nil
  }
}

/// Builds a loaded table of `counts` rows per section with ids "s<section>r<row>", every row measured at
/// `height` and committed.
func makeTable(_ counts: [Int], height: Double = 44, separator: Double = 0) throws -> TableNode<Int> {
  var table = TableNode<Int>(separatorHeight: separator)
  let sections = counts.enumerated().map { section, count in
    (0..<count).map { RowSpec(id: RowID("s\(section)r\($0)"), content: $0) }
  }
  let result = try table.reloadData(sections)
  for request in result.layoutRequests {
    _ = try table.acceptLayout(id: request.id, generation: request.generation, height: height)
  }
  return table
}

/// Measures every request at `height` and returns the commits that happened.
@discardableResult
func measureAll<C>(_ table: inout TableNode<C>, _ requests: [LayoutRequest<C>], height: Double = 44) throws -> [Commit] {
  var commits: [Commit] = []
  for request in requests {
    commits += try table.acceptLayout(id: request.id, generation: request.generation, height: height).commits
  }
  return commits
}
