/// Edits and commits of `LiveTableModel` (rules "Commits, deletes, reloads, moves"). Row order comes from
/// `ReferenceTable` (UIKit's batch index semantics); this file decides which nodes end and what a commit pushes.
/// Every edit returns the error code of its answer (nil: accepted; -1: some error, code not modelled).
extension LiveTableModel {
  /// The committed rows as `ReferenceTable` rows (`cellHeight` in quarter points).
  var referenceTable: ReferenceTable {
    ReferenceTable(sections: sections.map { $0.map { ReferenceRow(id: $0.id, cellHeight: $0.quarters) } })
  }

  /// Commits `new` (ids and quarter heights by section) with `newExtras` (the sections' headers and footers, nil:
  /// the current ones, for edits that keep the sections): rows and cells whose id is in `ended` or new get a fresh
  /// node at {measureLayout}; others keep theirs. Then the clamp, the ended nodes' exits and releases (rows and the
  /// cells that end or are gone), one update when the change set had operations, and the after-commit batch-fetch
  /// check.
  mutating func commit(_ new: [[ReferenceRow]], extras newExtras: [Extras]? = nil, ended: Set<String>, operations: Int)
  {
    let old = sections.joined()
    let oldCells = extras.flatMap { [$0.header, $0.footer].compactMap { $0 } }.filter { $0.id != nil }
    var nextExtras = newExtras ?? extras
    while nextExtras.count < new.count { nextExtras.append(Extras()) }
    let newCellIDs = Set(nextExtras.flatMap(\.cellIDs))
    let endedRows = old.filter { ended.contains($0.id) }
    let endedCells = oldCells.filter { ended.contains($0.id ?? "") || !newCellIDs.contains($0.id ?? "") }
    sections = new.map { rows in
      rows.map { r in
        let kept = ended.contains(r.id) ? nil : old.first(where: { $0.id == r.id })?.state
        return Row(id: r.id, quarters: r.cellHeight, state: kept ?? .measureLayout)
      }
    }
    func carried(_ extra: Extra?) -> Extra? {
      guard var extra, let id = extra.id else { return extra }
      let kept = ended.contains(id) ? nil : oldCells.first(where: { $0.id == id })?.state
      extra.state = kept ?? .measureLayout
      return extra
    }
    extras = Array(nextExtras.prefix(new.count)).map { Extras(header: carried($0.header), footer: carried($0.footer)) }
    clampOffset()
    let released = endedRows.map { ($0.id, $0.state) } + endedCells.map { ($0.id ?? "", $0.state) }
    for (id, state) in released {
      var last = state
      if last.contains(.visible) {
        last.remove(.visible)
        logChange(id, from: state, to: last)
      }
      rowEvents[id, default: []].append(.released(state: last.names))
    }
    if operations > 0 { rangeUpdate(nil) }
    afterCommitCheck(operations: operations)
  }

  /// `table/performBatchUpdates` with `batch` (`cellHeight`s in quarter points) and the header and footer parts
  /// `supplementary`, made of `operations` wire operations: an id naming no row is -32602 whatever else is wrong
  /// (ids are resolved as the params are read), else refused as `ReferenceTable` refuses it (-32004), or a
  /// `setHeader`/`setFooter` of a section outside the new space or a slot set twice (-32004), else committed.
  mutating func performBatch(
    _ batch: ReferenceBatch, supplementary: SupplementaryOps = SupplementaryOps(), operations: Int
  ) -> Int? {
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
    guard var newExtras = sectionExtras(after: batch, supplementary) else { return -32004 }
    // An inserted or reloaded section's entry that gives a header or footer sets that slot at the index the section
    // takes in the new space, as a `setHeader`/`setFooter` op would (Protocol.md: "a reloaded section's are placed
    // at the index it takes in the new space"; "a slot set twice is -32004").
    var slots = givenSlots(after: batch, supplementary)
    // A `null` for a header or footer the section does not have changes nothing: not an operation.
    var idle = 0
    for op in supplementary.set {
      guard newExtras.indices.contains(op.section), slots.insert("\(op.header) \(op.section)").inserted else {
        return -32004
      }
      let current = op.header ? newExtras[op.section].header : newExtras[op.section].footer
      if current == nil && op.value == nil { idle += 1 }
      if op.header { newExtras[op.section].header = op.value } else { newExtras[op.section].footer = op.value }
    }
    var ended: Set<String> = []
    for reference in batch.deleteRows + batch.reloadRows.map(\.row) + batch.moveRows.map(\.from) {
      if let path = try? table.resolve(reference) { ended.insert(table.sections[path.section][path.row].id) }
    }
    for section in batch.deleteSections + batch.reloadSections.map(\.section) + batch.moveSections.map(\.from) {
      ended.formUnion(table.sections[section].map(\.id))
      ended.formUnion(extras(section).cellIDs)
    }
    commit(after.sections, extras: newExtras, ended: ended, operations: operations - idle)
    return nil
  }

