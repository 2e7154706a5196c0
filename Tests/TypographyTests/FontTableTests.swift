import Testing

@testable import Typography

/// Table parsing on DejaVu Sans; expected values were read from the files with fontTools (ttx), not from this code.
@Suite struct FontTableTests {
  @Test func headHheaOS2AndNames() throws {
    let font = try Support.dejaVuSans.get()
    #expect(font.unitsPerEm == 2048)
    #expect(font.family == "DejaVu Sans")
    #expect(font.subfamily == "Book")
    #expect(font.weight == 400)
    #expect(!font.isItalic)
    #expect(font.widthClass == 5)
    // hhea 1901 / -483 / 0; OS/2 fsSelection 0x40 has no USE_TYPO_METRICS, so hhea is used.
    #expect(font.ascender == 1901)
    #expect(font.descender == -483)
    #expect(font.lineGap == 0)
  }

  @Test func boldFace() throws {
    let font = try Support.dejaVuSansBold.get()
    #expect(font.unitsPerEm == 2048)
    #expect(font.family == "DejaVu Sans")
    #expect(font.subfamily == "Bold")
    #expect(font.weight == 700)
    #expect(font.advance(of: "A") == 1585)
    #expect(font.advance(of: " ") == 713)
    #expect(font.advance(of: "\u{436}") == 2038)
  }

  @Test(
    arguments: [
      ("A", 1401), ("V", 1401), ("T", 1251), ("o", 1253), (" ", 651), ("é", 1260), ("€", 1303), ("Ω", 1565),
      ("ж", 1845),
    ] as [(Unicode.Scalar, Int)])
  func advances(scalar: Unicode.Scalar, advance: Int) throws {
    #expect(try Support.dejaVuSans.get().advance(of: scalar) == advance)
  }

  @Test func characterMapPrefersFormat12() throws {
    let font = try Support.dejaVuSans.get()
    let cmap = try #require(font.characterMap)
    #expect(cmap.source.platform == 3 && cmap.source.encoding == 10 && cmap.source.format == 12)
    #expect(font.glyph(for: "A") == 36)
    #expect(font.glyph(for: "V") == 57)
    #expect(font.glyph(for: "T") == 55)
    #expect(font.glyph(for: "o") == 82)
    // Supplementary plane (Old Italic) through the format 12 groups: U+10300..10302 advances 1550, 1244, 1152.
    #expect(font.advance(of: "\u{10300}") == 1550)
    #expect(font.advance(of: "\u{10301}") == 1244)
    #expect(font.advance(of: "\u{10302}") == 1152)
    #expect(font.glyph(for: "\u{10FFFD}") == 0)
  }

  @Test func format4SubtableAgreesWithFormat12() throws {
    let bytes = try Support.bytes("DejaVuSans.ttf")
    let font = try Support.dejaVuSans.get()
    // Patch the (3,10) and (0,4) records to platform 9 so the format 4 subtable (3,1) is chosen.
    var patched = bytes
    let directory = try TableDirectory(bytes: bytes)
    let cmap = try #require(directory.tables["cmap"])
    let count = Int(patched[cmap.offset + 2]) << 8 | Int(patched[cmap.offset + 3])
    for i in 0..<count {
      let record = cmap.offset + 4 + 8 * i
      let format12 =
        (patched[record + 1], patched[record + 3]) == (3, 10) || (patched[record + 1], patched[record + 3]) == (0, 4)
      if format12 { patched[record + 1] = 9 }
    }
    let format4 = try Font(bytes: patched, identifier: "f4")
    #expect(format4.characterMap?.source.format == 4)
    #expect(format4.characterMap?.bmp == font.characterMap?.bmp)
    #expect(format4.glyph(for: "\u{10300}") == 0)
  }

  @Test func kernTablePairs() throws {
    let bytes = try Support.bytes("DejaVuSans.ttf")
    let kern = try KerningTable(try TableDirectory(bytes: bytes))
    #expect(kern.pairs.keys.count == 2727)
    #expect(kern.adjustment(36, 57) == -131)  // A V
    #expect(kern.adjustment(55, 82) == -348)  // T o
    #expect(kern.adjustment(36, 55) == -159)  // A T
  }

  @Test func gposPairAdjustment() throws {
    let font = try Support.dejaVuSans.get()
    let bold = try Support.dejaVuSansBold.get()
    guard case .positioning = font.kerning else {
      Issue.record("DejaVu Sans has a GPOS kern feature; it should be used")
      return
    }
    func pair(_ f: Font, _ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Int {
      f.kerning(f.glyph(for: a), f.glyph(for: b))
    }
    #expect(pair(font, "A", "V") == -131)
    #expect(pair(font, "T", "o") == -348)
    #expect(pair(font, "V", "A") == -131)
    #expect(pair(font, "Y", "o") == -272)
    #expect(pair(font, "o", "o") == 0)
    #expect(pair(bold, "A", "V") == -139)
    #expect(pair(bold, "T", "o") == -272)
    #expect(pair(bold, "Y", "o") == -188)
  }

  @Test func ahemFont() {
    let font = Font.ahem
    #expect(font.unitsPerEm == 1000 && font.ascender == 800 && font.descender == -200 && font.lineGap == 0)
    #expect(font.advance(of: "x") == 1000 && font.advance(of: " ") == 1000 && font.advance(of: "\u{1F600}") == 1000)
    #expect(!font.hasKerning)
  }
}
