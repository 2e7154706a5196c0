import Testing

@testable import Typography

/// Arabic joining in DejaVu Sans at 2048 px (one point per font unit; kerning off, so a width is a sum of
/// advances). The forms are derived by hand from the joining types of ArabicShaping.txt and HarfBuzz's state
/// machine (`ArabicJoining`): a dual-joining letter (D) is initial before a letter that joins on its right (R or
/// D), medial between two, final after one; a right-joining letter (R: alef, dal, reh, waw) is final after a D and
/// never joins forwards. The expected advance of each form is read from the font at the form's code point in the
/// Arabic Presentation Forms-B block (U+FE70–U+FEFF), which DejaVu maps to the same glyphs its `init`, `medi`,
/// `fina` and `rlig` lookups substitute; lam + alef is the `rlig` ligature U+FEFB (isolated) / U+FEFC (final).
@Suite struct ArabicJoiningTests {
  /// The advance of `scalar` in DejaVu Sans (font units = points at size 2048).
  static func advance(_ value: UInt32) throws -> Double {
    Double(try Support.dejaVuSans.get().advance(of: try #require(Unicode.Scalar(value))))
  }

  /// The single-line width of `text` (kerning off).
  static func width(_ text: String, ligatures: Bool = true) throws -> Double {
    let lines = TextLayout(
      text: text, font: try Support.dejaVuSans.get(), size: 2048,
      options: TextOptions(kerning: false, ligatures: ligatures), width: .unbounded
    ).lines
    return try #require(lines.first).width
  }

  /// The state machine on its own: forms by joining type.
  @Test func forms() {
    func forms(_ text: String) -> [ArabicJoining.Form] { ArabicJoining.forms(Array(text.unicodeScalars)) }
    // beh (D) yeh (D) teh (D): init, medi, fina.
    #expect(forms("\u{628}\u{64A}\u{62A}") == [.initial, .medial, .final])
    // seen (D) lam (D) alef (R) meem (D): init, medi, fina, then meem after a right-joiner is isolated.
    #expect(forms("\u{633}\u{644}\u{627}\u{645}") == [.initial, .medial, .final, .isolated])
    // A fatha (T) between beh and teh is skipped: beh init, teh fina, the mark no form.
    #expect(forms("\u{628}\u{64E}\u{62A}") == [.initial, .none, .final])
    // hamza (U) alef (R): neither joins.
    #expect(forms("\u{621}\u{627}") == [.none, .isolated])
    // A space (U) breaks joining: beh isolated twice.
    #expect(forms("\u{628} \u{628}") == [.isolated, .none, .isolated])
    // Latin letters are U: no form.
    #expect(forms("ab") == [.none, .none])
  }

  /// beh yeh teh: initial beh (U+FE91), medial yeh (U+FEF4), final teh (U+FE96).
  @Test func dualJoiningLetters() throws {
    let expected = try Self.advance(0xFE91) + Self.advance(0xFEF4) + Self.advance(0xFE96)
    #expect(try Self.width("\u{628}\u{64A}\u{62A}") == expected)
    // The joined forms differ from the letters' nominal advances (else this test could not tell them apart).
    let nominal = try Self.advance(0x628) + Self.advance(0x64A) + Self.advance(0x62A)
    #expect(expected != nominal)
  }

  /// salaam (seen lam alef meem): initial seen (U+FEB3), lam + final alef as the final lam-alef ligature (U+FEFC),
  /// isolated meem (U+FEE1, the nominal glyph). `rlig` is required: it stays with ligatures off.
  @Test func lamAlefLigature() throws {
    let expected = try Self.advance(0xFEB3) + Self.advance(0xFEFC) + Self.advance(0xFEE1)
    #expect(try Self.width("\u{633}\u{644}\u{627}\u{645}") == expected)
    #expect(try Self.width("\u{633}\u{644}\u{627}\u{645}", ligatures: false) == expected)
    // lam alef alone: the isolated ligature U+FEFB.
    #expect(try Self.width("\u{644}\u{627}") == Self.advance(0xFEFB))
  }

  /// A mark between two letters neither stops joining nor takes an advance: beh fatha teh = U+FE91 + U+FE96.
  @Test func transparentMark() throws {
    #expect(try Self.width("\u{628}\u{64E}\u{62A}") == Self.advance(0xFE91) + Self.advance(0xFE96))
  }

  /// A Hebrew–Arabic phrase (the kind): "שלום سلام" = the Hebrew letters' own advances (Hebrew has no
  /// positional forms), a space, and salaam joined as above.
  @Test func hebrewArabicPhrase() throws {
    let hebrew = try [0x5E9, 0x5DC, 0x5D5, 0x5DD].map(Self.advance).reduce(0, +)
    let arabic = try Self.advance(0xFEB3) + Self.advance(0xFEFC) + Self.advance(0xFEE1)
    let expected = try hebrew + Self.advance(0x20) + arabic
    #expect(try Self.width("\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{633}\u{644}\u{627}\u{645}") == expected)
  }

  /// Latin text next to Arabic keeps its own lookups: "fi" still ligates (U+FB01) after Arabic text.
  @Test func latinAfterArabic() throws {
    let expected = try Self.advance(0xFE91) + Self.advance(0xFE96) + Self.advance(0x20) + Self.advance(0xFB01)
    #expect(try Self.width("\u{628}\u{62A} fi") == expected)
  }
}
