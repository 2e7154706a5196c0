/// Pair kerning from the TrueType `kern` table (format 0 subtables, horizontal, not cross-stream). Pure.
struct KerningTable: Sendable, Equatable {
  /// (left glyph << 16 | right glyph) → adjustment of the left glyph's advance, font units; sorted for bisection.
  let pairs: GlyphPositioning.SortedPairs

  /// No kerning.
  init() { pairs = GlyphPositioning.SortedPairs([]) }

  /// Whether the table has no pairs.
  var isEmpty: Bool { pairs.keys.isEmpty }

  /// Reads the OpenType (version 0) `kern` table; Apple's version 1 tables are ignored (no pairs).
  init(_ directory: TableDirectory) throws {
    guard directory.has("kern") else {
      pairs = GlyphPositioning.SortedPairs([])
      return
    }
    let kern = try directory.reader("kern")
    var pairs: [UInt32: Int32] = [:]
    guard try kern.u16(0) == 0 else {
      self.pairs = GlyphPositioning.SortedPairs([])
      return
    }
    let count = Int(try kern.u16(2))
    var offset = 4
    for _ in 0..<count {
      let length = Int(try kern.u16(offset + 2))
      let coverage = try kern.u16(offset + 4)
      let format = coverage >> 8
      // horizontal (bit 0) set; minimum (1) and cross-stream (2) clear.
      if format == 0 && coverage & 0x7 == 0x1 {
        let n = Int(try kern.u16(offset + 6))
        try kern.check(offset + 14, 6 * n)
        let override = coverage & 0x8 != 0
        for i in 0..<n {
          let record = offset + 14 + 6 * i
          let key = UInt32(try kern.u16(record)) << 16 | UInt32(try kern.u16(record + 2))
          let value = Int32(try kern.i16(record + 4))
          pairs[key] = override ? value : (pairs[key] ?? 0) + value
        }
        // The 16-bit length field overflows for big tables; the pairs end the subtable.
        offset += 14 + 6 * n
      } else {
        guard length >= 6 else { break }
        offset += length
      }
    }
    self.pairs = GlyphPositioning.SortedPairs(pairs.map { ($0.key, $0.value) })
  }

  /// The adjustment between glyphs `left` and `right`, font units.
  @inline(__always)
  func adjustment(_ left: UInt16, _ right: UInt16) -> Int32 {
    pairs.value(UInt32(left) << 16 | UInt32(right)) ?? 0
  }
}
