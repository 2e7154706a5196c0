import Foundation
import Testing

@testable import Typography

/// The UCD's BidiCharacterTest.txt (Unicode 15.0.0, Tests/Fixtures/unicode): for each line, the paragraph level,
/// every character's resolved level (x for those X9 removes) and the visual order of the line (removed characters
/// left out), with `BidiParagraph`. Prints run/passed/failed.
///
/// Environment: `LAYOUTD_BIDI_TEST_STRIDE` (default 8: every 8th line, about a second in a debug build; 1 runs all
/// 91,707 lines, about 6 s) runs every n-th line only.
@Suite struct BidiConformanceTests {
  /// One test line.
  struct Case {
    /// Line number (1-based).
    var line: Int
    /// The code points.
    var scalars: [UInt32]
    /// 0 left-to-right, 1 right-to-left, nil auto (P2–P3).
    var direction: UInt8?
    /// The resolved paragraph level.
    var paragraphLevel: UInt8
    /// The resolved levels, nil for removed characters.
    var levels: [UInt8?]
    /// The visual order (indices), removed characters left out.
    var order: [Int]
  }

  /// Parses BidiCharacterTest.txt: `code points; direction; paragraph level; levels; order` per line.
  static func cases() throws -> [Case] {
    let url = UnicodeConformanceTests.fixtures.appendingPathComponent("BidiCharacterTest.txt")
    let text = try String(contentsOf: url, encoding: .utf8)
    var cases: [Case] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count == 5 else { continue }
      let words = fields.map { $0.split(separator: " ") }
      let scalars = words[0].compactMap { UInt32($0, radix: 16) }
      let direction = UInt8(words[1].first ?? "2") ?? 2
      cases.append(
        Case(
          line: index + 1, scalars: scalars, direction: direction == 2 ? nil : direction,
          paragraphLevel: UInt8(words[2].first ?? "0") ?? 0, levels: words[3].map { UInt8($0) },
          order: words[4].compactMap { Int($0) }))
    }
    return cases
  }

  @Test func bidiCharacterTest() throws {
    let stride = max(Int(ProcessInfo.processInfo.environment["LAYOUTD_BIDI_TEST_STRIDE"] ?? "") ?? 8, 1)
    let cases = try Self.cases()
    #expect(cases.count > 90_000)
    var run = 0
    var failed: [String] = []
    for (k, testCase) in cases.enumerated() where k % stride == 0 {
      run += 1
      let paragraph = BidiParagraph(testCase.scalars, level: testCase.direction)
      let levels = paragraph.levels.indices.map { paragraph.removed[$0] ? nil : paragraph.levels[$0] }
      let lineLevels = paragraph.lineLevels(0..<testCase.scalars.count)
      let resolved = levels.indices.map { levels[$0] == nil ? nil : lineLevels[$0] }
      let order = paragraph.visualOrder(0..<testCase.scalars.count, droppingRemoved: true)
      if paragraph.level != testCase.paragraphLevel || resolved != testCase.levels || order != testCase.order {
        failed.append(
          "line \(testCase.line): level \(paragraph.level), levels \(resolved.map { $0.map(String.init) ?? "x" }), "
            + "order \(order)")
      }
    }
    print("BidiCharacterTest.txt (15.0.0): run \(run), passed \(run - failed.count), failed \(failed.count)")
    #expect(failed.isEmpty, "first failures: \(failed.prefix(5))")
  }
}
