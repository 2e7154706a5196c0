/// A parsed font face: names, style, vertical metrics, advances and pair kerning, ready for layout. Immutable and
/// `Sendable`, so one parsed font is shared by every layout job; a reference type, so that passing a face around
/// (fallback lookups, runs, parts of runs) costs one reference count instead of one per table it holds.
///
/// Built from the bytes of a TrueType/OpenType file (`init(bytes:identifier:fontIndex:)`, every read bounds-checked)
/// or the built-in CSS test font (`Font.ahem`). All metrics are in font units; scale by `size / unitsPerEm`.
public final class Font: Sendable, Hashable, CustomStringConvertible {
  /// Where the font came from (file path and collection index, or "ahem"); two fonts are equal when these are.
  public let identifier: String
  /// The family name (`name` ID 16, else 1), e.g. "DejaVu Sans".
  public let family: String
  /// The legacy family name (`name` ID 1), e.g. "DejaVu Sans Light" for a face whose family is "DejaVu Sans".
  public let legacyFamily: String
  /// The subfamily (style) name, e.g. "Bold Oblique".
  public let subfamily: String
  /// The CSS weight (`OS/2.usWeightClass`), 1…1000.
  public let weight: Int
  /// Whether the face is italic or oblique.
  public let isItalic: Bool
  /// The width class (`OS/2.usWidthClass`): 1 ultra-condensed … 5 normal … 9 ultra-expanded.
  public let widthClass: Int
  /// Units per em of the advances: `head.unitsPerEm`, or for a colour bitmap font (`CBLC` without outlines, such
  /// as Noto Color Emoji) the ppem of its largest strike, its advances being the strike's whole-pixel advances
  /// (`BitmapStrikes`).
  public let unitsPerEm: Int
  /// Units per em of the vertical metrics (`ascender`, `descender`, `lineGap`): `head.unitsPerEm`.
  public let metricsUnitsPerEm: Int
  /// Line metrics used for layout, font units: `hhea`, or `OS/2` typo metrics when USE_TYPO_METRICS is set.
  public let ascender: Int
  /// Distance below the baseline, font units (negative, as the tables store it).
  public let descender: Int
  /// Extra space between lines, font units.
  public let lineGap: Int
  /// Whether this is the built-in ahem test font (whose line height is exactly the font size, FORMAT.md).
  public let isAhem: Bool
  /// The `cmap` mapping (empty for ahem).
  let characterMap: CharacterMap?
  /// Advance of every BMP code point, font units (.notdef's advance for unmapped ones).
  let bmpAdvances: [UInt16]
  /// Advances by glyph id (ahem: none).
  let glyphAdvances: [UInt16]
  /// Pair kerning, from GPOS when it has a `kern` feature, else from the `kern` table.
  let kerning: Kerning
  /// The default `GSUB` lookups (ligatures, contextual alternates, composition; none for ahem).
  let substitution: GlyphSubstitution
  /// The `GDEF` glyph classes (nil without the table, and for ahem).
  let definition: GlyphDefinition?

  /// Where a font's pair kerning comes from.
  enum Kerning: Sendable, Equatable {
    /// The font has no kerning.
    case none
    /// The `kern` table (format 0).
    case table(KerningTable)
    /// GPOS pair adjustment lookups of the `kern` feature.
    case positioning(GlyphPositioning)
  }

