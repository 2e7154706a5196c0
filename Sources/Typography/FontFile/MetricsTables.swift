/// The values read from `head`, `hhea`, `maxp` and `OS/2` that layout needs. Pure.
struct MetricsTables: Sendable, Equatable {
  /// `head.unitsPerEm` (16…16384).
  var unitsPerEm: Int
  /// `hhea.ascender`, font units (positive above the baseline).
  var hheaAscender: Int
  /// `hhea.descender`, font units (negative below the baseline).
  var hheaDescender: Int
  /// `hhea.lineGap`, font units.
  var hheaLineGap: Int
  /// `hhea.numberOfHMetrics`.
  var numberOfHMetrics: Int
  /// `maxp.numGlyphs`.
  var numGlyphs: Int
  /// `OS/2.usWeightClass` (400 when there is no `OS/2` table).
  var weightClass: Int
  /// `OS/2.usWidthClass`, 1 (ultra-condensed) … 9 (ultra-expanded); 5 = normal (also without `OS/2`).
  var widthClass: Int
  /// `OS/2.fsSelection` (0 without `OS/2`).
  var fsSelection: UInt16
  /// `OS/2.sTypoAscender`, `sTypoDescender`, `sTypoLineGap` (font units), when the table has them.
  var typo: (ascender: Int, descender: Int, lineGap: Int)?
  /// `head.macStyle`.
  var macStyle: UInt16

  /// Compares every field (the tuple is compared member by member).
  static func == (a: MetricsTables, b: MetricsTables) -> Bool {
    a.unitsPerEm == b.unitsPerEm && a.hheaAscender == b.hheaAscender && a.hheaDescender == b.hheaDescender
      && a.hheaLineGap == b.hheaLineGap && a.numberOfHMetrics == b.numberOfHMetrics && a.numGlyphs == b.numGlyphs
      && a.weightClass == b.weightClass && a.widthClass == b.widthClass && a.fsSelection == b.fsSelection
      && a.typo?.ascender == b.typo?.ascender
      && a.typo?.descender == b.typo?.descender && a.typo?.lineGap == b.typo?.lineGap && a.macStyle == b.macStyle
  }

  /// Whether OS/2 asks for its typo metrics to be used for line spacing (fsSelection bit 7, USE_TYPO_METRICS).
  var useTypoMetrics: Bool { fsSelection & 0x80 != 0 && typo != nil }

  /// Whether the face is italic or oblique (fsSelection bits 0 and 9, else head.macStyle bit 1).
  var isItalic: Bool { fsSelection & 0x0201 != 0 || macStyle & 0x2 != 0 }

  /// Reads the tables of `directory`.
  init(_ directory: TableDirectory) throws {
    let head = try directory.reader("head")
    unitsPerEm = Int(try head.u16(18))
    macStyle = try head.u16(44)
    guard (16...16384).contains(unitsPerEm) else {
      throw TypographyError.invalidTable(table: "head", reason: "unitsPerEm \(unitsPerEm) outside 16…16384")
    }
    let hhea = try directory.reader("hhea")
    hheaAscender = Int(try hhea.i16(4))
    hheaDescender = Int(try hhea.i16(6))
    hheaLineGap = Int(try hhea.i16(8))
    numberOfHMetrics = Int(try hhea.u16(34))
    let maxp = try directory.reader("maxp")
    numGlyphs = Int(try maxp.u16(4))
    guard numberOfHMetrics >= 1 else {
      throw TypographyError.invalidTable(table: "hhea", reason: "numberOfHMetrics is 0")
    }
    if directory.has("OS/2") {
      let os2 = try directory.reader("OS/2")
      weightClass = Int(try os2.u16(4))
      widthClass = min(max(Int(try os2.u16(6)), 1), 9)
      fsSelection = try os2.u16(62)
      if os2.count >= 74 {
        typo = (Int(try os2.i16(68)), Int(try os2.i16(70)), Int(try os2.i16(72)))
      } else {
        typo = nil
      }
    } else {
      weightClass = macStyle & 0x1 != 0 ? 700 : 400
      widthClass = 5
      fsSelection = 0
      typo = nil
    }
  }
}
