/// The Unicode → glyph mapping of a font, from the best Unicode subtable of `cmap` (format 12 or 4). Pure.
///
/// The Basic Multilingual Plane is expanded into a 65,536-entry table so that layout looks glyphs up by index;
/// supplementary planes are binary-searched in the format 12 groups. A reference type, immutable: a font's lookups
/// share its one table without copying (and reference-counting) its arrays per character.
final class CharacterMap: Sendable, Equatable {
  /// Glyph id of every BMP code point (0 = .notdef, i.e. not mapped).
  let bmp: [UInt16]
  /// Supplementary-plane ranges (sorted, non-overlapping): code points `start...end` map to `glyph + (c − start)`.
  let supplementary: [Group]
  /// The (platform, encoding, format) of the subtable used.
  let source: (platform: UInt16, encoding: UInt16, format: UInt16)

  /// One format 12 group.
  struct Group: Sendable, Equatable {
    /// First code point.
    var start: UInt32
    /// Last code point (inclusive).
    var end: UInt32
    /// Glyph id of `start`.
    var glyph: UInt32
  }

  /// Compares the mappings.
  static func == (a: CharacterMap, b: CharacterMap) -> Bool {
    a.bmp == b.bmp && a.supplementary == b.supplementary
  }

  /// The glyph id of `scalar` (0 when the font does not map it).
  @inline(__always)
  func glyph(_ scalar: UInt32) -> UInt16 {
    if scalar < 0x10000 { return bmp[Int(scalar)] }
    var low = 0
    var high = supplementary.count
    while low < high {
      let mid = (low + high) / 2
      let group = supplementary[mid]
      if scalar < group.start {
        high = mid
      } else if scalar > group.end {
        low = mid + 1
      } else {
        let id = group.glyph &+ (scalar - group.start)
        return id <= 0xFFFF ? UInt16(id) : 0
      }
    }
    return 0
  }

  /// Reads `cmap`, picking the best Unicode subtable: (3,10) or (0,4) format 12, then (3,1) or (0,x) format 4,
  /// then a (3,0) symbol subtable.
  init(_ directory: TableDirectory) throws {
    let cmap = try directory.reader("cmap")
    let count = Int(try cmap.u16(2))
    var chosen: (rank: Int, offset: Int, platform: UInt16, encoding: UInt16, format: UInt16)?
    for i in 0..<count {
      let record = 4 + 8 * i
      let platform = try cmap.u16(record)
      let encoding = try cmap.u16(record + 2)
      let offset = Int(try cmap.u32(record + 4))
      guard let format = try? cmap.u16(offset) else { continue }
      guard let rank = Self.rank(platform: platform, encoding: encoding, format: format) else { continue }
      if chosen == nil || rank < (chosen?.rank ?? .max) {
        chosen = (rank, offset, platform, encoding, format)
      }
    }
    guard let pick = chosen else {
      throw TypographyError.invalidTable(table: "cmap", reason: "no Unicode subtable of format 4 or 12")
    }
    let table = try cmap.sub(pick.offset)
    var bmp = [UInt16](repeating: 0, count: 0x10000)
    var supplementary: [Group] = []
    if pick.format == 12 {
      try Self.readFormat12(table, bmp: &bmp, supplementary: &supplementary)
    } else {
      try Self.readFormat4(table, bmp: &bmp)
    }
    self.bmp = bmp
    self.supplementary = supplementary
    self.source = (pick.platform, pick.encoding, pick.format)
  }

  /// Preference of a subtable (lower is better), nil for subtables we cannot use.
  private static func rank(platform: UInt16, encoding: UInt16, format: UInt16) -> Int? {
    switch (platform, encoding, format) {
    case (3, 10, 12): return 0
    case (0, 4, 12), (0, 6, 12): return 1
    case (3, 1, 4): return 2
    case (0, _, 4): return 3
    case (3, 0, 4): return 4
    default: return nil
    }
  }

  /// Fills `bmp` from a format 4 subtable (segment mapping to delta values); overlapping segments are skipped.
  private static func readFormat4(_ t: ByteReader, bmp: inout [UInt16]) throws {
    let segCount = Int(try t.u16(6)) / 2
    let ends = 14
    let starts = ends + 2 * segCount + 2
    let deltas = starts + 2 * segCount
    let rangeOffsets = deltas + 2 * segCount
    try t.check(ends, 8 * segCount + 2)
    var next = 0  // lowest code point not yet covered by an earlier segment
    for s in 0..<segCount {
      let end = Int(try t.u16(ends + 2 * s))
      let start = max(Int(try t.u16(starts + 2 * s)), next)
      guard start <= end else { continue }
      let delta = try t.u16(deltas + 2 * s)
      let rangeOffsetPosition = rangeOffsets + 2 * s
      let rangeOffset = Int(try t.u16(rangeOffsetPosition))
      let segmentStart = Int(try t.u16(starts + 2 * s))
      for c in start...end where c != 0xFFFF {
        if rangeOffset == 0 {
          bmp[c] = UInt16(truncatingIfNeeded: c) &+ delta
        } else {
          let address = rangeOffsetPosition + rangeOffset + 2 * (c - segmentStart)
          guard let g = try? t.u16(address) else { break }  // a hostile offset ends this segment
          bmp[c] = g == 0 ? 0 : g &+ delta
        }
      }
      next = end + 1
    }
  }

  /// Fills `bmp` and `supplementary` from a format 12 subtable (segmented coverage); groups must ascend.
  private static func readFormat12(_ t: ByteReader, bmp: inout [UInt16], supplementary: inout [Group]) throws {
    let numGroups = Int(try t.u32(12))
    try t.check(16, 12 * numGroups)
    var next: UInt32 = 0
    for i in 0..<numGroups {
      let record = 16 + 12 * i
      let first = try t.u32(record)
      let last = try t.u32(record + 4)
      let glyph = try t.u32(record + 8)
      let start = max(first, next)
      guard start <= last, last <= 0x10FFFF else { continue }
      if start < 0x10000 {
        for c in start...min(last, 0xFFFF) {
          let id = glyph &+ (c - first)
          bmp[Int(c)] = id <= 0xFFFF ? UInt16(id) : 0
        }
      }
      if last >= 0x10000 {
        let s = max(start, 0x10000)
        supplementary.append(Group(start: s, end: last, glyph: glyph &+ (s - first)))
      }
      next = last &+ 1
    }
  }
}
