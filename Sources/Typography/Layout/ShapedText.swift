/// Text prepared for line breaking: each Unicode scalar with its break class and running advance. Pure.
///
/// Advances come from the font's precomputed BMP table (hmtx advance per code point) and are summed in integer
/// font units, so a run's width is exact until it is scaled by `size / unitsPerEm` once.
struct ShapedText {
  /// One scalar of the text.
  struct Item {
    /// The scalar.
    var scalar: Unicode.Scalar
    /// Its line-breaking class (spaces, hard breaks and zero-width characters; `opportunity` says where a line
    /// may break).
    var breakClass: BreakClass
    /// What a line may do just before this scalar (`BreakOpportunities`): `.allowed`, `.hyphenated` (after a soft
    /// hyphen) or `.never` (also before spaces and hard breaks, which `LineBreaker` handles itself).
    var opportunity: LineBreakOpportunity
    /// Whether a grapheme cluster starts here (UAX #29): truncation cuts only there.
    var startsCluster: Bool
    /// Kerning between the previous scalar and this one, font units (0 without kerning).
    var kern: Int32
    /// Sum of the advances (and kerning) of every scalar up to and including this one, font units.
    var end: Int
  }

  /// The scalars, in text order (offsets into this array are the Unicode-scalar offsets of `TextLine.range`).
  var items: [Item]
  /// Points per font unit: size / unitsPerEm.
  let scale: Double
  /// The hyphen shown where a line breaks at a soft hyphen, with its advance in font units; nil when the text has
  /// no soft hyphen. U+2010 HYPHEN when the font maps it, else U+002D HYPHEN-MINUS, as Chromium picks it.
  let hyphen: (scalar: Unicode.Scalar, units: Int)?
  /// The break opportunities inside a cluster (a soft hyphen or a zero-width space between a ligature's
  /// components), by scalar offset: a line that breaks there is measured with the cluster's two parts shaped
  /// apart, as Chromium reshapes a line's ends. Empty for almost every text.
  var cuts: [Int: Cut] = [:]

  /// A break opportunity inside the cluster `clusterStart..<clusterEnd`, with the widths of its two parts.
  struct Cut {
    /// The cluster's first scalar.
    var clusterStart: Int
    /// One past the cluster's last scalar.
    var clusterEnd: Int
    /// Font units of the scalars `clusterStart..<offset` shaped alone.
    var head: Int
    /// Font units of the scalars `offset..<clusterEnd` shaped alone.
    var tail: Int
  }

  /// Shapes `text` in `font`: each scalar's break class and opportunity, and the advances of the glyphs the font
  /// draws for it. Control and format characters take no width, tabs a space's, marks none (GDEF class 3, or
  /// general category Mn when the font has no glyph classes). With `ligatures` off the `liga`, `clig` and `calt`
  /// lookups are not run (CSS `font-variant-ligatures: none`); ahem is never shaped.
  /// `wrap` adds the break opportunities of `.breakAll` and `.character` (`BreakOpportunities.apply`).
  init(text: String, font: Font, size: Double, kerning: Bool, ligatures: Bool = true, wrap: LineWrap = .word) {
    scale = size / Double(font.unitsPerEm)
    let kerns = kerning && font.hasKerning
    let lookups = ligatures ? font.substitution.applied : font.substitution.appliedWithoutLigatures
    var items: [Item]
    var needsUnicode: Bool
    var cuts: [Int: Cut] = [:]
    if font.isAhem || lookups.isEmpty {
      (items, needsUnicode) = Self.directItems(text: text, font: font, kerns: kerns)
      if needsUnicode { BreakOpportunities.applyUnicodeRules(to: &items) }
      BreakOpportunities.apply(wrap, to: &items)
    } else {
      (items, needsUnicode) = Self.classifiedItems(text: text)
      if needsUnicode { BreakOpportunities.applyUnicodeRules(to: &items) }
      BreakOpportunities.apply(wrap, to: &items)
      cuts = Self.shape(&items, font: font, lookups: lookups, ligatures: ligatures, kerns: kerns)
    }
    self.cuts = cuts
    hyphen = needsUnicode && text.unicodeScalars.contains("\u{AD}") ? Self.hyphen(of: font) : nil
    self.items = items
  }

