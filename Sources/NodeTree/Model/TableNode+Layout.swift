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
  /// The content offset move scroll anchoring and clamping made for this commit (before its range update), if any.
  package var offsetAdjustment: OffsetAdjustment? = nil
  /// The nodes this commit ended (deleted, reloaded and moved rows, every old row of a reloadData), in old row
  /// order, before its range update.
  package var releasedNodes: [ReleasedNode] = []
  /// Selected rows this commit deleted or reloaded, which lost the selection (moved rows keep it); nil when the
  /// selection did not change.
  package var selectionChange: SelectionChange? = nil
  /// Frames before and after of the rows this commit affected (`TableNode+ChangeFrames`); empty unless
  /// `reportsChangeFrames` is on.
  package var changeFrames: [RowChangeFrame] = []
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
  /// Visible header and footer cells whose height changed because of this result (re-measure outside a batch).
  package var supplementaryHeightChanges: [SupplementaryHeightChange] = []
  /// True when the result was accepted and the pending cell is still at the result's generation (after the
  /// commits): its content was laid out anew. Read here so a caller holding the table in a class does not copy the
  /// whole table to ask.
  package var isCurrent = false
}

/// Layout results, re-measurement and commits.
extension TableNode {
  /// Records the measured cell height of `id` at `generation` (points, without separator), clamped into the row's
  /// height range, and for a self-sized flow item its measured `width`. Session-isolated.
  ///
  /// A result is used by every uncommitted change set waiting for that (row, generation), by the pending cell
  /// when the generation is current, and by the visible map when the row was re-measured outside a batch
  /// (`invalidateLayout`). Any other result is stale and dropped. Commits follow in submission order.
  package mutating func acceptLayout(
    id: RowID, generation: UInt64, height: Double, width: Double? = nil
  ) throws(NodeTreeError) -> LayoutAcceptance {
    guard height.isFinite, height >= 0 else { throw .invalidHeight(id, height) }
    // An item of its own size range is measured and placed in it (clamped, as Texture clamps a node's size).
    let itemRange = itemSizeRange(of: id)
    let given = flow != nil && (flow?.selfSizing == true || itemRange != nil) ? width : nil
    if let given, !(given.isFinite && given >= 0) { throw .invalidHeight(id, given) }
    let width = given.map { given in itemRange.map { min(max(given, $0.minWidth), $0.maxWidth) } ?? given }
    let height = itemRange.map { min(max(height, $0.minHeight), $0.maxHeight) } ?? clampedHeight(height, of: id)
    var accepted = false
    // A relayout's result ends its wait even when a reload, delete or newer content made it stale.
    let relayout = relayouts[id] == generation
    if relayout { relayouts[id] = nil }
    for seq in awaitedBy[id] ?? [] {
      guard let index = inFlightIndex(of: seq), inFlight[index].awaiting[id] == generation else { continue }
      inFlight[index].measured[id] = height
      if let width { inFlight[index].widths[id] = width }
      accepted = true
    }
    // Found once and changed in place (a lookup and a store hashed the id twice).
    if let index = cells.index(forKey: id), cells.values[index].generation == generation {
      cells.values[index].measuredHeight = height
      if let width { measuredWidths[id] = width }
      pendingMap.setHeight(height, of: id)
      accepted = true
      if relayout {
        if awaitedBy[id] != nil { relayoutHeights[id] = (generation, height) }
        if visibleMap.contains(id) { passHeights[id] = height }
      }
    }
    // Texture lays out every invalidated cell in one container pass (texture.md §2 steps 4–5): the heights of
    // relayouts settle together once none is running any more.
    var pass = RelayoutPass()
    if relayouts.isEmpty && !passHeights.isEmpty { pass = applyRelayoutPass() }
    guard accepted || !pass.isEmpty else {
      return LayoutAcceptance(accepted: false, heightChanges: [], commits: [], interfaceEvents: [])
    }
    let commits = commitReadyChangeSets()
    return LayoutAcceptance(
      accepted: accepted, heightChanges: pass.changes, commits: commits, interfaceEvents: pass.events,
      offsetAdjustment: pass.adjustment, supplementaryHeightChanges: pass.supplementaryChanges,
      isCurrent: accepted && cells[id]?.generation == generation)
  }

