import Synchronization
import Testing

@testable import Typography

/// Font fallback as Chromium on Linux does it, over the installed fonts (fonts-dejavu-*, fonts-liberation,
/// fonts-inter, fonts-noto-cjk, fonts-noto-color-emoji). Advances were read from the files with Python's `struct`
/// (cmap, hmtx, CBLC); the expected choices of font were checked in headless Chromium 156.
@Suite struct FontFallbackTests {
  /// A registry over every installed font.
  static let registry = FontRegistry(directories: ["/usr/share/fonts"])

  /// One run of `text` in `family` at `size`, with the registry's fallback.
  static func layout(
    _ text: String, family: String = "DejaVu Sans", size: Double, lineHeight: LineHeight = .normal
  ) throws -> TextLayout {
    let font = try registry.font(family: family)
    #expect(font.family == family, "install \(family)")
    let run = TextRun(text: text, font: font, size: size, fallback: registry.fallback())
    return TextLayout(runs: [run], options: TextOptions(lineHeight: lineHeight), width: .unbounded)
  }

  @Test func fallbackHoldsTheInstalledFonts() {
    let fallback = Self.registry.fallback()
    #expect(fallback.group.map(\.family) == ["Liberation Serif"], "install fonts-liberation")
    #expect(fallback.emoji?.family == "Noto Color Emoji", "install fonts-noto-color-emoji")
    #expect(fallback.system.first?.family == "DejaVu Sans")
    #expect(fallback.system.contains { $0.family == "Noto Sans CJK JP" }, "install fonts-noto-cjk")
    // System fallback faces are regular whatever the run's weight: Chromium measures Hebrew in a bold Inter run
    // (Inter has no Hebrew) as DejaVu Sans Book (שלום at 20 px: 44.27 px, the Book width; Bold's is 48.06).
    #expect(Self.registry.fallback(weight: 700).system.first?.weight == 400)
    #expect(Self.registry.fallback(weight: 700, italic: true).system.first?.isItalic == false)
  }

  @Test func cjkFallsBackToNotoSansCJKAndMakesTheLineTaller() throws {
    // "a一" in DejaVu Sans at 100 pt: 'a' 1255/2048 em = 61.279…, 一 (DejaVu has none) in Noto Sans CJK JP
    // 1000/1000 em = 100: 161.279… → 161.28125. Line: DejaVu's box ascent round(92.8) = 93, descent round(23.6)
    // = 24; Noto CJK's ascent round(116) = 116, descent round(28.8) = 29 → 116 + 29 = 145 (Chromium: 145).
    let layout = try Self.layout("a\u{4E00}", size: 100)
    #expect(layout.width == 161.28125)
    #expect(layout.height == 145)
    #expect(layout.ascender == 116)
    // With a fixed line height the fallback font's metrics do not count (Chromium adds used fonts only under
    // line-height: normal): 30 pt.
    #expect(try Self.layout("a\u{4E00}", size: 100, lineHeight: .points(30)).height == 30)
    // Without a fallback, 一 takes DejaVu's .notdef advance, 1229/2048 em: (1255 + 1229) × 100 / 2048 = 121.28…
    let font = try Self.registry.font(family: "DejaVu Sans")
    let plain = TextLayout(runs: [TextRun(text: "a\u{4E00}", font: font, size: 100)], width: .unbounded)
    #expect(plain.width == 121.296875)
  }

