/// The colour bitmap strikes of a font (`CBLC`, as NotoColorEmoji ships them): only their sizes are read. Pure.
enum BitmapStrikes {
  /// The ppem of the largest strike of a font whose glyphs are only bitmaps (`CBLC` and neither `glyf`, `CFF ` nor
  /// `CFF2`); nil for an outline font or when the table has no strike. FreeType and Skia lay such a font out by
  /// scaling that strike, so a glyph's advance is its hmtx advance rounded to whole pixels at this ppem, then
  /// scaled to the size asked for.
  static func ppem(_ directory: TableDirectory) throws -> Int? {
    guard directory.has("CBLC"), !directory.has("glyf"), !directory.has("CFF "), !directory.has("CFF2") else {
      return nil
    }
    let table = try directory.reader("CBLC")
    let count = Int(try table.u32(4))
    var largest = 0
    // BitmapSize records of 48 bytes from offset 8; ppemX is byte 44 of a record.
    for index in 0..<min(count, 256) {
      largest = max(largest, Int(try table.u8(8 + 48 * index + 44)))
    }
    return largest > 0 ? largest : nil
  }
}
