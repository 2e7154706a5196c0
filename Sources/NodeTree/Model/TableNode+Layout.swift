/// A change set that became visible: the visible map now shows its rows. Pure value.
package struct Commit: Sendable, Equatable {
  /// The committed change set.
  package let changeSet: ChangeSet
  /// Cell heights (points, without separator) the inserted and reloaded rows were committed with.
  package let measuredHeights: [RowID: Double]
  /// Content height after the commit (points).
  package let contentHeight: Double
  /// Interface-state callbacks of the range update that follows the commit (texture.md §3.3), in firing order.
  package let interfaceEvents: [InterfaceStateEvent]
  /// The content offset move scroll anchoring made for this commit (before its range update), if any.
  package var offsetAdjustment: OffsetAdjustment? = nil
}

/// The outcome of one layout result. Pure value.
package struct LayoutAcceptance: Sendable, Equatable {
  /// False when the result was stale (no change set or visible row waits for that generation) and was dropped.
  package let accepted: Bool
  /// Visible rows whose height changed because of this result (re-measure outside a batch).
  package let heightChanges: [HeightChange]
  /// Change sets that committed because of this result, in order.
  package let commits: [Commit]
  /// Range-update callbacks after a visible height change (commits carry their own).
  package let interfaceEvents: [InterfaceStateEvent]
  /// The content offset move scroll anchoring made for the height changes (commits carry their own).
  package var offsetAdjustment: OffsetAdjustment? = nil
}

/// Layout results, re-measurement and commits.
extension TableNode {
  /// Records the measured cell height of `id` at `generation` (points, without separator). Session-isolated.
  ///
  /// A result is used by every uncommitted change set waiting for that (row, generation), by the pending cell
  /// when the generation is current, and by the visible map when the row was re-measured outside a batch
  /// (`invalidateLayout`). Any other result is stale and dropped. Commits follow in submission order.
  package mutating func acceptLayout(
    id: RowID, generation: UInt64, height: Double
  ) throws(NodeTreeError) -> LayoutAcceptance {
    guard height.isFinite, height >= 0 else { throw .invalidHeight(id, height) }
    var accepted = false
    for seq in awaitedBy[id] ?? [] {
      guard let index = inFlightIndex(of: seq), inFlight[index].awaiting[id] == generation else { continue }
      inFlight[index].measured[id] = height
      accepted = true
    }
    var changes: [HeightChange] = []
    var anchor: ScrollAnchor?
    if var cell = cells[id], cell.generation == generation {
      cell.measuredHeight = height
      cells[id] = cell
      pendingMap.setHeight(height, of: id)
      accepted = true
      if relayouts[id] == generation {
        relayouts[id] = nil
        if visibleMap.contains(id) { anchor = captureAnchor() }
        if awaitedBy[id] != nil { relayoutHeights[id] = (generation, height) }
        if let old = visibleMap.height(of: id), let path = visibleMap.indexPath(of: id),
          abs(old - height) >= Double(Float.ulpOfOne)
        {
          visibleMap.setHeight(height, of: id)
          changes.append(HeightChange(id: id, indexPath: path, oldHeight: old, newHeight: height))
        }
      }
    }
    guard accepted else {
      return LayoutAcceptance(accepted: false, heightChanges: [], commits: [], interfaceEvents: [])
    }
    let adjustment = changes.isEmpty ? nil : restore(anchor)
    let commits = commitReadyChangeSets()
    // A height change moves rows, so the ranges are updated as after a commit.
    let events = !changes.isEmpty && commits.isEmpty ? rangeEventsAfterChange() ?? [] : []
    return LayoutAcceptance(
      accepted: true, heightChanges: changes, commits: commits, interfaceEvents: events, offsetAdjustment: adjustment)
  }

  /// Marks rows for re-measurement (Texture's `setNeedsLayout` on a cell, texture.md §2): bumps each generation
  /// and returns the layout requests. A visible row keeps its height until the result arrives. Session-isolated.
  package mutating func invalidateLayout(_ ids: [RowID]) throws(NodeTreeError) -> [LayoutRequest<Content>] {
    for id in ids where cells[id] == nil { throw .unknownRowID(id) }
    var requests: [LayoutRequest<Content>] = []
    for id in ids {
      guard var cell = cells[id], let path = pendingMap.indexPath(of: id) else { continue }
      lastGeneration += 1
      cell.generation = lastGeneration
      cells[id] = cell
      relayouts[id] = cell.generation
      requests.append(LayoutRequest(id: id, generation: cell.generation, content: cell.content, indexPath: path))
    }
    return requests
  }

