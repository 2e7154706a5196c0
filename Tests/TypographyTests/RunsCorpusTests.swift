import Foundation
import Testing

@testable import Typography

/// Random attributed paragraphs against headless Chromium (Tests/Fixtures/text/runs-browser.json, made by
/// make-runs-corpus.sh): runs in DejaVu Sans, DejaVu Serif and Inter with their own sizes, weights, italics, letter
/// spacing and baseline offsets, in word, break-all and overflow-wrap: anywhere wrapping. Compares line counts,
/// every line's width (within 0.5 pt) and the block height (within 1 pt), and prints the agreement per font and
/// feature.
@Suite struct RunsCorpusTests {
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

  /// The wrap mode of a corpus paragraph.
  static func wrap(_ name: String) -> LineWrap {
    switch name {
    case "breakAll": return .breakAll
    case "anywhere": return .anywhere
    default: return .word
    }
  }

  @Test func corpusAgreement() throws {
    let data = try Data(contentsOf: Support.fixtures.appendingPathComponent("runs-browser.json"))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let cases = try #require(root["paragraphs"] as? [[String: Any]])
    #expect(cases.count >= 3000)
    let registry = FontRegistry(directories: ShapingCorpusTests.directories)
    var tallies: [String: Tally] = [:]
    var mismatches: [String] = []
    for c in cases {
      let width = try #require(c["width"] as? Double)
      let wrap = try #require(c["wrap"] as? String)
      let expectedLines = try #require(c["lines"] as? Int)
      let lineWidths = try #require(c["lineWidths"] as? [Double])
      let height = try #require(c["height"] as? Double)
      var runs: [TextRun] = []
      var categories: Set<String> = ["all", "wrap: \(wrap)"]
      for run in try #require(c["runs"] as? [[String: Any]]) {
        let family = try #require(run["family"] as? String)
        let weight = try #require(run["weight"] as? Int)
        let italic = try #require(run["italic"] as? Bool)
        let font = try registry.font(family: family, weight: weight, italic: italic)
        #expect(font.family == family, "the corpus needs \(family) installed")
        #expect(font.isItalic == italic, "the corpus needs \(family)'s italic faces (fonts-dejavu-extra, fonts-inter)")
        let kern = run["kern"] as? Double ?? 0
        let offset = run["offset"] as? Double ?? 0
        runs.append(
          TextRun(
            text: try #require(run["text"] as? String), font: font, size: try #require(run["size"] as? Double),
            letterSpacing: kern, baselineOffset: offset))
        categories.insert("font: \(family)")
        if weight != 400 { categories.insert("weight \(weight)") }
        if italic { categories.insert("italic") }
        if kern != 0 { categories.insert("letter spacing") }
        if offset != 0 { categories.insert("baseline offset") }
      }
      categories.insert(runs.count == 1 ? "one run" : "several runs")
      if Set(runs.map(\.font.family)).count > 1 { categories.insert("mixed families") }
      let layout = TextLayout(runs: runs, options: TextOptions(wrap: Self.wrap(wrap)), width: .atMost(width))
      let countEqual = layout.lines.count == expectedLines
      let heightClose = abs(layout.height - height) <= 1
      let widthsClose =
        countEqual && zip(layout.lines, lineWidths).allSatisfy { abs($0.width - $1) <= 0.5 }
      if !(countEqual && heightClose && widthsClose) {
        mismatches.append(
          "\(wrap) \(width): \(expectedLines) lines \(lineWidths) h \(height) vs \(layout.lines.count) "
            + "\(layout.lines.map(\.width)) h \(layout.height) \(layout.lines.map(\.text)) runs "
            + "\(runs.map { "\($0.font.description) \($0.size) k\($0.letterSpacing) o\($0.baselineOffset) '\($0.text)'" })"
        )
      }
      for category in categories {
        tallies[category, default: Tally()].paragraphs += 1
        if countEqual { tallies[category, default: Tally()].equalLineCounts += 1 }
        if heightClose { tallies[category, default: Tally()].closeHeights += 1 }
        if widthsClose { tallies[category, default: Tally()].closeWidths += 1 }
      }
    }
    for (category, tally) in tallies.sorted(by: { $0.key < $1.key }) {
      print("runs corpus, \(category): \(tally.summary)")
    }
    for mismatch in mismatches.prefix(30) { print("runs corpus disagreement: \(mismatch)") }
    // The floors reached when this corpus was made (seed 1717, 3,000 paragraphs, Chromium 156): line counts
    // 2989/3000 (99.6%), heights within 1 pt 2986/3000 (99.5%), every width of a paragraph within 0.5 pt 2949/3000
    // (98.3%); issue 17 asks for 99%, 98% and 98%. Most of what is left: break-all and overflow-wrap: anywhere next
    // to combining marks and inside ligatures, and Inter Semi Bold widths 0.6-0.8 pt apart.
    let all = try #require(tallies["all"])
    #expect(all.equalLineCounts * 1000 >= all.paragraphs * 995)
    #expect(all.closeHeights * 1000 >= all.paragraphs * 995)
    #expect(all.closeWidths * 1000 >= all.paragraphs * 982)
  }
}
