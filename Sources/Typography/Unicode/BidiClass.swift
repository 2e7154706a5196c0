/// The Bidi_Class of a code point (UAX #9, Table 4); raw values follow `UnicodeBidiTables.bidiClasses`.
enum BidiClass: UInt8, CaseIterable, Sendable {
  /// L: left-to-right.
  case leftToRight
  /// R: right-to-left (Hebrew and others).
  case rightToLeft
  /// AL: Arabic letter.
  case arabicLetter
  /// EN: European number.
  case europeanNumber
  /// ES: European separator (plus, minus).
  case europeanSeparator
  /// ET: European terminator (currency, percent).
  case europeanTerminator
  /// AN: Arabic number.
  case arabicNumber
  /// CS: common separator (comma, colon, full stop).
  case commonSeparator
  /// NSM: nonspacing mark.
  case nonspacingMark
  /// BN: boundary neutral (controls, default-ignorables).
  case boundaryNeutral
  /// B: paragraph separator.
  case paragraphSeparator
  /// S: segment separator (tab).
  case segmentSeparator
  /// WS: whitespace.
  case whitespace
  /// ON: other neutral.
  case otherNeutral
  /// LRE: left-to-right embedding.
  case leftToRightEmbedding
  /// LRO: left-to-right override.
  case leftToRightOverride
  /// RLE: right-to-left embedding.
  case rightToLeftEmbedding
  /// RLO: right-to-left override.
  case rightToLeftOverride
  /// PDF: pop directional format.
  case popDirectionalFormat
  /// LRI: left-to-right isolate.
  case leftToRightIsolate
  /// RLI: right-to-left isolate.
  case rightToLeftIsolate
  /// FSI: first strong isolate.
  case firstStrongIsolate
  /// PDI: pop directional isolate.
  case popDirectionalIsolate

  /// The class of `value` (L past U+10FFFF).
  @inline(__always)
  static func of(_ value: UInt32) -> BidiClass {
    BidiClass(rawValue: UInt8(truncatingIfNeeded: BidiLookup.shared.table.packed(of: value) & 0x1F)) ?? .leftToRight
  }

  /// The UCD abbreviation (`"L"`, `"NSM"`, …).
  var abbreviation: String { UnicodeBidiTables.bidiClasses[Int(rawValue)] }

  /// Whether the class is an isolate initiator (LRI, RLI, FSI).
  var isIsolateInitiator: Bool {
    self == .leftToRightIsolate || self == .rightToLeftIsolate || self == .firstStrongIsolate
  }
}

/// The Joining_Type of a code point (ArabicShaping.txt) as HarfBuzz's Arabic shaper uses it: C (join causing) is
/// D, and Mn, Me and Cf characters the file does not list are T. Raw values follow `UnicodeBidiTables.joiningTypes`.
enum JoiningType: UInt8, CaseIterable, Sendable {
  /// U: non-joining.
  case nonJoining
  /// L: joins on its left (the following character in logical order).
  case leftJoining
  /// R: joins on its right (the preceding character).
  case rightJoining
  /// D (and C): joins on both sides.
  case dualJoining
  /// T: transparent (marks): the characters around it join across it.
  case transparent

  /// The joining type of `value` (U past U+10FFFF).
  @inline(__always)
  static func of(_ value: UInt32) -> JoiningType {
    JoiningType(rawValue: UInt8(truncatingIfNeeded: BidiLookup.shared.table.packed(of: value) >> 5 & 0x7))
      ?? .nonJoining
  }
}

/// The decoded bidi tables (`UnicodeBidiTables`): classes and joining types, mirrored glyphs and paired brackets.
/// Pure; decoded on first use and then shared read-only.
struct BidiLookup: Sendable {
  /// The shared decoded tables.
  static let shared = BidiLookup()

  /// The two-stage table of packed values.
  let table: UnicodeProperties.Lookup
  /// Bidi_Mirroring_Glyph by code point.
  let mirrors: [UInt32: UInt32]
  /// Closing bracket by opening bracket (Bidi_Paired_Bracket of Bidi_Paired_Bracket_Type Open).
  let closing: [UInt32: UInt32]
  /// Opening bracket by closing bracket.
  let opening: [UInt32: UInt32]

  /// Decodes `UnicodeBidiTables`.
  init() {
    let tables = UnicodeBidiTables.self
    table = UnicodeProperties.Lookup(
      blockSize: tables.blockSize, stage1Width: tables.stage1Width, stage1: tables.stage1, stage2: tables.stage2,
      rows: tables.rows)
    var mirrors: [UInt32: UInt32] = [:]
    for i in stride(from: 0, to: tables.mirrors.count - 1, by: 2) { mirrors[tables.mirrors[i]] = tables.mirrors[i + 1] }
    self.mirrors = mirrors
    var closing: [UInt32: UInt32] = [:]
    var opening: [UInt32: UInt32] = [:]
    for i in stride(from: 0, to: tables.brackets.count - 1, by: 2) {
      closing[tables.brackets[i]] = tables.brackets[i + 1]
      opening[tables.brackets[i + 1]] = tables.brackets[i]
    }
    self.closing = closing
    self.opening = opening
  }

  /// The mirrored character of `value` (itself when it has none).
  func mirror(of value: UInt32) -> UInt32 { mirrors[value] ?? value }
}
