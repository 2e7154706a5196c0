import Testing

@testable import Typography

/// GSUB on a hand-built table: a ligature lookup that skips marks (`liga`), a chaining context lookup in format 3
/// (`calt`) calling a single substitution that no feature lists, and their effect through `GlyphShaper`.
@Suite struct GlyphSubstitutionTests {
  /// A GSUB table (offsets worked out by hand, see the comments): `liga` → lookup 0, `calt` → lookup 1.
  static func gsub() -> [UInt8] {
    var w = GlyphPositioningTests.Writer()
    w.u16(1, 0, 10, 32, 58)  // header: version 1.0, ScriptList 10, FeatureList 32, LookupList 58
    w.u16(1)  // 10 ScriptList: one script
    w.tag("DFLT")
    w.u16(8)  //    Script at 18
    w.u16(4, 0)  // 18 Script: default LangSys at 22
    w.u16(0, 0xFFFF, 2, 0, 1)  // 22 LangSys: no required feature, features 0 and 1
    w.u16(2)  // 32 FeatureList: two features
    w.tag("liga")
    w.u16(14)  //    Feature at 46
    w.tag("calt")
    w.u16(20)  //    Feature at 52
    w.u16(0, 1, 0)  // 46 Feature liga: lookup 0
    w.u16(0, 1, 1)  // 52 Feature calt: lookup 1
    w.u16(3, 8, 40, 78)  // 58 LookupList: lookups at 66, 98, 136
    w.u16(4, 8, 1, 8)  // 66 Lookup 0: ligature, flag IgnoreMarks, one subtable at 74
    w.u16(1, 8, 1, 14)  // 74 LigatureSubst: coverage 82, one ligature set at 88
    w.u16(1, 1, 1)  // 82 Coverage: glyph 1
    w.u16(1, 4)  // 88 LigatureSet: one ligature at 92
    w.u16(9, 2, 2)  // 92 Ligature: glyph 9 = 1 + 2
    w.u16(6, 0, 1, 8)  // 98 Lookup 1: chaining context, one subtable at 106
    w.u16(3, 1, 18, 1, 24, 0, 1, 0, 2)  // 106 format 3: backtrack [124], input [130], no lookahead; record (0, 2)
    w.u16(1, 1, 3)  // 124 Coverage: glyph 3
    w.u16(1, 1, 1)  // 130 Coverage: glyph 1
    w.u16(1, 0, 1, 8)  // 136 Lookup 2: single, one subtable at 144
    w.u16(2, 8, 1, 7)  // 144 SingleSubst format 2: coverage 152, glyph 1 → 7
    w.u16(1, 1, 1)  // 152 Coverage: glyph 1
    return w.bytes
  }

  /// The substitution read from `gsub()`.
  static func table() throws -> GlyphSubstitution {
    try GlyphSubstitution(try TableDirectory(bytes: GlyphPositioningTests.sfnt("GSUB", gsub())))
  }

  /// Shapes glyph ids (class 3 for those in `marks`, else 1) with the default lookups; returns (id, cluster) pairs.
  static func shape(_ ids: [UInt16], marks: Set<UInt16> = []) throws -> [[Int]] {
    let glyphs = ids.enumerated().map { index, id in
      GlyphShaper.Glyph(id: id, cluster: index, source: index, glyphClass: marks.contains(id) ? 3 : 1, ignorable: false)
    }
    var shaper = GlyphShaper(table: try table(), definition: nil, glyphs: glyphs)
    shaper.run(try table().applied)
    return shaper.glyphs.map { [Int($0.id), $0.cluster] }
  }

  /// Both feature lookups apply, in lookup order; lookup 2 is read because lookup 1 calls it; without ligatures
  /// neither `liga` nor `calt` runs.
  @Test func features() throws {
    let table = try Self.table()
    #expect(table.applied == [0, 1])
    #expect(table.appliedWithoutLigatures.isEmpty)
    #expect(table.lookups.count == 3 && table.lookups.allSatisfy { $0 != nil })
  }

  /// 1 2 → ligature 9 (one cluster); 1 mark 2 → 9 then the mark, all in cluster 0 (IgnoreMarks skips the mark);
  /// 1 4 → nothing from lookup 0, and lookup 1 needs a 3 before the 1.
  @Test func ligatureSkipsMarks() throws {
    #expect(try Self.shape([1, 2]) == [[9, 0]])
    #expect(try Self.shape([1, 5, 2], marks: [5]) == [[9, 0], [5, 0]])
    #expect(try Self.shape([1, 4]) == [[1, 0], [4, 1]])
  }

  /// 3 1 4 → the chaining rule (backtrack 3, input 1) runs lookup 2 on the 1: 3 7 4, clusters unchanged.
  @Test func chainingContextCallsALookup() throws {
    #expect(try Self.shape([3, 1, 4]) == [[3, 0], [7, 1], [4, 2]])
    // 3 1 2: lookup 0 ligates first (9), so lookup 1 no longer finds a 1.
    #expect(try Self.shape([3, 1, 2]) == [[3, 0], [9, 1]])
  }

  /// Every truncation of the table is refused with an error (every byte is read), never a trap.
  @Test func everyTruncationThrows() throws {
    let table = Self.gsub()
    for length in 0..<table.count {
      let bytes = GlyphPositioningTests.sfnt("GSUB", Array(table[0..<length]))
      #expect(throws: TypographyError.self, "\(length) bytes") {
        _ = try GlyphSubstitution(try TableDirectory(bytes: bytes))
      }
    }
  }
}
