import LayoutSpecs
import Testing
import Typography

/// Text leaves measured with real fonts through `LayoutEnvironment.standard`.
@Suite struct TypographyTextMeasurerTests {
  /// Lays out one text leaf spec inside a vertical stack of width 200 at scale 2.
  func layout(_ textJSON: String) throws -> Layout {
    let spec = try SpecDecoder.decode(json: #"{"type": "stack", "direction": "vertical", "children": [\#(textJSON)]}"#)
    let range = SizeRange(min: Size(200, 0), max: Size(200, .greatestFiniteMagnitude))
    return try LayoutEngine(environment: .standard(scale: 2)).layout(spec, in: range)
  }

  @Test func ahemTextWrapsAtSpacesWithFontSizeLines() throws {
    // Ahem: every glyph is a 10 pt square; "aaaa bbbb cccc" is 140 pt on one line, so 200 pt holds it.
    let one = try layout(#"{"type": "text", "text": "aaaa bbbb cccc", "fontFamily": "ahem", "fontSize": 10}"#)
    #expect(one.size.height == 10)
    // 30 glyphs + spaces at 10 pt: "aaaaaaaaaa bbbbbbbbbb" is 210 pt > 200, so two lines of 10 pt.
    let two = try layout(#"{"type": "text", "text": "aaaaaaaaaa bbbbbbbbbb", "fontFamily": "ahem", "fontSize": 10}"#)
    #expect(two.size.height == 20)
    #expect(two.children.first?.text?.lines.count == 2)
  }

  @Test func dejaVuLineHeightIsNormalFromTheFont() throws {
    // DejaVu Sans hhea: ascender 1901, descender -483, lineGap 0 at 2048 units/em: at 16 pt,
    // round(14.85) + round(3.77) + 0 = 15 + 4 = 19 pt per line (browsers agree; Typography's browser fixtures).
    let l = try layout(#"{"type": "text", "text": "Hello", "fontFamily": "DejaVu Sans", "fontSize": 16}"#)
    #expect(l.size.height == 19)
  }

  @Test func missingFontFailsNamingTheFamily() throws {
    #expect(throws: LayoutFailure.self) {
      _ = try layout(#"{"type": "text", "text": "x", "fontFamily": "No Such Sans", "fontSize": 12}"#)
    }
    do {
      _ = try layout(#"{"type": "text", "text": "x", "fontFamily": "No Such Sans", "fontSize": 12}"#)
    } catch {
      #expect(String(describing: error).contains("No Such Sans"))
    }
  }

  @Test func maxLinesTruncatesWithEllipsis() throws {
    // 10 words of 4 glyphs need 3 lines of at most 200 pt (19 glyphs each); maxLines 2 truncates the second.
    let l = try layout(
      #"{"type": "text", "text": "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj", "fontFamily": "ahem", "fontSize": 10, "maxLines": 2}"#
    )
    #expect(l.size.height == 20)
    let lines = l.children.first?.text?.lines ?? []
    #expect(lines.count == 2)
    #expect(lines.last?.isTruncated == true)
    #expect(lines.first?.isTruncated == false)
  }
}
