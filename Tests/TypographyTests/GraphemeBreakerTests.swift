import TestSupport
import Testing

@testable import Typography

/// Grapheme clusters (UAX #29): the cases the issue names, and a seeded comparison with the standard library's
/// `Character` segmentation over characters whose properties are the same in every recent Unicode version.
@Suite struct GraphemeBreakerTests {
  /// Cluster boundaries of `text`, in scalars.
  func boundaries(_ text: String) -> [Int] { GraphemeBreaker.clusterBoundaries(in: text.unicodeScalars) }

  @Test func emptyAndSingle() {
    #expect(boundaries("") == [0])
    #expect(boundaries("a") == [0, 1])
    #expect(boundaries("ab") == [0, 1, 2])
  }

  @Test func combiningMarksStayWithTheirBase() {
    #expect(boundaries("e\u{0301}") == [0, 2])
    #expect(boundaries("e\u{0301}\u{0323}x") == [0, 3, 4])
    #expect(boundaries(" \u{0301}") == [0, 2])  // a mark on a space is one cluster too (GB9)
    #expect(boundaries("\u{0301}a") == [0, 1, 2])  // a mark at the start is a cluster of its own
  }

  @Test func emojiSequences() {
    #expect(boundaries("👨\u{200D}👩\u{200D}👧x") == [0, 5, 6])  // ZWJ sequence (GB11)
    #expect(boundaries("👍🏽") == [0, 2])  // skin tone (Extend)
    #expect(boundaries("❤\u{FE0F}") == [0, 2])  // variation selector
    #expect(boundaries("🏳\u{FE0F}\u{200D}🌈") == [0, 4])  // ExtPict Extend ZWJ ExtPict
    #expect(boundaries("a\u{200D}👩") == [0, 2, 3])  // ZWJ after a letter does not join (GB11 needs ExtPict)
    let tagFlag = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"  // Scotland: tag sequence
    #expect(boundaries(tagFlag) == [0, 7])
  }

  @Test func flagsPairRegionalIndicators() {
    #expect(boundaries("🇫🇷") == [0, 2])
    #expect(boundaries("🇫🇷🇩🇪") == [0, 2, 4])
    #expect(boundaries("🇫🇷🇩") == [0, 2, 3])
    #expect(boundaries("a🇫🇷🇩🇪") == [0, 1, 3, 5])
  }

  @Test func hangulControlsAndPrepend() {
    #expect(boundaries("\u{1100}\u{1161}\u{11A8}") == [0, 3])  // L V T
    #expect(boundaries("\u{AC00}\u{11A8}\u{1100}") == [0, 2, 3])  // LV T | L
    #expect(boundaries("\r\n") == [0, 2])
    #expect(boundaries("\n\r") == [0, 1, 2])
    #expect(boundaries("a\u{0301}\r\n\u{0301}") == [0, 2, 4, 5])  // nothing extends a control (GB4)
    #expect(boundaries("\u{0600}1") == [0, 2])  // Arabic number sign prepends
  }

  @Test func incrementalMatchesBatch() {
    let text = "e\u{0301}👨\u{200D}👩 🇫🇷\r\n"
    var breaker = GraphemeBreaker()
    var offsets: [Int] = []
    for (offset, scalar) in text.unicodeScalars.enumerated() where breaker.isBoundary(before: scalar) {
      offsets.append(offset)
    }
    #expect(offsets + [text.unicodeScalars.count] == boundaries(text))
  }

  /// Characters whose Grapheme_Cluster_Break, Extended_Pictographic and Indic_Conjunct_Break are the same in
  /// Unicode 15.0 and later versions (so the standard library, whatever its Unicode version, must agree).
  static let pool: [Unicode.Scalar] = [
    "a", "Z", "1", " ", ",", "\r", "\n", "\u{01}", "\u{0301}", "\u{0308}", "\u{200D}", "\u{FE0F}", "\u{1F1E6}",
    "\u{1F1E8}", "\u{1F44D}", "\u{1F3FD}", "\u{2764}", "\u{1F469}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}",
    "\u{AC01}", "\u{0600}", "\u{0E33}", "\u{0903}", "\u{05D0}", "\u{4E00}", "\u{00AD}",
  ]

  @Test func agreesWithTheStandardLibrary() {
    let seed: UInt64 = 0x5EED_0029
    var generator = SeededGenerator(state: seed)
    var disagreements: [String] = []
    for _ in 0..<3_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<(1 + generator.below(8)) { scalars.append(Self.pool[generator.below(Self.pool.count)]) }
      let text = String(scalars)
      var expected = [0]
      var offset = 0
      for character in text {
        offset += character.unicodeScalars.count
        expected.append(offset)
      }
      let actual = boundaries(text)
      if actual != expected && disagreements.count < 5 {
        disagreements.append("\(text.unicodeScalars.map { String($0.value, radix: 16) }): \(actual) vs \(expected)")
      }
    }
    #expect(disagreements.isEmpty, "seed \(seed): \(disagreements)")
  }
}
