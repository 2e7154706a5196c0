import Foundation
import JSONCodec
import LayoutSpecs

/// Runs FORMAT.md conformance cases through `FormatCaseLayout` and tallies the results. Test support; reads
/// fixture files from the repository (located from `#filePath`).
struct ConformanceRunner {
  /// Yoga switches the engine models or, for FixFlexBasisFitContent, follows CSS for (which the case expects).
  static let modelledSwitches: Set<String> = ["FixFlexBasisFitContent"]

  /// The outcome of one case.
  enum Outcome: Equatable {
    /// Every expected frame matched.
    case passed
    /// A value differed: the first differing path and values.
    case failed(String)
    /// Not run, and why.
    case skipped(String)
  }

  /// Totals for one file (or all files).
  struct Tally {
    /// Cases run.
    var run = 0
    /// Cases passed.
    var passed = 0
    /// Failed cases: (name, first difference).
    var failures: [(String, String)] = []
    /// Skipped cases: (name, reason).
    var skips: [(String, String)] = []

    /// Adds another tally.
    mutating func add(_ other: Tally) {
      run += other.run
      passed += other.passed
      failures += other.failures
      skips += other.skips
    }
  }

  /// The directory holding the conformance fixtures of `suite` (e.g. "yoga").
  static func fixtureDirectory(_ suite: String, filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/conformance/\(suite)")
  }

  /// The JSON fixture files of `suite`, sorted.
  static func fixtureFiles(_ suite: String) throws -> [URL] {
    let dir = fixtureDirectory(suite)
    return try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// Parses a fixture file into its cases.
  static func cases(in file: URL) throws -> [JSONValue] {
    let bytes = [UInt8](try Data(contentsOf: file))
    let doc = try JSONParser.parse(bytes)
    return doc["cases"]?.arrayValue ?? []
  }

  /// Runs one case in every direction its `expected` gives.
  static func run(_ caseValue: JSONValue) -> Outcome {
    let tolerance = caseValue["tolerance"]?.doubleValue ?? 0.01
    guard let expected = caseValue["expected"]?.objectValue else { return .skipped("no expected frames") }
    var switches: [String] = []
    for key in ["errata", "experiments"] {
      for item in caseValue["config"]?[key]?.arrayValue ?? [] {
        if let s = item.stringValue { switches.append(s) }
      }
    }
    if let unmodelled = switches.first(where: { !modelledSwitches.contains($0) }) {
      return .skipped("needs Yoga switch \(unmodelled), not modelled")
    }
    for direction in FormatCaseLayout.RootDirection.allCases {
      guard let want = expected[direction.rawValue] else { continue }
      let got: JSONValue
      do {
        got = try FormatCaseLayout.layoutCase(caseValue, direction: direction)
      } catch {
        return .failed("\(direction.rawValue): decoding error \(error)")
      }
      if let diff = firstDifference(got, want, tolerance: tolerance, path: direction.rawValue) {
        return .failed(diff)
      }
    }
    return .passed
  }

  /// The first frame value that differs by more than `tolerance`, as "path: got X, expected Y".
  static func firstDifference(_ got: JSONValue, _ want: JSONValue, tolerance: Double, path: String) -> String? {
    for key in ["left", "top", "width", "height"] {
      let g = got[key]?.doubleValue ?? .nan
      let w = want[key]?.doubleValue ?? .nan
      if !(abs(g - w) <= tolerance) { return "\(path).\(key): got \(g), expected \(w)" }
    }
    let gc = got["children"]?.arrayValue ?? []
    let wc = want["children"]?.arrayValue ?? []
    if gc.count != wc.count { return "\(path).children: got \(gc.count), expected \(wc.count)" }
    for i in 0..<gc.count {
      if let d = firstDifference(gc[i], wc[i], tolerance: tolerance, path: "\(path).children[\(i)]") { return d }
    }
    return nil
  }

  /// Runs every case of `file`.
  static func runFile(_ file: URL) throws -> Tally {
    var tally = Tally()
    for c in try cases(in: file) {
      let name = c["name"]?.stringValue ?? "?"
      switch run(c) {
      case .passed:
        tally.run += 1
        tally.passed += 1
      case .failed(let why):
        tally.run += 1
        tally.failures.append((name, why))
      case .skipped(let why):
        tally.skips.append((name, why))
      }
    }
    return tally
  }
}
