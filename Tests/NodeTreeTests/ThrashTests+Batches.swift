import Testing
@testable import NodeTree

/// Random batch generators for the thrash test. Valid batches are built from a chosen final arrangement, so
/// the naive result is known without running any of the model's code.
extension ThrashTests {
  /// Distinct random picks of `count` values from `range`, ascending.
  static func pick(_ count: Int, from range: Range<Int>, _ random: inout SplitMix64) -> [Int] {
    guard count > 0, !range.isEmpty else { return [] }
    var values = Array(range)
    values.shuffle(using: &random)
    return values.prefix(min(count, values.count)).sorted()
  }

  /// A valid batch and the naive arrangement it produces (rows of reloaded / new rows carry generation 0 and, for
  /// rows left to the table to name, an empty id).
  func validBatch(_ old: Naive, _ random: inout SplitMix64, _ nextID: inout Int) -> (BatchUpdate<Int>, Naive) {
    func newRow() -> (RowSpec<Int>, NaiveRow) {
      nextID += 1
      if Int.random(in: 0..<5, using: &random) == 0 {
        return (RowSpec(id: nil, content: nextID), NaiveRow(id: RowID(""), generation: 0))
      }
      let id = RowID("n\(nextID)")
      return (RowSpec(id: id, content: nextID), NaiveRow(id: id, generation: 0))
    }
    var operations: [BatchOperation<Int>] = []
    let sectionCount = old.count
    var remaining = Array(0..<sectionCount)
    remaining.shuffle(using: &random)
    let deletedSections = Set(remaining.prefix(Int.random(in: 0...1, using: &random) * min(1, sectionCount)))
    remaining.removeFirst(deletedSections.count)
    let reloadedSections = Set(remaining.prefix(Int.random(in: 0..<8, using: &random) == 0 ? 1 : 0))
    remaining.removeFirst(reloadedSections.count)
    let movedSection = Int.random(in: 0..<6, using: &random) == 0 ? remaining.popLast() : nil
    let unchanged = Set(remaining)
    if !deletedSections.isEmpty { operations.append(.deleteSections(deletedSections.sorted())) }
    // Reloaded sections get new rows; survivors keep their relative order.
    var reloadedRows: [Int: [NaiveRow]] = [:]
    var reloadSpecs: [(section: Int, rows: [RowSpec<Int>])] = []
    for section in reloadedSections.sorted() {
      let rows = (0..<Int.random(in: 0...3, using: &random)).map { _ in newRow() }
      reloadedRows[section] = rows.map(\.1)
      reloadSpecs.append((section, rows.map(\.0)))
    }
    if !reloadSpecs.isEmpty { operations.append(.reloadSections(reloadSpecs)) }
    // Section survivors in old order, then user-inserted sections (new ones and the move target).
    let survivors = (0..<sectionCount).filter { !deletedSections.contains($0) && $0 != movedSection }
    var insertedSectionCount = Int.random(in: 0..<4, using: &random) == 0 ? 1 : 0
    if sectionCount == 0 { insertedSectionCount = 1 }
    let userInsertCount = insertedSectionCount + (movedSection == nil ? 0 : 1)
    let newSectionCount = survivors.count + userInsertCount
    var insertIndexes = Self.pick(userInsertCount, from: 0..<newSectionCount, &random)
    var moveTarget: Int?
    if movedSection != nil, let target = insertIndexes.randomElement(using: &random) {
      moveTarget = target
      insertIndexes.removeAll { $0 == target }
    }
    if let movedSection, let moveTarget { operations.append(.moveSection(from: movedSection, to: moveTarget)) }
    var insertedSectionRows: [Int: [NaiveRow]] = [:]
    var sectionSpecs: [(at: Int, rows: [RowSpec<Int>])] = []
    for index in insertIndexes {
      let rows = (0..<Int.random(in: 0...3, using: &random)).map { _ in newRow() }
      insertedSectionRows[index] = rows.map(\.1)
      sectionSpecs.append((index, rows.map(\.0)))
    }
    if !sectionSpecs.isEmpty { operations.append(.insertSections(sectionSpecs)) }
    // New index of each survivor.
    var newIndexOfOld: [Int: Int] = [:]
    var survivorIterator = survivors.makeIterator()
    for index in 0..<newSectionCount where insertedSectionRows[index] == nil && index != moveTarget {
      if let old = survivorIterator.next() { newIndexOfOld[old] = index }
    }
    // Row edits inside unchanged sections.
    var deletes: [RowReference] = []
    var reloads: [(row: RowReference, content: Int?)] = []
    var movedRows: [NaiveRow] = []
    var moveSources: [TableIndexPath] = []
    var keptRows: [Int: [NaiveRow]] = [:]
    func reference(_ path: TableIndexPath, _ id: RowID, _ random: inout SplitMix64) -> RowReference {
      Bool.random(using: &random) ? .indexPath(path) : .id(id)
    }
    for section in unchanged.sorted() {
      var kept: [NaiveRow] = []
      for (index, row) in old[section].enumerated() {
        let path = TableIndexPath(section: section, row: index)
        switch Int.random(in: 0..<12, using: &random) {
        case 0, 1: deletes.append(reference(path, row.id, &random))
        case 2:
          reloads.append((reference(path, row.id, &random), Bool.random(using: &random) ? nextID : nil))
          kept.append(NaiveRow(id: row.id, generation: 0))
        case 3:
          movedRows.append(row)
          moveSources.append(path)
        default: kept.append(row)
        }
      }
      keptRows[section] = kept
    }
    if !deletes.isEmpty { operations.append(.deleteRows(deletes)) }
    if !reloads.isEmpty { operations.append(.reloadRows(reloads)) }
    // Distribute new rows and moved rows over unchanged sections (moves need a target section).
    let targets = unchanged.sorted()
    var incoming: [Int: [(NaiveRow, BatchOperation<Int>?)]] = [:]
    if !targets.isEmpty {
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        let section = targets.randomElement(using: &random) ?? targets[0]
        let (spec, row) = newRow()
        incoming[section, default: []].append((row, .insertRows([(TableIndexPath(section: -1, row: -1), spec)])))
      }
      for (row, source) in zip(movedRows, moveSources) {
        let section = targets.randomElement(using: &random) ?? targets[0]
        incoming[section, default: []].append((row, .moveRow(from: .indexPath(source), to: TableIndexPath(section: -1, row: -1))))
      }
    } else {
      // No target: moved rows stay (cancel the moves).
      for (row, source) in zip(movedRows, moveSources) { keptRows[source.section, default: []].append(row) }
    }
    var insertRows: [(at: TableIndexPath, row: RowSpec<Int>)] = []
    for section in targets {
      var rows = keptRows[section] ?? []
      let arriving = (incoming[section] ?? []).shuffled(using: &random)
      let newIndex = newIndexOfOld[section] ?? section
      let slots = Self.pick(arriving.count, from: 0..<(rows.count + arriving.count), &random)
      for (slot, (row, operation)) in zip(slots, arriving) {
        rows.insert(row, at: slot)
        let path = TableIndexPath(section: newIndex, row: slot)
        switch operation {
        case .insertRows(let specs)?: insertRows.append((path, specs[0].row))
        case .moveRow(let from, _)?: operations.append(.moveRow(from: from, to: path))
        default: break
        }
      }
      keptRows[section] = rows
    }
    if !insertRows.isEmpty { operations.append(.insertRows(insertRows)) }
    operations.shuffle(using: &random)
    // The naive result.
    var result: Naive = []
    for index in 0..<newSectionCount {
      if let rows = insertedSectionRows[index] {
        result.append(rows)
      } else if index == moveTarget, let movedSection {
        result.append(old[movedSection])
      } else if let old = newIndexOfOld.first(where: { $0.value == index })?.key {
        result.append(reloadedRows[old] ?? keptRows[old] ?? [])
      }
    }
    let counts = Bool.random(using: &random) ? result.map(\.count) : nil
    return (BatchUpdate(operations, expectedRowCounts: counts), result)
  }

  /// A batch that must be refused: one of the daemon's or Texture's failure kinds, chosen at random.
  func invalidBatch(_ old: Naive, _ random: inout SplitMix64, _ nextID: inout Int) -> BatchUpdate<Int> {
    nextID += 1
    let spec = RowSpec(id: RowID("n\(nextID)"), content: 0)
    let counts = old.map(\.count)
    let nonEmpty = old.indices.filter { !old[$0].isEmpty }
    let kind = Int.random(in: 0..<9, using: &random)
    if let section = nonEmpty.randomElement(using: &random) {
      let row = Int.random(in: 0..<old[section].count, using: &random)
      let path = TableIndexPath(section: section, row: row)
      switch kind {
      case 0: return BatchUpdate([.deleteRows([.indexPath(path), .indexPath(path)])])
      case 1: return BatchUpdate([.deleteRows([.indexPath(path)]), .reloadRows([(.indexPath(path), nil)])])
      case 2:
        let clash = RowSpec(id: old[section][row].id, content: 0)
        return BatchUpdate([.insertRows([(TableIndexPath(section: section, row: 0), clash)])])
      case 3: return BatchUpdate([.deleteRows([.indexPath(path)])], expectedRowCounts: counts)
      default: break
      }
    }
    let section = Int.random(in: 0..<max(1, counts.count), using: &random)
    switch kind {
    case 4: return BatchUpdate([.deleteRows([.indexPath(TableIndexPath(section: section, row: counts.indices.contains(section) ? counts[section] : 0))])])
    case 5:
      let rows = counts.indices.contains(section) ? counts[section] : 0
      return BatchUpdate([.insertRows([(TableIndexPath(section: section, row: rows + 1), spec)])])
    case 6: return BatchUpdate([.deleteRows([.indexPath(TableIndexPath(section: -1, row: 0))])])
    case 7: return BatchUpdate([.reloadRows([(.id(RowID("missing-\(nextID)")), nil)])])
    default: return BatchUpdate([.deleteSections([counts.count])])
    }
  }
}
