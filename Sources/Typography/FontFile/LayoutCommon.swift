/// The tables GSUB, GPOS and GDEF share (OpenType "common table formats"): coverage and class definitions, and the
/// script → language system → feature walk. Every read is bounds-checked and throws; nothing traps. Pure.
enum LayoutCommon {
  /// A coverage table's glyphs in coverage-index order (format 1 glyph list or format 2 ranges; overlapping or
  /// descending ranges skipped).
  static func coverage(_ t: ByteReader, table: String) throws -> [UInt16] {
    var ordered: [UInt16] = []
    switch try t.u16(0) {
    case 1:
      let count = Int(try t.u16(2))
      try t.check(4, 2 * count)
      ordered.reserveCapacity(count)
      for i in 0..<count { ordered.append(try t.u16(4 + 2 * i)) }
    case 2:
      var next = 0
      for r in 0..<Int(try t.u16(2)) {
        let start = max(Int(try t.u16(4 + 6 * r)), next)
        let end = Int(try t.u16(6 + 6 * r))
        guard start <= end else { continue }
        for g in start...end { ordered.append(UInt16(g)) }
        next = end + 1
      }
    default:
      throw TypographyError.invalidTable(table: table, reason: "coverage format \(try t.u16(0))")
    }
    return ordered
  }

  /// A coverage table as a map from glyph to coverage index (the first index of a glyph listed twice wins).
  static func coverageIndex(_ t: ByteReader, table: String) throws -> [UInt16: Int] {
    var index: [UInt16: Int] = [:]
    for (i, g) in try coverage(t, table: table).enumerated() where index[g] == nil { index[g] = i }
    return index
  }

  /// Reads a class definition table into an array indexed by glyph (glyphs not listed are class 0).
  static func classDefinition(_ t: ByteReader, table: String) throws -> [UInt16] {
    var classes: [UInt16] = []
    func set(_ g: Int, _ value: UInt16) {
      if g >= classes.count { classes.append(contentsOf: repeatElement(0, count: g + 1 - classes.count)) }
      classes[g] = value
    }
    switch try t.u16(0) {
    case 1:
      let start = Int(try t.u16(2))
      let count = Int(try t.u16(4))
      try t.check(6, 2 * count)
      for i in 0..<count where start + i <= 0xFFFF {
        let value = try t.u16(6 + 2 * i)
        if value != 0 { set(start + i, value) }
      }
    case 2:
      var next = 0
      for r in 0..<Int(try t.u16(2)) {
        let start = max(Int(try t.u16(4 + 6 * r)), next)
        let end = Int(try t.u16(6 + 6 * r))
        let value = try t.u16(8 + 6 * r)
        guard start <= end else { continue }
        if value != 0 { for g in start...end { set(g, value) } }
        next = end + 1
      }
    default:
      throw TypographyError.invalidTable(table: table, reason: "class definition format \(try t.u16(0))")
    }
    return classes
  }

  /// The class of glyph `g` in a class table read by `classDefinition` (0 past its end).
  @inline(__always)
  static func classOf(_ g: UInt16, in classes: [UInt16]) -> UInt16 {
    Int(g) < classes.count ? classes[Int(g)] : 0
  }

  /// The lookup indices, sorted, of the features tagged `tags` in the default language system of the first script
  /// of `preferredScripts` the table lists (else of its first script), the required feature included.
  static func lookupIndices(
    scriptList: ByteReader, featureList: ByteReader, preferredScripts: [String], tags: Set<String>
  ) throws -> [Int] {
    let scriptCount = Int(try scriptList.u16(0))
    try scriptList.check(2, 6 * scriptCount)
    var chosen: Int?
    for preferred in preferredScripts where chosen == nil {
      for s in 0..<scriptCount where try scriptList.tag(2 + 6 * s) == preferred {
        chosen = s
        break
      }
    }
    if chosen == nil && scriptCount > 0 { chosen = 0 }
    guard let chosen else { return [] }
    let script = try scriptList.sub(Int(try scriptList.u16(2 + 6 * chosen + 4)))
    let defaultLangSys = Int(try script.u16(0))
    guard defaultLangSys != 0 else { return [] }
    let langSys = try script.sub(defaultLangSys)
    let featureCount = Int(try featureList.u16(0))
    try featureList.check(2, 6 * featureCount)
    var features: [Int] = []
    let required = Int(try langSys.u16(2))
    if required != 0xFFFF { features.append(required) }
    let count = Int(try langSys.u16(4))
    try langSys.check(6, 2 * count)
    for f in 0..<count { features.append(Int(try langSys.u16(6 + 2 * f))) }
    var lookups = Set<Int>()
    for f in features where f < featureCount {
      guard tags.contains(try featureList.tag(2 + 6 * f)) || f == required else { continue }
      let feature = try featureList.sub(Int(try featureList.u16(2 + 6 * f + 4)))
      let lookupCount = Int(try feature.u16(2))
      try feature.check(4, 2 * lookupCount)
      for l in 0..<lookupCount { lookups.insert(Int(try feature.u16(4 + 2 * l))) }
    }
    return lookups.sorted()
  }

  /// Whether the script list lists script `tag`.
  static func hasScript(_ scriptList: ByteReader, _ tag: String) throws -> Bool {
    let scriptCount = Int(try scriptList.u16(0))
    try scriptList.check(2, 6 * scriptCount)
    for s in 0..<scriptCount where try scriptList.tag(2 + 6 * s) == tag { return true }
    return false
  }
}
