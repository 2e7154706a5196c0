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
    heightRanges.removeAll()
    itemSizeRanges.removeAll()
    rowAccessories.removeAll()
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
          layoutRequest(cell, indexPath: TableIndexPath(section: sectionIndex, row: row)))
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
  ///
  /// The phases, in UIKit's order (see `TableNode+BatchPhases.swift`): plan and validate; capture what refers to
  /// the old index space; remove (item deletes descending, then section deletes descending); insert (sections
  /// ascending with their headers and footers, then rows ascending); set the headers and footers of surviving
  /// sections; describe the change set; queue it.
  package mutating func performBatch(_ update: BatchUpdate<Content>) throws(NodeTreeError) -> BatchResult<Content> {
    guard hasLoadedData else {
      return BatchResult(
        changeSet: .empty(seq: lastSubmittedSeq), layoutRequests: [], commits: [], ignoredBeforeInitialReload: true)
    }
    let plan = try BatchPlan(update, against: pendingMap)
    try plan.validate(against: pendingMap)
    try update.validateHeightRanges()
    let old = try captureOldSpace(plan)
    var replay = VisibleReplay()
    let removedHeights = removeRows(plan, old, replay: &replay)
    let reserved = reservedIDs(plan)
    var insertions = BatchInsertions<Content>()
    insertSections(plan, old, removedHeights: removedHeights, reserved: reserved, into: &insertions, replay: &replay)
    insertItems(plan, old, removedHeights: removedHeights, reserved: reserved, into: &insertions, replay: &replay)
    setSurvivingSupplementaries(plan, old, reserved: reserved, into: &insertions, replay: &replay)
    lastSubmittedSeq += 1
    let changeSet = makeChangeSet(plan, old, insertions)
    return enqueue(changeSet, replay: replay, requests: insertions.requests.sorted { $0.element < $1.element })
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
    if let range = spec.heightRange {
      heightRanges[id] = range
    } else if !heightRanges.isEmpty {
      heightRanges[id] = nil
    }
    if let range = spec.sizeRange {
      itemSizeRanges[id] = range
    } else if !itemSizeRanges.isEmpty {
      itemSizeRanges[id] = nil
    }
    if let accessories = spec.accessories, accessories != .standard {
      rowAccessories[id] = accessories
    } else if !rowAccessories.isEmpty {
      rowAccessories[id] = nil
    }
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
}
