import Foundation
import Testing

@testable import Typography

/// TrueType/OpenType collections (`ttcf`): a collection built here from two DejaVu files, and the installed Noto
/// Sans CJK collections (fonts-noto-cjk: ten CFF-outline faces per file). Expected advances were read from the files
/// with Python's `struct` (cmap format 4/12, hmtx) and `fc-query -f '%{index} %{family[0]}\n'`, not from layoutd.
@Suite struct FontCollectionTests {
  /// Where fonts-noto-cjk installs its collections.
  static let notoDirectory = "/usr/share/fonts/opentype/noto"

  /// A `ttcf` file holding `fonts` in order: the 12-byte header plus one offset per face, then each font's bytes
  /// (4-byte aligned) with the offsets of its table records moved by where the font now starts, as a collection's
  /// table offsets count from the start of the file.
  static func collection(_ fonts: [[UInt8]]) -> [UInt8] {
    func u32(_ v: Int) -> [UInt8] {
      [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    var header: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0] + u32(fonts.count)
    var body: [UInt8] = []
    var start = 12 + 4 * fonts.count
    for font in fonts {
      header += u32(start)
      var copy = font
      let tables = Int(font[4]) << 8 | Int(font[5])
      for k in 0..<tables {
        let at = 12 + 16 * k + 8
        let offset = Int(font[at]) << 24 | Int(font[at + 1]) << 16 | Int(font[at + 2]) << 8 | Int(font[at + 3])
        copy.replaceSubrange(at..<at + 4, with: u32(offset + start))
      }
      while copy.count % 4 != 0 { copy.append(0) }
      body += copy
      start += copy.count
    }
    return header + body
  }

  @Test func builtCollectionHasBothFaces() throws {
    let regular = try Support.bytes("DejaVuSans.ttf")
    let bold = try Support.bytes("DejaVuSans-Bold.ttf")
    let bytes = Self.collection([regular, bold])
    #expect(try TableDirectory.fontCount(bytes: bytes) == 2)
    let first = try Font(bytes: bytes, fontIndex: 0)
    let second = try Font(bytes: bytes, fontIndex: 1)
    #expect(first.family == "DejaVu Sans" && first.weight == 400)
    #expect(second.family == "DejaVu Sans" && second.weight == 700)
    // hmtx of glyph 68 ('a'): 1255 in DejaVuSans.ttf, 1382 in DejaVuSans-Bold.ttf (2048 units per em).
    #expect(first.advance(of: "a") == 1255)
    #expect(second.advance(of: "a") == 1382)
    #expect(first.identifier != second.identifier)
    #expect(throws: TypographyError.self) { try Font(bytes: bytes, fontIndex: 2) }
    #expect(throws: TypographyError.self) { try Font(bytes: bytes, fontIndex: -1) }
    // A collection whose count promises a face past the end of the file is an error, not a trap.
    var truncated = Array(bytes.prefix(16))
    truncated[11] = 9
    #expect(throws: TypographyError.self) { try Font(bytes: truncated, fontIndex: 5) }
  }

  @Test func registryFindsEachFaceOfABuiltCollection() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-ttc-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let bytes = Self.collection([try Support.bytes("DejaVuSans.ttf"), try Support.bytes("DejaVuSans-Bold.ttf")])
    try Data(bytes).write(to: directory.appendingPathComponent("pair.ttc"))
    let registry = FontRegistry(directories: [directory.path])
    let bold = try registry.font(family: "DejaVu Sans", weight: 700)
    #expect(bold.weight == 700)
    #expect(bold.identifier.hasSuffix("pair.ttc#1"))
    #expect(try registry.font(family: "DejaVu Sans").identifier.hasSuffix("pair.ttc#0"))
    // "aa" in the bold face at 16 pt: 2 × 1382 × 16 / 2048 = 21.59375 (a multiple of 1/64).
    let layout = try registry.layout(text: "aa", family: "DejaVu Sans", weight: 700, size: 16, width: .unbounded)
    #expect(layout.width == 21.59375)
  }

  /// The bytes of an installed Noto Sans CJK collection; fails the test when fonts-noto-cjk is missing.
  static func noto(_ file: String) throws -> [UInt8] {
    let path = "\(notoDirectory)/\(file)"
    let data = try #require(FileManager.default.contents(atPath: path), "\(path) missing: install fonts-noto-cjk")
    return [UInt8](data)
  }

  @Test func notoSansCJKCollection() throws {
    let bytes = try Self.noto("NotoSansCJK-Regular.ttc")
    #expect(try TableDirectory.fontCount(bytes: bytes) == 10)
    // fc-query: indices 0…4 Noto Sans CJK JP, KR, SC, TC, HK; 5…9 the Mono faces in the same order. CFF outlines
    // ('OTTO' faces), 1000 units per em.
    let families = [
      "Noto Sans CJK JP", "Noto Sans CJK KR", "Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK HK",
      "Noto Sans Mono CJK JP", "Noto Sans Mono CJK KR", "Noto Sans Mono CJK SC", "Noto Sans Mono CJK TC",
      "Noto Sans Mono CJK HK",
    ]
    for (index, family) in families.enumerated() {
      let font = try Font(bytes: bytes, fontIndex: index)
      #expect(font.family == family)
      #expect(font.unitsPerEm == 1000 && font.weight == 400)
    }
    let jp = try Font(bytes: bytes, fontIndex: 0)
    // hmtx: U+4E00 → glyph 9481, advance 1000; U+AC00 → glyph 47611, advance 920; hhea 1160 / -288 / 0.
    #expect(jp.glyph(for: "\u{4E00}") == 9481 && jp.advance(of: "\u{4E00}") == 1000)
    #expect(jp.glyph(for: "\u{AC00}") == 47611 && jp.advance(of: "\u{AC00}") == 920)
    #expect(jp.ascender == 1160 && jp.descender == -288 && jp.lineGap == 0)
    // "一가" at 20 pt: (1000 + 920) × 20 / 1000 = 38.4, rounded up to 1/64: 38.40625. Line height: ascent
    // round(23.2) = 23 + descent round(5.76) = 6 = 29.
    let layout = TextLayout(text: "\u{4E00}\u{AC00}", font: jp, size: 20, width: .unbounded)
    #expect(layout.width == 38.40625)
    #expect(layout.height == 29)
  }

  @Test func registryFindsCJKFacesByFamilyWeightAndStyle() throws {
    _ = try Self.noto("NotoSansCJK-Bold.ttc")
    let registry = FontRegistry(directories: [Self.notoDirectory])
    let kr = try registry.font(family: "Noto Sans CJK KR", weight: 700)
    #expect(kr.identifier == "\(Self.notoDirectory)/NotoSansCJK-Bold.ttc#1")
    #expect(kr.weight == 700 && kr.family == "Noto Sans CJK KR")
    let tc = try registry.font(family: "noto sans cjk tc")
    #expect(tc.identifier == "\(Self.notoDirectory)/NotoSansCJK-Regular.ttc#3")
    // No italic face: the upright ones remain (CSS Fonts 4 §5.2 style step); weight 500 with no face in 500…500
    // takes the nearest lighter weight, 400 (Regular), before the heavier 700.
    let medium = try registry.font(family: "Noto Sans Mono CJK HK", weight: 500, italic: true)
    #expect(medium.identifier == "\(Self.notoDirectory)/NotoSansCJK-Regular.ttc#9")
  }
}
