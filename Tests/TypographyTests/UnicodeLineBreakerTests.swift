import Testing

@testable import Typography

/// Line break opportunities (UAX #14) with the CSS tailorings: the cases issue 17 names (CJK, punctuation, URLs,
/// non-breaking spaces, soft hyphens, emoji and clusters kept whole, `break-all`, `anywhere`).
@Suite struct UnicodeLineBreakerTests {
  /// The opportunity at every offset `0...n` of `text`.
  func opportunities(_ text: String, _ options: LineBreakOptions = LineBreakOptions()) -> [LineBreakOpportunity] {
    UnicodeLineBreaker.opportunities(in: text.unicodeScalars, options: options)
  }

  /// The offsets strictly inside `text` (not 0, not the end) where a line may break.
  func breaks(_ text: String, _ options: LineBreakOptions = LineBreakOptions()) -> [Int] {
    let all = opportunities(text, options)
    return (1..<max(all.count - 1, 1)).filter { all[$0].isBreak }
  }

  @Test func emptyAndSingle() {
    #expect(opportunities("") == [.never])
    #expect(opportunities("a") == [.never, .mandatory])
    #expect(opportunities("ab") == [.never, .emergency, .mandatory])
  }

  @Test func spacesHyphensAndDashes() {
    #expect(breaks("hello world") == [6])
    #expect(breaks("a  b") == [3])  // after the last space (LB7, LB18)
    #expect(breaks("well-known") == [5])
    #expect(breaks("a\u{2014}b") == [1, 2])  // em dash: B2
    #expect(breaks("a\u{200B}b") == [2])  // zero width space
    #expect(breaks("a (b) c") == [2, 6])  // not after "(", not before ")"
    #expect(breaks("wait... what?! ok") == [8, 15])
  }

  @Test func hardBreaks() {
    #expect(opportunities("a\nb") == [.never, .emergency, .mandatory, .mandatory])
    #expect(opportunities("a\r\nb") == [.never, .emergency, .never, .mandatory, .mandatory])
    #expect(opportunities("a\u{2028}b")[2] == .mandatory)
    #expect(opportunities("a\u{85}b")[2] == .mandatory)
  }

  @Test func nonBreakingSpacesAndJoiners() {
    #expect(breaks("a\u{00A0}b") == [])
    #expect(breaks("100\u{00A0}km") == [])
    #expect(breaks("a\u{2060}b") == [])  // word joiner
    #expect(breaks("a \u{00A0}b") == [2])  // a space before a no-break space still breaks (LB12a)
  }

  @Test func softHyphenIsHyphenated() {
    let all = opportunities("hy\u{00AD}phen")
    #expect(all[3] == .hyphenated)
    #expect(breaks("hy\u{00AD}phen") == [3])
    #expect(all[2] == .emergency)  // no break before the soft hyphen (LB21)
  }

  @Test func cjkAndPunctuation() {
    #expect(breaks("日本語です") == [1, 2, 3, 4])
    #expect(breaks("日本。日本") == [1, 3, 4])  // not before "。" (CL)
    #expect(breaks("「日本」です") == [2, 4, 5])  // not after "「", not before "」"
    #expect(breaks("한국어 텍스트") == [1, 2, 4, 5, 6])  // between Hangul syllables (CSS keep-all would not)
    #expect(breaks("あっ") == [1])  // CSS line-break: normal: small kana may start a line
    #expect(breaks("あっ", .unicodeDefault) == [])  // UAX #14 (and CSS strict): CJ is a nonstarter
  }

  @Test func urlsAndNumbers() {
    // After "//", after "com/" and after "?", as UAX #14 gives (SY and EX allow a break after, IS does not).
    #expect(breaks("https://example.com/a?b=c") == [8, 20, 22])
    #expect(breaks("$(12.50)%") == [])  // LB25 keeps prefix, number and postfix together
    #expect(breaks("1,000,000") == [])
    #expect(breaks("12:30") == [])
  }

  @Test func clustersAreNeverSplit() {
    #expect(breaks("👨\u{200D}👩\u{200D}👧x", LineBreakOptions(mode: .anywhere)) == [5])
    #expect(breaks("👍🏽") == [])
    #expect(breaks("👍🏽", LineBreakOptions(mode: .anywhere)) == [])
    #expect(breaks("🇫🇷🇩🇪") == [2])
    #expect(opportunities("🇫🇷🇩🇪")[1] == .never)
    #expect(breaks("e\u{0301}e\u{0301}", LineBreakOptions(mode: .anywhere)) == [2])
    // UAX #14 breaks between a space and a combining mark on it (LB10); CSS keeps the cluster whole.
    #expect(breaks("a \u{0301}b", .unicodeDefault) == [2])
    #expect(breaks("a \u{0301}b") == [])
    #expect(opportunities("a \u{0301}b")[2] == .never)
  }

  @Test func complexContextScripts() {
    #expect(breaks("ก\u{0E31}") == [])  // Thai mark (SA, Mn) is CM
    #expect(breaks("กข คง") == [3])  // no dictionary: Thai breaks at spaces only
  }

  @Test func breakAll() {
    let options = LineBreakOptions(mode: .breakAll)
    #expect(breaks("hello world", options) == [1, 2, 3, 4, 6, 7, 8, 9, 10])
    #expect(breaks("a,b", options) == [2])  // still not before the comma
    #expect(breaks("ab12", options) == [1, 2, 3])
    #expect(breaks("e\u{0301}e", options) == [2])
  }

  @Test func anywhere() {
    let options = LineBreakOptions(mode: .anywhere)
    #expect(breaks("a,b", options) == [1, 2])
    #expect(breaks("a\u{00A0}b", options) == [1, 2])
    let all = opportunities("a\nb", options)
    #expect(all == [.never, .allowed, .mandatory, .mandatory])
    #expect(opportunities("hy\u{00AD}phen", options)[3] == .hyphenated)
  }

  @Test func emergencyPositionsAreClusterBoundaries() {
    let all = opportunities("ab e\u{0301}f")
    #expect(all == [.never, .emergency, .emergency, .allowed, .never, .emergency, .mandatory])
  }
}
