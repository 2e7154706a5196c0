/// What a batch's old index space held, captured before the pending map changes (`performBatch`'s capture phase).
/// Pure value.
struct OldSpace: Sendable {
  /// The ids of the rows that move, by old index path.
  var movedIDs: [TableIndexPath: RowID] = [:]
  /// The ids of the rows reloaded in place (not in a deleted section), by old index path.
  var reloadIDs: [TableIndexPath: RowID] = [:]
  /// The row ids of each section that moves, by old section index.
  var movedSectionIDs: [Int: [RowID]] = [:]
  /// The rows that leave the table (their cells are destroyed), in old-space order.
  var destroyed: [RowID] = []
  /// The headers and footers of the moved and reloaded sections, by old section.
  var keptSupplementaries: [SupplementaryKey: SupplementaryEntry] = [:]
  /// The headers and footers that leave (their cells are destroyed), old space, content order.
  var leavingSupplementaries: [SupplementaryRef] = []
}

/// What `performBatch`'s insert phases produced. Pure value.
struct BatchInsertions<Content: Sendable>: Sendable {
  /// The cells to lay out (new and reloaded rows, new and re-measured header and footer cells), in insertion order.
  var requests: [LayoutRequest<Content>] = []
  /// New rows with their new index paths.
  var inserted: [(TableIndexPath, RowID)] = []
  /// Reloaded rows with their new index paths.
  var reloaded: [(TableIndexPath, RowID)] = []
  /// Moved rows.
  var moved: [MovedRow] = []
  /// New headers and footers, in insertion order.
  var insertedSupplementaries: [SupplementaryRef] = []
  /// Re-measured header and footer cells of reloaded sections, in insertion order.
  var reloadedSupplementaries: [SupplementaryRef] = []

  /// Collects the request and change-set entry of a resolved header or footer; returns the element to store.
  mutating func collect(_ resolved: ResolvedSupplementary<Content>) -> SupplementaryEntry? {
    if let request = resolved.request { requests.append(request) }
    if let inserted = resolved.inserted { insertedSupplementaries.append(inserted) }
    if let reloaded = resolved.reloaded { reloadedSupplementaries.append(reloaded) }
    return resolved.entry
  }
}

/// The phases of `performBatch`, in order. Session-isolated.
extension TableNode {
  /// Capture: the ids of the old-space rows that move or are reloaded, of the sections that move, of the rows that
  /// leave the table, and the headers and footers that are kept or leave, read before anything changes. Throws for
  /// a move whose source row does not exist.
  func captureOldSpace(_ plan: BatchPlan<Content>) throws(NodeTreeError) -> OldSpace {
    var old = OldSpace()
    for source in plan.itemMoves.keys {
      guard let id = pendingMap.rowID(at: source) else { throw outOfRange(source) }
      old.movedIDs[source] = id
    }
    for path in plan.itemReloads.keys where !plan.finalSectionDeletes.contains(path.section) {
      if let id = pendingMap.rowID(at: path) { old.reloadIDs[path] = id }
    }
    for section in plan.sectionMoves.keys { old.movedSectionIDs[section] = pendingMap.rowIDs(inSection: section) }
    var destroyedAt: [(TableIndexPath, RowID)] = []
    let keptIDs = Set(plan.survivingMoves.keys.compactMap { old.movedIDs[$0] }).union(old.reloadIDs.values)
    for section in plan.finalSectionDeletes.sorted() where plan.sectionMoves[section] == nil {
      for (row, id) in pendingMap.rowIDs(inSection: section).enumerated() where !keptIDs.contains(id) {
        destroyedAt.append((TableIndexPath(section: section, row: row), id))
      }
    }
    for path in plan.deleteRowsSet.union(plan.itemMoves.keys) where !plan.finalSectionDeletes.contains(path.section) {
      if let id = pendingMap.rowID(at: path), !keptIDs.contains(id) { destroyedAt.append((path, id)) }
    }
    old.destroyed = destroyedAt.sorted { $0.0 < $1.0 }.map(\.1)
    old.keptSupplementaries = keptSupplementaryEntries(plan)
    old.leavingSupplementaries = plan.leavingSupplementaries(in: pendingMap)
    return old
  }

