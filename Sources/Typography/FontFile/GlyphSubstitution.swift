/// The OpenType `GSUB` lookups a browser applies by default to horizontal text, read into values the shaper
/// (`GlyphShaper`) runs. Pure.
///
/// The features are HarfBuzz's defaults for horizontal text: `rvrn`, `ccmp`, `locl`, `rlig`, `liga`, `clig`,
/// `calt` and `rclt` (plus the language system's required feature), taken from the default language system of the
/// `latn` script, else `DFLT`, else the first script. Their lookups run in lookup-list order, as HarfBuzz runs the
/// lookups of one stage. Lookup types read: 1 single, 2 multiple, 4 ligature, 5 context and 6 chaining context
/// (formats 1–3 each), 7 extension; the others (3 alternate, 8 reverse chaining) are skipped (no default feature
/// of Latin, Greek or Cyrillic text uses them).
///
/// Fonts that list the `arab` or `hebr` script get a plan of their own for those scripts (`ScriptPlan`): Hebrew
/// text runs the same default features from the `hebr` language system; Arabic text runs HarfBuzz's Arabic
/// stages (`arabicStages`), the positional features only on the glyphs `ArabicJoining` gives that form.
struct GlyphSubstitution: Sendable, Equatable {
  /// The feature tags applied.
  static let defaultFeatures: Set<String> = ["rvrn", "ccmp", "locl", "rlig", "liga", "clig", "calt", "rclt"]

  /// Every lookup of the table by lookup-list index (nil for those not read: a context rule may call any lookup).
  let lookups: [Lookup?]
  /// The indices of the lookups the default features apply, in the order they run.
  let applied: [Int]
  /// The same without the ligature and contextual-alternate features (`liga`, `clig`, `calt`), as CSS
  /// `font-variant-ligatures: none` turns them off: what still runs is `rvrn`, `ccmp`, `locl`, `rlig`, `rclt`.
  let appliedWithoutLigatures: [Int]

  /// The features `font-variant-ligatures: none` turns off.
  static let ligatureFeatures: Set<String> = ["liga", "clig", "calt"]
  /// The plan for Arabic-script text, when the font lists the `arab` script.
  var arabic: ScriptPlan? = nil
  /// The plan for Hebrew-script text, when the font lists the `hebr` script.
  var hebrew: ScriptPlan? = nil

  /// HarfBuzz's GSUB stages for Arabic text (its Arabic shaper's features, then the common and horizontal
  /// defaults, which join the stage of their first mention): lookups of one stage run together in lookup-list
  /// order, stages one after another. The Syriac forms (`fin2`, `fin3`, `med2`) are left out.
  static let arabicStages: [[String]] = [
    ["rvrn"], ["ccmp", "locl"], ["isol"], ["fina"], ["medi"], ["init"], ["rlig"], ["rclt", "calt"], ["liga", "clig"],
  ]

  /// How the lookups run for one script: each step a lookup, limited to the glyphs of one positional form or not.
  struct ScriptPlan: Sendable, Equatable {
    /// One lookup to run.
    struct Step: Sendable, Equatable {
      /// The lookup-list index.
      var lookup: Int
      /// The only positional form it applies to (nil: every glyph).
      var form: ArabicJoining.Form?
    }
    /// The steps with every default feature.
    var steps: [Step]
    /// The steps without `liga`, `clig` and `calt`.
    var stepsWithoutLigatures: [Step]
  }

  /// One lookup: its flag and its subtables, tried in order (the first that applies wins).
  struct Lookup: Sendable, Equatable {
    /// LookupFlag: bit 1 ignore base glyphs, 2 ligatures, 3 marks, 4 use `markFilteringSet`; high byte the mark
    /// attachment class marks must have.
    var flag: UInt16
    /// The GDEF mark glyph set a lookup with flag bit 0x10 keeps marks of.
    var markFilteringSet: Int?
    /// The subtables.
    var subtables: [Subtable]
    /// Every glyph some subtable may apply at (the union of their first-glyph coverages): the shaper tries the
    /// lookup only at those.
    var firstGlyphs: GlyphBitmap
  }

