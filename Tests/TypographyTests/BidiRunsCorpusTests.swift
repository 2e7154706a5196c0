import Foundation
import Testing

@testable import Typography

/// Random attributed paragraphs with Arabic and Hebrew against headless Chromium (Tests/Fixtures/text/
/// runs-bidi-browser.json, made by `make-runs-corpus.sh 1719 1000 bidi`): the runs corpus's Latin words mixed with
/// Arabic words (joining letters, lam-alef, harakat, Arabic-Indic digits, Arabic punctuation), Hebrew words (some
/// pointed) and numbers, in DejaVu Sans, DejaVu Serif and Inter (Arabic and Hebrew by fallback from the last two),
/// in a left-to-right block. Prints the agreement per font and feature and holds floors on it.
@Suite struct BidiRunsCorpusTests {
  /// The features a run's text shows, as category names.
  static func features(of text: String) -> Set<String> {
    var features: Set<String> = []
    let scalars = text.unicodeScalars
    func has(_ range: ClosedRange<UInt32>) -> Bool { scalars.contains { range.contains($0.value) } }
    if has(0x0620...0x064A) { features.insert("feature: Arabic") }
    if has(0x064B...0x065F) { features.insert("feature: Arabic marks") }
    if has(0x0644...0x0644) && (has(0x0622...0x0623) || has(0x0625...0x0625) || has(0x0627...0x0627)) {
      features.insert("feature: lam and alef")
    }
    if has(0x0660...0x0669) { features.insert("feature: Arabic-Indic digits") }
    if has(0x05D0...0x05EA) { features.insert("feature: Hebrew") }
    if has(0x05B0...0x05C7) { features.insert("feature: Hebrew points") }
    let latin = scalars.contains { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    if latin && (has(0x0590...0x05FF) || has(0x0600...0x06FF)) { features.insert("feature: mixed direction") }
    return features
  }

  @Test func corpusAgreement() throws {
    let data = try Data(contentsOf: Support.fixtures.appendingPathComponent("runs-bidi-browser.json"))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let cases = try #require(root["paragraphs"] as? [[String: Any]])
    #expect(cases.count >= 1000)
    let registry = FontFallbackTests.registry
    var tallies: [String: RunsCorpusTests.Tally] = [:]
    var mismatches: [String] = []
    for c in cases {
      let width = try #require(c["width"] as? Double)
      let wrap = try #require(c["wrap"] as? String)
      let expectedLines = try #require(c["lines"] as? Int)
      let lineWidths = try #require(c["lineWidths"] as? [Double])
      let height = try #require(c["height"] as? Double)
      var runs: [TextRun] = []
      var categories: Set<String> = ["all", "wrap: \(wrap)"]
      var paragraphText = ""
      for run in try #require(c["runs"] as? [[String: Any]]) {
        let family = try #require(run["family"] as? String)
        let weight = try #require(run["weight"] as? Int)
        let italic = try #require(run["italic"] as? Bool)
        let font = try registry.font(family: family, weight: weight, italic: italic)
        #expect(font.family == family, "the corpus needs \(family) installed")
        let kern = run["kern"] as? Double ?? 0
        let offset = run["offset"] as? Double ?? 0
        let text = try #require(run["text"] as? String)
        paragraphText += text
        runs.append(
          TextRun(
            text: text, font: font, size: try #require(run["size"] as? Double), letterSpacing: kern,
            baselineOffset: offset, fallback: registry.fallback(weight: weight, italic: italic)))
        categories.insert("font: \(family)")
        if kern != 0 { categories.insert("letter spacing") }
        if offset != 0 { categories.insert("baseline offset") }
      }
      categories.formUnion(Self.features(of: paragraphText))
      let layout = TextLayout(
        runs: runs, options: TextOptions(wrap: RunsCorpusTests.wrap(wrap)), width: .atMost(width))
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
      for category in categories {
        tallies[category, default: .init()].paragraphs += 1
        if countEqual { tallies[category, default: .init()].equalLineCounts += 1 }
        if heightClose { tallies[category, default: .init()].closeHeights += 1 }
        if widthsClose { tallies[category, default: .init()].closeWidths += 1 }
      }
    }
    for (category, tally) in tallies.sorted(by: { $0.key < $1.key }) {
      print("bidi runs corpus, \(category): \(tally.summary)")
    }
    for mismatch in mismatches.prefix(30) { print("bidi runs corpus disagreement: \(mismatch)") }
    // Reached when this corpus was made (seed 1719, 1,000 paragraphs, Chromium 156): line counts 994/1000
    // (99.4%), heights within 1 pt 992/1000 (99.2%), every width within 0.5 pt 882/1000 (88.2%); without letter
    // spacing 556/578 (96.2%). What is left: which characters next to Arabic text Chromium gives no letter
    // spacing (it leaves Arabic letters unspaced, as here, but also some spaces, brackets and digits of the
    // Arabic script run), and a few 1/64 pt roundings of runs shaped apart.
    let all = try #require(tallies["all"])
    #expect(all.equalLineCounts * 1000 >= all.paragraphs * 990)
    #expect(all.closeHeights * 1000 >= all.paragraphs * 990)
    #expect(all.closeWidths * 1000 >= all.paragraphs * 880)
  }
}
