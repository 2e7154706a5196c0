/// Runs a font's default `GSUB` lookups over a run of glyphs, as HarfBuzz does for horizontal Latin, Greek and
/// Cyrillic text: each lookup in turn over the whole run, at each glyph the first subtable that applies. Pure.
///
/// Glyphs a lookup's flag ignores (base glyphs, ligatures, marks, marks outside its attachment class or filtering
/// set) and default-ignorable characters other than U+200C ZWNJ (so a soft hyphen or a ZWJ does not stop a
/// ligature, while a ZWNJ does) are skipped while a ligature's components or a rule's context are matched. A
/// ligature merges the clusters of everything it spans. Work is bounded: nesting 8 deep, a run at most
/// 4 × its length + 64 glyphs, and at most 64 lookup applications per glyph; past those the run is left as is.
struct GlyphShaper {
  /// One glyph of the run.
  struct Glyph {
    /// Its glyph id.
    var id: UInt16
    /// The first scalar of its cluster (scalar offset into the text); clusters only merge, so they stay in order.
    var cluster: Int
    /// The scalar it came from (a ligature: its first component).
    var source: Int
    /// Its GDEF class (1 base, 2 ligature, 3 mark, 4 component, 0 unclassified).
    var glyphClass: UInt16
    /// Whether its character is default-ignorable (and not ZWNJ): skipped when matching.
    var ignorable: Bool
    /// Its character's positional form in a joining script (`ArabicJoining`); `.none` elsewhere.
    var form: ArabicJoining.Form = .none
  }

  /// The lookups.
  let table: GlyphSubstitution
  /// The font's glyph definitions, if any.
  let definition: GlyphDefinition?
  /// The glyphs being shaped.
  var glyphs: [Glyph]
  /// The most glyphs the run may grow to.
  let capacity: Int
  /// Lookup applications left before shaping stops.
  var budget: Int

  /// A shaper over `glyphs`.
  init(table: GlyphSubstitution, definition: GlyphDefinition?, glyphs: [Glyph]) {
    self.table = table
    self.definition = definition
    self.glyphs = glyphs
    capacity = 4 * glyphs.count + 64
    budget = 64 * glyphs.count + 1024
  }

  /// Whether `c` is default-ignorable (Unicode's Default_Ignorable_Code_Point) and not U+200C ZWNJ.
  static func isSkippedIgnorable(_ c: UInt32) -> Bool {
    switch c {
    case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B, 0x200D...0x200F,
      0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8,
      0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
      return true
    default:
      return false
    }
  }

  /// The class the shaper gives glyph `id` made by a substitution (GDEF's, else `fallback`).
  func glyphClass(_ id: UInt16, fallback: UInt16) -> UInt16 {
    guard let definition, definition.hasGlyphClasses else { return fallback }
    return definition.glyphClass(id)
  }

  /// Runs `lookups` (indices into the table) over the run, in order.
  mutating func run(_ lookups: [Int]) {
    for index in lookups { run(index, form: nil) }
  }

  /// Runs the steps of a script's plan over the run, in order: a step with a form applies only at glyphs of that
  /// positional form (as HarfBuzz masks the Arabic positional features).
  mutating func run(_ steps: [GlyphSubstitution.ScriptPlan.Step]) {
    for step in steps { run(step.lookup, form: step.form) }
  }

  /// Runs lookup `index` over the run, at glyphs of positional form `form` only when it is given.
  mutating func run(_ index: Int, form: ArabicJoining.Form?) {
    guard index < table.lookups.count, let lookup = table.lookups[index] else { return }
    var i = 0
    while i < glyphs.count && budget > 0 {
      if !lookup.firstGlyphs.contains(glyphs[i].id) || skips(glyphs[i], lookup)
        || (form != nil && glyphs[i].form != form)
      {
        i += 1
      } else if let next = apply(lookup, at: i, depth: 0) {
        i = max(next, i + 1)
      } else {
        i += 1
      }
    }
  }