  /// Applies the heights of a finished relayout pass to the visible rows at once (in row order), then anchoring
  /// and the clamp, then a range update only if the on-screen rows changed (a height change is no change set).
  mutating func applyRelayoutPass() -> RelayoutPass {
    let anchor = captureAnchor()
    var located: [(TableElement, RowID, Double)] = []
    for (id, height) in passHeights {
      if let element = visibleMap.element(of: id) { located.append((element, id, height)) }
    }
    passHeights.removeAll()
    located.sort { $0.0 < $1.0 }
    var pass = RelayoutPass()
    let selfSizing = flow?.selfSizing == true
    for (element, id, height) in located {
      guard let old = visibleMap.height(of: id) else { continue }
      // A self-sized item (every item of a flow without `itemSize`, or one with its own size range) changes when its
      // width or its height does (both are reported).
      let sized = flow != nil && (selfSizing || itemWidths[id] != nil || measuredWidths[id] != nil)
      let widths = sized && element.supplementaryKind == nil ? (itemWidths[id] ?? 0, measuredWidths[id] ?? 0) : nil
      let widthChanged = widths.map { abs($0.0 - $0.1) >= Double(Float.ulpOfOne) } ?? false
      guard abs(old - height) >= Double(Float.ulpOfOne) || widthChanged else { continue }
      visibleMap.setHeight(height, of: id)
      if let widths { itemWidths[id] = widths.1 }
      switch element {
      case .row(let path):
        pass.changes.append(
          HeightChange(
            id: id, indexPath: path, oldHeight: old, newHeight: height, oldWidth: widths?.0, newWidth: widths?.1))
      case .header, .footer:
        pass.supplementaryChanges.append(
          SupplementaryHeightChange(
            id: id, kind: element.supplementaryKind ?? .header, section: element.section, oldHeight: old,
            newHeight: height))
      }
    }
    guard !pass.isEmpty else { return pass }
    if flow != nil { refreshFlow() }
    pass.adjustment = settleOffset(anchor)
    pass.events = rangeUpdate(force: false)
    return pass
  }

  /// Marks rows for re-measurement (Texture's `setNeedsLayout` on a cell, texture.md §2): bumps each generation
  /// and returns the layout requests. A visible row keeps its height until the result arrives. Session-isolated.
  package mutating func invalidateLayout(_ ids: [RowID]) throws(NodeTreeError) -> [LayoutRequest<Content>] {
    for id in ids where cells[id] == nil { throw .unknownRowID(id) }
    var requests: [LayoutRequest<Content>] = []
    for id in ids {
      guard var cell = cells[id], let (path, kind) = pendingPosition(of: id) else { continue }
      lastGeneration += 1
      cell.generation = lastGeneration
      cells[id] = cell
      relayouts[id] = cell.generation
      requests.append(
        layoutRequest(cell, indexPath: path, supplementary: kind))
    }
    return requests
  }

  /// Where a pending row or header/footer cell is, as a layout request names it (a header or footer: its section
  /// and row 0, with its kind); nil when the pending map holds no such row or cell.
  func pendingPosition(of id: RowID) -> (TableIndexPath, SupplementaryKind?)? {
    if let path = pendingMap.indexPath(of: id) { return (path, nil) }
    guard let (kind, section) = pendingMap.supplementaryLocation(of: id) else { return nil }
    return (TableIndexPath(section: section, row: 0), kind)
  }

  /// Replaces the content of a row and re-measures it (a content update outside a batch). Session-isolated.
  /// A header or footer cell is updated the same way (its height change is reported like a row's).
  package mutating func updateContent(of id: RowID, to content: Content) throws(NodeTreeError) -> LayoutRequest<Content>
  {
    guard var cell = cells[id], let (path, kind) = pendingPosition(of: id) else { throw .unknownRowID(id) }
    lastGeneration += 1
    cell.generation = lastGeneration
    cell.content = content
    cells[id] = cell
    relayouts[id] = cell.generation
    return layoutRequest(cell, indexPath: path, supplementary: kind)
  }