  /// One substitution subtable.
  enum Subtable: Sendable, Equatable {
    /// Type 1: a glyph replaced by one glyph.
    case single([UInt16: UInt16])
    /// Type 2: a glyph replaced by a sequence (an empty sequence deletes nothing: HarfBuzz ignores it too).
    case multiple([UInt16: [UInt16]])
    /// Type 4: the ligatures starting with each first glyph, in preference order.
    case ligature([UInt16: [Ligature]])
    /// Types 5 and 6: rules matched in context that run other lookups on the matched glyphs.
    case context(ContextSubtable)
  }

  /// A ligature: the components after the first, and the glyph that replaces them all.
  struct Ligature: Sendable, Equatable {
    /// The second and later components.
    var components: [UInt16]
    /// The ligature glyph.
    var glyph: UInt16
  }

  /// A (chaining) context subtable in any of its three formats.
  struct ContextSubtable: Sendable, Equatable {
    /// How the first input glyph selects a rule set.
    var selector: Selector
    /// Class definitions of backtrack, input and lookahead glyphs (format 2; empty otherwise).
    var backtrackClasses: [UInt16] = []
    /// Class definition of input glyphs.
    var inputClasses: [UInt16] = []
    /// Class definition of lookahead glyphs.
    var lookaheadClasses: [UInt16] = []
    /// The rule sets, indexed as `selector` says; each rule set's rules are tried in order.
    var ruleSets: [[Rule]]

    /// How a rule set is chosen.
    enum Selector: Sendable, Equatable {
      /// Format 1: by the first glyph's coverage index.
      case glyphs([UInt16: Int])
      /// Format 2: by the first glyph's input class, when the coverage holds it.
      case classes([UInt16: Int])
      /// Format 3: the single rule set 0, when the first input coverage holds the glyph.
      case coverage
    }
  }

  /// One context rule. Backtrack positions are stored nearest first, as the table stores them.
  struct Rule: Sendable, Equatable {
    /// The glyphs before the input, nearest first.
    var backtrack: [Position]
    /// The input glyphs, the first included (format 1 and 2 rules give `.any` for it: the selector matched it).
    var input: [Position]
    /// The glyphs after the input.
    var lookahead: [Position]
    /// (sequence index, lookup index) pairs run on the matched input, in order.
    var records: [Record]
  }

  /// A lookup to run at one input position of a matched rule.
  struct Record: Sendable, Equatable {
    /// The input position.
    var sequenceIndex: Int
    /// The lookup-list index.
    var lookupIndex: Int
  }

  /// What a position of a rule matches.
  enum Position: Sendable, Equatable {
    /// Any glyph (already matched by the selector).
    case any
    /// This glyph.
    case glyph(UInt16)
    /// A glyph of this class in the sequence's class definition.
    case inClass(UInt16)
    /// A glyph in this coverage.
    case covered(GlyphBitmap)

    /// What the position counts against the read budget: 1, or a coverage bitmap's words.
    var entries: Int {
      if case .covered(let bitmap) = self { return 1 + bitmap.words.count }
      return 1
    }
  }

  /// No substitution.
  init() {
    lookups = []
    applied = []
    appliedWithoutLigatures = []
  }

  /// Whether any lookup runs by default.
  var isEmpty: Bool { applied.isEmpty }

