/// A header or footer slot: kind and section index (which space is stated by the user). Pure value.
struct SupplementaryKey: Hashable, Sendable {
  /// Header or footer.
  var kind: SupplementaryKind
  /// Section index.
  var section: Int
}

/// Where a new-space section's header or footer comes from in a batch. Pure value.
enum SupplementarySource<Content: Sendable>: Sendable {
  /// The section has none.
  case none
  /// A new element from a `SupplementaryUpdate`.
  case new(SupplementarySpec<Content>)
  /// The element of an old section, kept: `relayout` for a reloaded or moved section (a cell is re-measured and
  /// gets a new node), not for a surviving one.
  case kept(oldSection: Int, relayout: Bool)
}

/// Headers and footers in a batch plan: collecting the updates, where each new section's elements come from, which
/// old elements leave, and the checks. Pure.
extension BatchPlan {
  /// Sorts the header and footer updates by slot, checking signs, duplicates and fixed heights.
  mutating func collect(_ updates: [SupplementaryUpdate<Content>]) throws(NodeTreeError) {
    for update in updates {
      let operation = update.kind == .header ? "setHeader" : "setFooter"
      guard update.section >= 0 else { throw .negativeIndex(operation: operation, index: update.section) }
      let key = SupplementaryKey(kind: update.kind, section: update.section)
      guard supplementaryUpdates[key] == nil else {
        throw .duplicateSupplementary(update.kind, section: update.section)
      }
      if case .fixed(let height)? = update.spec, !(height.isFinite && height >= 0) {
        throw .invalidSupplementaryHeight(update.kind, section: update.section, height)
      }
      supplementaryUpdates[key] = .some(update.spec)
    }
  }

  /// Where the `kind` element of new-space section `new` comes from (see `SupplementaryUpdate` for the rules).
  func supplementarySource(_ kind: SupplementaryKind, newSection new: Int) -> SupplementarySource<Content> {
    if let update = supplementaryUpdates[SupplementaryKey(kind: kind, section: new)] {
      return update.map { .new($0) } ?? .none
    }
    if let old = reloadedSectionSources[new] { return .kept(oldSection: old, relayout: true) }
    switch finalSectionInserts[new] {
    // Texture performs a section move as a delete plus an insert: the moved section's header and footer nodes are
    // recreated, so a cell is re-measured (a new node) as a reloaded section's is.
    case .moved(let old)?: return .kept(oldSection: old, relayout: true)
    case .rows?: return .none
    case nil: return sectionMap.oldIndex(forNew: new).map { .kept(oldSection: $0, relayout: false) } ?? .none
    }
  }

  /// The new-space section an old section's elements go to (moved, reloaded or surviving), nil when deleted.
  func newSectionKeepingSupplementaries(ofOld old: Int) -> Int? {
    if let target = sectionMoves[old] { return target }
    if finalSectionDeletes.contains(old) {
      return reloadedSectionSources.first { $0.value == old }?.key
    }
    return sectionMap.newIndex(forOld: old)
  }

  /// True when the `kind` element of old section `old` survives the batch (not deleted, replaced or removed).
  func keepsSupplementary(_ kind: SupplementaryKind, ofOld old: Int) -> Bool {
    guard let new = newSectionKeepingSupplementaries(ofOld: old) else { return false }
    return supplementaryUpdates[SupplementaryKey(kind: kind, section: new)] == nil
  }

  /// Old sections whose elements may leave: deleted and reloaded ones, and surviving or moved ones an update targets.
  /// O(changes), so a batch does not walk every section.
  var sectionsLosingSupplementaries: [Int] {
    var candidates = finalSectionDeletes
    for key in supplementaryUpdates.keys where finalSectionInserts[key.section] == nil {
      if let old = sectionMap.oldIndex(forNew: key.section) { candidates.insert(old) }
    }
    for (old, target) in sectionMoves where supplementaryUpdates.keys.contains(where: { $0.section == target }) {
      candidates.insert(old)
    }
    return candidates.sortedSections()
  }

  /// The old headers and footers that leave the table (deleted sections' and replaced or removed ones), in old
  /// content order; a moved or reloaded section's elements stay unless an update replaces them.
  func leavingSupplementaries(in map: ElementMap) -> [SupplementaryRef] {
    var leaving: [SupplementaryRef] = []
    for old in sectionsLosingSupplementaries where old < map.numberOfSections {
      for kind in SupplementaryKind.allCases where !keepsSupplementary(kind, ofOld: old) {
        if let entry = map.supplementary(kind, inSection: old) {
          leaving.append(SupplementaryRef(kind, section: old, id: entry.id))
        }
      }
    }
    return leaving
  }

  /// Every update addresses a section that exists after the batch (checked once the new counts are known), in
  /// (section, kind) order so the first offending one is reported.
  func validateSupplementaries() throws(NodeTreeError) {
    let keys = supplementaryUpdates.keys.sorted { ($0.section, $0.kind.slot) < ($1.section, $1.kind.slot) }
    for key in keys where key.section >= newCounts.count {
      throw .supplementarySectionOutOfBounds(key.kind, section: key.section, sectionCount: newCounts.count)
    }
  }

  /// Client-chosen ids of new header and footer cells, in (section, kind) order.
  var newSupplementaryCellIDs: [RowID] {
    let keys = supplementaryUpdates.keys.sorted { ($0.section, $0.kind.slot) < ($1.section, $1.kind.slot) }
    return keys.compactMap { key in
      if case .cell(let id, _)?? = supplementaryUpdates[key] { return id }
      return nil
    }
  }
}