  /// Remove: item deletes (descending), then section deletes (descending, with their headers and footers), from the
  /// pending map; the cells of the destroyed rows and of the leaving headers and footers are dropped. Returns the
  /// heights the removed rows had, by id (moved rows keep theirs).
  mutating func removeRows(
    _ plan: BatchPlan<Content>, _ old: OldSpace, replay: inout VisibleReplay
  ) -> [RowID: Double] {
    var removedHeights: [RowID: Double] = [:]
    replay.itemDeletes = plan.finalItemDeletes.sorted(by: >)
    for path in replay.itemDeletes {
      if let removed = pendingMap.removeRow(at: path) { removedHeights[removed.id] = removed.height }
    }
    replay.sectionDeletes = plan.finalSectionDeletes.sorted(by: >)
    for section in replay.sectionDeletes {
      for removed in pendingMap.removeSection(at: section) { removedHeights[removed.id] = removed.height }
    }
    for id in old.destroyed {
      removeCell(id)
    }
    for ref in old.leavingSupplementaries { if let id = ref.id { removeCell(id) } }
    return removedHeights
  }

  /// The row and header/footer cell ids a batch gives its new cells itself (kept out of the automatic "r<n>" ids).
  func reservedIDs(_ plan: BatchPlan<Content>) -> Set<RowID> {
    Set(
      plan.finalItemInserts.values.compactMap { source -> RowID? in
        if case .new(let spec) = source { return spec.id }
        return nil
      }
    ).union(
      plan.finalSectionInserts.values.flatMap { source -> [RowID] in
        if case .rows(let rows) = source { return rows.compactMap(\.id) }
        return []
      }
    ).union(plan.newSupplementaryCellIDs)
  }

  /// Insert sections (ascending): a section of new rows gets new cells, each with a layout request; a moved section
  /// brings its rows with their heights; then the section's header and footer. `reserved`: `reservedIDs(plan)`.
  mutating func insertSections(
    _ plan: BatchPlan<Content>, _ old: OldSpace, removedHeights: [RowID: Double], reserved: Set<RowID>,
    into insertions: inout BatchInsertions<Content>, replay: inout VisibleReplay
  ) {
    for section in plan.finalSectionInsertIndexes {
      guard let source = plan.finalSectionInserts[section] else { continue }
      var rows: [(id: RowID, height: Double)] = []
      switch source {
      case .rows(let specs):
        for (row, spec) in specs.enumerated() {
          let cell = makeCell(spec, reserved: reserved)
          rows.append((cell.id, 0))
          let path = TableIndexPath(section: section, row: row)
          insertions.inserted.append((path, cell.id))
          insertions.requests.append(layoutRequest(cell, indexPath: path))
        }
      case .moved(let from):
        for (row, id) in (old.movedSectionIDs[from] ?? []).enumerated() {
          rows.append((id, removedHeights[id] ?? 0))
          insertions.moved.append(
            MovedRow(
              id: id, from: TableIndexPath(section: from, row: row), to: TableIndexPath(section: section, row: row)))
        }
      }
      let header = plannedSupplementary(.header, of: section, plan, old, reserved: reserved, into: &insertions)
      let footer = plannedSupplementary(.footer, of: section, plan, old, reserved: reserved, into: &insertions)
      pendingMap.insertSection(at: section, rows: rows, header: header, footer: footer)
      replay.sectionInserts.append((section, ReplaySection(rows: rows.map(\.id), header: header, footer: footer)))
    }
  }

  /// Insert rows (ascending): a new row gets a new cell and a layout request; a reloaded row a new generation (and
  /// its new content) and a layout request; a moved row keeps its height. `reserved`: as for `insertSections`.
  mutating func insertItems(
    _ plan: BatchPlan<Content>, _ old: OldSpace, removedHeights: [RowID: Double], reserved: Set<RowID>,
    into insertions: inout BatchInsertions<Content>, replay: inout VisibleReplay
  ) {
    for path in plan.finalItemInsertPaths {
      guard let source = plan.finalItemInserts[path] else { continue }
      let id: RowID
      switch source {
      case .new(let spec):
        let cell = makeCell(spec, reserved: reserved)
        id = cell.id
        insertions.inserted.append((path, id))
        insertions.requests.append(layoutRequest(cell, indexPath: path))
        pendingMap.insertRow(id, height: 0, at: path)
      case .reload(let from, let content):
        guard let reloadedID = old.reloadIDs[from], var cell = cells[reloadedID] else { continue }
        id = reloadedID
        lastGeneration += 1
        cell.generation = lastGeneration
        if let content { cell.content = content }
        cell.measuredHeight = nil
        cells[id] = cell
        insertions.reloaded.append((path, id))
        insertions.requests.append(layoutRequest(cell, indexPath: path))
        pendingMap.insertRow(id, height: 0, at: path)
      case .moved(let from):
        guard let movedID = old.movedIDs[from] else { continue }
        id = movedID
        insertions.moved.append(MovedRow(id: id, from: from, to: path))
        pendingMap.insertRow(id, height: removedHeights[id] ?? cells[id]?.measuredHeight ?? 0, at: path)
      }
      replay.itemInserts.append((path, id))
    }
  }

