import TestSupport
import Testing

@testable import Typography

/// Truncated and corrupted font bytes must give a `TypographyError`, never a crash or a hang.
@Suite struct HostileFontTests {
  /// The seeded generator shared by the tests, so failures reproduce from the printed seed.
  typealias SplitMix = SeededGenerator

  /// Parses `bytes`; returns the error, or nil when the bytes parse.
  func parse(_ bytes: [UInt8]) -> TypographyError? {
    do {
      _ = try Font(bytes: bytes)
      return nil
    } catch let error as TypographyError {
      return error
    } catch {
      Issue.record("unexpected error type \(error)")
      return nil
    }
  }

  @Test func emptyAndForeignBytes() {
    #expect(
      parse([])?.description
        == "truncated font: reading 4 bytes at offset 0 of table 'sfnt' runs past the end (0 bytes)")
    #expect(parse(Array("<html></html>".utf8))?.description == "not a TrueType/OpenType font (starts with 0x3c68746d)")
  }

  @Test func truncatedFiles() throws {
    let bytes = try Support.bytes("DejaVuSans.ttf")
    let directory = try TableDirectory(bytes: bytes)
    let needed = ["head", "hhea", "maxp", "OS/2", "name", "cmap", "hmtx", "GPOS", "kern"]
    let requiredEnd = needed.compactMap { directory.tables[$0] }.map { $0.offset + $0.length }.max() ?? 0
    var lengths = Array(0..<80)
    lengths += stride(from: 80, to: requiredEnd, by: max(1, requiredEnd / 150)).map { $0 }
    lengths.append(requiredEnd - 1)
    for length in lengths {
      #expect(parse(Array(bytes[0..<length])) != nil, "a file cut at \(length) bytes parsed")
    }
  }

  @Test func offsetsPastTheEnd() throws {
    var bytes = try Support.bytes("DejaVuSans.ttf")
    let directory = try TableDirectory(bytes: bytes)
    let numTables = Int(bytes[4]) << 8 | Int(bytes[5])
    for i in 0..<numTables where String(decoding: bytes[(12 + 16 * i)..<(16 + 16 * i)], as: UTF8.self) == "cmap" {
      // offset = 0x7FFFFF00
      bytes.replaceSubrange((20 + 16 * i)..<(24 + 16 * i), with: [0x7F, 0xFF, 0xFF, 0x00])
    }
    let length = try #require(directory.tables["cmap"]).length
    #expect(
      parse(bytes)?.description
        == "truncated font: reading \(length) bytes at offset 2147483392 of table 'cmap' runs past the end "
        + "(\(bytes.count) bytes)")
  }

  @Test func hugeCounts() throws {
    let bytes = try Support.bytes("DejaVuSans.ttf")
    let directory = try TableDirectory(bytes: bytes)
    let font = try Support.dejaVuSans.get()
    // numGroups of the format 12 subtable = 0xFFFFFFFF: must be rejected before looping.
    let cmap = try #require(directory.tables["cmap"])
    let reader = try directory.reader("cmap")
    var subtable = -1
    for i in 0..<Int(try reader.u16(2)) where try reader.u16(4 + 8 * i) == 3 && reader.u16(6 + 8 * i) == 10 {
      subtable = cmap.offset + Int(try reader.u32(8 + 8 * i))
    }
    #expect(subtable > 0 && font.characterMap?.source.format == 12)
    var patched = bytes
    patched.replaceSubrange((subtable + 12)..<(subtable + 16), with: [0xFF, 0xFF, 0xFF, 0xFF])
    #expect(
      parse(patched)?.description.hasPrefix("truncated font: reading 51539607540 bytes at offset 16 of table 'cmap'")
        == true)
    // unitsPerEm = 0.
    var head = bytes
    let headOffset = try #require(directory.tables["head"]).offset
    head.replaceSubrange((headOffset + 18)..<(headOffset + 20), with: [0, 0])
    #expect(parse(head)?.description == "invalid 'head' table: unitsPerEm 0 outside 16…16384")
    // A missing table.
    var noHmtx = bytes
    for i in 0..<directory.tables.count
    where String(decoding: bytes[(12 + 16 * i)..<(16 + 16 * i)], as: UTF8.self) == "hmtx" {
      noHmtx.replaceSubrange((12 + 16 * i)..<(16 + 16 * i), with: Array("xxxx".utf8))
    }
    #expect(parse(noHmtx)?.description == "font has no 'hmtx' table")
  }

  @Test(arguments: [1, 2, 3])
  func randomCorruption(seed: UInt64) throws {
    let bytes = try Support.bytes("DejaVuSans.ttf")
    let directory = try TableDirectory(bytes: bytes)
    // Headers of the tables we read, where a bad value changes offsets and counts.
    let regions =
      [(0, 12 + 16 * directory.tables.count)]
      + ["cmap", "GPOS", "kern", "name", "hhea", "head", "OS/2", "maxp"].compactMap { directory.tables[$0] }
      .map { ($0.offset, min($0.length, 512)) }
    var random = SplitMix(state: seed)
    var parsed = 0
    for _ in 0..<40 {
      var copy = bytes
      for _ in 0..<(1 + random.below(6)) {
        let (start, length) = regions[random.below(regions.count)]
        copy[start + random.below(length)] = UInt8(truncatingIfNeeded: random.next())
      }
      if parse(copy) == nil { parsed += 1 }
    }
    print("seed \(seed): \(parsed) of 40 corrupted files still parsed; the rest threw")
  }

  @Test func layoutWithCorruptedButParsedFont() throws {
    // Glyph ids out of range of hmtx, zero-width fonts and NaN widths must lay out without trapping.
    let font = try Support.dejaVuSans.get()
    let layout = TextLayout(text: "abc\u{10FFFD}", font: font, size: 12, width: .atMost(.nan))
    #expect(layout.lines.count == 1)
    let nanSize = TextLayout(text: "ab cd", font: font, size: .nan, width: .atMost(10))
    #expect(nanSize.width == 0 && nanSize.height == 0 && nanSize.lines.count == 1)
    let negative = TextLayout(text: "ab cd", font: font, size: 12, width: .atMost(-5))
    #expect(negative.lines.count == 2 && negative.width == 0)
  }
}
