import Foundation
import Testing

@testable import Typography

/// The reader and tally shared by the Chromium runs corpora (Tests/Fixtures/text/runs*-browser.json, made by
/// make-runs-corpus.sh): each paragraph's runs laid out as `TextLayout(runs:)` and compared with the browser's line
/// count, every line's width (within 0.5 pt) and the block height (within 1 pt), tallied per category and printed.
enum RunsCorpus {
  /// Agreement counts of one category of paragraphs.
  struct Tally {
    /// Paragraphs.
    var paragraphs = 0
    /// Paragraphs whose line count equals the browser's.
    var equalLineCounts = 0
    /// Paragraphs whose block height is within 1 pt of the browser's.
    var closeHeights = 0
    /// Paragraphs whose line count is equal and every line's width within 0.5 pt of the browser's.
    var closeWidths = 0

    /// "lines a/n (p%), heights b/n (q%), widths c/n (r%)".
    var summary: String {
      func percent(_ a: Int) -> String {
        String(format: "%d/%d (%.1f%%)", a, paragraphs, 100 * Double(a) / Double(max(paragraphs, 1)))
      }
      return "line counts \(percent(equalLineCounts)), heights within 1 pt \(percent(closeHeights)), "
        + "all widths within 0.5 pt \(percent(closeWidths))"
    }
  }

  /// One run of a corpus paragraph as the corpus states it.
  struct Run {
    /// The CSS font family.
    var family: String
    /// The CSS weight.
    var weight: Int
    /// Whether the run is italic.
    var italic: Bool
    /// Letter spacing, points.
    var kern: Double
    /// Baseline offset, points.
    var offset: Double
    /// The run's text.
    var text: String
  }

  /// The wrap mode of a corpus paragraph.
  static func wrap(_ name: String) -> LineWrap {
    switch name {
    case "breakAll": return .breakAll
    case "anywhere": return .anywhere
    default: return .word
    }
  }

  /// Reads corpus `file` (at least `minimumCount` paragraphs), lays out every paragraph with fonts from `registry`
  /// (and its fallback when `fallback` is set), and returns the tallies per category: "all", "wrap: …",
  /// "font: …" of each run, "letter spacing" and "baseline offset" when a run has them, and what `categories` adds
  /// for the paragraph's runs. Prints each category's summary and the first 30 disagreements, prefixed by `label`.
  /// With `requiresItalics` a run whose italic face is not installed is a failure (the corpus needs it).
  static func tallies(
    file: String, minimumCount: Int, label: String, registry: FontRegistry, fallback: Bool,
    requiresItalics: Bool = false, categories: ([Run]) -> Set<String>
  ) throws -> [String: Tally] {
    let data = try Data(contentsOf: Support.fixtures.appendingPathComponent(file))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let cases = try #require(root["paragraphs"] as? [[String: Any]])
    #expect(cases.count >= minimumCount)
    var tallies: [String: Tally] = [:]
    var mismatches: [String] = []
    for c in cases {
      let width = try #require(c["width"] as? Double)
      let wrap = try #require(c["wrap"] as? String)
      let expectedLines = try #require(c["lines"] as? Int)
      let lineWidths = try #require(c["lineWidths"] as? [Double])
      let height = try #require(c["height"] as? Double)
      var runs: [TextRun] = []
      var stated: [Run] = []
      var found: Set<String> = ["all", "wrap: \(wrap)"]
      for run in try #require(c["runs"] as? [[String: Any]]) {
        let family = try #require(run["family"] as? String)
        let weight = try #require(run["weight"] as? Int)
        let italic = try #require(run["italic"] as? Bool)
        let font = try registry.font(family: family, weight: weight, italic: italic)
        #expect(font.family == family, "the corpus needs \(family) installed")
        if requiresItalics {
          #expect(
            font.isItalic == italic, "the corpus needs \(family)'s italic faces (fonts-dejavu-extra, fonts-inter)")
        }
        let kern = run["kern"] as? Double ?? 0
        let offset = run["offset"] as? Double ?? 0
        let text = try #require(run["text"] as? String)
        runs.append(
          TextRun(
            text: text, font: font, size: try #require(run["size"] as? Double), letterSpacing: kern,
            baselineOffset: offset, fallback: fallback ? registry.fallback(weight: weight, italic: italic) : nil))
        stated.append(Run(family: family, weight: weight, italic: italic, kern: kern, offset: offset, text: text))
        found.insert("font: \(family)")
        if kern != 0 { found.insert("letter spacing") }
        if offset != 0 { found.insert("baseline offset") }
      }
      found.formUnion(categories(stated))
      let layout = TextLayout(runs: runs, options: TextOptions(wrap: Self.wrap(wrap)), width: .atMost(width))
      let countEqual = layout.lines.count == expectedLines
      let heightClose = abs(layout.height - height) <= 1
      let widthsClose = countEqual && zip(layout.lines, lineWidths).allSatisfy { abs($0.width - $1) <= 0.5 }
      if !(countEqual && heightClose && widthsClose) {
        mismatches.append(
          "\(wrap) \(width): \(expectedLines) lines \(lineWidths) h \(height) vs \(layout.lines.count) "
            + "\(layout.lines.map(\.width)) h \(layout.height) \(layout.lines.map(\.text)) runs "
            + "\(runs.map { "\($0.font.description) \($0.size) k\($0.letterSpacing) o\($0.baselineOffset) '\($0.text)'" })"
        )
      }
      for category in found {
        tallies[category, default: Tally()].paragraphs += 1
        if countEqual { tallies[category, default: Tally()].equalLineCounts += 1 }
        if heightClose { tallies[category, default: Tally()].closeHeights += 1 }
        if widthsClose { tallies[category, default: Tally()].closeWidths += 1 }
      }
    }
    for (category, tally) in tallies.sorted(by: { $0.key < $1.key }) {
      print("\(label), \(category): \(tally.summary)")
    }
    for mismatch in mismatches.prefix(30) { print("\(label) disagreement: \(mismatch)") }
    return tallies
  }
}
