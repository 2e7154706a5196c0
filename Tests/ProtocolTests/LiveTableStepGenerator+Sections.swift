/// The sections steps of the combined differential test (issue 15): headers and footers (fixed or cells, now and
/// then 0 points tall) set, replaced and removed on their own (`table/setHeader`/`table/setFooter`, sometimes of a
/// section out of range) and in batches (`setHeader`/`setFooter` ops beside section inserts, deletes, reloads and
/// moves that carry theirs, sometimes a slot set twice or out of range), sections inserted with them,
/// `table/reloadData` with them, header and footer cells re-laid out (`cell/setNeedsLayout`), and scrolls aimed at
/// section boundaries so sticky headers are pinned, pushed and released at both edges.
extension LiveTableStepGenerator {
  /// A header or footer: none for three in ten, else a fixed one or (two in five) a cell, 0…60 points, now and then
  /// 0.
  mutating func extra() -> LiveTableModel.Extra? {
    let roll = Int.random(in: 0..<10, using: &random)
    guard roll >= 3 else { return nil }
    let quarters = roll == 3 ? 0 : Int.random(in: 1...240, using: &random)
    guard random.chance(40) else { return LiveTableModel.Extra(quarters: quarters, id: nil) }
    nextRowID += 1
    return LiveTableModel.Extra(quarters: quarters, id: "h\(nextRowID)")
  }

  /// A section's header and footer.
  mutating func extras() -> LiveTableModel.Extras { LiveTableModel.Extras(header: extra(), footer: extra()) }

  /// A fresh section's rows: 0…6 rows of `prefix`.
  mutating func sectionRows(_ prefix: String) -> [ReferenceRow] {
    (0..<Int.random(in: 0...6, using: &random)).map { _ in newRow(prefix) }
  }

  /// The next step of a combined sequence: a sections step for two in five, else one of the live steps (a
  /// `table/reloadData` then carries headers and footers).
  mutating func nextCombined(_ model: LiveTableModel) -> LiveTableStep {
    guard random.chance(40) else {
      let kind = nextKind(model)
      if case .reloadData(let sections) = kind {
        return LiveTableStep(kind: .reloadSections(sections, extras: sections.map { _ in extras() }))
      }
      return LiveTableStep(kind: kind)
    }
    return LiveTableStep(kind: nextSectionKind(model))
  }

  /// A sections step, by weight.
  mutating func nextSectionKind(_ model: LiveTableModel) -> LiveTableStep.Kind {
    let count = model.sections.count
    let roll = Int.random(in: 0..<100, using: &random)
    switch roll {
    case 0..<12:
      return .setSupplementary(header: random.chance(60), section: Int.random(in: 0...count, using: &random), extra())
    case 12..<30:
      return sectionBatch(model)
    case 30..<38:
      let n = Int.random(in: 1...2, using: &random)
      let at = Int.random(in: 0...(count + (random.chance(10) ? 1 : 0)), using: &random)
      return .insertSections(at: at, (0..<n).map { _ in sectionRows("s") }, extras: (0..<n).map { _ in extras() })
    case 38..<42:
      let n = Int.random(in: 0...4, using: &random)
      return .reloadSections((0..<n).map { _ in sectionRows("d") }, extras: (0..<n).map { _ in extras() })
    case 42..<54:
      guard let id = model.cellIDs.randomElement(using: &random) else { return .cancel }
      return .setHeight(id, quarters: extra()?.quarters ?? 0)
    case 54..<80:
      // A section's end near the top edge (a header pinned, pushed up or released), as seen on the wire.
      guard let span = model.spans.randomElement(using: &random) else { return .cancel }
      let edge = model.inverted ? model.contentHeight - span.top : span.bottom
      let inset = model.inverted ? model.insetBottom : model.insetTop
      let y = edge - inset - Double(Int.random(in: -100...300, using: &random)) / 4
      return .scrollToOffset(quarters: Int(y * 4), drag: random.chance(50))
    default:
      // A section's start near the bottom edge (a footer pinned or released), as seen on the wire.
      guard let span = model.spans.randomElement(using: &random) else { return .cancel }
      let edge = model.inverted ? model.contentHeight - span.bottom : span.top
      let inset = model.inverted ? model.insetTop : model.insetBottom
      let y = edge - model.viewportHeight + inset + Double(Int.random(in: -100...300, using: &random)) / 4
      return .scrollToOffset(quarters: Int(y * 4), drag: random.chance(50))
    }
  }