  @Test func emojiPresentationGoesToTheColourEmojiFont() throws {
    // Noto Color Emoji: one 109 ppem strike; a glyph's advance is its hmtx advance 2550/2048 em rounded at 109 ppem
    // (135.7 → 136 px), so 136/109 em: 16 × 136 / 109 = 19.963… → 19.96875 (Chromium: 19.96875). Its line box at
    // 16 pt: ascent round(14.84) = 15, descent round(3.9) = 4: 19, as DejaVu Sans's 15 + 4.
    for sequence in [
      "\u{263A}\u{FE0F}",  // ☺️ text-default character with VS16: emoji font although DejaVu has U+263A
      "\u{1F44D}\u{1F3FD}",  // 👍🏽 skin tone: one ligature glyph
      "\u{1F1EF}\u{1F1F5}",  // 🇯🇵 flag
      "1\u{FE0F}\u{20E3}",  // 1️⃣ keycap
      "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",  // 👨‍👩‍👧 ZWJ family
      "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",  // 🏳️‍🌈
    ] {
      let layout = try Self.layout(sequence, size: 16)
      #expect(layout.width == 19.96875, "\(sequence.unicodeScalars.map { String($0.value, radix: 16) })")
      #expect(layout.height == 19)
    }
    // ☺ without VS16 stays in DejaVu Sans, which has it: 2135/2048 em × 100 = 104.248… → 104.25.
    #expect(try Self.layout("\u{263A}", size: 100).width == 104.25)
    // 😀 (Emoji_Presentation) in DejaVu Serif, which lacks it: past the font group (Liberation Serif lacks it
    // too) to the emoji font before the system fonts: 100 × 136 / 109 = 124.77… → 124.78125 (Chromium's).
    #expect(try Self.layout("\u{1F600}", family: "DejaVu Serif", size: 100).width == 124.78125)
  }

  @Test func fontGroupEndsWithTheStandardFont() throws {
    // ☺ (U+263A) in Inter, which lacks it: Chromium's font group ends with its standard font, Times New Roman,
    // found as Liberation Serif: 2091/2048 em × 100 = 102.099… → 102.109375 (Chromium: 102.109375; DejaVu Sans,
    // the first system font, would give 104.25). Inter's line, 97 + 24 = 121, is taller than Liberation Serif's
    // 89 + 22 + gap 4 = 115, so the height stays 121.
    let layout = try Self.layout("\u{263A}", family: "Inter", size: 100)
    #expect(layout.width == 102.109375)
    #expect(layout.height == 121)
  }

  @Test func otherFamiliesLoadOnlyWhenAClusterReachesThem() throws {
    let font = try Self.registry.font(family: "DejaVu Sans")
    let asked = Mutex<[String]>([])
    let fallback = FontFallback(
      others: ["Noto Sans CJK KR"],
      load: { family in
        asked.withLock { $0.append(family) }
        return try? Self.registry.font(family: family)
      })
    _ = TextRun(text: "abc", font: font, size: 10, fallback: fallback).fallbackParts()
    #expect(asked.withLock { $0 }.isEmpty)
    // 가 (U+AC00) in Noto Sans CJK KR: 920/1000 em × 10 = 9.2 → 9.203125 (DejaVu Sans has no Hangul).
    let run = TextRun(text: "\u{AC00}", font: font, size: 10, fallback: fallback)
    #expect(run.fallbackParts().map(\.font.family) == ["Noto Sans CJK KR"])
    #expect(asked.withLock { $0 } == ["Noto Sans CJK KR"])
    #expect(TextLayout(runs: [run], width: .unbounded).width == 9.203125)
  }

  @Test func fallbackPartsKeepClustersAndMerge() throws {
    let font = try Self.registry.font(family: "DejaVu Sans")
    let run = TextRun(text: "ab\u{4E00}\u{4E01} c\u{301}", font: font, size: 10, fallback: Self.registry.fallback())
    let parts = run.fallbackParts()
    #expect(parts.map(\.text) == ["ab", "\u{4E00}\u{4E01}", " c\u{301}"])
    #expect(parts.map(\.font.family) == ["DejaVu Sans", "Noto Sans CJK JP", "DejaVu Sans"])
    #expect(parts.allSatisfy { $0.primary == font })
    let covered = TextRun(text: "abc", font: font, size: 10, fallback: Self.registry.fallback())
    #expect(covered.fallbackParts() == [covered])
  }
}
