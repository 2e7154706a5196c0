/// Where an inserted section's rows come from.
enum SectionSource<Content: Sendable>: Sendable {
  /// New rows supplied by the client (insertSections / reloadSections).
  case rows([RowSpec<Content>])
  /// The rows of an old section moved here (moveSection).
  case moved(fromOld: Int)
}

/// Where an inserted row comes from.
enum ItemSource<Content: Sendable>: Sendable {
  /// A new row supplied by the client.
  case new(RowSpec<Content>)
  /// The reload of the row at an old index path, with optional new content.
  case reload(old: TableIndexPath, content: Content?)
  /// The row at an old index path, moved here.
  case moved(from: TableIndexPath)
}

/// A batch update resolved against the table's pending map and decomposed the way Texture's
/// `_ASHierarchyChangeSet` does (texture.md §1.8 "Preparation"); `validate()` then runs the checks. Pure.
struct BatchPlan<Content: Sendable>: Sendable {
  /// Row count of each section before the update.
  var oldCounts: [Int]
  /// Row count of each section after the update (client's expected counts, or derived).
  var newCounts: [Int] = []
  /// True when `newCounts` came from the client.
  var countsAreExpected = false
  /// User section deletes (deleteSections and moveSection sources), old space.
  var userSectionDeletes: Set<Int> = []
  /// User section inserts (insertSections and moveSection targets), new space.
  var userSectionInserts: [Int: SectionSource<Content>] = [:]
  /// Sections from deleteSections only (old space), in request order.
  var deleteSectionsList: [Int] = []
  /// Reloaded sections (old space) with their new rows.
  var sectionReloads: [Int: [RowSpec<Content>]] = [:]
  /// Reloaded sections in request order (for deterministic checks).
  var sectionReloadOrder: [Int] = []
  /// Moved sections: old index → new index.
  var sectionMoves: [Int: Int] = [:]
  /// Final section deletes: user deletes plus reloaded sections (old space).
  var finalSectionDeletes: Set<Int> = []
  /// Final section inserts: user inserts plus reloaded sections at their new index (new space).
  var finalSectionInserts: [Int: SectionSource<Content>] = [:]
  /// User item deletes (deleteRows and moveRow sources), old space.
  var userItemDeletes: Set<TableIndexPath> = []
  /// deleteRows only (old space).
  var deleteRowsSet: Set<TableIndexPath> = []
  /// User item inserts (insertRows and moveRow targets), new space.
  var userItemInserts: [TableIndexPath: ItemSource<Content>] = [:]
  /// Reloaded rows (old space) with optional new content.
  var itemReloads: [TableIndexPath: Content?] = [:]
  /// Moved rows: old path → new path.
  var itemMoves: [TableIndexPath: TableIndexPath] = [:]
  /// Final item deletes after dropping those inside deleted sections (old space).
  var finalItemDeletes: Set<TableIndexPath> = []
  /// Final item inserts after dropping those inside inserted sections (new space).
  var finalItemInserts: [TableIndexPath: ItemSource<Content>] = [:]
  /// The keys of `finalItemInserts` in order, sorted once for the checks and the perform that walk them.
  var finalItemInsertPaths: [TableIndexPath] = []
  /// The keys of `finalSectionInserts` in order.
  var finalSectionInsertIndexes: [Int] = []
  /// Section old → new map over final section deletes/inserts.
  var sectionMap = IntegerMap.identity(count: 0)
  /// Per surviving old section: item map over user deletes (old section) and user inserts (new section).
  var itemMaps: [Int: IntegerMap] = [:]
  /// Reloaded sections: new index → old index.
  var reloadedSectionSources: [Int: Int] = [:]
  /// Header and footer updates by (kind, new section); a nil spec removes the element.
  var supplementaryUpdates: [SupplementaryKey: SupplementarySpec<Content>?] = [:]

  /// Resolves and decomposes `update` against `map` (the pending map before the batch). Throws the daemon's
  /// structural errors (negative indexes, unknown ids, duplicate addresses); Texture's checks are `validate()`.
  init(_ update: BatchUpdate<Content>, against map: ElementMap) throws(NodeTreeError) {
    oldCounts = map.sectionCounts
    try collect(update.operations, map: map)
    try collect(update.supplementaryUpdates)
    decompose()
    if let expected = update.expectedRowCounts {
      newCounts = expected
      countsAreExpected = true
    } else {
      newCounts = derivedNewCounts()
    }
  }

