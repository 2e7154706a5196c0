/// The OpenType `GDEF` table's glyph classes, mark attachment classes and mark glyph sets: what a lookup flag
/// skips (base glyphs, ligatures, marks) and which glyphs are marks (a shaper gives marks no advance). Pure.
struct GlyphDefinition: Sendable, Equatable {
  /// The glyph class of each glyph (1 base, 2 ligature, 3 mark, 4 component; 0 unclassified), by glyph id.
  let glyphClasses: [UInt16]
  /// The mark attachment class of each glyph, by glyph id (what a lookup flag's high byte selects).
  let markAttachClasses: [UInt16]
  /// The mark glyph sets (GDEF 1.2), each the set of its glyphs (what a lookup's mark filtering set selects).
  let markGlyphSets: [Set<UInt16>]

  /// The glyph class of a mark.
  static let mark: UInt16 = 3

  /// The class of glyph `g` (0 when the table does not classify it).
  @inline(__always)
  func glyphClass(_ g: UInt16) -> UInt16 { LayoutCommon.classOf(g, in: glyphClasses) }

  /// Whether the table classifies any glyph (without glyph classes, a shaper classifies marks by their
  /// characters).
  var hasGlyphClasses: Bool { !glyphClasses.isEmpty }

  /// Reads `GDEF`; nil when the font has none.
  static func read(_ directory: TableDirectory) throws -> GlyphDefinition? {
    guard directory.has("GDEF") else { return nil }
    let gdef = try directory.reader("GDEF")
    let minor = try gdef.u16(2)
    func classes(at offset: Int) throws -> [UInt16] {
      let at = Int(try gdef.u16(offset))
      return at == 0 ? [] : try LayoutCommon.classDefinition(try gdef.sub(at), table: "GDEF")
    }
    var sets: [Set<UInt16>] = []
    if minor >= 2, let at = Optional(Int(try gdef.u16(12))), at != 0 {
      let table = try gdef.sub(at)
      let count = Int(try table.u16(2))
      try table.check(4, 4 * count)
      for i in 0..<count {
        sets.append(Set(try LayoutCommon.coverage(try table.sub(Int(try table.u32(4 + 4 * i))), table: "GDEF")))
      }
    }
    return GlyphDefinition(
      glyphClasses: try classes(at: 4), markAttachClasses: try classes(at: 10), markGlyphSets: sets)
  }
}
