import Testing

@testable import Typography

/// GSUB ligatures, zero-width marks and breaks inside ligatures, in DejaVu Sans at 2048 px (its units per em, so a
/// width in points is a sum of font units). Kerning is off so widths are sums of advances. Expected widths are
/// derived from the shaping rules: a ligature takes the advance of its glyph, which DejaVu also maps from the
/// Unicode presentation forms U+FB00…U+FB04 (`ff`, `fi`, `fl`, `ffi`, `ffl`); a mark takes none (HarfBuzz zeroes
/// mark advances); a soft hyphen and ZWJ are skipped when a ligature is matched, a ZWNJ and a hyphen-minus are not.
@Suite struct ShapingTests {
  /// DejaVu Sans at its units per em: one point per font unit.
  static let size = 2048.0

  /// The advance of `scalar` in DejaVu Sans (font units = points at `size`).
  static func advance(_ scalar: Unicode.Scalar) throws -> Double {
    Double(try Support.dejaVuSans.get().advance(of: scalar))
  }

  /// The lines of `text` at `size` offered `width` (kerning off; ligatures as given).
  static func lines(_ text: String, width: SizeConstraint = .unbounded, ligatures: Bool = true) throws -> [TextLine] {
    TextLayout(
      text: text, font: try Support.dejaVuSans.get(), size: size,
      options: TextOptions(kerning: false, ligatures: ligatures), width: width
    ).lines
  }

  /// The font's units per em is 2048, so the widths below are exact sums of advances.
  @Test func unitsPerEm() throws {
    #expect(try Support.dejaVuSans.get().unitsPerEm == 2048)
  }

  /// `liga`: f+i is drawn as the fi ligature glyph (U+FB01's), f+f+i as ffi (U+FB03's), f+l as fl (U+FB02's); with
  /// ligatures off (`font-variant-ligatures: none`) each letter keeps its advance.
  @Test func standardLigatures() throws {
    let f = try Self.advance("f")
    let i = try Self.advance("i")
    let l = try Self.advance("l")
    #expect(try Self.lines("fi").map(\.width) == [try Self.advance("\u{FB01}")])
    #expect(try Self.lines("fl").map(\.width) == [try Self.advance("\u{FB02}")])
    #expect(try Self.lines("ffi").map(\.width) == [try Self.advance("\u{FB03}")])
    // "office" = o + ffi + c + e.
    let office = try Self.advance("o") + Self.advance("\u{FB03}") + Self.advance("c") + Self.advance("e")
    #expect(try Self.lines("office").map(\.width) == [office])
    #expect(try Self.lines("fi", ligatures: false).map(\.width) == [f + i])
    #expect(try Self.lines("ffl", ligatures: false).map(\.width) == [f + f + l])
    // The ligature glyph is narrower than its letters (otherwise this test could not tell them apart).
    #expect(try Self.advance("\u{FB03}") != f + f + i)
  }

  /// A ZWNJ and a hyphen-minus stop a ligature; a ZWJ does not (it is skipped, and takes no width).
  @Test func whatStopsALigature() throws {
    let f = try Self.advance("f")
    let i = try Self.advance("i")
    #expect(try Self.lines("f\u{200C}i").map(\.width) == [f + i])
    #expect(try Self.lines("f\u{200D}i").map(\.width) == [try Self.advance("\u{FB01}")])
    // "ff-i" = ff ligature + hyphen-minus + i.
    #expect(try Self.lines("ff-i").map(\.width) == [try Self.advance("\u{FB00}") + Self.advance("-") + i])
  }

  /// Combining marks take no advance: q with a dot above and a diaeresis is as wide as q (the example),
  /// and "e\u{301}" as wide as e.
  @Test func marksTakeNoAdvance() throws {
    #expect(try Self.lines("q\u{307}\u{308}").map(\.width) == [try Self.advance("q")])
    #expect(try Self.lines("te\u{301}te").map(\.width) == [try 2 * Self.advance("t") + 2 * Self.advance("e")])
    // A mark between two letters does not stop their ligature (liga skips marks): f + acute + i = fi ligature.
    #expect(try Self.lines("f\u{301}i").map(\.width) == [try Self.advance("\u{FB01}")])
  }

  /// A soft hyphen between a ligature's components: unbroken, the ligature forms across it (ffi in "office");
  /// broken there, each line is shaped apart, as Chromium reshapes: "of" + hyphen (U+2010, which DejaVu maps) and
  /// "fice" = fi ligature + c + e.
  @Test func softHyphenInsideALigature() throws {
    let office = try Self.advance("o") + Self.advance("\u{FB03}") + Self.advance("c") + Self.advance("e")
    #expect(try Self.lines("of\u{AD}fice").map(\.width) == [office])
    let head = try Self.advance("o") + Self.advance("f") + Self.advance("\u{2010}")
    let tail = try Self.advance("\u{FB01}") + Self.advance("c") + Self.advance("e")
    // The width fits "of‐" exactly, not "office".
    let broken = try Self.lines("of\u{AD}fice", width: .atMost(head))
    #expect(broken.map(\.width) == [head, tail])
    #expect(broken.map(\.range) == [0..<3, 3..<7])
    #expect(broken.map(\.text) == ["of\u{AD}\u{2010}", "fice"])
  }

  /// No line breaks inside a ligature where no opportunity is: "ff-i" breaks after the hyphen only (Blink: a
  /// hyphen breaks after a letter before a letter), so the narrowest lines are "ff-" and "i".
  @Test func breaksAroundALigature() throws {
    let lines = try Self.lines("ff-i", width: .atMost(1))
    #expect(lines.map(\.text) == ["ff-", "i"])
    #expect(lines.map(\.width) == [try Self.advance("\u{FB00}") + Self.advance("-"), try Self.advance("i")])
  }

  /// Ahem is never shaped: every scalar is 1 em, marks and ligature pairs included.
  @Test func ahemIsNotShaped() {
    let layout = Support.ahem("fi e\u{301}", size: 10, width: .unbounded)
    #expect(layout.width == 50)
  }

  /// The default features: DejaVu's GSUB applies lookups (it has `liga`), and fewer without ligatures.
  @Test func defaultFeatureLookups() throws {
    let gsub = try Support.dejaVuSans.get().substitution
    #expect(!gsub.applied.isEmpty)
    #expect(gsub.appliedWithoutLigatures.count < gsub.applied.count)
    #expect(Set(gsub.appliedWithoutLigatures).isSubset(of: Set(gsub.applied)))
  }
}
