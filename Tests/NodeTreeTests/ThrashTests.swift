import Testing
@testable import NodeTree

/// Random batches (seeded; the seed is printed) applied to `TableNode` and to a naive model built from plain
/// arrays; row order, ids, generations and heights must agree after every step, in both element maps. Invalid
/// batches must throw and leave the table unchanged.
@Suite struct ThrashTests {
  /// A naive row: id, its current generation, and the generation of the batch layout it commits with.
  struct NaiveRow: Equatable {
    var id: RowID
    var generation: UInt64
    var layoutGeneration: UInt64 = 0
  }

  typealias Naive = [[NaiveRow]]

  /// Height the fake layout job reports for (id, generation): deterministic, so the naive model can predict it.
  static func height(_ id: RowID, _ generation: UInt64) -> Double {
    Double((id.rawValue.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) } &+ Int(generation) &* 7) & 63)
  }

  @Test(arguments: [UInt64(20_261_122), 1, 99, 4096])
  func thrash(seed: UInt64) throws {
    print("NodeTree thrash seed \(seed)")
    var random = SplitMix64(seed: seed)
    let separator = 0.5
    var table = TableNode<Int>(separatorHeight: separator)
    var naiveStates: [Int: Naive] = [0: []]
    var outstanding: [LayoutRequest<Int>] = []
    // Re-measure requests (updateContent / invalidateLayout) and the newest re-measure delivered per row.
    var relayoutRequests: Set<UInt64> = []
    var overrides: [RowID: UInt64] = [:]
    // The newest re-measure generation requested per row: the table waits for it before a relayout pass settles.
    var latestRelayout: [RowID: UInt64] = [:]
    var nextID = 0
    // Start with reloadData.
    let initial = (0..<3).map { _ in
      (0..<Int.random(in: 0...5, using: &random)).map { _ -> RowSpec<Int> in
        nextID += 1
        return RowSpec(id: RowID("n\(nextID)"), content: nextID)
      }
    }
    let first = try table.reloadData(initial)
    var pending: Naive = initial.map { $0.map { NaiveRow(id: $0.id ?? RowID(""), generation: 0) } }
    learn(&pending, first.layoutRequests)
    naiveStates[first.changeSet.seq] = pending
    outstanding += first.layoutRequests
    var invalidCount = 0
    var validCount = 0
    // Interface states as the callbacks report them; must always match the range controller.
    var reported: [RowID: InterfaceState] = [:]
    func apply(_ events: [InterfaceStateEvent]) {
      for event in events where event.kind == .interfaceStateDidChange { reported[event.id] = event.newState }
    }
    /// A commit's released nodes (their Visible exits, then the node is gone) before its range update.
    func apply(_ commits: [Commit]) {
      for commit in commits {
        for node in commit.releasedNodes {
          apply(node.events)
          #expect(!node.lastState.contains(.visible), "seed \(seed): \(node.id) released while visible")
          reported[node.id] = nil
        }
        apply(commit.interfaceEvents)
      }
    }
    apply(table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: 320, height: 120))))
    for step in 0..<1500 {
      if Int.random(in: 0..<5, using: &random) == 0 {
        let y = Double(Int.random(in: -50...800, using: &random))
        let scrolling = ScrollDirection.from(oldOffsetY: table.viewport?.bounds.y ?? 0, newOffsetY: y)
        if Int.random(in: 0..<10, using: &random) == 0 { apply(table.handleRangeModeEvent(.willBeginDragging)) }
        apply(table.setViewport(RangeViewport(bounds: Rect(x: 0, y: y, width: 320, height: 120), scrollDirection: scrolling)))
      }
      let roll = Int.random(in: 0..<100, using: &random)
      if roll < 20 {
        // An invalid batch must change nothing.
        let before = snapshot(table)
        let batch = invalidBatch(pending, &random, &nextID)
        do {
          _ = try table.performBatch(batch)
          Issue.record("seed \(seed) step \(step): invalid batch accepted")
        } catch {
          invalidCount += 1
        }
        #expect(snapshot(table) == before, "seed \(seed) step \(step): invalid batch changed the table")
      } else if roll < 22 {
        let sections = (0..<Int.random(in: 0...3, using: &random)).map { _ in
          (0..<Int.random(in: 0...4, using: &random)).map { _ -> RowSpec<Int> in
            nextID += 1
            return RowSpec(id: RowID("n\(nextID)"), content: nextID)
          }
        }
        let result = try table.reloadData(sections)
        apply(result.commits)
        pending = sections.map { $0.map { NaiveRow(id: $0.id ?? RowID(""), generation: 0) } }
        learn(&pending, result.layoutRequests)
        naiveStates[result.changeSet.seq] = pending
        outstanding += result.layoutRequests
      } else {
        let (batch, expected) = validBatch(pending, &random, &nextID)
        let result = try table.performBatch(batch)
        apply(result.commits)
        validCount += 1
        var next = expected
        // Rows with assigned ids take them from the requests (by new index path).
        for request in result.layoutRequests where next[request.indexPath.section][request.indexPath.row].id.rawValue.isEmpty {
          next[request.indexPath.section][request.indexPath.row].id = request.id
        }
        learn(&next, result.layoutRequests)
        pending = next
        naiveStates[result.changeSet.seq] = pending
        outstanding += result.layoutRequests
        #expect(Set(result.changeSet.insertedRows + result.changeSet.reloadedRows) == Set(result.layoutRequests.map(\.id)))
      }
      // Sometimes re-measure a pending row outside any batch (content update or invalidation).
      if Int.random(in: 0..<8, using: &random) == 0, let row = pending.joined().randomElement(using: &random) {
        let request = Bool.random(using: &random)
          ? try table.updateContent(of: row.id, to: step) : try table.invalidateLayout([row.id])[0]
        relayoutRequests.insert(request.generation)
        latestRelayout[request.id] = request.generation
        learn(&pending, [request], relayout: true)
        outstanding.append(request)
      }
      // Deliver a random share of outstanding layout results, in random order, plus a stale one.
      outstanding.shuffle(using: &random)
      let deliver = Int.random(in: 0...outstanding.count, using: &random)
      for request in outstanding.prefix(deliver) {
        if relayoutRequests.contains(request.generation),
          pending.joined().contains(where: { $0.id == request.id && $0.generation == request.generation })
        {
          overrides[request.id] = request.generation
        }
        let acceptance = try table.acceptLayout(
          id: request.id, generation: request.generation, height: Self.height(request.id, request.generation))
        apply(acceptance.interfaceEvents)
        apply(acceptance.commits)
      }
      outstanding.removeFirst(deliver)
      // Relayout heights settle as one pass once no re-measure is running (texture.md §2); until then committed
      // heights may lag, so they are compared only between passes.
      let passRunning = outstanding.contains { latestRelayout[$0.id] == $0.generation }
      if let any = pending.joined().first {
        #expect(try table.acceptLayout(id: any.id, generation: 0, height: 1).accepted == false)
      }
      try check(
        table, pending: pending, naiveStates: naiveStates, overrides: overrides, separator: separator, seed: seed,
        step: step, heights: !passRunning)
      checkStates(table, reported, seed: seed, step: step)
    }
    // Drain: everything commits.
    for request in outstanding {
      if relayoutRequests.contains(request.generation),
        pending.joined().contains(where: { $0.id == request.id && $0.generation == request.generation })
      {
        overrides[request.id] = request.generation
      }
      _ = try table.acceptLayout(id: request.id, generation: request.generation, height: Self.height(request.id, request.generation))
    }
    #expect(!table.isProcessingUpdates)
    #expect(table.lastCommittedSeq == table.lastSubmittedSeq)
    try check(table, pending: pending, naiveStates: naiveStates, overrides: overrides, separator: separator, seed: seed, step: -1)
    #expect(invalidCount > 200 && validCount > 1000)
  }

  /// Reported states match the controller; rows on screen are visible; rows gone from the view hold no range.
  private func checkStates(_ table: TableNode<Int>, _ reported: [RowID: InterfaceState], seed: UInt64, step: Int) {
    for id in table.visibleMap.allRowIDs.joined() {
      let state = table.ranges.state(of: id, in: table.visibleMap)
      #expect((reported[id] ?? .measureLayout) == state, "seed \(seed) step \(step): state of \(id)")
    }
    // measureLayout ↔ none is not reported (RangeController's documented deviation), every other bit is.
    for (id, state) in reported where !table.visibleMap.contains(id) {
      #expect(state.isSubset(of: .measureLayout), "seed \(seed) step \(step): \(id) left the table with \(state)")
    }
    if let bounds = table.viewport?.bounds {
      for id in table.visibleRows(minY: bounds.y, maxY: bounds.maxY) {
        #expect(table.ranges.state(of: id, in: table.visibleMap).contains(.visible), "seed \(seed) step \(step): \(id) on screen")
      }
    }
  }

  /// Records the generation of every requested row (a re-measure does not change what a commit shows).
  private func learn(_ naive: inout Naive, _ requests: [LayoutRequest<Int>], relayout: Bool = false) {
    var generation: [RowID: UInt64] = [:]
    for request in requests { generation[request.id] = request.generation }
    for section in naive.indices {
      for row in naive[section].indices {
        guard let value = generation[naive[section][row].id] else { continue }
        naive[section][row].generation = value
        if !relayout { naive[section][row].layoutGeneration = value }
      }
    }
  }

  /// Compares both maps with the naive states.
  /// `overrides` holds the newest delivered re-measure per row: it wins over an older committed generation.
  private func check(
    _ table: TableNode<Int>, pending: Naive, naiveStates: [Int: Naive], overrides: [RowID: UInt64], separator: Double,
    seed: UInt64, step: Int, heights: Bool = true
  ) throws {
    #expect(table.pendingMap.allRowIDs == pending.map { $0.map(\.id) }, "seed \(seed) step \(step): pending order")
    for row in pending.joined() {
      #expect(table.cell(row.id)?.generation == row.generation, "seed \(seed) step \(step): generation of \(row.id)")
    }
    guard let visible = naiveStates[table.lastCommittedSeq] else {
      Issue.record("seed \(seed) step \(step): no naive state for seq \(table.lastCommittedSeq)")
      return
    }
    #expect(table.visibleMap.allRowIDs == visible.map { $0.map(\.id) }, "seed \(seed) step \(step): visible order")
    guard heights else { return }
    var offset = 0.0
    for (section, rows) in visible.enumerated() {
      for (index, row) in rows.enumerated() {
        let path = TableIndexPath(section: section, row: index)
        let expected = Self.height(row.id, max(row.layoutGeneration, overrides[row.id] ?? 0))
        #expect(table.visibleMap.height(of: row.id) == expected, "seed \(seed) step \(step): height of \(row.id)")
        #expect(try table.rowOffset(at: path) == offset)
        if expected + separator > 0 { #expect(table.indexPath(atOffset: offset) == path) }
        offset += expected + separator
      }
    }
    #expect(table.contentHeight == offset)
  }
}
