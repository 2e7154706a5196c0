import Foundation
import Testing

@testable import Typography

/// The generated Unicode property tables: their shape, a few known values, and, when the UCD is installed
/// (Debian package unicode-data), every code point against the UCD files and the committed file against a fresh
/// run of Tests/Unicode/generate-tables.py. Without the package those two tests are reported as skipped, with the
/// reason.
@Suite struct UnicodeTablesTests {
  /// Where Debian's unicode-data installs the UCD.
  static let ucd = "/usr/share/unicode"
  /// Whether the UCD files the generator reads are installed.
  /// With `CI=true` the tests run even without it (and fail): in CI a skip is a failure (run-all installs it).
  static let ucdInstalled =
    ["LineBreak.txt", "auxiliary/GraphemeBreakProperty.txt", "emoji/emoji-data.txt"]
    .allSatisfy { FileManager.default.fileExists(atPath: "\(ucd)/\($0)") }
    || ProcessInfo.processInfo.environment["CI"] == "true"
  /// The repository root, located from this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// The python3 executable on PATH, if any.
  static let python: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

  @Test func enumOrderMatchesGenerator() {
    let lineBreak: [LineBreakClass: String] = [
      .unknown: "XX", .ambiguous: "AI", .alphabetic: "AL", .breakBoth: "B2", .breakAfter: "BA", .breakBefore: "BB",
      .mandatoryBreak: "BK", .contingentBreak: "CB", .conditionalJapaneseStarter: "CJ", .closePunctuation: "CL",
      .combiningMark: "CM", .closeParenthesis: "CP", .carriageReturn: "CR", .emojiBase: "EB", .emojiModifier: "EM",
      .exclamation: "EX", .glue: "GL", .hangulLV: "H2", .hangulLVT: "H3", .hebrewLetter: "HL", .hyphen: "HY",
      .ideographic: "ID", .inseparable: "IN", .infixSeparator: "IS", .hangulL: "JL", .hangulT: "JT", .hangulV: "JV",
      .lineFeed: "LF", .nextLine: "NL", .nonstarter: "NS", .numeric: "NU", .openPunctuation: "OP",
      .postfixNumeric: "PO", .prefixNumeric: "PR", .quotation: "QU", .regionalIndicator: "RI",
      .complexContext: "SA", .surrogate: "SG", .space: "SP", .symbol: "SY", .wordJoiner: "WJ",
      .zeroWidthSpace: "ZW", .zeroWidthJoiner: "ZWJ",
    ]
    #expect(LineBreakClass.allCases.count == UnicodePropertyTables.lineBreakClasses.count)
    for lineBreakClass in LineBreakClass.allCases {
      #expect(lineBreakClass.abbreviation == lineBreak[lineBreakClass], "\(lineBreakClass)")
    }
    let grapheme: [GraphemeBreakProperty: String] = [
      .other: "Other", .carriageReturn: "CR", .lineFeed: "LF", .control: "Control", .extend: "Extend",
      .zeroWidthJoiner: "ZWJ", .regionalIndicator: "Regional_Indicator", .prepend: "Prepend",
      .spacingMark: "SpacingMark", .hangulL: "L", .hangulV: "V", .hangulT: "T", .hangulLV: "LV", .hangulLVT: "LVT",
    ]
    #expect(GraphemeBreakProperty.allCases.count == UnicodePropertyTables.graphemeBreakProperties.count)
    for property in GraphemeBreakProperty.allCases {
      #expect(property.name == grapheme[property], "\(property)")
    }
  }

  @Test func tableShape() {
    let lookup = UnicodeProperties.Lookup.shared
    let blockSize = UnicodePropertyTables.blockSize
    #expect(lookup.blockStarts.count == 0x110000 / blockSize)
    #expect(lookup.entries.count % blockSize == 0)
    #expect(lookup.blockStarts.allSatisfy { $0 >= 0 && Int($0) + blockSize <= lookup.entries.count })
    #expect(UnicodePropertyTables.unicodeVersion == "15.0.0")
  }

