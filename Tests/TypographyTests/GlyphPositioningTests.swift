import Testing

@testable import Typography

/// GPOS pair adjustment on a hand-built table: format 1 pairs, an extension lookup (type 9), value records with
/// placement and advance, and the order rules of lookups and subtables.
@Suite struct GlyphPositioningTests {
  /// Big-endian byte writer.
  struct Writer {
    /// The bytes written so far.
    var bytes: [UInt8] = []
    /// Appends each value as a big-endian uint16.
    mutating func u16(_ values: Int...) {
      for v in values { bytes += [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    }
    /// Appends a big-endian uint32.
    mutating func u32(_ v: Int) { u16(v >> 16, v & 0xFFFF) }
    /// Appends a four-character tag.
    mutating func tag(_ t: String) { bytes += Array(t.utf8) }
  }

  /// A GPOS table (offsets worked out by hand, see the comments) with a `kern` feature of two lookups.
  static func gpos() -> [UInt8] {
    var w = Writer()
    w.u16(1, 0, 10, 30, 46)  // header: version 1.0, ScriptList 10, FeatureList 30, LookupList 46
    w.u16(1)  // 10 ScriptList: one script
    w.tag("DFLT")
    w.u16(8)  // Script at 18
    w.u16(4, 0)  // 18 Script: default LangSys at 22, no others
    w.u16(0, 0xFFFF, 1, 0)  // 22 LangSys: no required feature, feature 0
    w.u16(1)  // 30 FeatureList: one feature
    w.tag("kern")
    w.u16(8)  // Feature at 38
    w.u16(0, 2, 0, 1)  // 38 Feature: lookups 0 and 1
    w.u16(2, 6, 46)  // 46 LookupList: lookups at 52 and 92
    w.u16(9, 0, 1, 8)  // 52 Lookup 0: extension, one subtable at 60
    w.u16(1, 2)  // 60 Extension: format 1, type 2,
    w.u32(8)  //    PairPos at 68
    w.u16(1, 12, 0x0004, 0, 1, 18)  // 68 PairPos 1: coverage 80, value formats (xAdvance, none), pair set 86
    w.u16(1, 1, 5)  // 80 Coverage: glyph 5
    w.u16(1, 7, 0xFFCE)  // 86 PairSet: (5, 7) xAdvance −50
    w.u16(2, 0, 1, 8)  // 92 Lookup 1: pair adjustment, one subtable at 100
    w.u16(1, 12, 0x0005, 0x0004, 1, 18)  // 100 PairPos 1: (xPlacement, xAdvance), (xAdvance)
    w.u16(1, 1, 5)  // 112 Coverage: glyph 5
    w.u16(1, 7, 3, 0xFFEC, 0xFFFF)  // 118 PairSet: (5, 7) placement 3, advance −20; second advance −1
    return w.bytes
  }

  /// An sfnt holding only `table` under `tag`.
  static func sfnt(_ tag: String, _ table: [UInt8]) -> [UInt8] {
    var w = Writer()
    w.u32(0x0001_0000)
    w.u16(1, 0, 0, 0)
    w.tag(tag)
    w.u32(0)
    w.u32(28)
    w.u32(table.count)
    return w.bytes + table
  }

  @Test func format1PairsExtensionsAndValueRecords() throws {
    let gpos = try GlyphPositioning(try TableDirectory(bytes: Self.sfnt("GPOS", Self.gpos())))
    #expect(gpos.lookups.count == 2)
    // −50 from lookup 0 plus −20 and −1 advances from lookup 1; the placement does not change the width.
    #expect(gpos.adjustment(5, 7) == -71)
    #expect(gpos.adjustment(7, 5) == 0)
    #expect(gpos.adjustment(5, 8) == 0)
  }

  @Test func everyTruncationThrows() throws {
    let table = Self.gpos()
    for length in 0..<table.count {
      let bytes = Self.sfnt("GPOS", Array(table[0..<length]))
      #expect(throws: TypographyError.self, "cut at \(length)") {
        try GlyphPositioning(try TableDirectory(bytes: bytes))
      }
    }
  }

  @Test func sortedPairsKeepTheFirstOfDuplicates() {
    let pairs = GlyphPositioning.SortedPairs([(9, 1), (3, 2), (9, 3), (1, 4)])
    #expect(pairs.keys == [1, 3, 9] && pairs.values == [4, 2, 1])
    #expect(pairs.value(9) == 1 && pairs.value(2) == nil && pairs.value(0) == nil && pairs.value(10) == nil)
  }
}
