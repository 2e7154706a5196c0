import Foundation
import JSONCodec
import Testing

/// The Chromium corpus of `"defaults": "css"` trees (`Tests/Fixtures/css/corpus-*.json`, made by
/// `make-css-corpus.sh`) through the layout engine, without a browser: every case in both root directions
/// (ltr, rtl), compared within each case's tolerance (1/32 pt: Chromium's 1/64 px layout units). Prints the pass
/// rate in total, per feature the case uses and per main axis of the root (row / column).
@Suite struct CSSCorpusTests {
  /// Cases that must pass (the measured floor; raised as the css mode improves, never lowered).
  static let passThreshold = 4756

  /// Number of cases the committed corpus holds.
  static let corpusSize = 5000

  /// The corpus files, sorted.
  static func corpusFiles(filePath: String = #filePath) throws -> [URL] {
    let dir = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/css")
    return try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "json" && $0.lastPathComponent.hasPrefix("corpus-") }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// Passed and run counts of one group of cases.
  struct Rate {
    /// Cases that matched.
    var passed = 0
    /// Cases run.
    var run = 0

    /// "passed/run (percent)".
    var text: String {
      let percent = run == 0 ? 0 : Double(passed) * 100 / Double(run)
      return "\(passed)/\(run) (\(String(format: "%.1f", percent))%)"
    }
  }

  /// Runs every case, prints rates per feature and per root axis and the first failures, and holds the floor.
  @Test func chromiumCorpus() throws {
    var total = Rate()
    var byFeature: [String: Rate] = [:]
    var byAxis: [String: Rate] = [:]
    var failures: [String] = []
    for file in try Self.corpusFiles() {
      for c in try ConformanceRunner.cases(in: file) {
        let outcome = ConformanceRunner.run(c)
        let passed = outcome == .passed
        let features = (c["features"]?.arrayValue ?? []).compactMap(\.stringValue)
        let direction = c["root"]?["style"]?["flexDirection"]?.stringValue ?? "row"
        let axis = direction.hasPrefix("row") ? "row" : "column"
        for key in (features.isEmpty ? ["plain"] : features) {
          byFeature[key, default: Rate()].run += 1
          if passed { byFeature[key, default: Rate()].passed += 1 }
        }
        byAxis[axis, default: Rate()].run += 1
        total.run += 1
        if passed {
          byAxis[axis, default: Rate()].passed += 1
          total.passed += 1
        } else if case .failed(let why) = outcome {
          failures.append("\(c["name"]?.stringValue ?? "?"): \(why)")
        }
      }
    }
    for (feature, rate) in byFeature.sorted(by: { $0.key < $1.key }) { print("[css] feature \(feature): \(rate.text)") }
    for (axis, rate) in byAxis.sorted(by: { $0.key < $1.key }) { print("[css] root axis \(axis): \(rate.text)") }
    for f in failures.prefix(15) { print("[css-fail] \(f)") }
    print("[css] total: \(total.text)")
    #expect(total.run == Self.corpusSize)
    #expect(total.passed >= Self.passThreshold)
  }
}
