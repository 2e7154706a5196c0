/// Makes random `LiveTableStep`s from the model's state, seeded (equal seeds give equal sequences). Batches come
/// from `RandomBatchGenerator` (valid and invalid, UIKit's index rules) with their heights redrawn in quarter points.
struct LiveTableStepGenerator: Sendable {
  /// The random source of the steps.
  var random: ThrashRandom
  /// The batch generator (its own random source, derived from the seed).
  var batches: RandomBatchGenerator
  /// Counter for fresh row ids of inserts, pages and reloads.
  var nextRowID = 0

  /// A generator for sequence `seed`.
  init(seed: UInt64) {
    random = ThrashRandom(state: seed)
    batches = RandomBatchGenerator(random: ThrashRandom(state: seed ^ 0x5DEE_CE66_D1CE_4E5B))
  }

  /// Percent of cells 0 points tall: `$LAYOUTD_DIFF_ZERO_HEIGHTS`, else 5 (0 for triage of other divergences).
  static let zeroHeightPercent = LiveTableDifferentialTests.setting("LAYOUTD_DIFF_ZERO_HEIGHTS", 5)

  /// A cell height in quarter points: 0…400 points, now and then 0.
  mutating func quarters() -> Int {
    random.chance(Self.zeroHeightPercent) ? 0 : Int.random(in: 1...1600, using: &random)
  }

  /// A fresh row with id `prefix<n>`.
  mutating func newRow(_ prefix: String) -> ReferenceRow {
    nextRowID += 1
    return ReferenceRow(id: "\(prefix)\(nextRowID)", cellHeight: quarters())
  }

  /// `batch` with every new height redrawn in quarter points (the batch generator draws 0…80).
  mutating func rescaled(_ batch: ReferenceBatch) -> ReferenceBatch {
    var batch = batch
    for i in batch.insertRows.indices { batch.insertRows[i].row.cellHeight = quarters() }
    for i in batch.reloadRows.indices where batch.reloadRows[i].cellHeight != nil {
      batch.reloadRows[i].cellHeight = quarters()
    }
    for i in batch.insertSections.indices {
      for r in batch.insertSections[i].rows.indices { batch.insertSections[i].rows[r].cellHeight = quarters() }
    }
    for i in batch.reloadSections.indices {
      for r in batch.reloadSections[i].rows.indices { batch.reloadSections[i].rows[r].cellHeight = quarters() }
    }
    return batch
  }

  /// A random committed row id (nil when the table is empty).
  mutating func anyRowID(_ model: LiveTableModel) -> String? {
    Array(model.sections.joined()).randomElement(using: &random)?.id
  }

  /// An offset or distance in quarter points, uniformly in `range` points.
  mutating func quarters(in range: ClosedRange<Double>) -> Int {
    Int.random(in: Int(range.lowerBound * 4)...Int(range.upperBound * 4), using: &random)
  }

  /// The next step for a table in `model`'s state.
  mutating func next(_ model: LiveTableModel) -> LiveTableStep {
    LiveTableStep(kind: nextKind(model))
  }

