import Foundation
import Testing

@testable import Typography

/// The UCD's own conformance tests (Tests/Fixtures/unicode: GraphemeBreakTest.txt and LineBreakTest.txt of
/// Unicode 15.0.0), every line of each, with run/passed/failed/skipped counts printed per file.
@Suite struct UnicodeConformanceTests {
  /// One line of a UCD break test: the scalars and, at each offset `0...n`, whether the file marks a break (÷).
  struct Case {
    /// Line number in the file (1-based).
    var line: Int
    /// The scalars.
    var scalars: [Unicode.Scalar]
    /// Whether a break is expected at each offset `0...scalars.count`.
    var breaks: [Bool]
    /// The file's comment (rules and character names), for failure messages.
    var comment: String
  }

  /// A malformed test line.
  struct MalformedLine: Error, CustomStringConvertible {
    /// File and line.
    var location: String
    /// What is wrong.
    var description: String
  }

  /// Lines that fail on purpose, by line number, with the reason: UAX #14 tailorings that the tests do not expect.
  /// None today: every line of LineBreakTest.txt 15.0.0 passes with `LineBreakOptions.unicodeDefault`.
  static let lineBreakExceptions: [Int: String] = [:]

  /// Tests/Fixtures/unicode, located from this file.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/unicode")

  /// Parses a UCD break test file: `÷ 0020 × 0308 ÷ # comment` per line.
  static func cases(_ file: String) throws -> [Case] {
    let text = try String(contentsOf: fixtures.appendingPathComponent(file), encoding: .utf8)
    var cases: [Case] = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let parts = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let tokens = (parts.first ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard !tokens.isEmpty else { continue }
      var scalars: [Unicode.Scalar] = []
      var breaks: [Bool] = []
      for token in tokens {
        switch token {
        case "÷": breaks.append(true)
        case "×": breaks.append(false)
        default:
          guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw MalformedLine(location: "\(file):\(index + 1)", description: "bad code point \(token)")
          }
          scalars.append(scalar)
        }
      }
      guard breaks.count == scalars.count + 1 else {
        throw MalformedLine(location: "\(file):\(index + 1)", description: "markers do not alternate")
      }
      let comment = parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : ""
      cases.append(Case(line: index + 1, scalars: scalars, breaks: breaks, comment: comment))
    }
    return cases
  }

  /// Hex code points and the breaks at each offset, in the file's own notation.
  static func notation(_ scalars: [Unicode.Scalar], _ breaks: [Bool]) -> String {
    var text = breaks[0] ? "÷" : "×"
    for (index, scalar) in scalars.enumerated() {
      text += " " + String(scalar.value, radix: 16, uppercase: true) + " " + (breaks[index + 1] ? "÷" : "×")
    }
    return text
  }

  @Test func graphemeBreakTest() throws {
    let cases = try Self.cases("GraphemeBreakTest.txt")
    var passed = 0
    for testCase in cases {
      let boundaries = Set(GraphemeBreaker.clusterBoundaries(in: testCase.scalars))
      let actual = (0...testCase.scalars.count).map { boundaries.contains($0) }
      if actual == testCase.breaks {
        passed += 1
      } else {
        Issue.record(
          """
          GraphemeBreakTest.txt:\(testCase.line): got \(Self.notation(testCase.scalars, actual)); \
          expected \(testCase.comment)
          """)
      }
    }
    print("GraphemeBreakTest.txt (15.0.0): run \(cases.count), passed \(passed), failed \(cases.count - passed)")
    #expect(cases.count == 602)
    #expect(passed == cases.count)
  }

  @Test func lineBreakTest() throws {
    let cases = try Self.cases("LineBreakTest.txt")
    var passed = 0
    var skipped = 0
    for testCase in cases {
      let actual = UnicodeLineBreaker.opportunities(in: testCase.scalars, options: .unicodeDefault).map(\.isBreak)
      if let reason = Self.lineBreakExceptions[testCase.line] {
        skipped += 1
        print("LineBreakTest.txt:\(testCase.line) skipped: \(reason)")
        continue
      }
      if actual == testCase.breaks {
        passed += 1
      } else {
        Issue.record(
          """
          LineBreakTest.txt:\(testCase.line): got \(Self.notation(testCase.scalars, actual)); \
          expected \(testCase.comment)
          """)
      }
    }
    let failed = cases.count - passed - skipped
    print(
      "LineBreakTest.txt (15.0.0): run \(cases.count), passed \(passed), failed \(failed), skipped \(skipped)"
        + " (known exceptions)")
    #expect(cases.count == 7654)
    #expect(passed + skipped == cases.count)
  }
}