  /// (scalar, Line_Break, Grapheme_Cluster_Break, Extended_Pictographic) for a few characters of each kind.
  @Test(arguments: [
    (0x61, "AL", "Other", false), (0x20, "SP", "Other", false), (0x0D, "CR", "CR", false),
    (0x0308, "CM", "Extend", false), (0x200D, "ZWJ", "ZWJ", false), (0x00AD, "BA", "Control", false),
    (0x00A0, "GL", "Other", false), (0x1F1E6, "RI", "Regional_Indicator", false), (0x1F44D, "EB", "Other", true),
    (0x1F3FB, "EM", "Extend", false), (0x2764, "ID", "Other", true), (0x3041, "CJ", "Other", false),
    (0x4E00, "ID", "Other", false), (0xAC00, "H2", "LV", false), (0xAC01, "H3", "LVT", false),
    (0x0E01, "SA", "Other", false), (0x0E31, "CM", "Extend", false), (0x0600, "AL", "Prepend", false),
    (0x05D0, "HL", "Other", false), (0x2014, "B2", "Other", false), (0x10FFFF, "XX", "Other", false),
  ])
  func knownValues(value: UInt32, lineBreak: String, grapheme: String, pictographic: Bool) throws {
    let properties = UnicodeProperties.of(try #require(Unicode.Scalar(value)))
    #expect(properties.lineBreak.abbreviation == lineBreak)
    #expect(properties.graphemeBreak.name == grapheme)
    #expect(properties.isExtendedPictographic == pictographic)
  }

  @Test func flagsForLB30AndLB30b() throws {
    #expect(!UnicodeProperties.of("(").isEastAsianWideParenthesis)
    #expect(UnicodeProperties.of("\u{FF08}").isEastAsianWideParenthesis)  // fullwidth left parenthesis
    #expect(UnicodeProperties.of("\u{1FFFD}").isUnassignedPictographic)
    #expect(!UnicodeProperties.of("\u{1F44D}").isUnassignedPictographic)
  }

  /// Fills `values` from a UCD file's `range; value` lines, mapping each value with `map` (nil: skip the line).
  static func fill<T>(_ values: inout [T], file: String, _ map: (String) -> T?) throws {
    let text = try String(contentsOfFile: "\(ucd)/\(file)", encoding: .utf8)
    for line in text.split(separator: "\n") {
      let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count >= 2, let value = map(fields[1]) else { continue }
      let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true).compactMap { Int($0, radix: 16) }
      guard let first = bounds.first, let last = bounds.last else { continue }
      for codePoint in first...last { values[codePoint] = value }
    }
  }

  @Test(.enabled(if: ucdInstalled, "UCD not installed at /usr/share/unicode (apt-get install unicode-data)"))
  func everyCodePointMatchesTheUCD() throws {
    let classes = Dictionary(uniqueKeysWithValues: LineBreakClass.allCases.map { ($0.abbreviation, $0) })
    let properties = Dictionary(uniqueKeysWithValues: GraphemeBreakProperty.allCases.map { ($0.name, $0) })
    var lineBreak = [LineBreakClass](repeating: .unknown, count: 0x110000)
    try Self.fill(&lineBreak, file: "LineBreak.txt") { classes[$0] }
    var grapheme = [GraphemeBreakProperty](repeating: .other, count: 0x110000)
    try Self.fill(&grapheme, file: "auxiliary/GraphemeBreakProperty.txt") { properties[$0] }
    var pictographic = [Bool](repeating: false, count: 0x110000)
    try Self.fill(&pictographic, file: "emoji/emoji-data.txt") { $0 == "Extended_Pictographic" ? true : nil }
    var mismatches: [String] = []
    let lookup = UnicodeProperties.Lookup.shared
    for codePoint in 0..<0x110000 {
      let found = lookup.properties(of: UInt32(codePoint))
      var expected = lineBreak[codePoint]
      if expected == .complexContext && found.lineBreak == .combiningMark { expected = .combiningMark }  // Mn, Mc
      if found.lineBreak != expected || found.graphemeBreak != grapheme[codePoint]
        || found.isExtendedPictographic != pictographic[codePoint]
      {
        mismatches.append(String(codePoint, radix: 16, uppercase: true))
      }
    }
    print("UnicodePropertyTables: 1114112 code points checked against \(Self.ucd), \(mismatches.count) mismatches")
    #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(10))")
  }