  /// Reads `GSUB` (no lookups when the table is absent).
  init(_ directory: TableDirectory) throws {
    guard directory.has("GSUB") else {
      lookups = []
      applied = []
      appliedWithoutLigatures = []
      return
    }
    let gsub = try directory.reader("GSUB")
    let lookupList = try gsub.sub(Int(try gsub.u16(8)))
    let scriptList = try gsub.sub(Int(try gsub.u16(4)))
    let featureList = try gsub.sub(Int(try gsub.u16(6)))
    let indices = try LayoutCommon.lookupIndices(
      scriptList: scriptList, featureList: featureList, preferredScripts: ["latn", "DFLT"],
      tags: Self.defaultFeatures)
    let withoutLigatures = try LayoutCommon.lookupIndices(
      scriptList: scriptList, featureList: featureList, preferredScripts: ["latn", "DFLT"],
      tags: Self.defaultFeatures.subtracting(Self.ligatureFeatures))
    let lookupCount = Int(try lookupList.u16(0))
    try lookupList.check(2, 2 * lookupCount)
    func features(_ script: String, _ tags: Set<String>) throws -> [Int] {
      try LayoutCommon.lookupIndices(
        scriptList: scriptList, featureList: featureList, preferredScripts: [script], tags: tags)
    }
    var arabic: ScriptPlan? = nil
    if try LayoutCommon.hasScript(scriptList, "arab") {
      var steps: [ScriptPlan.Step] = []
      var stepsWithoutLigatures: [ScriptPlan.Step] = []
      for stage in Self.arabicStages {
        var byLookup: [Int: ArabicJoining.Form?] = [:]
        var withoutLigatures: Set<Int> = []
        for tag in stage {
          let form: ArabicJoining.Form? = ["isol": .isolated, "init": .initial, "medi": .medial, "fina": .final][tag]
          for lookup in try features("arab", [tag]) where lookup < lookupCount {
            // A lookup a global feature of the stage also lists applies everywhere.
            if let existing = byLookup[lookup], existing == nil { continue }
            byLookup[lookup] = form
            if !Self.ligatureFeatures.contains(tag) { withoutLigatures.insert(lookup) }
          }
        }
        for lookup in byLookup.keys.sorted() {
          let step = ScriptPlan.Step(lookup: lookup, form: byLookup[lookup] ?? nil)
          steps.append(step)
          if withoutLigatures.contains(lookup) { stepsWithoutLigatures.append(step) }
        }
      }
      arabic = ScriptPlan(steps: steps, stepsWithoutLigatures: stepsWithoutLigatures)
    }
    var hebrew: ScriptPlan? = nil
    if try LayoutCommon.hasScript(scriptList, "hebr") {
      hebrew = ScriptPlan(
        steps: try features("hebr", Self.defaultFeatures).map { ScriptPlan.Step(lookup: $0, form: nil) },
        stepsWithoutLigatures: try features("hebr", Self.defaultFeatures.subtracting(Self.ligatureFeatures)).map {
          ScriptPlan.Step(lookup: $0, form: nil)
        })
    }
    // Read the applied lookups and, transitively, every lookup a context rule of theirs calls.
    var lookups = [Lookup?](repeating: nil, count: lookupCount)
    let planned = [arabic, hebrew].compactMap { $0 }.flatMap { $0.steps.map(\.lookup) }
    var pending = Array(Set(indices + planned).filter { $0 < lookupCount })
    var seen = Set(pending)
    var budget = Self.entryBudget
    while let index = pending.popLast() {
      let lookup = try Self.readLookup(
        try lookupList.sub(Int(try lookupList.u16(2 + 2 * index))), budget: &budget)
      lookups[index] = lookup
      for case .context(let context) in lookup.subtables {
        for rule in context.ruleSets.joined() {
          for record in rule.records where record.lookupIndex < lookupCount && !seen.contains(record.lookupIndex) {
            seen.insert(record.lookupIndex)
            pending.append(record.lookupIndex)
          }
        }
      }
    }
    self.lookups = lookups
    func used(_ index: Int) -> Bool { index < lookupCount && lookups[index].map { !$0.subtables.isEmpty } == true }
    self.applied = indices.filter(used)
    self.appliedWithoutLigatures = withoutLigatures.filter(used)
    func usedSteps(_ plan: ScriptPlan?) -> ScriptPlan? {
      plan.map {
        ScriptPlan(
          steps: $0.steps.filter { used($0.lookup) },
          stepsWithoutLigatures: $0.stepsWithoutLigatures.filter { used($0.lookup) })
      }
    }
    self.arabic = usedSteps(arabic)
    self.hebrew = usedSteps(hebrew)
  }

