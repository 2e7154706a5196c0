/// A section as a commit rebuilds it on the visible map: row ids, header and footer. Pure value.
struct ReplaySection: Sendable {
  /// Row ids in order.
  var rows: [RowID]
  /// The header (height as in the pending map; a cell's committed height is filled in at commit).
  var header: SupplementaryEntry? = nil
  /// The footer.
  var footer: SupplementaryEntry? = nil

  /// The entry of `kind`.
  subscript(kind: SupplementaryKind) -> SupplementaryEntry? {
    get { kind == .header ? header : footer }
    set { if kind == .header { header = newValue } else { footer = newValue } }
  }
}

/// What resolving one new-space header or footer produced. Pure value.
struct ResolvedSupplementary<Content: Sendable>: Sendable {
  /// The element to store, nil for none.
  var entry: SupplementaryEntry?
  /// The layout request of a new or re-measured cell.
  var request: LayoutRequest<Content>?
  /// Set when the element is new (for `ChangeSet.insertedSupplementaries`).
  var inserted: SupplementaryRef?
  /// Set when a kept cell is re-measured (for `ChangeSet.reloadedSupplementaries`).
  var reloaded: SupplementaryRef?
}

/// Headers and footers of batches and reloadData: resolving new elements, creating their cells, destroying
/// leaving ones. Session-isolated.
extension TableNode {
  /// The header or footer of new-space section `section` from `source`: a new fixed height or cell, a kept element
  /// (`old` holds the pre-batch entries of moved and reloaded sections), or none.
  mutating func resolveSupplementary(
    _ kind: SupplementaryKind, section: Int, source: SupplementarySource<Content>,
    old: [SupplementaryKey: SupplementaryEntry], reserved: Set<RowID>
  ) -> ResolvedSupplementary<Content> {
    switch source {
    case .none:
      return ResolvedSupplementary()
    case .new(.fixed(let height)):
      return ResolvedSupplementary(
        entry: SupplementaryEntry(height: height), inserted: SupplementaryRef(kind, section: section))
    case .new(.cell(let id, let content)):
      let cell = makeCell(RowSpec(id: id, content: content), reserved: reserved)
      let request = LayoutRequest(
        id: cell.id, generation: cell.generation, content: cell.content,
        indexPath: TableIndexPath(section: section, row: 0), supplementary: kind)
      return ResolvedSupplementary(
        entry: SupplementaryEntry(id: cell.id, height: 0), request: request,
        inserted: SupplementaryRef(kind, section: section, id: cell.id))
    case .kept(let oldSection, let relayout):
      guard let entry = old[SupplementaryKey(kind: kind, section: oldSection)] else { return ResolvedSupplementary() }
      guard relayout, let id = entry.id, var cell = cells[id] else { return ResolvedSupplementary(entry: entry) }
      lastGeneration += 1
      cell.generation = lastGeneration
      cell.measuredHeight = nil
      cells[id] = cell
      let request = LayoutRequest(
        id: id, generation: cell.generation, content: cell.content,
        indexPath: TableIndexPath(section: section, row: 0), supplementary: kind)
      return ResolvedSupplementary(
        entry: SupplementaryEntry(id: id, height: 0), request: request,
        reloaded: SupplementaryRef(kind, section: section, id: id))
    }
  }

  /// The pending entries of the moved and reloaded sections' headers and footers, read before the batch mutates.
  func keptSupplementaryEntries(_ plan: BatchPlan<Content>) -> [SupplementaryKey: SupplementaryEntry] {
    var entries: [SupplementaryKey: SupplementaryEntry] = [:]
    for old in Set(plan.sectionMoves.keys).union(plan.reloadedSectionSources.values) {
      for kind in SupplementaryKind.allCases {
        if let entry = pendingMap.supplementary(kind, inSection: old) {
          entries[SupplementaryKey(kind: kind, section: old)] = entry
        }
      }
    }
    return entries
  }

  /// Client-chosen ids of the header and footer cells of `updates` (to keep assigned ids off them).
  static func cellIDs(of updates: [SupplementaryUpdate<Content>]) -> [RowID] {
    updates.compactMap { update in
      if case .cell(let id, _)? = update.spec { return id }
      return nil
    }
  }

  /// Checks the headers and footers of a reloadData: sections exist, no slot twice, fixed heights finite and
  /// non-negative, cell ids unique among themselves and the rows (`rowIDs`).
  static func validateReloadSupplementaries(
    _ updates: [SupplementaryUpdate<Content>], sectionCount: Int, rowIDs: Set<RowID>
  ) throws(NodeTreeError) {
    var slots: Set<SupplementaryKey> = []
    var seen = rowIDs
    for update in updates {
      let operation = update.kind == .header ? "setHeader" : "setFooter"
      guard update.section >= 0 else { throw .negativeIndex(operation: operation, index: update.section) }
      guard slots.insert(SupplementaryKey(kind: update.kind, section: update.section)).inserted else {
        throw .duplicateSupplementary(update.kind, section: update.section)
      }
      guard update.section < sectionCount else {
        throw .supplementarySectionOutOfBounds(update.kind, section: update.section, sectionCount: sectionCount)
      }
      switch update.spec {
      case .fixed(let height)? where !(height.isFinite && height >= 0):
        throw .invalidSupplementaryHeight(update.kind, section: update.section, height)
      case .cell(let id?, _)? where !seen.insert(id).inserted:
        throw .duplicateRowID(id)
      default:
        break
      }
    }
  }
}