  /// Whether `lookup`'s flag makes it skip `glyph`.
  @inline(__always)
  func skips(_ glyph: Glyph, _ lookup: GlyphSubstitution.Lookup) -> Bool {
    let flag = lookup.flag
    switch glyph.glyphClass {
    case 1: return flag & 0x2 != 0
    case 2: return flag & 0x4 != 0
    case 3:
      if flag & 0x8 != 0 { return true }
      if let set = lookup.markFilteringSet {
        guard let definition, set < definition.markGlyphSets.count else { return true }
        return !definition.markGlyphSets[set].contains(glyph.id)
      }
      let attach = flag >> 8
      if attach != 0 {
        guard let definition else { return true }
        return LayoutCommon.classOf(glyph.id, in: definition.markAttachClasses) != attach
      }
      return false
    default: return false
    }
  }

  /// The next glyph after `i` that `lookup` matches against (nil at the end).
  @inline(__always)
  func next(after i: Int, _ lookup: GlyphSubstitution.Lookup) -> Int? {
    var j = i + 1
    while j < glyphs.count {
      if !glyphs[j].ignorable && !skips(glyphs[j], lookup) { return j }
      j += 1
    }
    return nil
  }

  /// The next glyph after `i` a ligature's `component` is matched against: as `next(after:_:)`, except that a
  /// default-ignorable glyph that is the component itself matches (HarfBuzz tries a skippable glyph before skipping
  /// it), so an emoji font's ZWJ and U+FE0F sequences ligate.
  @inline(__always)
  func nextComponent(after i: Int, _ lookup: GlyphSubstitution.Lookup, _ component: UInt16) -> Int? {
    var j = i + 1
    while j < glyphs.count {
      if !skips(glyphs[j], lookup) && (!glyphs[j].ignorable || glyphs[j].id == component) { return j }
      j += 1
    }
    return nil
  }

  /// The previous glyph before `i` that `lookup` matches against (nil at the start).
  @inline(__always)
  func previous(before i: Int, _ lookup: GlyphSubstitution.Lookup) -> Int? {
    var j = i - 1
    while j >= 0 {
      if !glyphs[j].ignorable && !skips(glyphs[j], lookup) { return j }
      j -= 1
    }
    return nil
  }

  /// Applies `lookup` once at glyph `i`: the first subtable that applies. Returns the position after what it
  /// replaced or matched, or nil when no subtable applied.
  mutating func apply(_ lookup: GlyphSubstitution.Lookup, at i: Int, depth: Int) -> Int? {
    guard budget > 0, i < glyphs.count else { return nil }
    budget -= 1
    let id = glyphs[i].id
    for subtable in lookup.subtables {
      switch subtable {
      case .single(let map):
        guard let replacement = map[id] else { continue }
        glyphs[i].id = replacement
        glyphs[i].glyphClass = glyphClass(replacement, fallback: glyphs[i].glyphClass)
        return i + 1
      case .multiple(let map):
        guard let sequence = map[id], glyphs.count + sequence.count - 1 <= capacity else { continue }
        let original = glyphs[i]
        let replaced = sequence.map { g in
          Glyph(
            id: g, cluster: original.cluster, source: original.source,
            glyphClass: glyphClass(g, fallback: original.glyphClass), ignorable: original.ignorable,
            form: original.form)
        }
        glyphs.replaceSubrange(i...i, with: replaced)
        return i + replaced.count
      case .ligature(let map):
        guard let ligatures = map[id] else { continue }
        for ligature in ligatures {
          // Checked without allocating first: most candidates fail at their first component.
          var nothing: [Int]? = nil
          guard matchesComponents(ligature.components, lookup, at: i, into: &nothing) else { continue }
          var positions: [Int]? = [i]
          positions?.reserveCapacity(ligature.components.count + 1)
          _ = matchesComponents(ligature.components, lookup, at: i, into: &positions)
          guard let positions, positions.count == ligature.components.count + 1 else { continue }
          ligate(positions, into: ligature.glyph)
          return i + 1
        }
      case .context(let context):
        if let end = applyContext(context, lookup, at: i, depth: depth) { return end }
      }
    }
    return nil
  }

  /// Whether a ligature's `components` follow glyph `i` (each the next glyph `nextComponent` finds); their
  /// positions are appended to `positions` when it is given.
  @inline(__always)
  func matchesComponents(
    _ components: [UInt16], _ lookup: GlyphSubstitution.Lookup, at i: Int, into positions: inout [Int]?
  ) -> Bool {
    var last = i
    for component in components {
      guard let j = nextComponent(after: last, lookup, component), glyphs[j].id == component else { return false }
      positions?.append(j)
      last = j
    }
    return true
  }