  /// Sorts every operation into the user lists, checking signs and duplicates.
  private mutating func collect(_ operations: [BatchOperation<Content>], map: ElementMap) throws(NodeTreeError) {
    var moveFromSections: Set<Int> = []
    var moveFromRows: Set<TableIndexPath> = []
    for operation in operations {
      switch operation {
      case .insertRows(let rows):
        for (path, spec) in rows {
          try Self.checkSign(path, "insertRows")
          guard userItemInserts[path] == nil else { throw .duplicateIndexPath(operation: "insertRows", path) }
          userItemInserts[path] = .new(spec)
        }
      case .deleteRows(let references):
        for reference in references {
          let path = try Self.resolve(reference, "deleteRows", map)
          guard !userItemDeletes.contains(path) else { throw .duplicateIndexPath(operation: "deleteRows", path) }
          userItemDeletes.insert(path)
          deleteRowsSet.insert(path)
        }
      case .reloadRows(let reloads):
        for (reference, content) in reloads {
          let path = try Self.resolve(reference, "reloadRows", map)
          guard itemReloads[path] == nil, !moveFromRows.contains(path) else {
            throw .duplicateIndexPath(operation: "reloadRows", path)
          }
          itemReloads[path] = .some(content)
        }
      case .moveRow(let reference, let target):
        let source = try Self.resolve(reference, "moveRow", map)
        try Self.checkSign(target, "moveRow")
        guard !userItemDeletes.contains(source), itemReloads[source] == nil else {
          throw .duplicateIndexPath(operation: "moveRow", source)
        }
        guard userItemInserts[target] == nil else { throw .duplicateIndexPath(operation: "moveRow", target) }
        userItemDeletes.insert(source)
        moveFromRows.insert(source)
        userItemInserts[target] = .moved(from: source)
        itemMoves[source] = target
      case .insertSections(let sections):
        for (index, rows) in sections {
          guard index >= 0 else { throw .negativeIndex(operation: "insertSections", index: index) }
          guard userSectionInserts[index] == nil else {
            throw .duplicateSection(operation: "insertSections", section: index)
          }
          userSectionInserts[index] = .rows(rows)
        }
      case .deleteSections(let sections):
        for index in sections {
          guard index >= 0 else { throw .negativeIndex(operation: "deleteSections", index: index) }
          guard !userSectionDeletes.contains(index) else {
            throw .duplicateSection(operation: "deleteSections", section: index)
          }
          userSectionDeletes.insert(index)
          deleteSectionsList.append(index)
        }
      case .reloadSections(let sections):
        for (index, rows) in sections {
          guard index >= 0 else { throw .negativeIndex(operation: "reloadSections", index: index) }
          guard sectionReloads[index] == nil, !moveFromSections.contains(index) else {
            throw .duplicateSection(operation: "reloadSections", section: index)
          }
          sectionReloads[index] = rows
          sectionReloadOrder.append(index)
        }
      case .moveSection(let from, let to):
        guard from >= 0 else { throw .negativeIndex(operation: "moveSection", index: from) }
        guard to >= 0 else { throw .negativeIndex(operation: "moveSection", index: to) }
        guard !userSectionDeletes.contains(from), sectionReloads[from] == nil else {
          throw .duplicateSection(operation: "moveSection", section: from)
        }
        guard userSectionInserts[to] == nil else { throw .duplicateSection(operation: "moveSection", section: to) }
        userSectionDeletes.insert(from)
        moveFromSections.insert(from)
        userSectionInserts[to] = .moved(fromOld: from)
        sectionMoves[from] = to
      }
    }
    // A reload listed before a move or delete of the same target is caught here (order-independent).
    for section in sectionReloadOrder where moveFromSections.contains(section) {
      throw .duplicateSection(operation: "reloadSections", section: section)
    }
    for path in itemReloads.keys.sortedPaths() where moveFromRows.contains(path) {
      throw .duplicateIndexPath(operation: "reloadRows", path)
    }
  }