  /// Shapes one run of a paragraph whose `items` (the run's scalars, rebased to 0) were classified over the whole
  /// paragraph (break classes, opportunities and cluster starts in their context): the advances of the glyphs
  /// `font` draws for them, as `init(text:font:size:kerning:ligatures:wrap:)` finds them, without finding the
  /// break opportunities and clusters again. No hyphen (the paragraph's is the first run's).
  init(paragraphItems items: [Item], font: Font, size: Double, kerning: Bool, ligatures: Bool) {
    scale = size / Double(font.unitsPerEm)
    let kerns = kerning && font.hasKerning
    let lookups = ligatures ? font.substitution.applied : font.substitution.appliedWithoutLigatures
    var items = items
    if font.isAhem || lookups.isEmpty {
      Self.measureDirect(&items, font: font, kerns: kerns)
    } else {
      cuts = Self.shape(&items, font: font, lookups: lookups, ligatures: ligatures, kerns: kerns)
    }
    hyphen = nil
    self.items = items
  }

  /// The items of `text` with one advance per scalar (no substitution): its hmtx advance plus the pair kerning
  /// with the previous visible glyph; and whether any scalar needs the Unicode break rules.
  @inline(__always)
  static func directItems(text: String, font: Font, kerns: Bool) -> (items: [Item], needsUnicode: Bool) {
    var (items, needsUnicode) = classifiedItems(text: text)
    measureDirect(&items, font: font, kerns: kerns)
    return (items, needsUnicode)
  }

  /// The items of `text` with their break classes, the opportunities of the ASCII rules and cluster starts at
  /// CR LF only, no advances yet; and whether any scalar needs the Unicode break rules.
  @inline(__always)
  static func classifiedItems(text: String) -> (items: [Item], needsUnicode: Bool) {
    var items: [Item] = []
    items.reserveCapacity(text.utf8.count)
    var context = BreakOpportunities.AsciiContext()
    var needsUnicode = false
    for scalar in text.unicodeScalars {
      let breakClass = BreakClass.of(scalar.value)
      let startsCluster = !(scalar.value == 0x0A && context.previous == 0x0D)  // CR LF is one cluster
      let opportunity = context.next(scalar.value, breakClass)
      if BreakOpportunities.needsUnicodeRules(scalar.value) { needsUnicode = true }
      items.append(
        Item(
          scalar: scalar, breakClass: breakClass, opportunity: opportunity, startsCluster: startsCluster, kern: 0,
          end: 0))
    }
    return (items, needsUnicode)
  }

  /// Sets the advances of classified `items` in `font` without substitution: each scalar's hmtx advance plus the
  /// pair kerning with the previous visible glyph (`kern`), summed into `end`.
  @inline(__always)
  static func measureDirect(_ items: inout [Item], font: Font, kerns: Bool) {
    let spaceAdvance = font.advance(of: " ")
    let findsMarks = !font.isAhem
    var total = 0
    var previousGlyph: UInt16 = 0
    var previousVisible = false
    for index in items.indices {
      let scalar = items[index].scalar
      let breakClass = items[index].breakClass
      var advance: Int
      switch breakClass {
      case .hardBreak, .zeroWidthSpace, .invisible: advance = 0
      case .space where scalar.value == 0x09: advance = spaceAdvance
      default: advance = font.advance(of: scalar)
      }
      var kern: Int32 = 0
      // A mark takes no advance; neither it nor a default-ignorable character (a soft hyphen) stops kerning
      // between the glyphs around it, as GPOS lookups skip them.
      let isMark = findsMarks && scalar.value >= 0x300 && isMarkScalar(scalar, font: font)
      if isMark {
        advance = 0
      } else if kerns && breakClass != .invisible {
        let visible = advance > 0
        let glyph = font.glyph(for: scalar)
        if previousVisible && visible {
          kern = Int32(truncatingIfNeeded: font.kerning(previousGlyph, glyph))
          advance += Int(kern)
        }
        previousGlyph = glyph
        previousVisible = visible
      }
      total += advance
      items[index].kern = kern
      items[index].end = total
    }
  }

  /// Whether `scalar`'s glyph in `font` is a mark: GDEF class 3 when the font classifies glyphs, else a
  /// nonspacing mark character (general category Mn).
  private static func isMarkScalar(_ scalar: Unicode.Scalar, font: Font) -> Bool {
    if let definition = font.definition, definition.hasGlyphClasses {
      return definition.glyphClass(font.glyph(for: scalar)) == GlyphDefinition.mark
    }
    return scalar.properties.generalCategory == .nonspacingMark
  }

