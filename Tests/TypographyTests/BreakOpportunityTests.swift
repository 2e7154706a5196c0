import Testing

@testable import Typography

/// Where lines may break, as Chromium breaks them (`BreakOpportunities`): Blink's rules between two ASCII
/// characters, UAX #14 wherever a character is not ASCII, soft hyphens, and never inside a grapheme cluster. At a
/// width of 1 pt every opportunity is taken, so the lines list them. Expected lines are read off the rules (cited
/// per case), not off layoutd.
@Suite struct BreakOpportunityTests {
  /// The scalars of each line of `text` laid out in ahem at 10 pt, `width` wide.
  func lines(_ text: String, width: Double = 1) -> [String] {
    let layout = Support.ahem(text, width: .atMost(width))
    let scalars = Array(text.unicodeScalars)
    return layout.lines.map { String(String.UnicodeScalarView(scalars[$0.range])) }
  }

  /// Blink's ASCII table: after `?` a break before letters and digits (so a URL's query breaks), not before
  /// closing punctuation.
  @Test func afterAQuestionMark() {
    #expect(lines("page?id=1") == ["page?", "id=1"])
    #expect(lines("why?)") == ["why?)"])
  }

  /// After `-`, before a digit only when a letter or digit precedes the `-` (`ABCD-1234`, `10-20`), so a minus
  /// sign stays with its number (`x -5`, `(-5`); before letters always, before `)` never.
  @Test func hyphenMinusAndDigits() {
    #expect(lines("ABCD-1234") == ["ABCD-", "1234"])
    #expect(lines("x -5") == ["x ", "-5"])
    #expect(lines("(-5)") == ["(-5)"])
    #expect(lines("a-b") == ["a-", "b"])
    #expect(lines("a-)") == ["a-)"])
  }

  /// After closing punctuation and most symbols, a break before an opening bracket: `f(x)(y)` breaks between the
  /// groups, `f(x)` itself does not (a letter before `(`).
  @Test func beforeOpeningBrackets() {
    #expect(lines("f(x)(y)") == ["f(x)", "(y)"])
    #expect(lines("a+[b]") == ["a+", "[b]"])
  }

  /// UAX #14 for non-ASCII pairs: U+2026 (class IN) takes no break before it and allows one after (LB22, LB31);
  /// U+00A0 (GL) glues both sides (LB12, LB12a); an ideograph breaks on both sides (LB31), but not before `。`
  /// (CL, LB13).
  @Test func unicodeRulesBeyondASCII() {
    #expect(lines("end\u{2026}next") == ["end\u{2026}", "next"])
    #expect(lines("a\u{A0}b c") == ["a\u{A0}b ", "c"])
    #expect(lines("中文。字") == ["中", "文。", "字"])
  }

  /// A combining mark and an emoji ZWJ sequence are one grapheme cluster each (UAX #29 GB9, GB11): no line breaks
  /// inside them, even after a space, which otherwise always allows a break.
  @Test func clustersStayWhole() {
    #expect(lines("a \u{301}b") == ["a \u{301}b"])
    #expect(lines("\u{1F469}\u{200D}\u{1F4BB}\u{1F469}") == ["\u{1F469}\u{200D}\u{1F4BB}", "\u{1F469}"])
  }

  /// A soft hyphen (U+00AD, class BA) allows a break after it; a line ending there shows a hyphen that counts
  /// toward its width. Ahem at 10 pt: "hy" + hyphen = 30 pt fits 35 pt, "phen" is 40 pt on its own line; an
  /// unbroken soft hyphen shows nothing and takes no width (70 pt on one line at 100 pt).
  @Test func softHyphens() {
    let layout = Support.ahem("hy\u{AD}phen", width: .atMost(35))
    #expect(layout.lines.count == 2)
    #expect(layout.lines.first?.width == 30)
    #expect(layout.lines.first?.text.unicodeScalars.last.map { $0 == "\u{2010}" || $0 == "-" } == true)
    #expect(layout.lines.last?.text == "phen" && layout.lines.last?.width == 40)
    let unbroken = Support.ahem("hy\u{AD}phen", width: .atMost(100))
    #expect(unbroken.lines.count == 1 && unbroken.lines[0].width == 60)
  }

  /// A soft hyphen's break is a candidate only when the hyphen fits too: at 25 pt, "hy" fits but "hy‐" (30) does
  /// not; with no other opportunity before the overflow, the line still breaks at its first one, the soft hyphen
  /// ("hy‐" overflows by 5 pt rather than "hyphen" by 35), as Chromium does.
  @Test func aSoftHyphenThatDoesNotFitIsNotTaken() {
    let layout = Support.ahem("hy\u{AD}phen", width: .atMost(25))
    #expect(layout.lines.count == 2)
    #expect(layout.lines[0].width == 30)
  }
}