  /// Set headers and footers of surviving sections (content order; inserted sections got theirs with
  /// `insertSections`). `reserved`: as for `insertSections`.
  mutating func setSurvivingSupplementaries(
    _ plan: BatchPlan<Content>, _ old: OldSpace, reserved: Set<RowID>,
    into insertions: inout BatchInsertions<Content>, replay: inout VisibleReplay
  ) {
    let surviving = plan.supplementaryUpdates.keys.filter { plan.finalSectionInserts[$0.section] == nil }
    for slot in surviving.sorted(by: { ($0.section, $0.kind.slot) < ($1.section, $1.kind.slot) }) {
      let entry = plannedSupplementary(slot.kind, of: slot.section, plan, old, reserved: reserved, into: &insertions)
      pendingMap.setSupplementary(slot.kind, inSection: slot.section, entry)
      replay.supplementarySets.append((slot, entry))
    }
  }

  /// The change set of the batch just applied (seq `lastSubmittedSeq`): its maps from the plan, its rows and leaving
  /// headers and footers from the capture phase, the rest from the insert phases.
  func makeChangeSet(_ plan: BatchPlan<Content>, _ old: OldSpace, _ insertions: BatchInsertions<Content>) -> ChangeSet {
    var changeSet = ChangeSet(
      seq: lastSubmittedSeq, includesReloadData: false, oldRowCounts: plan.oldCounts,
      newRowCounts: pendingMap.sectionCounts, sectionMap: plan.sectionMap, itemMaps: plan.itemMaps,
      deletedSections: plan.finalSectionDeletes.sorted(), insertedSections: plan.finalSectionInsertIndexes,
      deletedRows: old.destroyed, insertedRows: insertions.inserted.sorted { $0.0 < $1.0 }.map(\.1),
      reloadedRows: insertions.reloaded.sorted { $0.0 < $1.0 }.map(\.1),
      movedRows: insertions.moved.sorted { $0.to < $1.to })
    changeSet.insertedSupplementaries = insertions.insertedSupplementaries.sorted(by: Self.contentOrder)
    changeSet.reloadedSupplementaries = insertions.reloadedSupplementaries.sorted(by: Self.contentOrder)
    changeSet.deletedSupplementaries = old.leavingSupplementaries
    return changeSet
  }

  /// The `kind` element of new-space section `section` as the plan says (new, kept, re-measured or none), its
  /// request and change-set entry collected into `insertions`.
  private mutating func plannedSupplementary(
    _ kind: SupplementaryKind, of section: Int, _ plan: BatchPlan<Content>, _ old: OldSpace, reserved: Set<RowID>,
    into insertions: inout BatchInsertions<Content>
  ) -> SupplementaryEntry? {
    insertions.collect(
      resolveSupplementary(
        kind, section: section, source: plan.supplementarySource(kind, newSection: section),
        old: old.keptSupplementaries, reserved: reserved))
  }

  /// Content order of supplementary references: by section, header before footer.
  private static func contentOrder(_ lhs: SupplementaryRef, _ rhs: SupplementaryRef) -> Bool {
    (lhs.section, lhs.kind.slot) < (rhs.section, rhs.kind.slot)
  }

  /// Out-of-range error for an old-space path of the pending map.
  private func outOfRange(_ path: TableIndexPath) -> NodeTreeError {
    guard let rows = pendingMap.numberOfRows(inSection: path.section) else {
      return .deleteRowSectionOutOfBounds(path, sectionCount: pendingMap.numberOfSections)
    }
    return .deleteRowOutOfBounds(path, rowCount: rows)
  }
}