  /// Replaces the advances of `items` (break classes and opportunities already set) by those of the glyphs the
  /// font's `lookups` make: each glyph's advance (and its kerning with the previous non-mark glyph) counts at the
  /// first scalar of its cluster; a scalar inside a cluster (a ligature's later components) takes none, and no
  /// truncation cuts there. A line breaks inside a cluster only at a break opportunity (a soft hyphen or a
  /// zero-width space between a ligature's components); those are returned with the widths of the parts.
  private static func shape(
    _ items: inout [Item], font: Font, lookups: [Int], ligatures: Bool, kerns: Bool
  ) -> [Int: Cut] {
    let count = items.count
    guard count > 0 else { return [:] }
    let (advances, kernings, clusterStarts) = shapeRun(
      items[...], font: font, lookups: lookups, ligatures: ligatures, kerns: kerns)
    var total = 0
    var cutOffsets: [Int] = []
    for index in 0..<count {
      total += advances[index]
      items[index].end = total
      items[index].kern = kernings[index]
      if index > 0 && !clusterStarts[index] {
        items[index].startsCluster = false
        if items[index].opportunity >= .allowed {
          cutOffsets.append(index)
        } else {
          items[index].opportunity = .never
        }
      }
    }
    var cuts: [Int: Cut] = [:]
    for offset in cutOffsets {
      var start = offset
      while start > 0 && !clusterStarts[start] { start -= 1 }
      var end = offset
      while end < count && !clusterStarts[end] { end += 1 }
      func units(_ range: Range<Int>) -> Int {
        shapeRun(items[range], font: font, lookups: lookups, ligatures: ligatures, kerns: kerns).advances.reduce(0, +)
      }
      cuts[offset] = Cut(clusterStart: start, clusterEnd: end, head: units(start..<offset), tail: units(offset..<end))
    }
    return cuts
  }

  /// Shapes the scalars of `items` as one run: the advance and leading kerning of each cluster, at the offset of
  /// its first scalar (relative to the slice's start), and which offsets start a cluster.
  private static func shapeRun(
    _ items: ArraySlice<Item>, font: Font, lookups: [Int], ligatures: Bool, kerns: Bool
  ) -> (advances: [Int], kernings: [Int32], clusterStarts: [Bool]) {
    let count = items.count
    let base = items.startIndex
    let classifies = font.classifiesGlyphs
    let scripts = ShapingScript.segments(items.lazy.map(\.scalar), font: font.substitution)
    let forms = scripts.contains { $0.script == .arabic } ? ArabicJoining.forms(items.lazy.map(\.scalar)) : []
    var shaped: [GlyphShaper.Glyph] = []
    // The index in `shaped` of each script run's first glyph (ascending).
    var segmentStarts: [Int] = []
    for segment in scripts {
      var glyphs: [GlyphShaper.Glyph] = []
      glyphs.reserveCapacity(segment.range.count)
      for index in segment.range {
        let item = items[base + index]
        let id = font.glyph(for: item.scalar)
        let glyphClass: UInt16
        if classifies, let definition = font.definition {
          glyphClass = definition.glyphClass(id)
        } else {
          glyphClass = item.scalar.properties.generalCategory == .nonspacingMark ? GlyphDefinition.mark : 1
        }
        glyphs.append(
          GlyphShaper.Glyph(
            id: id, cluster: index, source: index, glyphClass: glyphClass,
            ignorable: GlyphShaper.isSkippedIgnorable(item.scalar.value),
            form: forms.isEmpty ? .none : forms[index]))
      }
      var shaper = GlyphShaper(table: font.substitution, definition: font.definition, glyphs: glyphs)
      switch segment.script {
      case .arabic:
        if let plan = font.substitution.arabic { shaper.run(ligatures ? plan.steps : plan.stepsWithoutLigatures) }
      case .hebrew:
        if let plan = font.substitution.hebrew { shaper.run(ligatures ? plan.steps : plan.stepsWithoutLigatures) }
      case .other:
        shaper.run(lookups)
      }
      if !shaper.glyphs.isEmpty { segmentStarts.append(shaped.count) }
      shaped.append(contentsOf: shaper.glyphs)
    }
    var advances = [Int](repeating: 0, count: count)
    var kernings = [Int32](repeating: 0, count: count)
    var clusterStarts = [Bool](repeating: false, count: count)
    let spaceAdvance = font.advance(of: " ")
    var previousGlyph: UInt16 = 0
    var previousVisible = false
    var nextSegment = 0
    for (position, glyph) in shaped.enumerated() {
      let cluster = glyph.cluster
      // Script runs are shaped apart (a browser itemizes by script): no kerning across their boundary.
      if nextSegment < segmentStarts.count && segmentStarts[nextSegment] == position {
        previousVisible = false
        nextSegment += 1
      }
      let firstOfCluster = !clusterStarts[cluster]
      clusterStarts[cluster] = true
      let isMark = glyph.glyphClass == GlyphDefinition.mark
      let source = items[base + glyph.source]
      var advance: Int
      switch source.breakClass {
      case .hardBreak, .zeroWidthSpace, .invisible: advance = 0
      case .space where source.scalar.value == 0x09: advance = spaceAdvance
      default: advance = isMark ? 0 : font.advance(glyph: glyph.id)
      }
      // Marks and default-ignorable characters (a soft hyphen) do not stop kerning, as GPOS lookups skip them.
      if kerns && !isMark && source.breakClass != .invisible {
        let visible = advance > 0
        if previousVisible && visible {
          let kern = Int32(truncatingIfNeeded: font.kerning(previousGlyph, glyph.id))
          advance += Int(kern)
          if firstOfCluster { kernings[cluster] = kern }
        }
        previousGlyph = glyph.id
        previousVisible = visible
      }
      advances[cluster] += advance
    }
    return (advances, kernings, clusterStarts)
  }

