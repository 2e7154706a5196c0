/// Seeded random steps for the sections differential test: edits that insert, delete and reload sections with
/// headers and footers, set, replace and remove headers and footers (sometimes of a section out of range), change
/// row heights, change insets, and scrolls aimed at section boundaries so sticky headers are pinned, pushed up and
/// released, and footers pinned to the bottom.
struct SectionTableGenerator: Sendable {
  /// The random source.
  var random: ThrashRandom
  /// Counter for fresh row ids.
  var nextRowID = 0

  /// A generator for sequence `seed`.
  init(seed: UInt64) { random = ThrashRandom(state: seed ^ 0x15_15_15) }

  /// An integer in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

  /// A header or footer height: 0…60 points in quarters, now and then 0 or nil (none).
  mutating func supplementary() -> Int? {
    let roll = int(0...9)
    return roll < 3 ? nil : roll == 3 ? 0 : int(1...240)
  }

  /// A row height: 1…300 points, now and then 0.
  mutating func rowHeight() -> Int { random.chance(5) ? 0 : int(1...1200) }

  /// A fresh header or footer cell id for two supplementaries in five, else nil (fixed).
  mutating func cellID() -> String? {
    guard int(0...4) < 2 else { return nil }
    nextRowID += 1
    return "h\(nextRowID)"
  }

  /// A fresh section of 0…6 rows.
  mutating func section() -> SectionTableModel.Section {
    let rows = (0..<int(0...6)).map { _ -> (id: String, quarters: Int) in
      nextRowID += 1
      return ("r\(nextRowID)", rowHeight())
    }
    let header = supplementary()
    let footer = supplementary()
    return SectionTableModel.Section(
      header: header, footer: footer, headerID: header == nil ? nil : cellID(),
      footerID: footer == nil ? nil : cellID(),
      rows: rows)
  }

  /// The next step for the model's state.
  mutating func next(_ m: SectionTableModel) -> SectionTableStep {
    let count = m.sections.count
    switch int(0...99) {
    case 0..<12: return .setHeader(section: int(0...count), quarters: supplementary(), id: cellID())
    case 12..<22: return .setFooter(section: int(0...count), quarters: supplementary(), id: cellID())
    case 22..<32:
      return .insertSections(at: int(0...count + (random.chance(10) ? 1 : 0)), (0..<int(1...2)).map { _ in section() })
    case 32..<38: return .deleteSections([int(0...count)])
    case 38..<41: return .reloadData((0..<int(0...5)).map { _ in section() })
    case 41..<48:
      let ids = m.sections.flatMap { $0.rows.map(\.id) } + m.cellIDs.sorted()
      guard let id = ids.randomElement(using: &random) else { return .scrollTo(quarters: int(0...4000)) }
      return .setHeight(row: id, quarters: id.hasPrefix("h") ? supplementary() ?? 0 : rowHeight())
    case 48..<52:
      return .insets(top: random.chance(50) ? 0 : int(0...400), bottom: random.chance(50) ? 0 : int(0...400))
    case 52..<80:
      // Near a section boundary: its end just below, at or above the top edge (a header pushed up or released).
      let span = m.spans.randomElement(using: &random) ?? (0, 0)
      return .scrollTo(quarters: span.bottom - m.insetTop - int(-100...300))
    case 80..<90:
      // A section's bottom near the bottom edge (a footer pinned or released).
      let span = m.spans.randomElement(using: &random) ?? (0, 0)
      return .scrollTo(quarters: span.top - m.viewport + m.insetBottom + int(-100...300))
    default: return .scrollTo(quarters: int(-400...max(0, m.contentHeight)))
    }
  }
}