  /// Re-measures every pending row (e.g. after the table width changed, texture.md §1.6), in pending order, then
  /// every header and footer cell (they are measured at the same width).
  package mutating func relayoutAllRows() -> [LayoutRequest<Content>] {
    var requests = relayoutRowsOnly()
    guard pendingMap.hasSupplementaryCells else { return requests }
    for section in 0..<pendingMap.numberOfSections {
      for kind in SupplementaryKind.allCases {
        guard let id = pendingMap.supplementary(kind, inSection: section)?.id, var cell = cells[id] else { continue }
        lastGeneration += 1
        cell.generation = lastGeneration
        cells[id] = cell
        relayouts[id] = cell.generation
        requests.append(
          LayoutRequest(
            id: id, generation: cell.generation, content: cell.content,
            indexPath: TableIndexPath(section: section, row: 0), supplementary: kind))
      }
    }
    return requests
  }

  /// Re-measures every pending row, in pending order.
  private mutating func relayoutRowsOnly() -> [LayoutRequest<Content>] {
    let ids = pendingMap.allRowIDs.flatMap { $0 }
    var requests: [LayoutRequest<Content>] = []
    requests.reserveCapacity(ids.count)
    for (global, id) in ids.enumerated() {
      guard var cell = cells[id], let path = pendingMap.path(ofGlobalIndex: global) else { continue }
      lastGeneration += 1
      cell.generation = lastGeneration
      cells[id] = cell
      relayouts[id] = cell.generation
      requests.append(layoutRequest(cell, indexPath: path))
    }
    return requests
  }

  /// Position of the in-flight change set `seq` (seqs are consecutive from the first), nil when not in flight.
  func inFlightIndex(of seq: Int) -> Int? {
    // Subscripts, not `first`: `first` copied the whole change set (its dictionaries) once per layout result.
    guard !inFlight.isEmpty else { return nil }
    let first = inFlight[0].changeSet.seq
    let index = seq - first
    if inFlight.indices.contains(index), inFlight[index].changeSet.seq == seq { return index }
    return inFlight.firstIndex { $0.changeSet.seq == seq }
  }