  /// The new-space slots (`true 2`: the header of section 2) that `batch`'s inserted and reloaded section entries
  /// give (an inserted one only those present; a reloaded entry that gives them gives both, `null` or not).
  func givenSlots(after batch: ReferenceBatch, _ supplementary: SupplementaryOps) -> Set<String> {
    let newCount = sections.count - batch.deleteSections.count + batch.insertSections.count
    var slots: Set<String> = []
    for (i, entry) in batch.insertSections.enumerated() {
      guard let given = supplementary.inserted[i] else { continue }
      if given.header != nil { slots.insert("true \(entry.at)") }
      if given.footer != nil { slots.insert("false \(entry.at)") }
    }
    guard !supplementary.reloaded.isEmpty else { return slots }
    // Where each reloaded section lands: the marker table of `sectionExtras` tells.
    let markers = ReferenceTable(sections: (0..<sections.count).map { [ReferenceRow(id: "§o\($0)", cellHeight: 0)] })
    var sectionOps = ReferenceBatch()
    sectionOps.deleteSections = batch.deleteSections
    sectionOps.moveSections = batch.moveSections
    sectionOps.reloadSections = batch.reloadSections.enumerated().map {
      ($0.element.section, [ReferenceRow(id: "§r\($0.offset)", cellHeight: 0)])
    }
    sectionOps.insertSections = batch.insertSections.map { ($0.at, []) }
    guard let placed = try? markers.applying(sectionOps), placed.sections.count == newCount else { return slots }
    for (index, rows) in placed.sections.enumerated() {
      guard let marker = rows.first?.id, marker.hasPrefix("§r"), let i = Int(marker.dropFirst(2)),
        supplementary.reloaded[i] != nil
      else { continue }
      slots.insert("true \(index)")
      slots.insert("false \(index)")
    }
    return slots
  }

  /// The headers and footers of the new section space after `batch`'s section operations (before its
  /// `setHeader`/`setFooter` ops), found by applying the section operations alone to a table whose every section
  /// holds one marker row: a surviving or moved section keeps its own, a reloaded one keeps them unless its entry
  /// gives them, an inserted one has what its entry gives. Nil when the section operations do not fit.
  func sectionExtras(after batch: ReferenceBatch, _ supplementary: SupplementaryOps) -> [Extras]? {
    let markers = ReferenceTable(sections: sections.indices.map { [ReferenceRow(id: "§o\($0)", cellHeight: 0)] })
    var sectionOps = ReferenceBatch()
    sectionOps.deleteSections = batch.deleteSections
    sectionOps.moveSections = batch.moveSections
    sectionOps.reloadSections = batch.reloadSections.enumerated().map {
      ($0.element.section, [ReferenceRow(id: "§r\($0.offset)", cellHeight: 0)])
    }
    sectionOps.insertSections = batch.insertSections.enumerated().map {
      ($0.element.at, [ReferenceRow(id: "§i\($0.offset)", cellHeight: 0)])
    }
    guard let placed = try? markers.applying(sectionOps) else { return nil }
    return placed.sections.map { rows -> Extras in
      guard let marker = rows.first?.id, let index = Int(marker.dropFirst(2)) else { return Extras() }
      switch marker.prefix(2) {
      case "§o": return extras(index)
      case "§r": return supplementary.reloaded[index] ?? extras(batch.reloadSections[index].section)
      default: return supplementary.inserted[index] ?? Extras()
      }
    }
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
    commit(table.sections, extras: extras + [Extras()], ended: [], operations: 1)
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
    commit(
      new, extras: new.map { _ in Extras() }, ended: Set(sections.joined().map(\.id) + cellIDs), operations: 1)
    return nil
  }
}
