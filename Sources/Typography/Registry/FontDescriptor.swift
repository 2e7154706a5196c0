/// What the registry knows about one installed face before loading it: names, style and where it lives. Pure.
public struct FontDescriptor: Sendable, Hashable {
  /// Family names the face answers to (typographic family and legacy family), as written in the font.
  public var families: [String]
  /// CSS weight, 1…1000.
  public var weight: Int
  /// Whether the face is italic or oblique.
  public var isItalic: Bool
  /// Width class, 1…9 (5 = normal).
  public var widthClass: Int
  /// The font file's path.
  public var path: String
  /// The face's index in the file (collections hold several).
  public var fontIndex: Int

  /// A descriptor with the given values.
  public init(families: [String], weight: Int, isItalic: Bool, widthClass: Int, path: String, fontIndex: Int) {
    self.families = families
    self.weight = weight
    self.isItalic = isItalic
    self.widthClass = widthClass
    self.path = path
    self.fontIndex = fontIndex
  }

  /// Reads the descriptor of face `fontIndex` of a font file's bytes (only `name`, `OS/2`, `head`, `hhea`, `maxp`).
  init(bytes: [UInt8], path: String, fontIndex: Int) throws {
    let directory = try TableDirectory(bytes: bytes, fontIndex: fontIndex)
    let names = try NameTable(directory)
    let metrics = try MetricsTables(directory)
    families = names.family == names.legacyFamily ? [names.family] : [names.family, names.legacyFamily]
    weight = min(max(metrics.weightClass, 1), 1000)
    isItalic = metrics.isItalic
    widthClass = metrics.widthClass
    self.path = path
    self.fontIndex = fontIndex
  }
}

/// CSS Fonts Level 4 §5.2 font matching among the faces of one family: width, then style, then weight. Pure.
enum FontMatching {
  /// The face closest to normal width, the requested style and `weight`, per the CSS rules: width — nearest
  /// narrower to normal first, then wider; style — the requested slant, else the other; weight — for a target
  /// in 400…500 heavier faces up to 500 first, then lighter ones descending, then heavier than 500 ascending;
  /// below 400 lighter descending then heavier ascending; above 500 heavier ascending then lighter descending.
  static func best(_ faces: [FontDescriptor], weight: Int, italic: Bool) -> FontDescriptor? {
    guard !faces.isEmpty else { return nil }
    let widths = Set(faces.map(\.widthClass))
    let width = widths.contains(5) ? 5 : (widths.filter { $0 < 5 }.max() ?? widths.filter { $0 > 5 }.min() ?? 5)
    var pool = faces.filter { $0.widthClass == width }
    if pool.contains(where: { $0.isItalic == italic }) { pool = pool.filter { $0.isItalic == italic } }
    return pool.min { weightRank($0.weight, target: weight) < weightRank($1.weight, target: weight) }
  }

  /// Sort key of a face weight for a target weight (lower = preferred).
  static func weightRank(_ w: Int, target: Int) -> (Int, Int) {
    if target >= 400 && target <= 500 {
      if w >= target && w <= 500 { return (0, w - target) }
      if w < target { return (1, target - w) }
      return (2, w - 500)
    }
    if target < 400 {
      return w <= target ? (0, target - w) : (1, w - target)
    }
    return w >= target ? (0, w - target) : (1, target - w)
  }
}
