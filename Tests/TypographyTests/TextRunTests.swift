import Testing

@testable import Typography

/// Attributed paragraphs (`TextLayout(runs:)`) in ahem: a glyph is a square of the run's size (advance = size),
/// ascent 0.8 em, descent 0.2 em, `line-height: normal` = the size, so a 10-pt run's box spans 8 pt above the
/// baseline to 2 pt below and a 20-pt run's 16 above to 4 below.
@Suite struct TextRunTests {
  /// A run in ahem.
  static func run(_ text: String, _ size: Double, kern: Double = 0, offset: Double = 0) -> TextRun {
    TextRun(text: text, font: .ahem, size: size, letterSpacing: kern, baselineOffset: offset)
  }

  /// "aa " at 10 pt + "bb" at 20 pt: 3 × 10 + 2 × 20 = 70 pt on one line. The line spans the 20-pt box's top (16
  /// above the baseline) to its bottom (4 below): 20 pt tall, baseline 16, descender 16 − 20 = −4. At 40 pt the
  /// line breaks after the space ("aa" then "bb"): the first line holds only the 10-pt run (10 tall, baseline 8),
  /// the second only the 20-pt one (20 tall, baseline 10 + 16 = 26): 30 pt in all.
  @Test func lineBoxesFollowTheRunsOnEachLine() {
    let one = TextLayout(runs: [Self.run("aa ", 10), Self.run("bb", 20)], width: .unbounded)
    #expect(one.lines.map(\.text) == ["aa bb"] && one.width == 70)
    #expect(one.height == 20 && one.ascender == 16 && one.descender == -4)
    let two = TextLayout(runs: [Self.run("aa ", 10), Self.run("bb", 20)], width: .atMost(40))
    #expect(two.lines.map(\.text) == ["aa", "bb"])
    #expect(two.lines.map(\.range) == [0..<3, 3..<5])
    #expect(two.lines.map(\.baseline) == [8, 26] && two.height == 30 && two.lineHeight == 10)
  }

  /// Letter spacing (`kern`) of 2 pt after each of "abc" (10 pt): 3 × 12 = 36, trailing spacing included as
  /// browsers draw it; then "de" without: + 20 = 56.
  @Test func letterSpacingAfterEachCluster() {
    let spaced = TextLayout(runs: [Self.run("abc", 10, kern: 2), Self.run("de", 10)], width: .unbounded)
    #expect(spaced.width == 56 && spaced.height == 10)
    let alone = TextLayout(runs: [Self.run("abc", 10, kern: 2)], width: .unbounded)
    #expect(alone.width == 36)
  }

  /// No letter spacing inside an Arabic script run but on spaces (Blink's IgnoreLetterSpacingInCursiveScripts): in
  /// "بت 1(c)" (10 pt, kern 2, seven 10-pt squares = 70) ب and ت are Arabic; the space, "1" and "(" have no script
  /// and stay in the Arabic run, "c" starts a Latin run and ")" pairs with "(": only the space and "c" take 2 pt,
  /// 70 + 4 = 74. In "1 ب" the leading "1" and space join the first script run, Arabic: only the space, 30 + 2 = 32.
  /// Script runs cross run boundaries: "ب " (no kern) then "(ab)" (kern 2): "(" follows the Arabic run and ")"
  /// pairs with it, so only "a" and "b" take spacing, 20 + 40 + 4 = 64; "(ab)" alone is Latin throughout,
  /// 40 + 4 × 2 = 48.
  @Test func noLetterSpacingInsideArabicScriptRuns() {
    let mixed = TextLayout(runs: [Self.run("\u{628}\u{62A} 1(c)", 10, kern: 2)], width: .unbounded)
    #expect(mixed.width == 74)
    let leading = TextLayout(runs: [Self.run("1 \u{628}", 10, kern: 2)], width: .unbounded)
    #expect(leading.width == 32)
    let across = TextLayout(runs: [Self.run("\u{628} ", 10), Self.run("(ab)", 10, kern: 2)], width: .unbounded)
    #expect(across.width == 64)
    let alone = TextLayout(runs: [Self.run("(ab)", 10, kern: 2)], width: .unbounded)
    #expect(alone.width == 48)
  }

  /// A run raised 5 pt: its box spans 8 + 5 = 13 above the baseline to 2 − 5 = −3 (above it); the plain run's box
  /// still reaches 2 below: the line is 13 + 2 = 15 tall with its baseline 13 from the top.
  @Test func baselineOffsetRaisesTheBox() {
    let layout = TextLayout(runs: [Self.run("ab", 10), Self.run("c", 10, offset: 5)], width: .unbounded)
    #expect(layout.height == 15 && layout.ascender == 13 && layout.width == 30)
  }

  /// An explicit line height of 30 pt: each run's box is 30 tall around its own glyphs, half-leading exact in ahem
  /// (10-pt run: (30 − 10) / 2 = 10 → top 18 above the baseline, bottom 12 below; 20-pt run: (30 − 20) / 2 = 5 → 21
  /// above, 9 below): the line spans 21 above to 12 below, 33 pt.
  @Test func explicitLineHeightPerRun() {
    let layout = TextLayout(
      runs: [Self.run("a", 10), Self.run("b", 20)], options: TextOptions(lineHeight: .points(30)), width: .unbounded)
    #expect(layout.height == 33 && layout.ascender == 21)
  }

