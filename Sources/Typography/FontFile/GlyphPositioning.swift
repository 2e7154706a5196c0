/// Pair kerning from the OpenType `GPOS` table: the pair adjustment lookups (type 2, formats 1 and 2, also
/// wrapped in extension lookups, type 9) of the `kern` feature. Pure.
///
/// The `kern` lookups are gathered from the default language system of every script in the table, so text of any
/// script gets the pairs a shaper would apply for that script. Adjustments count the x advances of both value
/// records (placement moves a glyph without changing the line's width).
struct GlyphPositioning: Sendable, Equatable {
  /// The pair lookups of the `kern` feature, in lookup-list order; each lists its subtables in order.
  let lookups: [[PairSubtable]]

  /// One PairPos subtable.
  enum PairSubtable: Sendable, Equatable {
    /// Format 1: explicit glyph pairs.
    case glyphPairs(SortedPairs)
    /// Format 2: first glyphs in `coverage`; adjustment = `values[class1 × class2Count + class2]`.
    case classPairs(ClassPairs)
  }

  /// Glyph pairs sorted by (first << 16 | second), searched by bisection (no hashing on the layout path).
  struct SortedPairs: Sendable, Equatable {
    /// Sorted pair keys.
    var keys: [UInt32]
    /// Adjustment of each key, font units.
    var values: [Int32]

    /// Builds the table from unsorted (key, value) entries; the first entry of a duplicated key wins.
    init(_ entries: [(key: UInt32, value: Int32)]) {
      let sorted = entries.indices.sorted { (entries[$0].key, $0) < (entries[$1].key, $1) }
      var keys: [UInt32] = []
      var values: [Int32] = []
      keys.reserveCapacity(sorted.count)
      values.reserveCapacity(sorted.count)
      for i in sorted where keys.last != entries[i].key {
        keys.append(entries[i].key)
        values.append(entries[i].value)
      }
      self.keys = keys
      self.values = values
    }

    /// The adjustment of pair `key`, or nil when the table does not list it.
    @inline(__always)
    func value(_ key: UInt32) -> Int32? {
      var low = 0
      var high = keys.count
      while low < high {
        let mid = (low + high) >> 1
        if keys[mid] < key { low = mid + 1 } else { high = mid }
      }
      return low < keys.count && keys[low] == key ? values[low] : nil
    }
  }

  /// A class-based pair subtable with its coverage and class definitions expanded into arrays indexed by glyph.
  struct ClassPairs: Sendable, Equatable {
    /// covered[g] is true when glyph g is in the coverage table.
    var covered: [Bool]
    /// Class of each first glyph (glyphs past the end are class 0).
    var class1: [UInt16]
    /// Class of each second glyph.
    var class2: [UInt16]
    /// Number of second-glyph classes.
    var class2Count: Int
    /// Adjustments, class1-major.
    var values: [Int32]
  }

  /// No positioning.
  init() { lookups = [] }

  /// Whether the font's GPOS has kerning (then the `kern` table is not used, as HarfBuzz does).
  var hasKerning: Bool { !lookups.isEmpty }

  /// The adjustment between glyphs `first` and `second` summed over the lookups; in each lookup the first
  /// subtable that applies wins.
  func adjustment(_ first: UInt16, _ second: UInt16) -> Int32 {
    var total: Int32 = 0
    for lookup in lookups {
      subtables: for subtable in lookup {
        switch subtable {
        case .glyphPairs(let pairs):
          if let value = pairs.value(UInt32(first) << 16 | UInt32(second)) {
            total += value
            break subtables
          }
        case .classPairs(let t):
          let g1 = Int(first)
          if g1 < t.covered.count && t.covered[g1] {
            let c1 = g1 < t.class1.count ? Int(t.class1[g1]) : 0
            let g2 = Int(second)
            let c2 = g2 < t.class2.count ? Int(t.class2[g2]) : 0
            let index = c1 * t.class2Count + c2
            if c2 < t.class2Count && index < t.values.count { total += t.values[index] }
            break subtables
          }
        }
      }
    }
    return total
  }