  /// Replaces the content of a row and re-measures it (a content update outside a batch). Session-isolated.
  package mutating func updateContent(of id: RowID, to content: Content) throws(NodeTreeError) -> LayoutRequest<Content>
  {
    guard var cell = cells[id], let path = pendingMap.indexPath(of: id) else { throw .unknownRowID(id) }
    lastGeneration += 1
    cell.generation = lastGeneration
    cell.content = content
    cells[id] = cell
    relayouts[id] = cell.generation
    return LayoutRequest(id: id, generation: cell.generation, content: content, indexPath: path)
  }

  /// Re-measures every pending row (e.g. after the table width changed, texture.md §1.6), in pending order.
  package mutating func relayoutAllRows() -> [LayoutRequest<Content>] {
    let ids = pendingMap.allRowIDs.flatMap { $0 }
    var requests: [LayoutRequest<Content>] = []
    requests.reserveCapacity(ids.count)
    for (global, id) in ids.enumerated() {
      guard var cell = cells[id], let path = pendingMap.path(ofGlobalIndex: global) else { continue }
      lastGeneration += 1
      cell.generation = lastGeneration
      cells[id] = cell
      relayouts[id] = cell.generation
      requests.append(LayoutRequest(id: id, generation: cell.generation, content: cell.content, indexPath: path))
    }
    return requests
  }

  /// Position of the in-flight change set `seq` (seqs are consecutive from the first), nil when not in flight.
  func inFlightIndex(of seq: Int) -> Int? {
    guard let first = inFlight.first?.changeSet.seq else { return nil }
    let index = seq - first
    if inFlight.indices.contains(index), inFlight[index].changeSet.seq == seq { return index }
    return inFlight.firstIndex { $0.changeSet.seq == seq }
  }

  /// Commits ready change sets from the front of the queue, in order.
  mutating func commitReadyChangeSets() -> [Commit] {
    var commits: [Commit] = []
    while var first = inFlight.first, first.isReady {
      inFlight.removeFirst()
      for (id, generation) in first.awaiting {
        if let newer = relayoutHeights[id], newer.generation > generation { first.measured[id] = newer.height }
      }
      for id in first.awaiting.keys {
        var seqs = awaitedBy[id] ?? []
        seqs.removeAll { $0 == first.changeSet.seq }
        if seqs.isEmpty {
          awaitedBy[id] = nil
          relayoutHeights[id] = nil
        } else {
          awaitedBy[id] = seqs
        }
      }
      let anchor = captureAnchor()
      replayOnVisibleMap(first)
      lastCommittedSeq = first.changeSet.seq
      let adjustment = restore(anchor)
      let events = rangeEventsAfterChange() ?? []
      commits.append(
        Commit(
          changeSet: first.changeSet, measuredHeights: first.measured,
          contentHeight: contentHeight, interfaceEvents: events, offsetAdjustment: adjustment))
    }
    return commits
  }

  /// Applies one change set's structural edits to the visible map (texture.md §1.7 order).
  private mutating func replayOnVisibleMap(_ changeSet: InFlightChangeSet) {
    let replay = changeSet.replay
    if let sections = replay.reloadAll {
      var map = ElementMap()
      for (index, ids) in sections.enumerated() {
        map.insertSection(at: index, rows: ids.map { ($0, changeSet.measured[$0] ?? 0) })
      }
      visibleMap = map
      return
    }
    var removedHeights: [RowID: Double] = [:]
    for path in replay.itemDeletes {
      if let removed = visibleMap.removeRow(at: path) { removedHeights[removed.id] = removed.height }
    }
    for section in replay.sectionDeletes {
      for removed in visibleMap.removeSection(at: section) { removedHeights[removed.id] = removed.height }
    }
    func height(_ id: RowID) -> Double {
      if changeSet.awaiting[id] != nil { return changeSet.measured[id] ?? 0 }
      return removedHeights[id] ?? 0
    }
    for (index, ids) in replay.sectionInserts {
      visibleMap.insertSection(at: index, rows: ids.map { ($0, height($0)) })
    }
    for (path, id) in replay.itemInserts {
      visibleMap.insertRow(id, height: height(id), at: path)
    }
  }
}
