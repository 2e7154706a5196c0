import Testing

@testable import NodeTree

/// Random section batches with headers and footers (seeded; the seed is printed) against a naive model of plain
/// arrays: after every commit the visible sections, their headers and footers (cell id and height), the content
/// height, the cells the table keeps and the interface states must agree with it.
@Suite struct SupplementaryThrashTests {
  /// A naive header or footer: a fixed height, or a cell id (its height is `height(of:)`).
  enum NaiveSupplementary: Equatable {
    case fixed(Double)
    case cell(RowID)
  }

  /// A naive section.
  struct NaiveSection {
    var header: NaiveSupplementary?
    var rows: [RowID]
    var footer: NaiveSupplementary?
  }

  /// The height the fake layout job reports for a cell: derived from its id only, so re-measures agree.
  static func height(of id: RowID) -> Double {
    Double(id.rawValue.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 1023 } % 40 + 1)
  }

  @Test(arguments: [UInt64(3), 42, 20_261_127])
  func thrash(seed: UInt64) throws {
    print("SupplementaryThrashTests seed \(seed)")
    var random = SplitMix64(seed: seed)
    var table = TableNode<Int>(separatorHeight: 0.5)
    var naive: [NaiveSection] = []
    var next = 0
    /// A fresh id.
    func newID(_ prefix: String) -> RowID {
      next += 1
      return RowID("\(prefix)\(next)")
    }
    /// A random header or footer spec with its naive counterpart (nil half the time).
    func randomSupplementary() -> (SupplementarySpec<Int>, NaiveSupplementary)? {
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        let h = Double(Int.random(in: 0...40, using: &random))
        return (.fixed(height: h), .fixed(h))
      case 1:
        let id = newID("h")
        return (.cell(id: id, content: 0), .cell(id))
      default: return nil
      }
    }
    /// Random rows.
    func randomRows() -> [RowID] { (0..<Int.random(in: 0...3, using: &random)).map { _ in newID("r") } }
    /// Measures every request (headers by id) and returns the commits.
    func measure(_ result: BatchResult<Int>) throws -> [Commit] {
      var commits = result.commits
      for request in result.layoutRequests {
        let height = request.supplementary == nil ? 10 : Self.height(of: request.id)
        commits += try table.acceptLayout(id: request.id, generation: request.generation, height: height).commits
      }
      return commits
    }
    _ = try measure(table.reloadData([]))
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: 320, height: 90)))
    // How often the interesting cases came up (checked at the end so the test cannot pass vacuously).
    var reloadedCells = 0
    var deletedSupplementaries = 0
    var movedWithSupplementaries = 0
    for step in 0..<300 {
      var operations: [BatchOperation<Int>] = []
      var updates: [SupplementaryUpdate<Int>] = []
      var next = naive
      let roll = Int.random(in: 0..<5, using: &random)
      if roll == 0 || naive.isEmpty {
        let index = Int.random(in: 0...naive.count, using: &random)
        let rows = randomRows()
        operations = [.insertSections([(index, rows.map { RowSpec(id: $0, content: 0) })])]
        next.insert(NaiveSection(header: nil, rows: rows, footer: nil), at: index)
      } else if roll == 1 {
        let index = Int.random(in: 0..<naive.count, using: &random)
        operations = [.deleteSections([index])]
        next.remove(at: index)
      } else if roll == 2 {
        let from = Int.random(in: 0..<naive.count, using: &random)
        let to = Int.random(in: 0..<naive.count, using: &random)
        operations = [.moveSection(from: from, to: to)]
        next.insert(next.remove(at: from), at: to)
      } else if roll == 3 {
        let index = Int.random(in: 0..<naive.count, using: &random)
        let rows = randomRows()
        operations = [.reloadSections([(index, rows.map { RowSpec(id: $0, content: 0) })])]
        next[index].rows = rows
      }
      // Header and footer updates on random new-space sections (none, one or two).
      var slots: Set<SupplementaryKey> = []
      for _ in 0..<Int.random(in: 0...2, using: &random) where !next.isEmpty {
        let section = Int.random(in: 0..<next.count, using: &random)
        let kind: SupplementaryKind = Bool.random(using: &random) ? .header : .footer
        guard slots.insert(SupplementaryKey(kind: kind, section: section)).inserted else { continue }
        let value = randomSupplementary()
        updates.append(SupplementaryUpdate(kind, section: section, value?.0))
        if kind == .header { next[section].header = value?.1 } else { next[section].footer = value?.1 }
      }
      if case .moveSection(let from, _)? = operations.first, naive[from].header != nil || naive[from].footer != nil {
        movedWithSupplementaries += 1
      }
      let result = try table.performBatch(BatchUpdate(operations, supplementaryUpdates: updates))
      reloadedCells += result.changeSet.reloadedSupplementaries.count
      deletedSupplementaries += result.changeSet.deletedSupplementaries.count
      let commits = try measure(result)
      naive = next
      #expect(commits.count == 1, "seed \(seed) step \(step): committed")
      if Int.random(in: 0..<4, using: &random) == 0 {
        let y = Double(Int.random(in: 0...400, using: &random))
        _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: y, width: 320, height: 90)))
      }
      check(table, naive, context: "seed \(seed) step \(step)")
    }
    #expect(reloadedCells > 5 && deletedSupplementaries > 20 && movedWithSupplementaries > 10, "seed \(seed): coverage")
  }

  /// Compares the committed table with the naive sections.
  private func check(_ table: TableNode<Int>, _ naive: [NaiveSection], context: String) {
    let map = table.visibleMap
    #expect(map.allRowIDs == naive.map(\.rows), "\(context): rows")
    var total = 0.0
    var cellIDs: Set<RowID> = []
    for (index, section) in naive.enumerated() {
      for (kind, expected) in [(SupplementaryKind.header, section.header), (.footer, section.footer)] {
        let entry = map.supplementary(kind, inSection: index)
        switch expected {
        case nil:
          #expect(entry == nil, "\(context): \(kind) \(index)")
        case .fixed(let height):
          #expect(entry == SupplementaryEntry(height: height), "\(context): \(kind) \(index)")
          total += height
        case .cell(let id):
          #expect(entry == SupplementaryEntry(id: id, height: Self.height(of: id)), "\(context): \(kind) \(index)")
          total += Self.height(of: id)
          cellIDs.insert(id)
        }
      }
      total += Double(section.rows.count) * 10.5
    }
    #expect(table.contentHeight == total, "\(context): content height")
    // The table keeps exactly the rows and header/footer cells on screen; states only for those.
    let kept = Set(naive.flatMap(\.rows)).union(cellIDs)
    #expect(Set(table.cells.keys) == kept, "\(context): cells")
    for id in table.ranges.states.keys { #expect(map.contains(id), "\(context): state of \(id) left behind") }
  }
}