  @Test(
    .enabled(if: ucdInstalled, "UCD not installed at /usr/share/unicode (apt-get install unicode-data)"),
    .enabled(if: python != nil, "python3 not on PATH: cannot run Tests/Unicode/generate-tables.py"))
  func generatedFileIsUpToDate() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.python))
    process.arguments = [Self.root.appendingPathComponent("Tests/Unicode/generate-tables.py").path, "--stdout"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let generated = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let committed = try Data(
      contentsOf: Self.root.appendingPathComponent("Sources/Typography/Unicode/UnicodePropertyTables.swift"))
    #expect(
      generated == committed,
      "UnicodePropertyTables.swift is out of date: run python3 Tests/Unicode/generate-tables.py")
    print("UnicodePropertyTables.swift matches generate-tables.py run on \(Self.ucd) (\(committed.count) bytes)")
  }

  @Test(
    .enabled(if: ucdInstalled, "UCD not installed at /usr/share/unicode (apt-get install unicode-data)"),
    .enabled(if: python != nil, "python3 not on PATH: cannot run Tests/Unicode/generate-tables.py"))
  func generatedBidiFileIsUpToDate() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.python))
    process.arguments = [
      Self.root.appendingPathComponent("Tests/Unicode/generate-tables.py").path, "--bidi", "--stdout",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let generated = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let committed = try Data(
      contentsOf: Self.root.appendingPathComponent("Sources/Typography/Unicode/UnicodeBidiTables.swift"))
    #expect(
      generated == committed,
      "UnicodeBidiTables.swift is out of date: run python3 Tests/Unicode/generate-tables.py --bidi")
  }

  /// A few values read from the UCD files by hand: Bidi_Class (DerivedBidiClass.txt, its @missing defaults for
  /// unassigned Hebrew and Arabic code points included) and Joining_Type (ArabicShaping.txt; T derived for Mn).
  @Test func bidiAndJoiningValues() {
    #expect(BidiClass.of(0x41) == .leftToRight)  // LATIN CAPITAL LETTER A; L
    #expect(BidiClass.of(0x5D0) == .rightToLeft)  // HEBREW LETTER ALEF; R
    #expect(BidiClass.of(0x627) == .arabicLetter)  // ARABIC LETTER ALEF; AL
    #expect(BidiClass.of(0x661) == .arabicNumber)  // ARABIC-INDIC DIGIT ONE; AN
    #expect(BidiClass.of(0x31) == .europeanNumber)  // DIGIT ONE; EN
    #expect(BidiClass.of(0x20) == .whitespace)  // SPACE; WS
    #expect(BidiClass.of(0x5FF) == .rightToLeft)  // unassigned, @missing 0590..05FF; Right_To_Left
    #expect(BidiClass.of(0x2067) == .rightToLeftIsolate)  // RIGHT-TO-LEFT ISOLATE; RLI
    #expect(BidiClass.of(0x200D) == .boundaryNeutral)  // ZERO WIDTH JOINER; BN
    #expect(JoiningType.of(0x628) == .dualJoining)  // BEH; D
    #expect(JoiningType.of(0x627) == .rightJoining)  // ALEF; R
    #expect(JoiningType.of(0x621) == .nonJoining)  // HAMZA; U
    #expect(JoiningType.of(0x640) == .dualJoining)  // TATWEEL; C, joining like D
    #expect(JoiningType.of(0x64E) == .transparent)  // FATHA; T
    #expect(JoiningType.of(0x301) == .transparent)  // COMBINING ACUTE ACCENT: Mn, not listed, so T
    #expect(JoiningType.of(0x41) == .nonJoining)
    #expect(BidiLookup.shared.mirror(of: 0x28) == 0x29)
    #expect(BidiLookup.shared.closing[0x5B] == 0x5D)
    #expect(BidiClass.allCases.map(\.abbreviation) == UnicodeBidiTables.bidiClasses)
    #expect(JoiningType.allCases.count == UnicodeBidiTables.joiningTypes.count)
  }

  @Test(.enabled(if: ucdInstalled, "UCD not installed at /usr/share/unicode (apt-get install unicode-data)"))
  func fixturesMatchTheInstalledUCD() throws {
    for file in ["GraphemeBreakTest.txt", "LineBreakTest.txt"] {
      let installed = try Data(contentsOf: URL(fileURLWithPath: "\(Self.ucd)/auxiliary/\(file)"))
      let fixture = try Data(contentsOf: UnicodeConformanceTests.fixtures.appendingPathComponent(file))
      #expect(installed == fixture, "Tests/Fixtures/unicode/\(file) differs from \(Self.ucd)/auxiliary/\(file)")
    }
    let installed = try Data(contentsOf: URL(fileURLWithPath: "\(Self.ucd)/BidiCharacterTest.txt"))
    let fixture = try Data(
      contentsOf: UnicodeConformanceTests.fixtures.appendingPathComponent("BidiCharacterTest.txt"))
    #expect(installed == fixture, "Tests/Fixtures/unicode/BidiCharacterTest.txt differs from the UCD's")
  }
}