  /// Replaces the glyphs at `positions` (ascending, the first where the ligature goes) by `glyph`; glyphs skipped
  /// between them stay, after it; every glyph from the first to the last position joins the first's cluster.
  mutating func ligate(_ positions: [Int], into glyph: UInt16) {
    let first = positions[0]
    let cluster = glyphs[first].cluster
    for p in first...positions[positions.count - 1] { glyphs[p].cluster = min(glyphs[p].cluster, cluster) }
    glyphs[first].id = glyph
    glyphs[first].glyphClass = glyphClass(glyph, fallback: 2)
    for p in positions.dropFirst().reversed() { glyphs.remove(at: p) }
  }

  /// Tries the rules of a (chaining) context subtable at glyph `i`; on a match runs its lookup records and returns
  /// the position after the matched input.
  mutating func applyContext(
    _ context: GlyphSubstitution.ContextSubtable, _ lookup: GlyphSubstitution.Lookup, at i: Int, depth: Int
  ) -> Int? {
    let id = glyphs[i].id
    let rules: [GlyphSubstitution.Rule]
    switch context.selector {
    case .glyphs(let coverage):
      guard let index = coverage[id], index < context.ruleSets.count else { return nil }
      rules = context.ruleSets[index]
    case .classes(let coverage):
      guard coverage[id] != nil else { return nil }
      let index = Int(LayoutCommon.classOf(id, in: context.inputClasses))
      guard index < context.ruleSets.count else { return nil }
      rules = context.ruleSets[index]
    case .coverage:
      guard let only = context.ruleSets.first else { return nil }
      rules = only
    }
    for rule in rules {
      var nothing: [Int]? = nil
      guard match(rule, context, lookup, at: i, into: &nothing) else { continue }  // checked without allocating
      var recorded: [Int]? = []
      recorded?.reserveCapacity(rule.input.count)
      guard match(rule, context, lookup, at: i, into: &recorded), let positions = recorded else { continue }
      guard depth < 8 else { return nil }
      var positionsLeft = positions
      var end = positions[positions.count - 1] + 1
      for record in rule.records {
        guard record.sequenceIndex < positionsLeft.count, record.lookupIndex < table.lookups.count,
          let nested = table.lookups[record.lookupIndex]
        else { continue }
        let at = positionsLeft[record.sequenceIndex]
        guard at < glyphs.count else { continue }
        let before = glyphs.count
        _ = apply(nested, at: at, depth: depth + 1)
        let delta = glyphs.count - before
        guard delta != 0 else { continue }
        end += delta
        for k in positionsLeft.indices where k > record.sequenceIndex {
          positionsLeft[k] = max(positionsLeft[k] + delta, at + 1)
        }
      }
      return max(min(end, glyphs.count), i + 1)
    }
    return nil
  }

  /// Whether a rule matches at glyph `i` (input, lookahead and backtrack); the positions of its input are appended
  /// to `positions` when it is given.
  func match(
    _ rule: GlyphSubstitution.Rule, _ context: GlyphSubstitution.ContextSubtable,
    _ lookup: GlyphSubstitution.Lookup, at i: Int, into positions: inout [Int]?
  ) -> Bool {
    var at = i
    for (k, position) in rule.input.enumerated() {
      if k > 0 {
        guard let j = next(after: at, lookup) else { return false }
        at = j
      }
      guard Self.matches(glyphs[at].id, position, context.inputClasses) else { return false }
      positions?.append(at)
    }
    for position in rule.lookahead {
      guard let j = next(after: at, lookup), Self.matches(glyphs[j].id, position, context.lookaheadClasses) else {
        return false
      }
      at = j
    }
    at = i
    for position in rule.backtrack {
      guard let j = previous(before: at, lookup), Self.matches(glyphs[j].id, position, context.backtrackClasses)
      else { return false }
      at = j
    }
    return true
  }

  /// Whether glyph `id` matches `position` (classes looked up in `classes`).
  @inline(__always)
  static func matches(_ id: UInt16, _ position: GlyphSubstitution.Position, _ classes: [UInt16]) -> Bool {
    switch position {
    case .any: return true
    case .glyph(let g): return id == g
    case .inClass(let c): return LayoutCommon.classOf(id, in: classes) == c
    case .covered(let set): return set.contains(id)
    }
  }
}
