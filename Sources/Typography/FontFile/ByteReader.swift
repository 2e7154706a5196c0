/// Bounds-checked big-endian reads over a slice of font bytes; every read past the end throws. Pure.
///
/// Offsets are relative to `base`, the start of the table being read, and checked against `end`, the end of that
/// table, so a bogus offset inside one table can never read another table or outside the file.
struct ByteReader: Sendable {
  /// The whole font file.
  let bytes: [UInt8]
  /// Where this reader's table starts in `bytes`.
  let base: Int
  /// One past the last byte this reader may read.
  let end: Int
  /// The table tag, for error messages.
  let table: String

  /// A reader over the whole of `bytes`.
  init(bytes: [UInt8], table: String = "sfnt") {
    self.bytes = bytes
    self.base = 0
    self.end = bytes.count
    self.table = table
  }

  /// A reader over `length` bytes at absolute offset `base`; throws when that range is not inside the file.
  init(bytes: [UInt8], base: Int, length: Int, table: String) throws {
    guard base >= 0, length >= 0, base <= bytes.count, length <= bytes.count - base else {
      throw TypographyError.truncatedFont(table: table, offset: base, length: length, size: bytes.count)
    }
    self.bytes = bytes
    self.base = base
    self.end = base + length
    self.table = table
  }

  /// The number of bytes this reader covers.
  var count: Int { end - base }

  /// A reader for the sub-range starting at relative `offset` up to this reader's end.
  func sub(_ offset: Int) throws -> ByteReader {
    try check(offset, 0)
    return try ByteReader(bytes: bytes, base: base + offset, length: end - base - offset, table: table)
  }

  /// Throws unless `length` bytes at relative `offset` are readable.
  func check(_ offset: Int, _ length: Int) throws {
    guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
      throw TypographyError.truncatedFont(table: table, offset: offset, length: length, size: count)
    }
  }

  /// The unsigned byte at relative `offset`.
  func u8(_ offset: Int) throws -> UInt8 {
    try check(offset, 1)
    return bytes[base + offset]
  }

  /// The big-endian `uint16` at relative `offset`.
  func u16(_ offset: Int) throws -> UInt16 {
    try check(offset, 2)
    let i = base + offset
    return UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
  }

  /// The big-endian `int16` at relative `offset`.
  func i16(_ offset: Int) throws -> Int16 {
    Int16(bitPattern: try u16(offset))
  }

  /// The big-endian `uint32` at relative `offset`.
  func u32(_ offset: Int) throws -> UInt32 {
    try check(offset, 4)
    let i = base + offset
    return UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
  }

  /// The four-character tag at relative `offset`, as a string (bytes taken as Latin-1).
  func tag(_ offset: Int) throws -> String {
    try check(offset, 4)
    let i = base + offset
    return String(decoding: bytes[i..<(i + 4)].map { UInt16($0) }, as: UTF16.self)
  }
}
