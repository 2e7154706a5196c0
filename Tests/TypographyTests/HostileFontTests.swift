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

  /// Texts that exercise kerning pairs (GPOS/kern), spaces, hard breaks, non-Latin and unmapped scalars.
  static let corruptionTexts = [
    "AVATAR To Wa Yo", "Hello, World! fi fl", "\u{0421}\u{044A}\u{0435}\u{0448}\u{044C} \u{0436}\u{0435}",
    "a\nb  c\u{2028}d", "x", "\u{10FFFD}\u{4E00} LT LY PA",
  ]

  /// Lays `text` out in `font` and returns the first broken invariant, or nil: every length finite; the sizes a
  /// layout receives (width, height, line height) non-negative; height = lines × line height; the width within
  /// the offer; lines in order, covering the text's scalars without gaps or overlaps (only the hard break ending
  /// a line is left out); each line's width finite and non-negative. (Baselines are only required finite: a
  /// damaged font's ascender may lie below the top.)
  static func brokenInvariant(_ text: String, font: Font, kerning: Bool, width: SizeConstraint) -> String? {
    let layout = TextLayout(text: text, font: font, size: 13, options: TextOptions(kerning: kerning), width: width)
    let lengths = [layout.width, layout.height, layout.lineHeight, layout.ascender, layout.descender]
    if !lengths.allSatisfy(\.isFinite) { return "a non-finite length in \(lengths)" }
    if layout.width < 0 || layout.height < 0 || layout.lineHeight < 0 { return "a negative size in \(lengths)" }
    if layout.height != Double(layout.lines.count) * layout.lineHeight {
      return "height \(layout.height) for \(layout.lines.count) lines of \(layout.lineHeight)"
    }
    switch width {
    case .exactly(let w) where layout.width != w: return "width \(layout.width) offered exactly \(w)"
    case .atMost(let w) where layout.width > w: return "width \(layout.width) offered at most \(w)"
    default: break
    }
    if layout.lines.isEmpty { return "no lines" }
    let scalars = Array(text.unicodeScalars)
    // Between two lines (and after the last) only the hard break that ended the line is left out.
    let hardBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"]
    var next = 0
    for line in layout.lines {
      guard line.range.lowerBound >= next, scalars[next..<line.range.lowerBound].allSatisfy(hardBreaks.contains)
      else { return "line \(line.range) after \(next)" }
      if !(line.width.isFinite && line.width >= 0) { return "line width \(line.width)" }
      next = line.range.upperBound
    }
    if next != scalars.count { return "lines end at \(next) of \(scalars.count) scalars" }
    return nil
  }

  /// Random byte changes in the headers of the tables the parser reads. Each corrupted file either throws a
  /// `TypographyError` or parses; a file that parses is then used: every text of `corruptionTexts` is shaped
  /// and laid out with it (kerning on and off; unbounded, at most 60 pt and exactly 80 pt wide) and must keep
  /// `brokenInvariant`'s rules. Both outcomes must occur, so both paths are exercised.
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
    var laidOut = 0
    for attempt in 0..<40 {
      var copy = bytes
      var changes: [String] = []
      for _ in 0..<(1 + random.below(6)) {
        let (start, length) = regions[random.below(regions.count)]
        let at = start + random.below(length)
        copy[at] = UInt8(truncatingIfNeeded: random.next())
        changes.append("\(at)=\(copy[at])")
      }
      let font: Font
      do {
        font = try Font(bytes: copy)
      } catch {
        #expect(error is TypographyError, "seed \(seed) file \(attempt) (\(changes)): \(error)")
        continue
      }
      parsed += 1
      for text in Self.corruptionTexts {
        for kerning in [false, true] {
          for width in [SizeConstraint.unbounded, .atMost(60), .exactly(80)] {
            let broken = Self.brokenInvariant(text, font: font, kerning: kerning, width: width)
            #expect(broken == nil, "seed \(seed) file \(attempt) (\(changes)) \(text) \(width) kerning \(kerning)")
            laidOut += 1
          }
        }
      }
    }
    print("seed \(seed): \(parsed) of 40 corrupted files still parsed and laid out \(laidOut) texts; the rest threw")
    #expect(parsed > 0 && parsed < 40, "seed \(seed): \(parsed) of 40 parsed; both outcomes must occur")
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
