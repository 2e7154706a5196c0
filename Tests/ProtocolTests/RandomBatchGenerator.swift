/// SplitMix64, a tiny seeded generator: equal seeds give equal batches, so a failure reproduces from its printed
/// seed. (A local copy because ProtocolTests does not depend on TestSupport.)
struct ThrashRandom: RandomNumberGenerator, Sendable {
  /// Generator state.
  var state: UInt64

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// True with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

  /// `count` distinct values of `range`, ascending.
  mutating func pick(_ count: Int, from range: Range<Int>) -> [Int] {
    Array(Array(range).shuffled(using: &self).prefix(count)).sorted()
  }
}

/// Makes random batches for the wire thrash test from the reference state. Valid batches follow UIKit's rules;
/// invalid ones break exactly one rule on top of a valid (possibly empty) batch.
struct RandomBatchGenerator: Sendable {
  /// The random source.
  var random: ThrashRandom
  /// Counter for fresh row ids.
  var nextRowID = 0

  /// A fresh row with a random integer cell height.
  mutating func newRow() -> ReferenceRow {
    nextRowID += 1
    return ReferenceRow(id: "t\(nextRowID)", cellHeight: Int.random(in: 0...80, using: &random))
  }

  /// Random sections of fresh rows (for reloadData and the first state).
  mutating func newSections(_ sections: ClosedRange<Int>, rows: ClosedRange<Int>) -> [[ReferenceRow]] {
    (0..<Int.random(in: sections, using: &random)).map { _ in
      (0..<Int.random(in: rows, using: &random)).map { _ in newRow() }
    }
  }

  /// Names an old row by id or by path, at random.
  mutating func reference(_ table: ReferenceTable, _ path: RowPath) -> RowReference {
    random.chance(50) ? .path(path) : .id(table.sections[path.section][path.row].id)
  }

  /// A batch UIKit accepts. Row inserts and move targets never land in sections the batch inserts or reloads,
  /// and no row operation touches a deleted or reloaded section: Texture drops such operations (texture.md
  /// §1.8, Protocol.md), so we don't generate them. Row edits inside moved sections are refused by the daemon
  /// (Protocol.md); they appear only among the invalid batches.
  mutating func validBatch(_ table: ReferenceTable) -> ReferenceBatch {
    var batch = ReferenceBatch()
    let old = table.sections.count
    let total = table.counts.reduce(0, +)
    // Section fates: at most one delete, reload and move; a few inserts; between 1 and 6 sections after.
    var order = Array(0..<old).shuffled(using: &random)
    if old > 1, random.chance(12), let section = order.popLast() { batch.deleteSections = [section] }
    if random.chance(10), let section = order.popLast() {
      batch.reloadSections = [(section, (0..<Int.random(in: 0...5, using: &random)).map { _ in newRow() })]
    }
    let movedFrom = random.chance(15) ? order.popLast() : nil
    let afterDeletes = old - batch.deleteSections.count
    var inserted = random.chance(12) ? Int.random(in: 1...2, using: &random) : 0
    if afterDeletes == 0 { inserted = max(inserted, 1) }
    inserted = min(inserted, max(0, 6 - afterDeletes))
    let newCount = afterDeletes + inserted
    var slots = random.pick(inserted + (movedFrom == nil ? 0 : 1), from: 0..<newCount).shuffled(using: &random)
    if let movedFrom, let to = slots.popLast() { batch.moveSections = [(movedFrom, to)] }
    batch.insertSections = slots.sorted().map { at in
      (at, (0..<Int.random(in: 0...4, using: &random)).map { _ in newRow() })
    }
    // Old sections whose rows may be edited, and their new indexes.
    let newIndex = Self.plainSurvivors(table, batch)
    // Row fates in editable sections; the table drifts back towards 20–60 rows.
    let deletePercent = total > 60 ? 25 : total < 20 ? 5 : 12
    var kept: [Int: Int] = [:]
    var movers: [RowPath] = []
    for section in newIndex.keys.sorted() {
      kept[section] = 0
      for row in table.sections[section].indices {
        let path = RowPath(section: section, row: row)
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < deletePercent {
          batch.deleteRows.append(reference(table, path))
        } else if roll < deletePercent + 8 {
          let height = random.chance(70) ? Int.random(in: 0...80, using: &random) : nil
          batch.reloadRows.append((reference(table, path), height))
          kept[section, default: 0] += 1
        } else if roll < deletePercent + 14 {
          movers.append(path)
        } else {
          kept[section, default: 0] += 1
        }
      }
    }
    // Arrivals (new rows and moved rows) spread over the editable sections at random slots.
    let targets = newIndex.keys.sorted()
    guard !targets.isEmpty else { return finish(batch, table) }
    let insertCount = Int.random(in: 0...(total < 20 ? 8 : 4), using: &random)
    var arrivals: [Int: [RowPath?]] = [:]
    for mover in movers { arrivals[targets.randomElement(using: &random) ?? targets[0], default: []].append(mover) }
    for _ in 0..<insertCount { arrivals[targets.randomElement(using: &random) ?? targets[0], default: []].append(nil) }
    for (section, incoming) in arrivals {
      let to = newIndex[section] ?? section
      let rows = random.pick(incoming.count, from: 0..<((kept[section] ?? 0) + incoming.count))
      for (row, source) in zip(rows, incoming.shuffled(using: &random)) {
        let at = RowPath(section: to, row: row)
        if let source {
          batch.moveRows.append((reference(table, source), at))
        } else {
          batch.insertRows.append((at, newRow()))
        }
      }
    }
    return finish(batch, table)
  }