  /// A batch of section operations (from `RandomBatchGenerator`, valid, with row operations now and then) whose
  /// inserted and reloaded sections carry headers and footers, plus 0…2 `setHeader`/`setFooter` ops (one in ten out
  /// of range or setting a slot twice).
  mutating func sectionBatch(_ model: LiveTableModel) -> LiveTableStep.Kind {
    let table = model.referenceTable
    var batch = rescaled(batches.validBatch(table))
    var ops = LiveTableModel.SupplementaryOps()
    for i in batch.insertSections.indices where random.chance(70) { ops.inserted[i] = extras() }
    for i in batch.reloadSections.indices where random.chance(50) { ops.reloaded[i] = extras() }
    let newCount = table.sections.count - batch.deleteSections.count + batch.insertSections.count
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      let section = random.chance(10) ? newCount : Int.random(in: 0...max(0, newCount - 1), using: &random)
      ops.set.append((random.chance(50), section, extra()))
    }
    if random.chance(10), let first = ops.set.first { ops.set.append(first) }
    if ops.isEmpty && batch.moveSections.isEmpty, newCount > 0 {
      ops.set.append((true, Int.random(in: 0..<newCount, using: &random), extra()))
    }
    batch.rowCounts = nil
    return .sectionBatch(batch, ops, operations: LiveTableWire.operations(batch, ops, &random))
  }
}

/// The setup of a combined sequence (issue 15): the Base session's options plus a style (plain for two seeds in
/// three, grouped with random spacing for the rest) and the Base rows b0…b19 of 100 points spread over 1…4
/// sections with random headers and footers. Inverted for odd seeds, as the live sequences are.
struct LiveTableSectionsSetup: Sendable {
  /// `style: "grouped"`.
  var grouped: Bool
  /// Grouped spacing for a missing header and footer, quarter points.
  var spacing: (header: Int, footer: Int)
  /// The first `table/reloadData`.
  var step: LiveTableStep
  /// The next fresh id number for the generator.
  var nextRowID: Int

  /// The setup of `seed`.
  init(seed: UInt64) {
    var generator = LiveTableStepGenerator(seed: seed ^ 0x15D)
    generator.nextRowID = 1000
    grouped = seed % 3 == 0
    spacing = (Int.random(in: 0...80, using: &generator.random), Int.random(in: 0...80, using: &generator.random))
    let count = Int.random(in: 1...4, using: &generator.random)
    var cuts = (0..<(count - 1)).map { _ in Int.random(in: 0...20, using: &generator.random) }.sorted()
    cuts = [0] + cuts + [20]
    let rows = (0..<count).map { s in (cuts[s]..<cuts[s + 1]).map { ReferenceRow(id: "b\($0)", cellHeight: 400) } }
    step = LiveTableStep(kind: .reloadSections(rows, extras: rows.map { _ in generator.extras() }))
    nextRowID = generator.nextRowID
  }

  /// The `session/create` members it adds.
  var createMembers: String {
    guard grouped else { return #","style":"plain""# }
    return #","style":"grouped","groupedSectionSpacing":{"header":\#(LiveTableWire.points(spacing.header)),"#
      + #""footer":\#(LiveTableWire.points(spacing.footer))}"#
  }

  /// Configures a fresh model for it.
  func configure(_ model: inout LiveTableModel) {
    model.observesSections = true
    model.grouped = grouped
    model.spacingHeader = grouped ? spacing.header : 0
    model.spacingFooter = grouped ? spacing.footer : 0
  }
}
