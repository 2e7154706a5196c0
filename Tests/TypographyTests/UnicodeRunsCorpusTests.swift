import Foundation
import Testing

@testable import Typography

/// Random attributed paragraphs with CJK and emoji against headless Chromium (Tests/Fixtures/text/
/// runs-unicode-browser.json, made by `make-runs-corpus.sh 1718 2000 unicode`): the runs corpus's Latin words mixed
/// with runs of Han, kana and Hangul without spaces, CJK punctuation, Latin–CJK words and emoji (Emoji_Presentation
/// characters, U+FE0F sequences, ZWJ sequences, keycaps, flags, skin tones), measured with the registry's font
/// fallback. Prints the agreement per font and feature and holds floors on it.
@Suite struct UnicodeRunsCorpusTests {
  /// The features a run's text shows, as category names.
  static func features(of text: String) -> Set<String> {
    var features: Set<String> = []
    let scalars = text.unicodeScalars
    func has(_ range: ClosedRange<UInt32>) -> Bool { scalars.contains { range.contains($0.value) } }
    if has(0x4E00...0x9FFF) { features.insert("feature: Han") }
    if has(0x3040...0x30FF) { features.insert("feature: kana") }
    if has(0xAC00...0xD7AF) { features.insert("feature: Hangul") }
    if has(0x3000...0x303F) || has(0xFF00...0xFF1F) { features.insert("feature: CJK punctuation") }
    if has(0x1F1E6...0x1F1FF) { features.insert("feature: emoji flag") }
    if has(0x20E3...0x20E3) { features.insert("feature: emoji keycap") }
    if has(0x1F3FB...0x1F3FF) { features.insert("feature: emoji skin tone") }
    if has(0x200D...0x200D) { features.insert("feature: emoji ZWJ sequence") }
    if has(0xFE0F...0xFE0F) { features.insert("feature: U+FE0F") }
    if scalars.contains(where: { $0.properties.isEmojiPresentation }) { features.insert("feature: emoji") }
    for word in text.split(separator: " ") {
      let latin = word.unicodeScalars.contains { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
      let han = word.unicodeScalars.contains { (0x3040...0xD7AF).contains($0.value) }
      if latin && han { features.insert("feature: Latin-CJK word") }
    }
    return features
  }

  @Test func corpusAgreement() throws {
    let data = try Data(contentsOf: Support.fixtures.appendingPathComponent("runs-unicode-browser.json"))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let cases = try #require(root["paragraphs"] as? [[String: Any]])
    #expect(cases.count >= 2000)
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
      for run in try #require(c["runs"] as? [[String: Any]]) {
        let family = try #require(run["family"] as? String)
        let weight = try #require(run["weight"] as? Int)
        let italic = try #require(run["italic"] as? Bool)
        let font = try registry.font(family: family, weight: weight, italic: italic)
        #expect(font.family == family, "the corpus needs \(family) installed")
        let kern = run["kern"] as? Double ?? 0
        let offset = run["offset"] as? Double ?? 0
        let text = try #require(run["text"] as? String)
        runs.append(
          TextRun(
            text: text, font: font, size: try #require(run["size"] as? Double), letterSpacing: kern,
            baselineOffset: offset, fallback: registry.fallback(weight: weight, italic: italic)))
        categories.insert("font: \(family)")
        categories.formUnion(Self.features(of: text))
        if kern != 0 { categories.insert("letter spacing") }
        if offset != 0 { categories.insert("baseline offset") }
      }
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
      print("unicode runs corpus, \(category): \(tally.summary)")
    }
    for mismatch in mismatches.prefix(30) { print("unicode runs corpus disagreement: \(mismatch)") }
    // Reached when this corpus was made (seed 1718, 2,000 paragraphs, Chromium 156): line counts 1997/2000 (99.8%),
    // heights within 1 pt 1996/2000 (99.8%), every width of a paragraph within 0.5 pt 1986/2000 (99.3%); each
    // feature ≥ 99.1% (widths), except under word-break: break-all (97.1%). What is left: break-all next to
    // CJK and emoji clusters, 1/64 pt that Chromium adds after some CJK punctuation, Inter Semi Bold widths.
    let all = try #require(tallies["all"])
    #expect(all.equalLineCounts * 1000 >= all.paragraphs * 995)
    #expect(all.closeHeights * 1000 >= all.paragraphs * 995)
    #expect(all.closeWidths * 1000 >= all.paragraphs * 990)
    for feature in [
      "Han", "kana", "Hangul", "Latin-CJK word", "emoji", "U+FE0F", "emoji ZWJ sequence", "emoji flag",
      "emoji keycap", "emoji skin tone",
    ] {
      let tally = try #require(tallies["feature: \(feature)"], "the corpus has no \(feature)")
      #expect(tally.paragraphs >= 100, "\(feature)")
      #expect(tally.equalLineCounts * 1000 >= tally.paragraphs * 990, "\(feature): \(tally.summary)")
      #expect(tally.closeHeights * 1000 >= tally.paragraphs * 990, "\(feature): \(tally.summary)")
      #expect(tally.closeWidths * 1000 >= tally.paragraphs * 985, "\(feature): \(tally.summary)")
    }
  }
}
