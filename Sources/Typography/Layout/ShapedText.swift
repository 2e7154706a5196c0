/// Text prepared for line breaking: each Unicode scalar with its break class and running advance. Pure.
///
/// Advances come from the font's precomputed BMP table (hmtx advance per code point) and are summed in integer
/// font units, so a run's width is exact until it is scaled by `size / unitsPerEm` once.
struct ShapedText {
  /// One scalar of the text.
  struct Item {
    /// The scalar.
    var scalar: Unicode.Scalar
    /// Its line-breaking class.
    var breakClass: BreakClass
    /// Kerning between the previous scalar and this one, font units (0 without kerning).
    var kern: Int32
    /// Sum of the advances (and kerning) of every scalar up to and including this one, font units.
    var end: Int
  }

  /// The scalars, in text order (offsets into this array are the Unicode-scalar offsets of `TextLine.range`).
  var items: [Item]
  /// Points per font unit: size / unitsPerEm.
  let scale: Double

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
    for scalar in text.unicodeScalars {
      let breakClass = BreakClass.of(scalar.value)
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
      items.append(Item(scalar: scalar, breakClass: breakClass, kern: kern, end: total))
    }
    self.items = items
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
