/// What submitting a batch (or reloadData) produced. Pure value.
package struct BatchResult<Content: Sendable>: Sendable {
  /// The applied change set (empty when ignored).
  package let changeSet: ChangeSet
  /// Cells to lay out before the change set can commit, in new-space order.
  package let layoutRequests: [LayoutRequest<Content>]
  /// Change sets that committed right away (possible when nothing needed layout and nothing was queued).
  package let commits: [Commit]
  /// True when the batch arrived before the first reloadData and was dropped (Texture, §1.2 step 2).
  package let ignoredBeforeInitialReload: Bool
}

/// Batch updates and reloadData: validate, apply to the pending map, queue for commit.
extension TableNode {
  /// Replaces all data (`reloadData`). Every row and header/footer cell is new and needs layout; batch validation
  /// is skipped, but ids must be unique and `supplementaries` (new sections' headers and footers) well-formed.
  /// Session-isolated.
  package mutating func reloadData(
    _ sections: [[RowSpec<Content>]], supplementaries: [SupplementaryUpdate<Content>] = []
  ) throws(NodeTreeError) -> BatchResult<Content> {
    var seen: Set<RowID> = []
    for id in sections.joined().compactMap(\.id) where !seen.insert(id).inserted { throw .duplicateRowID(id) }
    try Self.validateHeightRanges(sections.joined())
    try Self.validateReloadSupplementaries(supplementaries, sectionCount: sections.count, rowIDs: seen)
    seen.formUnion(Self.cellIDs(of: supplementaries))
    let oldCounts = pendingMap.sectionCounts
    let deleted = pendingMap.allRowIDs.flatMap { $0 }
    let deletedSupplementaries = (0..<pendingMap.numberOfSections).flatMap { section in
      SupplementaryKind.allCases.compactMap { kind in
        pendingMap.supplementary(kind, inSection: section).map { SupplementaryRef(kind, section: section, id: $0.id) }
      }
    }
    cells.removeAll(keepingCapacity: true)
    cells.reserveCapacity(sections.reduce(0) { $0 + $1.count })
    var specs: [SupplementaryKey: SupplementarySpec<Content>] = [:]
    for update in supplementaries {
      if let spec = update.spec { specs[SupplementaryKey(kind: update.kind, section: update.section)] = spec }
    }
    var newMap = ElementMap(absentHeights: style.absentSupplementaryHeights)
    var requests: [LayoutRequest<Content>] = []
    requests.reserveCapacity(sections.reduce(0) { $0 + $1.count })
    var replaySections: [ReplaySection] = []
    var insertedSupplementaries: [SupplementaryRef] = []
    for (sectionIndex, rowSpecs) in sections.enumerated() {
      var section = ReplaySection(rows: [])
      for kind in SupplementaryKind.allCases {
        guard let spec = specs[SupplementaryKey(kind: kind, section: sectionIndex)] else { continue }
        let resolved = resolveSupplementary(kind, section: sectionIndex, source: .new(spec), old: [:], reserved: seen)
        section[kind] = resolved.entry
        if let request = resolved.request { requests.append(request) }
        if let inserted = resolved.inserted { insertedSupplementaries.append(inserted) }
      }
      section.rows.reserveCapacity(rowSpecs.count)
      for (row, spec) in rowSpecs.enumerated() {
        let cell = makeCell(spec, reserved: seen)
        section.rows.append(cell.id)
        requests.append(
          LayoutRequest(cell, indexPath: TableIndexPath(section: sectionIndex, row: row)))
      }
      newMap.insertSection(
        at: sectionIndex, rows: section.rows.map { ($0, 0) }, header: section.header, footer: section.footer)
      replaySections.append(section)
    }
    if !insertedSupplementaries.isEmpty { requests.sort { $0.element < $1.element } }
    pendingMap = newMap
    hasLoadedData = true
    lastSubmittedSeq += 1
    var changeSet = ChangeSet(
      seq: lastSubmittedSeq, includesReloadData: true, oldRowCounts: oldCounts, newRowCounts: newMap.sectionCounts,
      sectionMap: IntegerMap(oldCount: oldCounts.count, deleted: 0..<oldCounts.count, inserted: 0..<sections.count),
      itemMaps: [:], deletedSections: Array(0..<oldCounts.count), insertedSections: Array(0..<sections.count),
      deletedRows: deleted, insertedRows: replaySections.flatMap(\.rows), reloadedRows: [], movedRows: [])
    changeSet.insertedSupplementaries = insertedSupplementaries
    changeSet.deletedSupplementaries = deletedSupplementaries
    var replay = VisibleReplay()
    replay.reloadAll = replaySections
    return enqueue(changeSet, replay: replay, requests: requests)
  }