  /// The most glyph entries (substitutions, ligatures, rule positions) the read lookups may hold: a real font holds
  /// far fewer (DejaVu Sans about 10,000), while a hostile one could point thousands of subtables at one huge
  /// coverage.
  static let entryBudget = 4_000_000

  /// Reads one lookup table, taking its subtables' entries from `budget`; throws when that runs out.
  private static func readLookup(_ lookup: ByteReader, budget: inout Int) throws -> Lookup {
    let type = try lookup.u16(0)
    let flag = try lookup.u16(2)
    let count = Int(try lookup.u16(4))
    try lookup.check(6, 2 * count)
    var subtables: [Subtable] = []
    for s in 0..<count {
      var table = try lookup.sub(Int(try lookup.u16(6 + 2 * s)))
      var subtableType = type
      if type == 7 {
        subtableType = try table.u16(2)
        table = try table.sub(Int(try table.u32(4)))
      }
      guard let subtable = try readSubtable(table, type: subtableType) else { continue }
      switch subtable {
      case .single(let map): budget -= map.count
      case .multiple(let map): budget -= map.values.reduce(map.count) { $0 + $1.count }
      case .ligature(let map): budget -= map.values.reduce(map.count) { $0 + $1.count }
      case .context(let context):
        budget -= context.ruleSets.joined().reduce(context.ruleSets.count) {
          $0 + $1.records.count + ($1.backtrack + $1.input + $1.lookahead).reduce(0) { $0 + $1.entries }
        }
      }
      guard budget >= 0 else {
        throw TypographyError.invalidTable(table: "GSUB", reason: "more than \(entryBudget) substitution entries")
      }
      subtables.append(subtable)
    }
    let filtering = flag & 0x10 != 0 ? Int(try lookup.u16(6 + 2 * count)) : nil
    var firstGlyphs = GlyphBitmap()
    for subtable in subtables {
      switch subtable {
      case .single(let map): for g in map.keys { firstGlyphs.insert(g) }
      case .multiple(let map): for g in map.keys { firstGlyphs.insert(g) }
      case .ligature(let map): for g in map.keys { firstGlyphs.insert(g) }
      case .context(let context):
        switch context.selector {
        case .glyphs(let coverage), .classes(let coverage): for g in coverage.keys { firstGlyphs.insert(g) }
        case .coverage:
          for rule in context.ruleSets.joined() {
            if case .covered(let set) = rule.input.first { firstGlyphs.formUnion(set) }
          }
        }
      }
    }
    return Lookup(flag: flag, markFilteringSet: filtering, subtables: subtables, firstGlyphs: firstGlyphs)
  }