  /// Parses the font at `fontIndex` (for collections) of a TrueType/OpenType file's bytes.
  /// - Parameter identifier: names the source (e.g. its path); nil derives one from the contents (size,
  ///   `head.checkSumAdjustment`, index and names), so equal bytes give equal fonts.
  /// - Throws: `TypographyError` for truncated, hostile or unsupported data; never traps.
  public init(bytes: [UInt8], identifier: String? = nil, fontIndex: Int = 0) throws {
    let directory = try TableDirectory(bytes: bytes, fontIndex: fontIndex)
    let metrics = try MetricsTables(directory)
    let names = try NameTable(directory)
    let cmap = try CharacterMap(directory)
    let hmtx = try HorizontalMetrics(directory, metrics: metrics)
    let gpos = try GlyphPositioning(directory)
    substitution = try GlyphSubstitution(directory)
    definition = try GlyphDefinition.read(directory)
    if gpos.hasKerning {
      kerning = .positioning(gpos)
    } else {
      let kern = try KerningTable(directory)
      kerning = kern.isEmpty ? .none : .table(kern)
    }
    let checksum = try directory.reader("head").u32(8)
    self.identifier =
      identifier ?? "sfnt:\(bytes.count):\(checksum):\(fontIndex):\(names.family)/\(names.subfamily)"
    family = names.family
    legacyFamily = names.legacyFamily
    subfamily = names.subfamily
    weight = min(max(metrics.weightClass, 1), 1000)
    isItalic = metrics.isItalic
    widthClass = metrics.widthClass
    metricsUnitsPerEm = metrics.unitsPerEm
    let strike = try BitmapStrikes.ppem(directory)
    unitsPerEm = strike ?? metrics.unitsPerEm
    if metrics.useTypoMetrics, let typo = metrics.typo {
      (ascender, descender, lineGap) = typo
    } else {
      (ascender, descender, lineGap) = (metrics.hheaAscender, metrics.hheaDescender, metrics.hheaLineGap)
    }
    isAhem = false
    characterMap = cmap
    if let strike {
      let upem = Double(metrics.unitsPerEm)
      glyphAdvances = hmtx.advances.map { UInt16(clamping: Int((Double($0) * Double(strike) / upem).rounded())) }
    } else {
      glyphAdvances = hmtx.advances
    }
    let advances = glyphAdvances
    bmpAdvances = cmap.bmp.map { Int($0) < advances.count ? advances[Int($0)] : (advances.first ?? 0) }
  }

  /// Builds the ahem test font: every code point is a 1 em square (advance 1000/1000 em, ascent 0.8 em,
  /// descent 0.2 em, no line gap, no kerning).
  private init(ahem: ()) {
    identifier = "ahem"
    family = "ahem"
    legacyFamily = "ahem"
    subfamily = "Regular"
    weight = 400
    isItalic = false
    widthClass = 5
    unitsPerEm = 1000
    metricsUnitsPerEm = 1000
    ascender = 800
    descender = -200
    lineGap = 0
    isAhem = true
    characterMap = nil
    bmpAdvances = [UInt16](repeating: 1000, count: 0x10000)
    glyphAdvances = []
    kerning = .none
    substitution = GlyphSubstitution()
    definition = nil
  }

  /// The built-in CSS test font `ahem` (conformance/FORMAT.md), always available.
  public static let ahem = Font(ahem: ())

  /// The glyph id of `scalar` (0 = .notdef when unmapped; for ahem, the code point's low 16 bits).
  public func glyph(for scalar: Unicode.Scalar) -> UInt16 {
    guard let characterMap else { return UInt16(truncatingIfNeeded: scalar.value) }
    return characterMap.glyph(scalar.value)
  }

  /// The advance width of `scalar` in font units (.notdef's advance when the font does not map it).
  @inline(__always)
  public func advance(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x10000 { return Int(bmpAdvances[Int(value)]) }
    guard let characterMap else { return unitsPerEm }
    let g = Int(characterMap.glyph(value))
    return g < glyphAdvances.count ? Int(glyphAdvances[g]) : 0
  }

  /// The advance of glyph `g` in font units (0 past the end of `hmtx`; ahem: 1 em).
  @inline(__always)
  func advance(glyph g: UInt16) -> Int {
    guard characterMap != nil else { return unitsPerEm }
    return Int(g) < glyphAdvances.count ? Int(glyphAdvances[Int(g)]) : 0
  }

  /// Whether the font classifies its glyphs (GDEF glyph classes): then its marks are the glyphs of class 3, else
  /// the glyphs of nonspacing-mark characters (general category Mn), as HarfBuzz's fallback has it.
  var classifiesGlyphs: Bool { definition?.hasGlyphClasses == true }

  /// Whether the font has pair kerning (GPOS `kern` feature or `kern` table).
  public var hasKerning: Bool { kerning != .none }

  /// The kerning adjustment between two adjacent glyphs, font units (added to the first one's advance).
  @inline(__always)
  public func kerning(_ first: UInt16, _ second: UInt16) -> Int {
    switch kerning {
    case .none: return 0
    case .table(let table): return Int(table.adjustment(first, second))
    case .positioning(let gpos): return Int(gpos.adjustment(first, second))
    }
  }

  /// "family subfamily (weight, italic)", for messages.
  public var description: String {
    "\(family) \(subfamily) (weight \(weight)\(isItalic ? ", italic" : ""))"
  }

  /// Fonts are equal when they come from the same source.
  public static func == (a: Font, b: Font) -> Bool { a === b || a.identifier == b.identifier }

  /// Hashes the source identifier.
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