  /// Tail truncation over runs: "a" (10 pt) + "bbbb cc" (20 pt) in 70 pt, one line. "abbbb" is one word (no break
  /// between a and b), 90 pt, so the line overflows and the rest is cut. The ellipsis takes the 20-pt run's size
  /// (the run of the line's last character): "abb" + "…" = 10 + 40 + 20 = 70 fits, "abbb…" = 90 does not.
  @Test func truncationMeasuresTheStringInTheLastRun() {
    let layout = TextLayout(
      runs: [Self.run("a", 10), Self.run("bbbb cc", 20)], options: TextOptions(maxLines: 1), width: .atMost(70))
    #expect(layout.lines.map(\.text) == ["abb\u{2026}"] && layout.lines[0].width == 70 && layout.truncated)
    #expect(layout.height == 20)
  }

  /// The truncation string takes the letter spacing of the run it ends: "a" (10 pt) + "bbbb cc" (20 pt, kern 2) in
  /// 100 pt, one line. "abbbb" = 10 + 4 × 22 = 98 fits, "cc" does not: the line is cut. "…" in the 20-pt run with
  /// its spacing is 20 + 2 = 22: "abbbb…" = 120 does not fit, "abbb…" = 10 + 66 + 22 = 98 does (without the
  /// spacing it would be 96).
  @Test func truncationStringTakesTheRunsLetterSpacing() {
    let layout = TextLayout(
      runs: [Self.run("a", 10), Self.run("bbbb cc", 20, kern: 2)], options: TextOptions(maxLines: 1),
      width: .atMost(100))
    #expect(layout.lines.map(\.text) == ["abbb\u{2026}"] && layout.lines[0].width == 98 && layout.truncated)
  }

  /// A custom truncation string of a run whose characters fell back to another font is in the run's own font when
  /// that font has it, as CoreText draws the token in the run's attributes: nine CJK ideographs in a DejaVu Sans run
  /// (10 pt) are measured in Noto Sans CJK JP, 1 em = 10 pt each; in 50 pt one line holds five. "..." in DejaVu Sans
  /// is three of its periods (hmtx 651/2048 em: 3 × 3.1787… = 9.536… pt): four ideographs + "..." = 49.54 ≤ 50
  /// fit, five do not; the line is 40 + 9.536… rounded up to 1/64 pt = 49.546875. Noto Sans CJK JP's period has
  /// another advance, so measuring the string in the fallback font would give another width.
  @Test func truncationStringOfAFallbackPartIsInTheRunsFont() throws {
    let registry = FontFallbackTests.registry
    let font = try registry.font(family: "DejaVu Sans")
    let cjk = try registry.font(family: "Noto Sans CJK JP")
    let period = Double(font.advance(of: ".")) * 10 / Double(font.unitsPerEm)
    #expect(font.advance(of: ".") == 651 && font.unitsPerEm == 2048)
    #expect(abs(Double(cjk.advance(of: ".")) * 10 / Double(cjk.unitsPerEm) - period) > 0.1)
    let run = TextRun(
      text: String(repeating: "\u{65E5}\u{672C}\u{8A9E}", count: 3), font: font, size: 10,
      fallback: registry.fallback())
    let layout = TextLayout(
      runs: [run], options: TextOptions(maxLines: 1, truncation: .tail("...")), width: .atMost(50))
    #expect(layout.lines.map(\.text) == ["\u{65E5}\u{672C}\u{8A9E}\u{65E5}..."] && layout.truncated)
    #expect(layout.lines.first?.width == ((40 + 3 * period) * 64).rounded(.up) / 64)
    #expect(layout.lines.first?.width == 49.546875)
  }

  /// One plain run lays out exactly as the single-font initializer (the same shaping and line box).
  @Test func oneRunIsPlainText() throws {
    let font = try Support.dejaVuSans.get()
    let text = "The office affords fine flowers, wafflés and more."
    let runs = TextLayout(runs: [TextRun(text: text, font: font, size: 13)], width: .atMost(120))
    #expect(runs == TextLayout(text: text, font: font, size: 13, width: .atMost(120)))
  }

  /// Hostile sizes and spacing never trap: advances are clamped to ±2^38 units of 1/65536 pt (4,194,304 pt), so a
  /// 1e300-pt run of 3 characters with 1e300-pt letter spacing is 3 × (2^38 + 2^38) / 65536 = 25,165,824 pt wide,
  /// and NaN or infinite values count as 0 (size, spacing, offset).
  @Test func hostileRunsStayFinite() {
    let huge = TextLayout(
      runs: [Self.run("abc", 1e300, kern: 1e300), Self.run("d", .nan, kern: -.infinity, offset: .nan)],
      width: .unbounded)
    #expect(huge.width == 25_165_824)
    #expect(huge.height.isFinite && huge.lines.count == 1)
  }
}
