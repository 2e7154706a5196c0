/// Texture's batch-validity checks (`_validateUpdate`, texture.md §1.8) plus the daemon's row-id checks.
/// Pure; the first failure wins and nothing is changed by a failed check.
extension BatchPlan {
  /// Runs every check in order and throws the first failure.
  func validate(against map: ElementMap) throws(NodeTreeError) {
    try validateTextureRules()
    try validateMovedSections()
    try validateSuppliedRows()
    try validateSupplementaries()
    try validateRowIDs(against: map)
  }

  /// The daemon's check: no row edit inside a section this batch moves (old space for deletes, reloads and move
  /// sources; new space for inserts and move targets). Sorted, so the first offending row is reported.
  func validateMovedSections() throws(NodeTreeError) {
    guard !sectionMoves.isEmpty else { return }
    let movedTargets = Set(sectionMoves.values)
    for path in deleteRowsSet.sorted() where sectionMoves[path.section] != nil {
      throw .rowEditInMovedSection(operation: "deleteRows", path, section: path.section)
    }
    for path in itemReloads.keys.sortedPaths() where sectionMoves[path.section] != nil {
      throw .rowEditInMovedSection(operation: "reloadRows", path, section: path.section)
    }
    for (source, target) in itemMoves.sorted(by: { $0.key < $1.key }) {
      if sectionMoves[source.section] != nil {
        throw .rowEditInMovedSection(operation: "moveRow", source, section: source.section)
      }
      if movedTargets.contains(target.section) {
        throw .rowEditInMovedSection(operation: "moveRow", target, section: target.section)
      }
    }
    for path in userItemInserts.keys.sortedPaths() where movedTargets.contains(path.section) {
      if case .new? = userItemInserts[path] {
        throw .rowEditInMovedSection(operation: "insertRows", path, section: path.section)
      }
    }
  }

  /// §1.8: reload+delete of one section, then rules 1–7 in Texture's order.
  func validateTextureRules() throws(NodeTreeError) {
    for section in sectionReloadOrder where deleteSectionsList.contains(section) {
      throw .reloadAndDeleteSameSection(section: section)
    }
    let oldSectionCount = oldCounts.count
    let newSectionCount = newCounts.count
    // Counts derived by the daemon (no `rowCounts`) cannot fail rule 1 honestly: a reload of a section that does not
    // exist would make it report a sum that contradicts itself, so rule 2's text comes first then.
    if !countsAreExpected {
      for section in sectionReloadOrder.sorted() where section >= oldSectionCount {
        throw .deleteSectionOutOfBounds(section: section, sectionCount: oldSectionCount)
      }
    }
    // Rule 1: section count (reloads count on both sides).
    let inserted = userSectionInserts.count + sectionReloads.count
    let deleted = userSectionDeletes.count + sectionReloads.count
    if newSectionCount != oldSectionCount + inserted - deleted {
      throw .invalidNumberOfSections(
        after: newSectionCount, before: oldSectionCount, inserted: inserted, deleted: deleted)
    }
    // Rule 2: deleted sections exist in the old space.
    for section in finalSectionDeletes.sorted() where section >= oldSectionCount {
      throw .deleteSectionOutOfBounds(section: section, sectionCount: oldSectionCount)
    }
    // Rule 3: deleted rows exist in the old space.
    for path in finalItemDeletes.sorted() {
      guard path.section < oldSectionCount else {
        throw .deleteRowSectionOutOfBounds(path, sectionCount: oldSectionCount)
      }
      guard path.row < oldCounts[path.section] else {
        throw .deleteRowOutOfBounds(path, rowCount: oldCounts[path.section])
      }
    }
    // Rule 4: inserted rows fit in the new space.
    for path in finalItemInsertPaths {
      guard path.section < newSectionCount else {
        throw .insertRowSectionOutOfBounds(path, sectionCount: newSectionCount)
      }
      guard path.row < newCounts[path.section] else {
        throw .insertRowOutOfBounds(path, rowCount: newCounts[path.section])
      }
    }
    // Rule 5: inserted sections fit in the new space.
    for section in finalSectionInsertIndexes where section >= newSectionCount {
      throw .insertSectionOutOfBounds(section: section, sectionCount: newSectionCount)
    }
    // Rule 6: no row of a surviving section is both deleted and reloaded.
    for path in itemReloads.keys.sortedPaths()
    where !finalSectionDeletes.contains(path.section) && deleteRowsSet.contains(path) {
      throw .deleteAndReloadSameRow(path)
    }
    // Rule 7: surviving sections' row counts add up.
    var insertsBySection: [Int: Int] = [:]
    for path in userItemInserts.keys { insertsBySection[path.section, default: 0] += 1 }
    var deletesBySection: [Int: Int] = [:]
    for path in userItemDeletes { deletesBySection[path.section, default: 0] += 1 }
    for old in 0..<oldSectionCount where !finalSectionDeletes.contains(old) {
      guard let new = sectionMap.newIndex(forOld: old), new < newSectionCount else { continue }
      let added = insertsBySection[new, default: 0]
      let removed = deletesBySection[old, default: 0]
      if newCounts[new] != oldCounts[old] + added - removed {
        throw .invalidNumberOfRows(
          section: old, after: newCounts[new], before: oldCounts[old], inserted: added, deleted: removed)
      }
    }
  }

  /// With expected counts, every inserted or reloaded section must bring exactly that many rows.
  func validateSuppliedRows() throws(NodeTreeError) {
    guard countsAreExpected else { return }
    for section in finalSectionInsertIndexes {
      guard let source = finalSectionInserts[section] else { continue }
      let supplied: Int
      switch source {
      case .rows(let rows): supplied = rows.count
      case .moved(let old): supplied = oldCounts[old]
      }
      if supplied != newCounts[section] {
        throw .sectionRowCountMismatch(section: section, expected: newCounts[section], supplied: supplied)
      }
    }
  }

  /// Client-chosen ids (of rows and of header and footer cells) must be unique within the batch and must not clash
  /// with rows or cells that survive it.
  func validateRowIDs(against map: ElementMap) throws(NodeTreeError) {
    var newIDs: [RowID] = []
    for path in finalItemInsertPaths {
      if case .new(let spec)? = finalItemInserts[path], let id = spec.id { newIDs.append(id) }
    }
    for section in finalSectionInsertIndexes {
      if case .rows(let rows)? = finalSectionInserts[section] { newIDs.append(contentsOf: rows.compactMap(\.id)) }
    }
    newIDs.append(contentsOf: newSupplementaryCellIDs)
    guard !newIDs.isEmpty else { return }
    // Ids that leave the table: rows of deleted sections (not moved), deleted rows (not moved, not reloaded), and
    // header and footer cells that are not kept.
    var removed = Set(leavingSupplementaries(in: map).compactMap(\.id))
    let moves = survivingMoves
    for section in finalSectionDeletes where sectionMoves[section] == nil {
      for (row, id) in map.rowIDs(inSection: section).enumerated()
      where moves[TableIndexPath(section: section, row: row)] == nil {
        removed.insert(id)
      }
    }
    for path in deleteRowsSet { if let id = map.rowID(at: path) { removed.insert(id) } }
    for path in itemMoves.keys where moves[path] == nil { if let id = map.rowID(at: path) { removed.insert(id) } }
    var seen: Set<RowID> = []
    for id in newIDs {
      guard seen.insert(id).inserted else { throw .duplicateRowID(id) }
      if map.contains(id), !removed.contains(id) { throw .duplicateRowID(id) }
    }
  }
}
