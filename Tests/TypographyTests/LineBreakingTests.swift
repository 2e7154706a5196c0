import Testing

@testable import Typography

/// Line breaking in the ahem font (every glyph 10 pt wide at size 10), where expected values are exact.
@Suite struct LineBreakingTests {
  /// The displayed text of each line.
  func texts(_ layout: TextLayout) -> [String] { layout.lines.map(\.text) }

  @Test func spaces() {
    let layout = Support.ahem("hello world", width: .atMost(60))
    #expect(texts(layout) == ["hello", "world"])
    #expect(layout.lines.map(\.range) == [0..<6, 6..<11])
    #expect(layout.lines.map(\.width) == [50, 50])
    #expect(layout.width == 50 && layout.height == 20)
    #expect(!layout.truncated)
  }

  @Test func widthModes() {
    #expect(Support.ahem("hello world", width: .unbounded).width == 110)
    #expect(Support.ahem("hello world", width: .unbounded).lines.count == 1)
    #expect(Support.ahem("hello world", width: .exactly(200)).width == 200)
    #expect(Support.ahem("hello world", width: .exactly(60)).width == 60)
    #expect(Support.ahem("hello world", width: .atMost(200)).width == 110)
    #expect(Support.ahem("hello world", width: .atMost(110)).lines.count == 1)
    #expect(Support.ahem("hello world", width: .atMost(109.99)).lines.count == 2)
  }

  @Test func trailingSpacesHangLeadingSpacesCount() {
    #expect(Support.ahem("ab   ", width: .unbounded).width == 20)
    #expect(Support.ahem("  ab", width: .unbounded).width == 40)
    let layout = Support.ahem("ab    cd", width: .atMost(30))
    #expect(texts(layout) == ["ab", "cd"])
    #expect(layout.lines[0].range == 0..<6)
  }

  @Test func overflowingWord() {
    let layout = Support.ahem("abcdefgh ij", width: .atMost(30))
    #expect(texts(layout) == ["abcdefgh", "ij"])
    #expect(layout.lines.map(\.width) == [80, 20])
    #expect(layout.width == 30)
    #expect(texts(Support.ahem("ab abcdefgh ij", width: .atMost(30))) == ["ab", "abcdefgh", "ij"])
  }

  @Test func hyphens() {
    #expect(texts(Support.ahem("well-known fact", width: .atMost(60))) == ["well-", "known", "fact"])
    #expect(texts(Support.ahem("10-20", width: .atMost(40))) == ["10-", "20"])
    // No break before a hyphen, after an en dash or U+2010; before and after an em dash.
    #expect(texts(Support.ahem("abcd-ef", width: .atMost(40))) == ["abcd-", "ef"])
    #expect(texts(Support.ahem("ab\u{2013}cd", width: .atMost(30))) == ["ab\u{2013}", "cd"])
    #expect(texts(Support.ahem("ab\u{2010}cd", width: .atMost(30))) == ["ab\u{2010}", "cd"])
    #expect(texts(Support.ahem("abc\u{2014}de", width: .atMost(30))) == ["abc", "\u{2014}de"])
  }

  @Test func cjk() {
    #expect(texts(Support.ahem("中文字体排版", width: .atMost(35))) == ["中文字", "体排版"])
    #expect(texts(Support.ahem("abc中文", width: .atMost(40))) == ["abc中", "文"])
    #expect(texts(Support.ahem("ひらがなカタカナ", width: .atMost(40))) == ["ひらがな", "カタカナ"])
    #expect(texts(Support.ahem("한국어텍스트", width: .atMost(30))) == ["한국어", "텍스트"])
    // No break before closing punctuation, none after opening brackets (kinsoku).
    #expect(texts(Support.ahem("中文。字体", width: .atMost(20))) == ["中", "文。", "字体"])
    // Small kana may start a line (Chromium's default line-break: auto); 々 may not.
    #expect(texts(Support.ahem("ちょっと", width: .atMost(20))) == ["ちょ", "っと"])
    #expect(texts(Support.ahem("人々です", width: .atMost(10))) == ["人々", "で", "す"])
    #expect(texts(Support.ahem("中「文」字", width: .atMost(20))) == ["中", "「文」", "字"])
  }

  @Test func hardBreaks() {
    let layout = Support.ahem("a\nb\r\nc\u{2028}d", width: .unbounded)
    #expect(texts(layout) == ["a", "b", "c", "d"])
    #expect(layout.lines.map(\.range) == [0..<1, 2..<3, 5..<6, 7..<8])
    #expect(Support.ahem("a\n", width: .unbounded).lines.count == 1)
    #expect(texts(Support.ahem("\n", width: .unbounded)) == [""])
    #expect(texts(Support.ahem("a\n\nb", width: .unbounded)) == ["a", "", "b"])
    #expect(texts(Support.ahem("ab cd\nef", width: .atMost(30))) == ["ab", "cd", "ef"])
    let empty = Support.ahem("", width: .atMost(30))
    #expect(empty.lines.isEmpty && empty.width == 0 && empty.height == 0 && empty.ascender == 0)
  }

  @Test func rangesAreUnicodeScalarOffsets() {
    // "é" precomposed is 1 scalar (2 UTF-8 bytes); "👍🏽" is 2 scalars (4 UTF-16 units).
    let layout = Support.ahem("é 👍🏽 x", width: .atMost(20))
    #expect(layout.lines.map(\.range) == [0..<2, 2..<5, 5..<6])
    #expect(texts(layout) == ["é", "👍🏽", "x"])
  }

  @Test func baselinesAndAscender() {
    let layout = Support.ahem("ab cd", width: .atMost(20))
    #expect(layout.lines.map(\.baseline) == [8, 18])
    #expect(layout.ascender == 8 && layout.descender == -2)
    let tall = Support.ahem("ab", width: .unbounded, options: TextOptions(lineHeight: .points(20)))
    #expect(tall.height == 20 && tall.lines[0].baseline == 13)
  }

  @Test func explicitLineHeightDejaVu() throws {
    let font = try Support.dejaVuSans.get()
    // 16 pt: ascent round(14.85) = 15, descent round(3.77) = 4; half-leading floor((20 − 19) / 2) = 0.
    let layout = TextLayout(
      text: "Hxg Hxg", font: font, size: 16, options: TextOptions(lineHeight: .points(20)), width: .atMost(40))
    #expect(layout.height == 40 && layout.lines.map(\.baseline) == [15, 35])
    #expect(layout.descender == -5)
  }
}