  /// Validates `update` as a whole (texture.md §1.8 plus the daemon's checks) and applies it to the pending map.
  /// An invalid batch throws and changes nothing. Session-isolated.
  package mutating func performBatch(_ update: BatchUpdate<Content>) throws(NodeTreeError) -> BatchResult<Content> {
    guard hasLoadedData else {
      let empty = ChangeSet(
        seq: lastSubmittedSeq, includesReloadData: false, oldRowCounts: [], newRowCounts: [],
        sectionMap: .identity(count: 0), itemMaps: [:], deletedSections: [], insertedSections: [],
        deletedRows: [], insertedRows: [], reloadedRows: [], movedRows: [])
      return BatchResult(changeSet: empty, layoutRequests: [], commits: [], ignoredBeforeInitialReload: true)
    }
    let plan = try BatchPlan(update, against: pendingMap)
    try plan.validate(against: pendingMap)
    try Self.validateHeightRanges(update.newRowSpecs)
    // Capture everything that refers to the old space before mutating.
    var movedIDs: [TableIndexPath: RowID] = [:]
    for source in plan.itemMoves.keys {
      guard let id = pendingMap.rowID(at: source) else { throw outOfRange(source) }
      movedIDs[source] = id
    }
    var reloadIDs: [TableIndexPath: RowID] = [:]
    for path in plan.itemReloads.keys where !plan.finalSectionDeletes.contains(path.section) {
      if let id = pendingMap.rowID(at: path) { reloadIDs[path] = id }
    }
    var movedSectionIDs: [Int: [RowID]] = [:]
    for old in plan.sectionMoves.keys { movedSectionIDs[old] = pendingMap.rowIDs(inSection: old) }
    var destroyedAt: [(TableIndexPath, RowID)] = []
    let survivingMoves = plan.survivingMoves
    let keptIDs = Set(survivingMoves.keys.compactMap { movedIDs[$0] }).union(reloadIDs.values)
    for section in plan.finalSectionDeletes.sorted() where plan.sectionMoves[section] == nil {
      for (row, id) in pendingMap.rowIDs(inSection: section).enumerated() where !keptIDs.contains(id) {
        destroyedAt.append((TableIndexPath(section: section, row: row), id))
      }
    }
    for path in plan.deleteRowsSet.union(plan.itemMoves.keys) where !plan.finalSectionDeletes.contains(path.section) {
      if let id = pendingMap.rowID(at: path), !keptIDs.contains(id) { destroyedAt.append((path, id)) }
    }
    let destroyed = destroyedAt.sorted { $0.0 < $1.0 }.map(\.1)
    let keptEntries = keptSupplementaryEntries(plan)
    let leaving = plan.leavingSupplementaries(in: pendingMap)

    // Remove: item deletes (descending), then section deletes (descending).
    var replay = VisibleReplay()
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
    for ref in leaving { if let id = ref.id { cells[id] = nil } }

    // Insert: sections (ascending), then rows (ascending).
    var requests: [LayoutRequest<Content>] = []
    var inserted: [(TableIndexPath, RowID)] = []
    var reloaded: [(TableIndexPath, RowID)] = []
    var moved: [MovedRow] = []
    let reservedIDs = Set(
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
    var insertedSupplementaries: [SupplementaryRef] = []
    var reloadedSupplementaries: [SupplementaryRef] = []
    /// Resolves the `kind` element of new section `section`, collecting its request and change-set entry.
    func supplementary(_ kind: SupplementaryKind, of section: Int) -> SupplementaryEntry? {
      let resolved = resolveSupplementary(
        kind, section: section, source: plan.supplementarySource(kind, newSection: section), old: keptEntries,
        reserved: reservedIDs)
      if let request = resolved.request { requests.append(request) }
      if let inserted = resolved.inserted { insertedSupplementaries.append(inserted) }
      if let reloaded = resolved.reloaded { reloadedSupplementaries.append(reloaded) }
      return resolved.entry
    }
    for section in plan.finalSectionInsertIndexes {
      guard let source = plan.finalSectionInserts[section] else { continue }
      var rows: [(id: RowID, height: Double)] = []
      switch source {
      case .rows(let specs):
        for (row, spec) in specs.enumerated() {
          let cell = makeCell(spec, reserved: reservedIDs)
          rows.append((cell.id, 0))
          let path = TableIndexPath(section: section, row: row)
          inserted.append((path, cell.id))
          requests.append(
            LayoutRequest(cell, indexPath: path))
        }
      case .moved(let old):
        for (row, id) in (movedSectionIDs[old] ?? []).enumerated() {
          rows.append((id, removedHeights[id] ?? 0))
          moved.append(
            MovedRow(
              id: id, from: TableIndexPath(section: old, row: row), to: TableIndexPath(section: section, row: row)))
        }
      }
      let header = supplementary(.header, of: section)
      let footer = supplementary(.footer, of: section)
      pendingMap.insertSection(at: section, rows: rows, header: header, footer: footer)
      replay.sectionInserts.append((section, ReplaySection(rows: rows.map(\.id), header: header, footer: footer)))
    }
    for path in plan.finalItemInsertPaths {
      guard let source = plan.finalItemInserts[path] else { continue }
      let id: RowID
      switch source {
      case .new(let spec):
        let cell = makeCell(spec, reserved: reservedIDs)
        id = cell.id
        inserted.append((path, id))
        requests.append(LayoutRequest(cell, indexPath: path))
        pendingMap.insertRow(id, height: 0, at: path)
      case .reload(let old, let content):
        guard let reloadedID = reloadIDs[old], var cell = cells[reloadedID] else { continue }
        id = reloadedID
        lastGeneration += 1
        cell.generation = lastGeneration
        if let content { cell.content = content }
        cell.measuredHeight = nil
        cells[id] = cell
        reloaded.append((path, id))
        requests.append(LayoutRequest(cell, indexPath: path))
        pendingMap.insertRow(id, height: 0, at: path)
      case .moved(let from):
        guard let movedID = movedIDs[from] else { continue }
        id = movedID
        moved.append(MovedRow(id: id, from: from, to: path))
        pendingMap.insertRow(id, height: removedHeights[id] ?? cells[id]?.measuredHeight ?? 0, at: path)
      }
      replay.itemInserts.append((path, id))
    }
    // Headers and footers set in surviving sections (inserted sections got theirs above).
    let surviving = plan.supplementaryUpdates.keys.filter { plan.finalSectionInserts[$0.section] == nil }
    for slot in surviving.sorted(by: { ($0.section, $0.kind.slot) < ($1.section, $1.kind.slot) }) {
      let entry = supplementary(slot.kind, of: slot.section)
      pendingMap.setSupplementary(slot.kind, inSection: slot.section, entry)
      replay.supplementarySets.append((slot, entry))
    }
    lastSubmittedSeq += 1
    var changeSet = ChangeSet(
      seq: lastSubmittedSeq, includesReloadData: false, oldRowCounts: plan.oldCounts,
      newRowCounts: pendingMap.sectionCounts, sectionMap: plan.sectionMap, itemMaps: plan.itemMaps,
      deletedSections: plan.finalSectionDeletes.sorted(), insertedSections: plan.finalSectionInsertIndexes,
      deletedRows: destroyed, insertedRows: inserted.sorted { $0.0 < $1.0 }.map(\.1),
      reloadedRows: reloaded.sorted { $0.0 < $1.0 }.map(\.1), movedRows: moved.sorted { $0.to < $1.to })
    /// Content order of a supplementary reference.
    func order(_ lhs: SupplementaryRef, _ rhs: SupplementaryRef) -> Bool {
      (lhs.section, lhs.kind.slot) < (rhs.section, rhs.kind.slot)
    }
    changeSet.insertedSupplementaries = insertedSupplementaries.sorted(by: order)
    changeSet.reloadedSupplementaries = reloadedSupplementaries.sorted(by: order)
    changeSet.deletedSupplementaries = leaving
    requests.sort { $0.element < $1.element }
    return enqueue(changeSet, replay: replay, requests: requests)
  }

  /// Queues a change set; commits it at once when it needs no layout and nothing is ahead of it.
  private mutating func enqueue(
    _ changeSet: ChangeSet, replay: VisibleReplay, requests: [LayoutRequest<Content>]
  ) -> BatchResult<Content> {
    var awaiting: [RowID: UInt64] = [:]
    awaiting.reserveCapacity(requests.count)
    for request in requests {
      awaiting[request.id] = request.generation
      awaitedBy[request.id, default: []].append(changeSet.seq)
    }
    inFlight.append(InFlightChangeSet(changeSet: changeSet, replay: replay, awaiting: awaiting))
    let commits = commitReadyChangeSets()
    return BatchResult(
      changeSet: changeSet, layoutRequests: requests, commits: commits, ignoredBeforeInitialReload: false)
  }

  /// Creates and stores a new cell for `spec` with a fresh generation; assigns "r<n>" when the spec has no id.
  mutating func makeCell(_ spec: RowSpec<Content>, reserved: Set<RowID>) -> CellNode<Content> {
    let id = spec.id ?? nextAutoID(avoiding: reserved)
    lastGeneration += 1
    var cell = CellNode(id: id, content: spec.content, generation: lastGeneration, measuredHeight: nil)
    cell.neverShowPlaceholders = spec.neverShowPlaceholders
    cell.heightRange = spec.heightRange
    cells[id] = cell
    return cell
  }

  /// The next "r<n>" id not held by a pending cell, not on screen and not in `reserved` (the batch's own ids).
  private mutating func nextAutoID(avoiding reserved: Set<RowID>) -> RowID {
    while true {
      lastAutoID += 1
      let candidate = RowID("r\(lastAutoID)")
      if cells[candidate] == nil, !reserved.contains(candidate), !visibleMap.contains(candidate) {
        return candidate
      }
    }
  }

  /// Out-of-range error for an old-space path of the pending map.
  private func outOfRange(_ path: TableIndexPath) -> NodeTreeError {
    guard let rows = pendingMap.numberOfRows(inSection: path.section) else {
      return .deleteRowSectionOutOfBounds(path, sectionCount: pendingMap.numberOfSections)
    }
    return .deleteRowOutOfBounds(path, rowCount: rows)
  }
}
