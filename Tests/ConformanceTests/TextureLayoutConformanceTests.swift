import Foundation
import JSONCodec
import Synchronization
import Testing

@testable import LayoutSpecs

/// Runs every case of the Texture layout fixtures (`stack-layout.json`, `layout-specs.json`) through the
/// layout engine and compares root size, every leaf frame (±0.01 pt) and, where given, the size ranges passed to
/// each leaf. A malformed expected value fails its case. Prints run/passed/failed per file.
@Suite struct TextureLayoutConformanceTests {
  /// Cases that must pass per file; only ever raised.
  static let requiredPasses = ["stack-layout.json": 104, "layout-specs.json": 107]

  /// Collects the ranges leaves receive, in call order.
  final class RangeLog: Sendable {
    /// (leaf name, range) pairs.
    let entries = Mutex<[(String, SizeRange)]>([])
  }

  /// Runs one case; returns nil on success or the reasons it failed.
  static func run(_ c: JSONObject) -> String? {
    guard let input = c["input"]?.objectValue, let expected = c["expected"]?.objectValue else {
      return "malformed case"
    }
    let log = RangeLog()
    let result: JSONValue
    do {
      guard let range = TextureFixtures.range(input["sizeRange"]), let rootJSON = input["root"] else {
        return "malformed input"
      }
      let root = try SpecDecoder.decode(rootJSON, path: "root")
      var env = LayoutEnvironment(scale: TextureFixtures.number(input["scale"]) ?? 1)
      env.observeLeafRange = { e, r in log.entries.withLock { $0.append((e.name ?? "?", r)) } }
      let engine = LayoutEngine(environment: env)
      let flat = try engine.layout(root, in: range).flattened(grid: engine.grid)
      var frames = JSONObject()
      for f in flat.frames {
        if let n = f.name {
          frames[n] = .array(
            [f.frame.origin.x, f.frame.origin.y, f.frame.size.width, f.frame.size.height].map(JSONValue.double))
        }
      }
      result = .object(
        JSONObject([
          ("size", .array([.double(flat.size.width), .double(flat.size.height)])), ("frames", .object(frames)),
        ]))
      // Also exercise the package entry point and require the same answer.
      let viaEntry = try TextureCaseLayout.layout(caseInput: input, path: "input")
      if viaEntry != result { return "TextureCaseLayout differs from the engine" }
    } catch {
      return "error: \(error)"
    }
    var problems = TextureFixtures.differences(expected: expected, result: result)
    if let constraints = expected["childConstraints"] {
      let entries = log.entries.withLock { $0 }
      for (name, list) in constraints.objectValue?.members ?? [] {
        let items = list.arrayValue ?? []
        let want = items.compactMap { TextureFixtures.range($0) }
        guard list.arrayValue != nil, want.count == items.count else {
          problems.append("malformed expected childConstraints[\(name)]: \(JSONWriter.string(list))")
          continue
        }
        let got = entries.filter { $0.0 == name }.map(\.1)
        if want != got { problems.append("childConstraints[\(name)] \(got) != \(want)") }
      }
      if constraints.objectValue == nil {
        problems.append("malformed expected childConstraints: \(JSONWriter.string(constraints))")
      }
    }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }

  /// Runs a whole fixture file and checks the pass count against the committed threshold.
  static func runFile(_ file: String) throws {
    let cases = try TextureFixtures.cases(file)
    var passed = 0
    var failures: [String] = []
    for c in cases {
      if let problem = run(c) {
        failures.append("  \(c["name"]?.stringValue ?? "?"): \(problem)")
      } else {
        passed += 1
      }
    }
    let withConstraints = cases.filter { $0["expected"]?["childConstraints"] != nil }.count
    print(
      "texture/\(file): run \(cases.count), passed \(passed), failed \(cases.count - passed)"
        + " (child size ranges checked in \(withConstraints) cases)")
    for f in failures { print(f) }
    let malformed = failures.filter { $0.contains("malformed") }
    #expect(malformed.isEmpty, "\(file): cases with malformed expected values:\n\(malformed.joined(separator: "\n"))")
    #expect(passed >= requiredPasses[file] ?? 0, "\(file): \(passed) passed, below the threshold")
  }

  /// `TextureCaseLayout` answers `{"size", "frames"}` and names the JSON path of a bad case.
  @Test func caseEntryPoint() throws {
    let good = try JSONParser.parse(
      #"{"scale":2,"sizeRange":{"min":[0,0],"max":[100,"inf"]},"root":{"type":"stack","children":[{"type":"node","name":"a","style":{"width":10.25,"height":5}}]}}"#
    )
    let out = try TextureCaseLayout.layout(caseInput: try #require(good.objectValue), path: "cases[0].input")
    #expect(out["size"] == .array([.double(10.5), .double(5)]))
    #expect(out["frames"]?["a"] == .array([.double(0), .double(0), .double(10.5), .double(5)]))
    let bad = try JSONParser.parse(#"{"sizeRange":{"min":[0,0],"max":[1,1]},"root":{"type":"stak"}}"#)
    #expect(throws: SpecDecodingError.self) {
      try TextureCaseLayout.layout(caseInput: try #require(bad.objectValue), path: "cases[3].input")
    }
    let badObject = try #require(bad.objectValue)
    do throws(SpecDecodingError) {
      _ = try TextureCaseLayout.layout(caseInput: badObject, path: "cases[3].input")
    } catch {
      #expect(error.path == "cases[3].input.root.type")
    }
    let nanRange = try JSONParser.parse(#"{"sizeRange":{"min":[0,0],"max":["nan",1]},"root":{"type":"node"}}"#)
    let nanObject = try #require(nanRange.objectValue)
    do throws(SpecDecodingError) {
      _ = try TextureCaseLayout.layout(caseInput: nanObject, path: "input")
      Issue.record("NaN range accepted")
    } catch {
      #expect(error.description == "input.sizeRange.max[0]: expected a number, got NaN")
    }
  }

  /// All 104 stack cases.
  @Test func stackLayout() throws { try Self.runFile("stack-layout.json") }

  /// All 107 spec cases.
  @Test func layoutSpecs() throws { try Self.runFile("layout-specs.json") }
}