  /// Texture's `_sortAndCoalesceChangeArrays`: reloads become delete + insert, nested changes are dropped.
  private mutating func decompose() {
    let reloadSectionMap = IntegerMap(
      oldCount: oldCounts.count, deleted: userSectionDeletes, inserted: userSectionInserts.keys)
    finalSectionDeletes = userSectionDeletes
    finalSectionInserts = userSectionInserts
    for (old, rows) in sectionReloads {
      finalSectionDeletes.insert(old)
      if !userSectionDeletes.contains(old), let new = reloadSectionMap.newIndex(forOld: old) {
        finalSectionInserts[new] = .rows(rows)
        reloadedSectionSources[new] = old
      }
    }
    sectionMap = IntegerMap(oldCount: oldCounts.count, deleted: finalSectionDeletes, inserted: finalSectionInserts.keys)
    // Item maps of surviving sections use only user deletes and inserts.
    var deletesBySection: [Int: [Int]] = [:]
    for path in userItemDeletes { deletesBySection[path.section, default: []].append(path.row) }
    var insertsBySection: [Int: [Int]] = [:]
    for path in userItemInserts.keys { insertsBySection[path.section, default: []].append(path.row) }
    for old in oldCounts.indices where !finalSectionDeletes.contains(old) {
      guard let new = sectionMap.newIndex(forOld: old) else { continue }
      let deleted = deletesBySection[old] ?? []
      let inserted = insertsBySection[new] ?? []
      if !deleted.isEmpty || !inserted.isEmpty {
        itemMaps[old] = IntegerMap(oldCount: oldCounts[old], deleted: deleted, inserted: inserted)
      }
    }
    finalItemDeletes = userItemDeletes.filter { !finalSectionDeletes.contains($0.section) }
    finalItemInserts = userItemInserts.filter { finalSectionInserts[$0.key.section] == nil }
    for (old, content) in itemReloads where !finalSectionDeletes.contains(old.section) {
      finalItemDeletes.insert(old)
      if let new = newIndexPath(forOld: old), finalSectionInserts[new.section] == nil {
        finalItemInserts[new] = .reload(old: old, content: content)
      }
    }
    finalItemInsertPaths = finalItemInserts.keys.sortedPaths()
    finalSectionInsertIndexes = finalSectionInserts.keys.sortedSections()
  }

  /// Moves whose insert survives (a target inside an inserted section is dropped, as Texture drops item
  /// inserts there; such a row leaves the table): old path → new path.
  var survivingMoves: [TableIndexPath: TableIndexPath] {
    itemMoves.filter { finalSectionInserts[$0.value.section] == nil }
  }

  /// New index path of an old one under this batch (sections first, then the section's item map).
  func newIndexPath(forOld old: TableIndexPath) -> TableIndexPath? {
    guard old.section >= 0, old.section < oldCounts.count, old.row >= 0, old.row < oldCounts[old.section],
      let section = sectionMap.newIndex(forOld: old.section)
    else { return nil }
    guard let itemMap = itemMaps[old.section] else { return TableIndexPath(section: section, row: old.row) }
    return itemMap.newIndex(forOld: old.row).map { TableIndexPath(section: section, row: $0) }
  }

  /// The counts the operations imply when the client gives none.
  private func derivedNewCounts() -> [Int] {
    let sectionCount = max(0, oldCounts.count + finalSectionInserts.count - finalSectionDeletes.count)
    var counts: [Int] = []
    counts.reserveCapacity(sectionCount)
    var insertsBySection: [Int: Int] = [:]
    for path in userItemInserts.keys { insertsBySection[path.section, default: 0] += 1 }
    var deletesBySection: [Int: Int] = [:]
    for path in userItemDeletes { deletesBySection[path.section, default: 0] += 1 }
    for new in 0..<sectionCount {
      if let source = finalSectionInserts[new] {
        switch source {
        case .rows(let rows): counts.append(rows.count)
        case .moved(let old): counts.append(oldCounts.indices.contains(old) ? oldCounts[old] : 0)
        }
      } else if let old = sectionMap.oldIndex(forNew: new), oldCounts.indices.contains(old) {
        counts.append(max(0, oldCounts[old] + insertsBySection[new, default: 0] - deletesBySection[old, default: 0]))
      } else {
        counts.append(0)
      }
    }
    return counts
  }

  /// Throws `negativeIndex` when either component of `path` is negative.
  private static func checkSign(_ path: TableIndexPath, _ operation: String) throws(NodeTreeError) {
    if path.section < 0 { throw .negativeIndex(operation: operation, index: path.section) }
    if path.row < 0 { throw .negativeIndex(operation: operation, index: path.row) }
  }

  /// Resolves a reference to an old-space index path (ids through the pending map).
  private static func resolve(
    _ reference: RowReference, _ operation: String, _ map: ElementMap
  ) throws(NodeTreeError) -> TableIndexPath {
    switch reference {
    case .indexPath(let path):
      try checkSign(path, operation)
      return path
    case .id(let id):
      guard let path = map.indexPath(of: id) else { throw .unknownRowID(id) }
      return path
    }
  }
}