  /// Reads the `kern` pair lookups of `GPOS` (no lookups when the table is absent).
  init(_ directory: TableDirectory) throws {
    guard directory.has("GPOS") else {
      lookups = []
      return
    }
    let gpos = try directory.reader("GPOS")
    let scriptList = try gpos.sub(Int(try gpos.u16(4)))
    let featureList = try gpos.sub(Int(try gpos.u16(6)))
    let lookupList = try gpos.sub(Int(try gpos.u16(8)))
    var features = Set<Int>()
    for s in 0..<Int(try scriptList.u16(0)) {
      let script = try scriptList.sub(Int(try scriptList.u16(2 + 6 * s + 4)))
      let defaultLangSys = Int(try script.u16(0))
      guard defaultLangSys != 0 else { continue }
      let langSys = try script.sub(defaultLangSys)
      let required = Int(try langSys.u16(2))
      if required != 0xFFFF { features.insert(required) }
      for f in 0..<Int(try langSys.u16(4)) {
        features.insert(Int(try langSys.u16(6 + 2 * f)))
      }
    }
    var lookupIndices = Set<Int>()
    let featureCount = Int(try featureList.u16(0))
    for f in features where f < featureCount {
      guard try featureList.tag(2 + 6 * f) == "kern" else { continue }
      let feature = try featureList.sub(Int(try featureList.u16(2 + 6 * f + 4)))
      for l in 0..<Int(try feature.u16(2)) {
        lookupIndices.insert(Int(try feature.u16(4 + 2 * l)))
      }
    }
    let lookupCount = Int(try lookupList.u16(0))
    var lookups: [[PairSubtable]] = []
    for index in lookupIndices.sorted() where index < lookupCount {
      let lookup = try lookupList.sub(Int(try lookupList.u16(2 + 2 * index)))
      let type = try lookup.u16(0)
      var subtables: [PairSubtable] = []
      for s in 0..<Int(try lookup.u16(4)) {
        var table = try lookup.sub(Int(try lookup.u16(6 + 2 * s)))
        var subtableType = type
        if type == 9 {
          subtableType = try table.u16(2)
          table = try table.sub(Int(try table.u32(4)))
        }
        guard subtableType == 2 else { continue }
        if let subtable = try Self.readPairPos(table) { subtables.append(subtable) }
      }
      if !subtables.isEmpty { lookups.append(subtables) }
    }
    self.lookups = lookups
  }

  /// Reads one PairPos subtable (format 1 or 2; nil for other formats).
  private static func readPairPos(_ t: ByteReader) throws -> PairSubtable? {
    let format = try t.u16(0)
    let coverage = try LayoutCommon.coverage(try t.sub(Int(try t.u16(2))), table: "GPOS")
    let format1 = try t.u16(4)
    let format2 = try t.u16(6)
    let size1 = 2 * (format1 & 0xFF).nonzeroBitCount
    let size2 = 2 * (format2 & 0xFF).nonzeroBitCount
    switch format {
    case 1:
      var pairs: [(key: UInt32, value: Int32)] = []
      let setCount = Int(try t.u16(8))
      try t.check(10, 2 * setCount)
      for (i, first) in coverage.enumerated() where i < setCount {
        let set = try t.sub(Int(try t.u16(10 + 2 * i)))
        let count = Int(try set.u16(0))
        let recordSize = 2 + size1 + size2
        try set.check(2, recordSize * count)
        for r in 0..<count {
          let record = 2 + recordSize * r
          let second = try set.u16(record)
          let value = try xAdvance(set, record + 2, format1) + xAdvance(set, record + 2 + size1, format2)
          pairs.append((UInt32(first) << 16 | UInt32(second), value))
        }
      }
      return .glyphPairs(SortedPairs(pairs))
    case 2:
      let class1 = try LayoutCommon.classDefinition(try t.sub(Int(try t.u16(8))), table: "GPOS")
      let class2 = try LayoutCommon.classDefinition(try t.sub(Int(try t.u16(10))), table: "GPOS")
      let class1Count = Int(try t.u16(12))
      let class2Count = Int(try t.u16(14))
      let recordSize = size1 + size2
      try t.check(16, recordSize * class1Count * class2Count)
      var values = [Int32](repeating: 0, count: class1Count * class2Count)
      if format1 & 0x4 != 0 || format2 & 0x4 != 0 {
        for i in 0..<values.count {
          let record = 16 + recordSize * i
          values[i] = try xAdvance(t, record, format1) + xAdvance(t, record + size1, format2)
        }
      }
      var covered = [Bool](repeating: false, count: Int(coverage.max() ?? 0) + 1)
      for g in coverage { covered[Int(g)] = true }
      return .classPairs(
        ClassPairs(covered: covered, class1: class1, class2: class2, class2Count: class2Count, values: values))
    default:
      return nil
    }
  }

  /// The XAdvance field of the value record at `offset` with `format` (0 when the format has none).
  private static func xAdvance(_ t: ByteReader, _ offset: Int, _ format: UInt16) throws -> Int32 {
    guard format & 0x4 != 0 else { return 0 }
    return Int32(try t.i16(offset + 2 * (format & 0x3).nonzeroBitCount))
  }
}