  /// The hyphen `font` draws at a soft-hyphen break, with its advance (see `hyphen`).
  static func hyphen(of font: Font) -> (scalar: Unicode.Scalar, units: Int) {
    let hyphen: Unicode.Scalar = "\u{2010}"
    let scalar: Unicode.Scalar = font.glyph(for: hyphen) != 0 ? hyphen : "-"
    return (scalar, font.advance(of: scalar))
  }

  /// Width of scalars `a..<b` in font units (the kerning with the scalar before `a` is left out).
  @inline(__always)
  func units(_ a: Int, _ b: Int) -> Int {
    guard a < b else { return 0 }
    guard cuts.isEmpty else { return unitsAcrossCuts(a, b) }
    return items[b - 1].end - (a > 0 ? items[a - 1].end : 0) - Int(items[a].kern)
  }

  /// `units(a, b)` when the text has cuts: a line starting or ending at a cut counts the part of the cut cluster
  /// it holds, shaped alone (`Cut.head`, `Cut.tail`); offsets inside a cluster that are not cuts count as its
  /// start.
  func unitsAcrossCuts(_ a: Int, _ b: Int) -> Int {
    var from = a
    var to = b
    var total = 0
    if let cut = cuts[a] {
      if let end = cuts[b], end.clusterStart == cut.clusterStart { return max(end.head - cut.head, 0) }
      if b <= cut.clusterEnd { return cut.tail }
      total += cut.tail
      from = cut.clusterEnd
    }
    if let cut = cuts[b], cut.clusterStart >= from {
      total += cut.head
      to = cut.clusterStart
    }
    if from < to { total += items[to - 1].end - (from > 0 ? items[from - 1].end : 0) - Int(items[from].kern) }
    return total
  }

  /// Width of scalars `a..<b` in points, rounded up to 1/64 pt (a browser's layout unit).
  @inline(__always)
  func width(_ a: Int, _ b: Int) -> Double {
    Self.ceil64(Double(units(a, b)) * scale)
  }

  /// Width of scalars `a..<b` plus `extra` font units (a hyphen or an ellipsis after them), in points rounded up
  /// to 1/64 pt.
  @inline(__always)
  func width(_ a: Int, _ b: Int, plusUnits extra: Int) -> Double {
    Self.ceil64(Double(units(a, b) + extra) * scale)
  }

  /// The start of the grapheme cluster holding scalar `index - 1`: the last cluster boundary before `index`
  /// (`index` itself when it is 0).
  @inline(__always)
  func clusterStart(before index: Int) -> Int {
    var cut = max(index - 1, 0)
    while cut > 0 && !items[cut].startsCluster { cut -= 1 }
    return cut
  }

  /// `x` rounded up to a multiple of 1/64 (values within 1e-6/64 of a multiple round to it).
  @inline(__always)
  static func ceil64(_ x: Double) -> Double {
    (x * 64 - 1e-6).rounded(.up) / 64
  }

  /// The end of scalars `a..<b` with trailing spaces removed (they hang past the line end).
  @inline(__always)
  func trimmedEnd(_ a: Int, _ b: Int) -> Int {
    var end = b
    while end > a, items[end - 1].breakClass == .space || items[end - 1].breakClass == .hardBreak { end -= 1 }
    return end
  }
}