  /// Reads a subtable of lookup type `type` (nil for types and formats not read).
  private static func readSubtable(_ t: ByteReader, type: UInt16) throws -> Subtable? {
    let format = try t.u16(0)
    switch (type, format) {
    case (1, 1):
      let delta = try t.u16(4)
      var map: [UInt16: UInt16] = [:]
      for g in try LayoutCommon.coverage(try t.sub(Int(try t.u16(2))), table: "GSUB") where map[g] == nil {
        map[g] = g &+ delta
      }
      return .single(map)
    case (1, 2):
      let coverage = try LayoutCommon.coverage(try t.sub(Int(try t.u16(2))), table: "GSUB")
      let count = Int(try t.u16(4))
      try t.check(6, 2 * count)
      var map: [UInt16: UInt16] = [:]
      for (i, g) in coverage.enumerated() where i < count && map[g] == nil { map[g] = try t.u16(6 + 2 * i) }
      return .single(map)
    case (2, 1):
      let coverage = try LayoutCommon.coverage(try t.sub(Int(try t.u16(2))), table: "GSUB")
      let count = Int(try t.u16(4))
      try t.check(6, 2 * count)
      var map: [UInt16: [UInt16]] = [:]
      for (i, g) in coverage.enumerated() where i < count && map[g] == nil {
        let sequence = try t.sub(Int(try t.u16(6 + 2 * i)))
        let glyphs = try glyphArray(sequence, countAt: 0)
        if !glyphs.isEmpty { map[g] = glyphs }
      }
      return .multiple(map)
    case (4, 1):
      let coverage = try LayoutCommon.coverage(try t.sub(Int(try t.u16(2))), table: "GSUB")
      let count = Int(try t.u16(4))
      try t.check(6, 2 * count)
      var map: [UInt16: [Ligature]] = [:]
      for (i, g) in coverage.enumerated() where i < count && map[g] == nil {
        let set = try t.sub(Int(try t.u16(6 + 2 * i)))
        let ligatureCount = Int(try set.u16(0))
        try set.check(2, 2 * ligatureCount)
        var ligatures: [Ligature] = []
        for l in 0..<ligatureCount {
          let ligature = try set.sub(Int(try set.u16(2 + 2 * l)))
          let glyph = try ligature.u16(0)
          let componentCount = Int(try ligature.u16(2))
          guard componentCount >= 1 else { continue }
          try ligature.check(4, 2 * (componentCount - 1))
          let components = try (0..<(componentCount - 1)).map { try ligature.u16(4 + 2 * $0) }
          ligatures.append(Ligature(components: components, glyph: glyph))
        }
        map[g] = ligatures
      }
      return .ligature(map)
    case (5, 1), (6, 1):
      let chained = type == 6
      let coverage = try LayoutCommon.coverageIndex(try t.sub(Int(try t.u16(2))), table: "GSUB")
      let ruleSets = try readRuleSets(t, countAt: 4, chained: chained) { .glyph($0) }
      return .context(ContextSubtable(selector: .glyphs(coverage), ruleSets: ruleSets))
    case (5, 2):
      let coverage = try LayoutCommon.coverageIndex(try t.sub(Int(try t.u16(2))), table: "GSUB")
      let classes = try LayoutCommon.classDefinition(try t.sub(Int(try t.u16(4))), table: "GSUB")
      let ruleSets = try readRuleSets(t, countAt: 6, chained: false) { .inClass($0) }
      return .context(ContextSubtable(selector: .classes(coverage), inputClasses: classes, ruleSets: ruleSets))
    case (6, 2):
      let coverage = try LayoutCommon.coverageIndex(try t.sub(Int(try t.u16(2))), table: "GSUB")
      func classes(_ at: Int) throws -> [UInt16] {
        let offset = Int(try t.u16(at))
        return offset == 0 ? [] : try LayoutCommon.classDefinition(try t.sub(offset), table: "GSUB")
      }
      let ruleSets = try readRuleSets(t, countAt: 10, chained: true) { .inClass($0) }
      return .context(
        ContextSubtable(
          selector: .classes(coverage), backtrackClasses: try classes(4), inputClasses: try classes(6),
          lookaheadClasses: try classes(8), ruleSets: ruleSets))
    case (5, 3):
      let glyphCount = Int(try t.u16(2))
      let recordCount = Int(try t.u16(4))
      guard glyphCount >= 1 else { return nil }
      let input = try coverages(t, countAt: 2, skip: 2)
      let records = try readRecords(t, at: 6 + 2 * glyphCount, count: recordCount)
      return .context(
        ContextSubtable(
          selector: .coverage, ruleSets: [[Rule(backtrack: [], input: input, lookahead: [], records: records)]]))
    case (6, 3):
      var offset = 2
      let backtrack = try coverages(t, countAt: offset)
      offset += 2 + 2 * backtrack.count
      let input = try coverages(t, countAt: offset)
      offset += 2 + 2 * input.count
      let lookahead = try coverages(t, countAt: offset)
      offset += 2 + 2 * lookahead.count
      guard !input.isEmpty else { return nil }
      let records = try readRecords(t, at: offset + 2, count: Int(try t.u16(offset)))
      return .context(
        ContextSubtable(
          selector: .coverage,
          ruleSets: [[Rule(backtrack: backtrack, input: input, lookahead: lookahead, records: records)]]))
    default:
      return nil
    }
  }

