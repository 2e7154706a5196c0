/// What a batch's old index space held, captured before the pending map changes (`performBatch`'s capture phase).
/// Pure value.
struct OldSpaceRows: Sendable {
  /// The ids of the rows that move, by old index path.
  var movedIDs: [TableIndexPath: RowID] = [:]
  /// The ids of the rows reloaded in place (not in a deleted section), by old index path.
  var reloadIDs: [TableIndexPath: RowID] = [:]
  /// The row ids of each section that moves, by old section index.
  var movedSectionIDs: [Int: [RowID]] = [:]
  /// The rows that leave the table (their cells are destroyed), in old-space order.
  var destroyed: [RowID] = []
}

/// What `performBatch`'s insert phases produced. Pure value.
struct BatchInsertions<Content: Sendable>: Sendable {
  /// The cells to lay out (new and reloaded rows), in insertion order.
  var requests: [LayoutRequest<Content>] = []
  /// New rows with their new index paths.
  var inserted: [(TableIndexPath, RowID)] = []
  /// Reloaded rows with their new index paths.
  var reloaded: [(TableIndexPath, RowID)] = []
  /// Moved rows.
  var moved: [MovedRow] = []
}

/// The phases of `performBatch`, in order. Session-isolated.
extension TableNode {
  /// Capture: the ids of the old-space rows that move or are reloaded, of the sections that move, and of the rows
  /// that leave the table, read before anything changes. Throws for a move whose source row does not exist.
  func captureOldSpace(_ plan: BatchPlan<Content>) throws(NodeTreeError) -> OldSpaceRows {
    var old = OldSpaceRows()
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
    return old
  }

  /// Remove: item deletes (descending), then section deletes (descending), from the pending map; the cells of
  /// `destroyed` are dropped. Returns the heights the removed rows had, by id (moved rows keep theirs).
  mutating func removeRows(
    _ plan: BatchPlan<Content>, destroying destroyed: [RowID], replay: inout VisibleReplay
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
    for id in destroyed {
      cells[id] = nil
    }
    return removedHeights
  }

  /// Insert sections (ascending): a section of new rows gets new cells, each with a layout request; a moved
  /// section brings its rows with their heights. `reserved`: the ids the batch names itself (`reservedIDs`).
  mutating func insertSections(
    _ plan: BatchPlan<Content>, _ old: OldSpaceRows, removedHeights: [RowID: Double], reserved: Set<RowID>,
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
          insertions.requests.append(
            LayoutRequest(id: cell.id, generation: cell.generation, content: cell.content, indexPath: path))
        }
      case .moved(let from):
        for (row, id) in (old.movedSectionIDs[from] ?? []).enumerated() {
          rows.append((id, removedHeights[id] ?? 0))
          insertions.moved.append(
            MovedRow(
              id: id, from: TableIndexPath(section: from, row: row), to: TableIndexPath(section: section, row: row)))
        }
      }
      pendingMap.insertSection(at: section, rows: rows)
      replay.sectionInserts.append((section, rows.map(\.id)))
    }
  }

  /// Insert rows (ascending): a new row gets a new cell and a layout request; a reloaded row a new generation (and
  /// its new content) and a layout request; a moved row keeps its height. `reserved`: as for `insertSections`.
  mutating func insertItems(
    _ plan: BatchPlan<Content>, _ old: OldSpaceRows, removedHeights: [RowID: Double], reserved: Set<RowID>,
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
        insertions.requests.append(
          LayoutRequest(id: id, generation: cell.generation, content: cell.content, indexPath: path))
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
        insertions.requests.append(
          LayoutRequest(id: id, generation: cell.generation, content: cell.content, indexPath: path))
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

  /// The row ids a batch gives its new rows itself (kept out of the automatic "r<n>" ids).
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
      })
  }

  /// The change set of the batch just applied (seq `lastSubmittedSeq`): its maps from the plan, its rows from the
  /// capture and insert phases.
  func makeChangeSet(
    _ plan: BatchPlan<Content>, destroyed: [RowID], _ insertions: BatchInsertions<Content>
  ) -> ChangeSet {
    ChangeSet(
      seq: lastSubmittedSeq, includesReloadData: false, oldRowCounts: plan.oldCounts,
      newRowCounts: pendingMap.sectionCounts, sectionMap: plan.sectionMap, itemMaps: plan.itemMaps,
      deletedSections: plan.finalSectionDeletes.sorted(), insertedSections: plan.finalSectionInsertIndexes,
      deletedRows: destroyed, insertedRows: insertions.inserted.sorted { $0.0 < $1.0 }.map(\.1),
      reloadedRows: insertions.reloaded.sorted { $0.0 < $1.0 }.map(\.1),
      movedRows: insertions.moved.sorted { $0.to < $1.to })
  }
}

extension ChangeSet {
  /// The change set of a batch that changed nothing (one dropped before the first reloadData), numbered `seq`.
  static func empty(seq: Int) -> ChangeSet {
    ChangeSet(
      seq: seq, includesReloadData: false, oldRowCounts: [], newRowCounts: [], sectionMap: .identity(count: 0),
      itemMaps: [:], deletedSections: [], insertedSections: [], deletedRows: [], insertedRows: [], reloadedRows: [],
      movedRows: [])
  }
}