  /// Commits ready change sets from the front of the queue, in order.
  mutating func commitReadyChangeSets() -> [Commit] {
    var commits: [Commit] = []
    // `inFlight[0].isReady` reads in place: `inFlight.first` copied the change set at every layout result.
    while !inFlight.isEmpty, inFlight[0].isReady {
      var first = inFlight.removeFirst()
      var newer: Set<RowID> = []
      for (id, generation) in first.awaiting {
        if let relayout = relayoutHeights[id], relayout.generation > generation {
          first.measured[id] = relayout.height
          newer.insert(id)
        }
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
      let ended = endedRows(of: first.changeSet)
      // Kept only for change frames: copying the map shares its storage until the replay writes to it.
      let old = reportsChangeFrames ? visibleMap : nil
      let oldBounds = viewport?.bounds
      replayOnVisibleMap(first)
      commitWidths(first.widths, newer: newer, ended: ended)
      if flow != nil { refreshFlow() }
      let selectionChange = updateSelection(after: first.changeSet)
      lastCommittedSeq = first.changeSet.seq
      let adjustment = settleOffset(anchor)
      let frames = old.map { changeFrames(of: first.changeSet, old: $0, oldBounds: oldBounds) } ?? []
      for id in ended { passHeights[id] = nil }
      let released = ranges.release(ended)
      // A change set with operations updates the ranges at once (`RangeUpdateOnChangesetUpdate`); an empty one only
      // when the on-screen rows changed.
      let events = rangeUpdate(force: !first.changeSet.isEmpty)
      commits.append(
        Commit(
          changeSet: first.changeSet, measuredHeights: first.measured,
          contentHeight: contentHeight, interfaceEvents: events, offsetAdjustment: adjustment,
          releasedNodes: released, selectionChange: selectionChange, changeFrames: frames))
    }
    return commits
  }

  /// The committed rows whose nodes `changeSet` ends, in their visible order before it commits: every row for a
  /// reloadData, else its deleted, reloaded and moved rows (Texture recreates reloaded and moved nodes).
  /// Header and footer cells count as well: deleted and re-measured ones end (a reloadData ends them all).
  private func endedRows(of changeSet: ChangeSet) -> [RowID] {
    if changeSet.includesReloadData {
      guard visibleMap.hasSupplementaryCells else { return visibleMap.allRowIDs.flatMap { $0 } }
      return (0..<visibleMap.numberOfSections).flatMap { section in
        [visibleMap.supplementary(.header, inSection: section)?.id].compactMap { $0 }
          + visibleMap.rowIDs(inSection: section)
          + [visibleMap.supplementary(.footer, inSection: section)?.id].compactMap { $0 }
      }
    }
    var ids = changeSet.deletedRows + changeSet.reloadedRows + changeSet.movedRows.map(\.id)
    ids += (changeSet.deletedSupplementaries + changeSet.reloadedSupplementaries).compactMap(\.id)
    var located: [(TableElement, RowID)] = []
    for id in ids {
      if let element = visibleMap.element(of: id) { located.append((element, id)) }
    }
    return located.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// Applies one change set's structural edits to the visible map (texture.md §1.7 order), headers and footers with
  /// their sections.
  private mutating func replayOnVisibleMap(_ changeSet: InFlightChangeSet) {
    let replay = changeSet.replay
    var removedHeights: [RowID: Double] = [:]
    /// The height a row or cell commits with: measured when awaited, else what it had on screen.
    func height(_ id: RowID) -> Double {
      if changeSet.awaiting[id] != nil { return changeSet.measured[id] ?? 0 }
      return removedHeights[id] ?? 0
    }
    /// A header or footer as it commits: a cell with its committed height, a fixed height as given.
    func committed(_ entry: SupplementaryEntry?) -> SupplementaryEntry? {
      guard var entry, let id = entry.id else { return entry }
      if changeSet.awaiting[id] != nil || removedHeights[id] != nil { entry.height = height(id) }
      return entry
    }
    if let sections = replay.reloadAll {
      var map = ElementMap(absentHeights: style.absentSupplementaryHeights)
      for (index, section) in sections.enumerated() {
        map.insertSection(
          at: index, rows: section.rows.map { ($0, changeSet.measured[$0] ?? 0) }, header: committed(section.header),
          footer: committed(section.footer))
      }
      visibleMap = map
      return
    }
    for path in replay.itemDeletes {
      if let removed = visibleMap.removeRow(at: path) { removedHeights[removed.id] = removed.height }
    }
    for section in replay.sectionDeletes {
      for kind in SupplementaryKind.allCases {
        if let entry = visibleMap.supplementary(kind, inSection: section), let id = entry.id {
          removedHeights[id] = entry.height
        }
      }
      for removed in visibleMap.removeSection(at: section) { removedHeights[removed.id] = removed.height }
    }
    for (index, section) in replay.sectionInserts {
      visibleMap.insertSection(
        at: index, rows: section.rows.map { ($0, height($0)) }, header: committed(section.header),
        footer: committed(section.footer))
    }
    for (path, id) in replay.itemInserts {
      visibleMap.insertRow(id, height: height(id), at: path)
    }
    for (slot, entry) in replay.supplementarySets {
      visibleMap.setSupplementary(slot.kind, inSection: slot.section, committed(entry))
    }
  }
}

/// What one finished relayout pass changed. Pure value.
struct RelayoutPass: Sendable {
  /// Visible rows whose height changed, in row order.
  var changes: [HeightChange] = []
  /// Visible header and footer cells whose height changed, in content order.
  var supplementaryChanges: [SupplementaryHeightChange] = []
  /// True when no height changed.
  var isEmpty: Bool { changes.isEmpty && supplementaryChanges.isEmpty }
  /// The offset move anchoring and the clamp made.
  var adjustment: OffsetAdjustment?
  /// Callbacks of the range update, when the on-screen rows changed.
  var events: [InterfaceStateEvent] = []
}
