/// Text prepared for line breaking: each Unicode scalar with its break class and running advance. Pure.
///
/// Advances come from the font's precomputed BMP table (hmtx advance per code point) and are summed in integer
/// font units, so a run's width is exact until it is scaled by `size / unitsPerEm` once.
struct ShapedText {
  /// One scalar of the text.
  struct Item {
    /// The scalar.
    var scalar: Unicode.Scalar
    /// Its line-breaking class (spaces, hard breaks and zero-width characters; `opportunity` says where a line
    /// may break).
    var breakClass: BreakClass
    /// What a line may do just before this scalar (`BreakOpportunities`): `.allowed`, `.hyphenated` (after a soft
    /// hyphen) or `.never` (also before spaces and hard breaks, which `LineBreaker` handles itself).
    var opportunity: LineBreakOpportunity
    /// Whether a grapheme cluster starts here (UAX #29): truncation cuts only there.
    var startsCluster: Bool
    /// Kerning between the previous scalar and this one, font units (0 without kerning).
    var kern: Int32
    /// Sum of the advances (and kerning) of every scalar up to and including this one, font units.
    var end: Int
  }

  /// The scalars, in text order (offsets into this array are the Unicode-scalar offsets of `TextLine.range`).
  var items: [Item]
  /// Points per font unit: size / unitsPerEm.
  let scale: Double
  /// The hyphen shown where a line breaks at a soft hyphen, with its advance in font units; nil when the text has
  /// no soft hyphen. U+2010 HYPHEN when the font maps it, else U+002D HYPHEN-MINUS, as Chromium picks it.
  let hyphen: (scalar: Unicode.Scalar, units: Int)?

  /// Looks up every scalar of `text` in `font`; control and format characters take no width, tabs a space's.
  init(text: String, font: Font, size: Double, kerning: Bool) {
    scale = size / Double(font.unitsPerEm)
    var items: [Item] = []
    items.reserveCapacity(text.utf8.count)
    let kerns = kerning && font.hasKerning
    let spaceAdvance = font.advance(of: " ")
    var total = 0
    var previousGlyph: UInt16 = 0
    var previousVisible = false
    var context = BreakOpportunities.AsciiContext()
    var needsUnicode = false
    for scalar in text.unicodeScalars {
      let breakClass = BreakClass.of(scalar.value)
      let startsCluster = !(scalar.value == 0x0A && context.previous == 0x0D)  // CR LF is one cluster
      let opportunity = context.next(scalar.value, breakClass)
      if BreakOpportunities.needsUnicodeRules(scalar.value) { needsUnicode = true }
      var advance: Int
      switch breakClass {
      case .hardBreak, .zeroWidthSpace, .invisible: advance = 0
      case .space where scalar.value == 0x09: advance = spaceAdvance
      default: advance = font.advance(of: scalar)
      }
      var kern: Int32 = 0
      if kerns {
        let visible = advance > 0
        let glyph = font.glyph(for: scalar)
        if previousVisible && visible {
          kern = Int32(truncatingIfNeeded: font.kerning(previousGlyph, glyph))
          advance += Int(kern)
        }
        previousGlyph = glyph
        previousVisible = visible
      }
      total += advance
      items.append(
        Item(
          scalar: scalar, breakClass: breakClass, opportunity: opportunity,
          startsCluster: startsCluster, kern: kern, end: total))
    }
    if needsUnicode { BreakOpportunities.applyUnicodeRules(to: &items) }
    hyphen = needsUnicode && text.unicodeScalars.contains("\u{AD}") ? Self.hyphen(of: font) : nil
    self.items = items
  }

  /// The hyphen `font` draws at a soft-hyphen break, with its advance (see `hyphen`).
  private static func hyphen(of font: Font) -> (scalar: Unicode.Scalar, units: Int) {
    let hyphen: Unicode.Scalar = "\u{2010}"
    let scalar: Unicode.Scalar = font.glyph(for: hyphen) != 0 ? hyphen : "-"
    return (scalar, font.advance(of: scalar))
  }

  /// Width of scalars `a..<b` in font units (the kerning with the scalar before `a` is left out).
  @inline(__always)
  func units(_ a: Int, _ b: Int) -> Int {
    guard a < b else { return 0 }
    return items[b - 1].end - (a > 0 ? items[a - 1].end : 0) - Int(items[a].kern)
  }

  /// Width of scalars `a..<b` in points, rounded up to 1/64 pt (a browser's layout unit).
  @inline(__always)
  func width(_ a: Int, _ b: Int) -> Double {
    Self.ceil64(Double(units(a, b)) * scale)
  }

  /// Width of scalars `a..<b` plus `extra` font units (a hyphen or an ellipsis after them), in points rounded up
  /// to 1/64 pt.
  @inline(__always)
  func width(_ a: Int, _ b: Int, plusUnits extra: Int) -> Double {
    Self.ceil64(Double(units(a, b) + extra) * scale)
  }

  /// The start of the grapheme cluster holding scalar `index - 1`: the last cluster boundary before `index`
  /// (`index` itself when it is 0).
  @inline(__always)
  func clusterStart(before index: Int) -> Int {
    var cut = max(index - 1, 0)
    while cut > 0 && !items[cut].startsCluster { cut -= 1 }
    return cut
  }

  /// `x` rounded up to a multiple of 1/64 (values within 1e-6/64 of a multiple round to it).
  @inline(__always)
  static func ceil64(_ x: Double) -> Double {
    (x * 64 - 1e-6).rounded(.up) / 64
  }

  /// The end of scalars `a..<b` with trailing spaces removed (they hang past the line end).
  @inline(__always)
  func trimmedEnd(_ a: Int, _ b: Int) -> Int {
    var end = b
    while end > a, items[end - 1].breakClass == .space || items[end - 1].breakClass == .hardBreak { end -= 1 }
    return end
  }
}
