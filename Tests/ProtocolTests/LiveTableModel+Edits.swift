/// Edits and commits of `LiveTableModel` (rules "Commits, deletes, reloads, moves"). Row order comes from
/// `ReferenceTable` (UIKit's batch index semantics); this file decides which nodes end and what a commit pushes.
/// Every edit returns the error code of its answer (nil: accepted; -1: some error, code not modelled).
extension LiveTableModel {
  /// The committed rows as `ReferenceTable` rows (`cellHeight` in quarter points).
  var referenceTable: ReferenceTable {
    ReferenceTable(sections: sections.map { $0.map { ReferenceRow(id: $0.id, cellHeight: $0.quarters) } })
  }

  /// Commits `new` (ids and quarter heights by section): rows whose id is in `ended` or new get a fresh node at
  /// {measureLayout}; others keep theirs. Then the clamp, the ended nodes' exits and releases, one update when the
  /// change set had operations, and the after-commit batch-fetch check.
  mutating func commit(_ new: [[ReferenceRow]], ended: Set<String>, operations: Int) {
    let old = sections.joined()
    let endedRows = old.filter { ended.contains($0.id) }
    sections = new.map { rows in
      rows.map { r in
        let kept = ended.contains(r.id) ? nil : old.first(where: { $0.id == r.id })?.state
        return Row(id: r.id, quarters: r.cellHeight, state: kept ?? .measureLayout)
      }
    }
    clampOffset()
    for row in endedRows {
      var last = row.state
      if last.contains(.visible) {
        last.remove(.visible)
        logChange(row.id, from: row.state, to: last)
      }
      rowEvents[row.id, default: []].append(.released(state: last.names))
    }
    if operations > 0 { rangeUpdate(nil) }
    afterCommitCheck(operations: operations)
  }

  /// `table/performBatchUpdates` with `batch` (`cellHeight`s in quarter points) made of `operations` wire
  /// operations: an id naming no row is -32602 whatever else is wrong (ids are resolved as the params are read),
  /// else refused as `ReferenceTable` refuses it (-32004), else committed.
  mutating func performBatch(_ batch: ReferenceBatch, operations: Int) -> Int? {
    let table = referenceTable
    for case .id(let id) in batch.deleteRows + batch.reloadRows.map(\.row) + batch.moveRows.map(\.from)
    where table.path(of: id) == nil {
      return -32602
    }
    let after: ReferenceTable
    do {
      after = try table.applying(batch)
    } catch {
      return error.unknownID != nil ? -32602 : -32004
    }
    var ended: Set<String> = []
    for reference in batch.deleteRows + batch.reloadRows.map(\.row) + batch.moveRows.map(\.from) {
      if let path = try? table.resolve(reference) { ended.insert(table.sections[path.section][path.row].id) }
    }
    for section in batch.deleteSections + batch.reloadSections.map(\.section) + batch.moveSections.map(\.from) {
      ended.formUnion(table.sections[section].map(\.id))
    }
    commit(after.sections, ended: ended, operations: operations)
    return nil
  }

  /// `table/insertRows` {section, rows} at the end of `section`.
  mutating func insertRows(section: Int, _ rows: [ReferenceRow]) -> Int? {
    var table = referenceTable
    guard table.sections.indices.contains(section) else { return -1 }
    let ids = Set(table.sections.joined().map(\.id))
    guard Set(rows.map(\.id)).count == rows.count, !rows.contains(where: { ids.contains($0.id) }) else { return -1 }
    table.sections[section] += rows
    commit(table.sections, ended: [], operations: 1)
    return nil
  }

  /// `table/insertSections` {sections: [{rows}]} appending one section.
  mutating func appendSection(_ rows: [ReferenceRow]) -> Int? {
    var table = referenceTable
    let ids = Set(table.sections.joined().map(\.id))
    guard Set(rows.map(\.id)).count == rows.count, !rows.contains(where: { ids.contains($0.id) }) else { return -1 }
    table.sections.append(rows)
    commit(table.sections, ended: [], operations: 1)
    return nil
  }

  /// `table/deleteRows` by ids: an unknown id is -32602, an id named twice -32004.
  mutating func deleteRows(_ ids: [String]) -> Int? {
    var table = referenceTable
    guard ids.allSatisfy({ table.path(of: $0) != nil }) else { return -32602 }
    guard Set(ids).count == ids.count else { return -32004 }
    table.sections = table.sections.map { $0.filter { !ids.contains($0.id) } }
    commit(table.sections, ended: Set(ids), operations: 1)
    return nil
  }

  /// `table/reloadData`: every old node ends; an id given twice is -32004.
  mutating func reloadData(_ new: [[ReferenceRow]]) -> Int? {
    let ids = new.joined().map(\.id)
    guard Set(ids).count == ids.count else { return -32004 }
    commit(new, ended: Set(sections.joined().map(\.id)), operations: 1)
    return nil
  }
}
