import Foundation
import Testing

@testable import Typography

/// Random attributed paragraphs against headless Chromium (Tests/Fixtures/text/runs-browser.json, made by
/// make-runs-corpus.sh): runs in DejaVu Sans, DejaVu Serif and Inter with their own sizes, weights, italics, letter
/// spacing and baseline offsets, in word, break-all and overflow-wrap: anywhere wrapping. Compares line counts,
/// every line's width (within 0.5 pt) and the block height (within 1 pt), and prints the agreement per font and
/// feature.
@Suite struct RunsCorpusTests {
  @Test func corpusAgreement() throws {
    let tallies = try RunsCorpus.tallies(
      file: "runs-browser.json", minimumCount: 3000, label: "runs corpus",
      registry: FontRegistry(directories: ShapingCorpusTests.directories), fallback: false, requiresItalics: true
    ) { runs in
      var categories: Set<String> = [runs.count == 1 ? "one run" : "several runs"]
      for run in runs {
        if run.weight != 400 { categories.insert("weight \(run.weight)") }
        if run.italic { categories.insert("italic") }
      }
      if Set(runs.map(\.family)).count > 1 { categories.insert("mixed families") }
      return categories
    }
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
