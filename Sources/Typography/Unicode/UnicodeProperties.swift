/// The Unicode properties of one code point that grapheme clustering and line breaking need, looked up in the
/// generated two-stage table (`UnicodePropertyTables`). Pure; the table is decoded once, on first use, and then
/// shared read-only by every thread.
struct UnicodeProperties: Sendable, Hashable {
  /// The packed value: bits 0–5 Line_Break, 6–9 Grapheme_Cluster_Break, 10 Extended_Pictographic, 11 East Asian
  /// wide open/close parenthesis, 12 unassigned Extended_Pictographic (see Tests/Unicode/generate-tables.py).
  let packed: UInt16

  /// The properties of `scalar`.
  @inline(__always)
  static func of(_ scalar: Unicode.Scalar) -> UnicodeProperties {
    Lookup.shared.properties(of: scalar.value)
  }

  /// The Line_Break class (UAX #14), before any resolution of LB1.
  var lineBreak: LineBreakClass {
    LineBreakClass(rawValue: UInt8(truncatingIfNeeded: packed & 0x3F)) ?? .unknown
  }

  /// The Grapheme_Cluster_Break property (UAX #29).
  var graphemeBreak: GraphemeBreakProperty {
    GraphemeBreakProperty(rawValue: UInt8(truncatingIfNeeded: packed >> 6 & 0xF)) ?? .other
  }

  /// Extended_Pictographic (emoji-data.txt): emoji and pictographs, for GB11 (ZWJ sequences).
  var isExtendedPictographic: Bool { packed & 0x400 != 0 }

  /// An open or close parenthesis (OP or CP) of East Asian width F, W or H, which UAX #14 LB30 leaves breakable.
  var isEastAsianWideParenthesis: Bool { packed & 0x800 != 0 }

  /// An unassigned (gc = Cn) Extended_Pictographic code point, which UAX #14 LB30b keeps with a following EM.
  var isUnassignedPictographic: Bool { packed & 0x1000 != 0 }

  /// The decoded table. Pure; immutable after its one-time initialisation.
  struct Lookup: Sendable {
    /// The shared decoded table (built on first use, thread-safe as any global).
    static let shared = Lookup()

    /// log2 of the block size.
    let shift: Int
    /// `blockSize - 1`.
    let mask: UInt32
    /// For each block of code points, the offset of its entries in `entries`.
    let blockStarts: [Int32]
    /// The packed properties of each code point of each distinct block.
    let entries: [UInt16]

    /// Decodes `UnicodePropertyTables`.
    init() {
      let tables = UnicodePropertyTables.self
      self.init(
        blockSize: tables.blockSize, stage1Width: tables.stage1Width, stage1: tables.stage1, stage2: tables.stage2,
        rows: tables.rows)
    }

    /// Decodes a two-stage table written by Tests/Unicode/generate-tables.py in `UnicodePropertyTables.alphabet`.
    init(blockSize: Int, stage1Width: Int, stage1: String, stage2: String, rows: [UInt16]) {
      var digitValue = [UInt8](repeating: 0, count: 128)
      for (index, byte) in UnicodePropertyTables.alphabet.utf8.enumerated() where byte < 128 {
        digitValue[Int(byte)] = UInt8(truncatingIfNeeded: index)
      }
      let base = UnicodePropertyTables.alphabet.utf8.count
      shift = blockSize.trailingZeroBitCount
      mask = UInt32(truncatingIfNeeded: blockSize - 1)
      var starts: [Int32] = []
      starts.reserveCapacity(0x110000 >> shift)
      var value = 0
      var digits = 0
      for byte in stage1.utf8 where byte > 0x20 && byte < 128 {
        value = value * base + Int(digitValue[Int(byte)])
        digits += 1
        if digits == stage1Width {
          starts.append(Int32(truncatingIfNeeded: value << shift))
          value = 0
          digits = 0
        }
      }
      blockStarts = starts
      var entries: [UInt16] = []
      entries.reserveCapacity(stage2.utf8.count)
      for byte in stage2.utf8 where byte > 0x20 && byte < 128 {
        let row = Int(digitValue[Int(byte)])
        entries.append(row < rows.count ? rows[row] : 0)
      }
      self.entries = entries
    }

    /// The properties of code point `value` (values past U+10FFFF, which no scalar has, get those of XX/Other).
    @inline(__always)
    func properties(of value: UInt32) -> UnicodeProperties {
      UnicodeProperties(packed: packed(of: value))
    }

    /// The packed value of code point `value` (0 past U+10FFFF).
    @inline(__always)
    func packed(of value: UInt32) -> UInt16 {
      let block = Int(value >> UInt32(truncatingIfNeeded: shift))
      guard block < blockStarts.count else { return 0 }
      let index = Int(blockStarts[block]) + Int(value & mask)
      return index < entries.count ? entries[index] : 0
    }
  }
}
