/// Invalid batches: one broken rule on top of a valid (possibly empty) batch, away from anything Texture drops.
extension RandomBatchGenerator {
  /// Which rule an invalid batch breaks.
  enum Breakage: String, CaseIterable, Sendable {
    case deleteOutOfRange, insertOutOfRange, deleteAndReload, moveAndEdit, duplicateID, wrongRowCounts
    case moveOutOfRange, unknownID, deleteSectionOutOfRange, editInMovedSection
  }

  /// A batch the daemon must refuse, the rule it breaks, and the JSON-RPC error code expected
  /// (-32602 for an unknown row id, else -32004).
  mutating func invalidBatch(_ table: ReferenceTable) -> (ReferenceBatch, Breakage, Int) {
    var batch = random.chance(50) ? validBatch(table) : ReferenceBatch()
    guard let after = try? table.applying(batch) else { return (batch, .unknownID, 0) }
    batch.rowCounts = random.chance(50) ? after.counts : nil
    // Rows the base batch leaves alone, in sections it leaves alone.
    let plain = Self.plainSurvivors(table, batch)
    let named = Set(
      (batch.deleteRows + batch.reloadRows.map(\.row) + batch.moveRows.map(\.from)).compactMap {
        try? table.resolve($0)
      })
    let untouched = plain.keys.sorted().flatMap { section in
      table.sections[section].indices.map { RowPath(section: section, row: $0) }.filter { !named.contains($0) }
    }
    let breakage = Breakage.allCases.randomElement(using: &random) ?? .unknownID
    switch breakage {
    case .deleteOutOfRange:
      if let section = plain.keys.randomElement(using: &random) {
        let row = table.sections[section].count + Int.random(in: 0...2, using: &random)
        batch.deleteRows.append(.path(RowPath(section: section, row: row)))
        return (batch, breakage, -32004)
      }
    case .insertOutOfRange:
      if let section = plain.values.randomElement(using: &random) {
        let row = after.sections[section].count + Int.random(in: 1...3, using: &random)
        batch.insertRows.append((RowPath(section: section, row: row), newRow()))
        return (batch, breakage, -32004)
      }
    case .deleteAndReload:
      if let path = untouched.randomElement(using: &random) {
        batch.deleteRows.append(reference(table, path))
        batch.reloadRows.append((reference(table, path), random.chance(50) ? 7 : nil))
        return (batch, breakage, -32004)
      }
    case .moveAndEdit:
      if let path = untouched.randomElement(using: &random), let section = plain[path.section] {
        // One row moved and also deleted or reloaded.
        batch.moveRows.append((reference(table, path), RowPath(section: section, row: 0)))
        if random.chance(50) {
          batch.deleteRows.append(reference(table, path))
        } else {
          batch.reloadRows.append((reference(table, path), nil))
        }
        return (batch, breakage, -32004)
      }
    case .duplicateID:
      if let path = untouched.randomElement(using: &random), let section = plain[path.section] {
        // A new row named like a row that stays, or two new rows with one id.
        var row = newRow()
        if random.chance(50) {
          row.id = table.sections[path.section][path.row].id
          batch.insertRows.append((RowPath(section: section, row: 0), row))
          batch.rowCounts?[section] += 1
        } else {
          batch.insertRows.append((RowPath(section: section, row: 0), row))
          batch.insertRows.append((RowPath(section: section, row: 1), row))
          batch.rowCounts?[section] += 2
        }
        return (batch, breakage, -32004)
      }
    case .wrongRowCounts:
      var counts = after.counts
      if !counts.isEmpty, random.chance(70) {
        let section = Int.random(in: 0..<counts.count, using: &random)
        counts[section] += counts[section] == 0 || random.chance(50) ? 1 : -1
      } else if !counts.isEmpty, random.chance(50) {
        counts.removeLast()
      } else {
        counts.append(Int.random(in: 0...2, using: &random))
      }
      batch.rowCounts = counts
      return (batch, breakage, -32004)
    case .moveOutOfRange:
      if let path = untouched.randomElement(using: &random) {
        let to: RowPath
        if random.chance(50), let section = plain.values.randomElement(using: &random) {
          to = RowPath(section: section, row: after.sections[section].count + Int.random(in: 1...3, using: &random))
        } else {
          to = RowPath(section: after.sections.count + Int.random(in: 0...1, using: &random), row: 0)
        }
        batch.moveRows.append((reference(table, path), to))
        return (batch, breakage, -32004)
      }
    case .editInMovedSection:
      // A row of the section the base batch moves, deleted or reloaded (UIKit-legal; the daemon refuses it).
      if let move = batch.moveSections.first, !table.sections[move.from].isEmpty {
        let path = RowPath(section: move.from, row: Int.random(in: 0..<table.sections[move.from].count, using: &random))
        if !named.contains(path) {
          if random.chance(50) {
            batch.deleteRows.append(reference(table, path))
            batch.rowCounts = nil
          } else {
            batch.reloadRows.append((reference(table, path), 3))
          }
          return (batch, breakage, -32004)
        }
      }
    case .unknownID, .deleteSectionOutOfRange:
      break
    }
    if breakage != .deleteSectionOutOfRange, random.chance(50) {
      batch.deleteRows.append(.id("missing-\(nextRowID)"))
      return (batch, .unknownID, -32602)
    }
    batch.deleteSections.append(table.sections.count + Int.random(in: 0...1, using: &random))
    return (batch, .deleteSectionOutOfRange, -32004)
  }
}