  /// Old sections the batch neither deletes, reloads nor moves → their new indexes.
  static func plainSurvivors(_ table: ReferenceTable, _ batch: ReferenceBatch) -> [Int: Int] {
    let gone = Set(batch.deleteSections + batch.moveSections.map(\.from))
    let reloaded = Set(batch.reloadSections.map(\.section))
    let fixed = Set(batch.insertSections.map(\.at) + batch.moveSections.map(\.to))
    let newCount = table.sections.count - batch.deleteSections.count + batch.insertSections.count
    let positional = table.sections.indices.filter { !gone.contains($0) }
    var newIndex: [Int: Int] = [:]
    for (old, index) in zip(positional, (0..<newCount).filter { !fixed.contains($0) }) where !reloaded.contains(old) {
      newIndex[old] = index
    }
    return newIndex
  }

  /// Randomises the order inside each row list, and sometimes gives a new row the id of a row this batch removes
  /// (Protocol.md allows ids that leave the table to be reused at once).
  private mutating func finish(_ batch: ReferenceBatch, _ table: ReferenceTable) -> ReferenceBatch {
    var batch = batch
    var freed = batch.deleteRows.compactMap { try? table.resolve($0) }.map { table.sections[$0.section][$0.row].id }
    for section in batch.deleteSections + batch.reloadSections.map(\.section) {
      freed += table.sections[section].map(\.id)
    }
    freed.shuffle(using: &random)
    func reuse(_ row: inout ReferenceRow) {
      if !freed.isEmpty, random.chance(20) { row.id = freed.removeLast() }
    }
    for index in batch.insertRows.indices { reuse(&batch.insertRows[index].row) }
    for index in batch.insertSections.indices {
      for row in batch.insertSections[index].rows.indices { reuse(&batch.insertSections[index].rows[row]) }
    }
    for index in batch.reloadSections.indices {
      for row in batch.reloadSections[index].rows.indices { reuse(&batch.reloadSections[index].rows[row]) }
    }
    batch.deleteRows.shuffle(using: &random)
    batch.reloadRows.shuffle(using: &random)
    batch.moveRows.shuffle(using: &random)
    batch.insertRows.shuffle(using: &random)
    return batch
  }
}