  /// A count at `countAt` followed by that many glyph ids.
  private static func glyphArray(_ t: ByteReader, countAt: Int) throws -> [UInt16] {
    let count = Int(try t.u16(countAt))
    try t.check(countAt + 2, 2 * count)
    return try (0..<count).map { try t.u16(countAt + 2 + 2 * $0) }
  }

  /// The coverages of a format 3 context sequence: a count at `countAt` (`skip` bytes before the offsets), then
  /// that many offsets to coverage tables.
  private static func coverages(_ t: ByteReader, countAt: Int, skip: Int = 0) throws -> [Position] {
    let count = Int(try t.u16(countAt))
    guard count <= maxSequence else {
      throw TypographyError.invalidTable(table: "GSUB", reason: "a context sequence of \(count) coverages")
    }
    let first = countAt + 2 + skip
    try t.check(first, 2 * count)
    return try (0..<count).map {
      .covered(GlyphBitmap(try LayoutCommon.coverage(try t.sub(Int(try t.u16(first + 2 * $0))), table: "GSUB")))
    }
  }

  /// The longest backtrack, input or lookahead sequence of coverages read (real fonts use a handful).
  static let maxSequence = 255

  /// `count` sequence lookup records at `at`.
  private static func readRecords(_ t: ByteReader, at: Int, count: Int) throws -> [Record] {
    try t.check(at, 4 * count)
    return try (0..<count).map {
      Record(sequenceIndex: Int(try t.u16(at + 4 * $0)), lookupIndex: Int(try t.u16(at + 4 * $0 + 2)))
    }
  }

  /// The rule sets of a format 1 or 2 (chaining) context subtable: a count at `countAt`, then offsets to rule sets
  /// (0 = no rules); `position` makes a rule's values into positions (glyphs or classes).
  private static func readRuleSets(
    _ t: ByteReader, countAt: Int, chained: Bool, position: (UInt16) -> Position
  ) throws -> [[Rule]] {
    let count = Int(try t.u16(countAt))
    try t.check(countAt + 2, 2 * count)
    var sets: [[Rule]] = []
    sets.reserveCapacity(count)
    for s in 0..<count {
      let offset = Int(try t.u16(countAt + 2 + 2 * s))
      guard offset != 0 else {
        sets.append([])
        continue
      }
      let set = try t.sub(offset)
      let ruleCount = Int(try set.u16(0))
      try set.check(2, 2 * ruleCount)
      var rules: [Rule] = []
      for r in 0..<ruleCount {
        let rule = try set.sub(Int(try set.u16(2 + 2 * r)))
        var at = 0
        var backtrack: [Position] = []
        if chained {
          backtrack = try glyphArray(rule, countAt: 0).map(position)
          at = 2 + 2 * backtrack.count
        }
        let inputCount = Int(try rule.u16(at))
        guard inputCount >= 1 else { continue }
        var recordCount = 0
        if !chained {
          recordCount = Int(try rule.u16(at + 2))
          at += 2
        }
        try rule.check(at + 2, 2 * (inputCount - 1))
        let input = [.any] + (try (0..<(inputCount - 1)).map { position(try rule.u16(at + 2 + 2 * $0)) })
        at += 2 + 2 * (inputCount - 1)
        var lookahead: [Position] = []
        if chained {
          lookahead = try glyphArray(rule, countAt: at).map(position)
          at += 2 + 2 * lookahead.count
          recordCount = Int(try rule.u16(at))
          at += 2
        }
        let records = try readRecords(rule, at: at, count: recordCount)
        rules.append(Rule(backtrack: backtrack, input: input, lookahead: lookahead, records: records))
      }
      sets.append(rules)
    }
    return sets
  }
}
