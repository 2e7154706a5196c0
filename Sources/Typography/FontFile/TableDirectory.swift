/// The sfnt table directory of one font: where each table lives in the file. Pure.
struct TableDirectory: Sendable {
  /// The font file.
  let bytes: [UInt8]
  /// Table tag → (absolute offset, length), as the directory states them (checked only when a table is read).
  let tables: [String: (offset: Int, length: Int)]

  /// Reads the directory of the font at index `fontIndex` (0 unless the file is a TrueType collection).
  init(bytes: [UInt8], fontIndex: Int = 0) throws {
    self.bytes = bytes
    let file = ByteReader(bytes: bytes)
    var start = 0
    let magic = try file.u32(0)
    if magic == 0x7474_6366 {  // 'ttcf'
      let numFonts = Int(try file.u32(8))
      guard fontIndex >= 0, fontIndex < numFonts else {
        throw TypographyError.invalidTable(table: "ttcf", reason: "font index \(fontIndex) of \(numFonts)")
      }
      start = Int(try file.u32(12 + 4 * fontIndex))
    }
    let version = try file.u32(start)
    guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else {  // 1.0, 'OTTO', 'true'
      throw TypographyError.unsupportedFormat(tag: version)
    }
    let numTables = Int(try file.u16(start + 4))
    var tables: [String: (offset: Int, length: Int)] = [:]
    for i in 0..<numTables {
      let record = start + 12 + 16 * i
      let tag = try file.tag(record)
      tables[tag] = (Int(try file.u32(record + 8)), Int(try file.u32(record + 12)))
    }
    self.tables = tables
  }

  /// The number of fonts in the file: the collection's count, or 1 for a single font.
  static func fontCount(bytes: [UInt8]) throws -> Int {
    let file = ByteReader(bytes: bytes)
    guard try file.u32(0) == 0x7474_6366 else { return 1 }
    return Int(try file.u32(8))
  }

  /// Whether the font has table `tag`.
  func has(_ tag: String) -> Bool { tables[tag] != nil }

  /// A bounds-checked reader over table `tag`; throws `missingTable` when absent, `truncatedFont` when it overruns.
  func reader(_ tag: String) throws -> ByteReader {
    guard let entry = tables[tag] else { throw TypographyError.missingTable(tag) }
    return try ByteReader(bytes: bytes, base: entry.offset, length: entry.length, table: tag)
  }
}