  /// The next step's kind, by weight.
  mutating func nextKind(_ model: LiveTableModel) -> LiveTableStep.Kind {
    let roll = Int.random(in: 0..<100, using: &random)
    let table = model.referenceTable
    let sectionCount = model.sections.count
    switch roll {
    case 0..<12:
      let batch = rescaled(batches.validBatch(table))
      if random.chance(40), let after = try? table.applying(batch) {
        var counted = batch
        counted.rowCounts = after.counts
        return .batch(counted, operations: LiveTableWire.operations(counted, &random))
      }
      return .batch(batch, operations: LiveTableWire.operations(batch, &random))
    case 12..<16:
      let (batch, _, code) = batches.invalidBatch(table)
      guard code != 0 else { return .cancel }
      let scaled = rescaled(batch)
      return .batch(scaled, operations: LiveTableWire.operations(scaled, &random))
    case 16..<20:
      guard sectionCount > 0 else { return reloadKind() }
      let rows = (0..<Int.random(in: 1...4, using: &random)).map { _ in newRow("i") }
      return .insertRows(section: Int.random(in: 0..<sectionCount, using: &random), rows: rows)
    case 20..<24:
      var ids = (0..<Int.random(in: 1...3, using: &random)).compactMap { _ in anyRowID(model) }
      if ids.isEmpty || random.chance(10) { ids.append("missing\(nextRowID)") }
      return .deleteRows(ids)
    case 24..<26:
      return reloadKind()
    case 26..<34:
      guard let id = anyRowID(model) else { return .scrollBy(quarters: quarters(in: -800...800), drag: true) }
      return .setHeight(id, quarters: quarters())
    case 34..<36:
      let ids = (0..<Int.random(in: 1...3, using: &random)).compactMap { _ in anyRowID(model) }
      return .remeasure(Array(Set(ids)).sorted())
    case 36..<46:
      let far = random.chance(15)
      return random.chance(60)
        ? .scrollBy(quarters: quarters(in: far ? -5000...5000 : -1200...1200), drag: true)
        : .scrollToOffset(quarters: quarters(in: -200...(model.contentHeight + 200)), drag: true)
    case 46..<53:
      return random.chance(50)
        ? .scrollBy(quarters: quarters(in: -1200...1200), drag: false)
        : .scrollToOffset(quarters: quarters(in: -200...(model.contentHeight + 200)), drag: false)
    case 53..<58:
      let position = ["top", "middle", "bottom", "none"].randomElement(using: &random) ?? "none"
      return .scrollToRow(anyRowID(model) ?? "missing", position: position)
    case 58..<61:
      return .viewportHeight(quarters: quarters(in: 100...900))
    case 61..<64:
      return .contentOffset(quarters: quarters(in: -200...(model.contentHeight + 200)))
    case 64..<67:
      let top = random.chance(40) ? 0 : quarters(in: 0...300)
      let bottom = random.chance(40) ? 0 : random.chance(25) ? quarters(in: 600...900) : quarters(in: 0...300)
      return .insets(top: top, bottom: bottom)
    case 67..<70:
      let modes: [LiveTableModel.Mode] = [.full, .minimum, .visibleOnly, .lowMemory]
      let screens = [0, 0.25, 0.5, 1, 1.5, 2.5, 3]
      return .tuning(
        mode: modes.randomElement(using: &random) ?? .full,
        rangeType: random.chance(50) ? "display" : "preload",
        leading: screens.randomElement(using: &random) ?? 1, trailing: screens.randomElement(using: &random) ?? 0)
    case 70..<73:
      let modes: [LiveTableModel.Mode] = [.full, .minimum, .visibleOnly, .lowMemory]
      return .rangeMode(modes.randomElement(using: &random) ?? .full)
    case 73..<77:
      return .setVisible(random.chance(model.containerInWindow ? 70 : 20) ? !model.containerInWindow : model.containerInWindow)
    case 77..<82:
      let events = ["didEnterBackground", "willEnterForeground", "memoryWarning"]
      let event = model.background && random.chance(60) ? "willEnterForeground" : events.randomElement(using: &random)
      return .applicationEvent(event ?? "memoryWarning")
    case 82..<87:
      return .complete(finished: random.chance(85))
    case 87..<89:
      return .cancel
    case 89..<92:
      return .leadingScreens([0, 0.5, 1, 2, 3].randomElement(using: &random) ?? 2)
    default:
      guard model.batchState == .fetching || random.chance(30) else {
        return .scrollToOffset(quarters: Int(model.wireOffset(model.maxOffset) * 4), drag: true)
      }
      let rows = (0..<Int.random(in: 3...12, using: &random)).map { _ in newRow("p") }
      return .pageThenComplete(section: sectionCount > 0 ? sectionCount - 1 : nil, rows: rows)
    }
  }

  /// `table/reloadData`: a fifth of the time to an empty table (no sections, or one empty section), else 1–3
  /// sections of 0–15 fresh rows.
  mutating func reloadKind() -> LiveTableStep.Kind {
    if random.chance(20) { return .reloadData(random.chance(50) ? [] : [[]]) }
    let sections = (0..<Int.random(in: 1...3, using: &random)).map { _ in
      (0..<Int.random(in: 0...15, using: &random)).map { _ in newRow("d") }
    }
    return .reloadData(sections)
  }
}
