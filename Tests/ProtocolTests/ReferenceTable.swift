/// A `[section, row]` address in one of the two index spaces of a batch.
struct RowPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Section index.
  var section: Int
  /// Row index inside the section.
  var row: Int

  /// `[section, row]`, as on the wire.
  var description: String { "[\(section), \(row)]" }

  /// Section first, then row.
  static func < (a: RowPath, b: RowPath) -> Bool { (a.section, a.row) < (b.section, b.row) }
}

/// A row as the client's data source sees it: its id and the integer cell height H it was given (row height on
/// the wire = H + 0.5 at scale 2 with separators).
struct ReferenceRow: Equatable, Sendable {
  /// Row id (always chosen by the test).
  var id: String
  /// `style.height` of the row's `node` cell, points.
  var cellHeight: Int
}

/// How a batch names an old row: by id or by old-space index path.
enum RowReference: Sendable {
  /// A row id.
  case id(String)
  /// An old-space `[section, row]`.
  case path(RowPath)
}

/// One `table/performBatchUpdates` as the test builds it, before it is split into wire operations.
struct ReferenceBatch: Sendable {
  /// deleteRows (old space).
  var deleteRows: [RowReference] = []
  /// reloadRows (old space); a nil height reloads without `cell` (re-measured as is).
  var reloadRows: [(row: RowReference, cellHeight: Int?)] = []
  /// moveRow: from (old space) → to (new space).
  var moveRows: [(from: RowReference, to: RowPath)] = []
  /// insertRows (new space).
  var insertRows: [(at: RowPath, row: ReferenceRow)] = []
  /// deleteSections (old space).
  var deleteSections: [Int] = []
  /// reloadSections (old space) with their new rows.
  var reloadSections: [(section: Int, rows: [ReferenceRow])] = []
  /// moveSection: from (old space) → to (new space).
  var moveSections: [(from: Int, to: Int)] = []
  /// insertSections (new space) with their rows.
  var insertSections: [(at: Int, rows: [ReferenceRow])] = []
  /// `rowCounts`, when the batch states them.
  var rowCounts: [Int]?

  /// Ids of the rows this batch creates (inserted rows and the rows of inserted and reloaded sections).
  var newRowIDs: Set<String> {
    Set(
      insertRows.map(\.row.id) + insertSections.flatMap { $0.rows.map(\.id) }
        + reloadSections.flatMap { $0.rows.map(\.id) })
  }
}

/// Why the reference refuses a batch.
enum ReferenceError: Error, Equatable {
  /// A row id that names no row (the daemon answers -32602).
  case unknownID(String)
  /// Anything else UIKit refuses (the daemon answers -32004).
  case invalid(String)
}

/// The naive reference: plain arrays of rows, changed the textbook UIKit way. Independent of NodeTree.
///
/// A batch is applied as UIKit documents it: capture the old rows; take out deleted, reloaded-away and moved-out
/// sections and rows by their old index paths; then build the new space section by section, putting inserted
/// sections and section move targets at their (ascending) new indexes and the surviving old sections, in old
/// order, into the remaining slots; inside each section, the surviving rows keep their order and inserted rows
/// and move targets go to their ascending new index paths. Reloaded rows stay where they are with their new
/// height; reloaded sections stay where they are with their new rows.
///
/// Deliberately simple: row operations inside inserted, deleted or reloaded sections are refused here (Texture
/// drops some of them, texture.md §1.8, and the valid generator never makes them). Row operations inside moved
/// sections are UIKit-legal and modelled.
struct ReferenceTable: Equatable, Sendable {
  /// Rows by section.
  var sections: [[ReferenceRow]]

  /// Every row id by section.
  var ids: [[String]] { sections.map { $0.map(\.id) } }

  /// Row counts by section.
  var counts: [Int] { sections.map(\.count) }

  /// The row with `id`, as an old-space path.
  func path(of id: String) -> RowPath? {
    for (section, rows) in sections.enumerated() {
      if let row = rows.firstIndex(where: { $0.id == id }) { return RowPath(section: section, row: row) }
    }
    return nil
  }

  /// Resolves a reference to an old-space path, checking the range.
  func resolve(_ reference: RowReference) throws(ReferenceError) -> RowPath {
    switch reference {
    case .id(let id):
      guard let path = path(of: id) else { throw .unknownID(id) }
      return path
    case .path(let path):
      guard sections.indices.contains(path.section), sections[path.section].indices.contains(path.row) else {
        throw .invalid("old row \(path) out of range")
      }
      return path
    }
  }

  /// Where a section of the new space comes from.
  private enum NewSection {
    case old(Int)
    case rows([ReferenceRow])
  }

  /// The table after `batch`, or the reason UIKit refuses it (self is not changed either way).
  func applying(_ batch: ReferenceBatch) throws(ReferenceError) -> ReferenceTable {
    // Old-space section operations.
    var removedSections: Set<Int> = []
    var reloaded: [Int: [ReferenceRow]] = [:]
    for section in batch.deleteSections + batch.moveSections.map(\.from) {
      guard sections.indices.contains(section) else { throw .invalid("old section \(section) out of range") }
      guard removedSections.insert(section).inserted else { throw .invalid("section \(section) named twice") }
    }
    for (section, rows) in batch.reloadSections {
      guard sections.indices.contains(section) else { throw .invalid("old section \(section) out of range") }
      guard !removedSections.contains(section), reloaded[section] == nil else {
        throw .invalid("section \(section) named twice")
      }
      reloaded[section] = rows
    }
    // New-space section slots.
    let newSectionCount = sections.count - batch.deleteSections.count + batch.insertSections.count
    var fixed: [Int: NewSection] = [:]
    for (at, rows) in batch.insertSections {
      guard at < newSectionCount, fixed[at] == nil else { throw .invalid("inserted section \(at) invalid") }
      fixed[at] = .rows(rows)
    }
    for (from, to) in batch.moveSections {
      guard to < newSectionCount, fixed[to] == nil else { throw .invalid("move target section \(to) invalid") }
      fixed[to] = .old(from)
    }
    var survivors = sections.indices.filter { !removedSections.contains($0) }.makeIterator()
    var layout: [NewSection] = []
    for index in 0..<newSectionCount {
      if let source = fixed[index] {
        layout.append(source)
      } else if let old = survivors.next() {
        layout.append(reloaded[old].map { .rows($0) } ?? .old(old))
      } else {
        throw .invalid("section slots do not add up")
      }
    }
    // Old-space row operations: each old row named at most once, only in sections that keep their rows.
    var taken: Set<RowPath> = []
    var newHeight: [RowPath: Int?] = [:]
    func take(_ reference: RowReference) throws(ReferenceError) -> RowPath {
      let path = try resolve(reference)
      guard taken.insert(path).inserted else { throw .invalid("old row \(path) named twice") }
      guard !batch.deleteSections.contains(path.section), reloaded[path.section] == nil else {
        throw .invalid("old row \(path) inside a deleted or reloaded section")
      }
      // The daemon's rule (Protocol.md): no row edit inside a section the batch moves (UIKit would allow it).
      guard !batch.moveSections.contains(where: { $0.from == path.section }) else {
        throw .invalid("old row \(path) inside a moved section")
      }
      return path
    }
    for reference in batch.deleteRows { _ = try take(reference) }
    for (reference, height) in batch.reloadRows { newHeight[try take(reference)] = .some(height) }
    var arrivals: [RowPath: ReferenceRow] = [:]
    for (from, to) in batch.moveRows {
      let path = try take(from)
      guard arrivals[to] == nil else { throw .invalid("new row \(to) named twice") }
      arrivals[to] = sections[path.section][path.row]
    }
    for (at, row) in batch.insertRows {
      guard arrivals[at] == nil else { throw .invalid("new row \(at) named twice") }
      arrivals[at] = row
    }
    for at in arrivals.keys where batch.moveSections.contains(where: { $0.to == at.section }) {
      throw .invalid("new row \(at) inside a moved section")
    }
    // Build the new space.
    var result: [[ReferenceRow]] = []
    for (index, source) in layout.enumerated() {
      switch source {
      case .rows(let rows):
        if arrivals.keys.contains(where: { $0.section == index }) {
          throw .invalid("row insert or move target inside new section \(index)")
        }
        result.append(rows)
      case .old(let old):
        var rows: [ReferenceRow] = []
        for (row, value) in sections[old].enumerated() {
          let path = RowPath(section: old, row: row)
          guard !taken.contains(path) || newHeight[path] != nil else { continue }
          var kept = value
          if let height = newHeight[path] ?? nil { kept.cellHeight = height }
          rows.append(kept)
        }
        for (at, row) in arrivals.filter({ $0.key.section == index }).sorted(by: { $0.key < $1.key }) {
          guard at.row <= rows.count else { throw .invalid("new row \(at) out of range") }
          rows.insert(row, at: at.row)
        }
        result.append(rows)
      }
    }
    for at in arrivals.keys where at.section >= newSectionCount { throw .invalid("new row \(at) out of range") }
    if let counts = batch.rowCounts, counts != result.map(\.count) {
      throw .invalid("rowCounts \(counts) but \(result.map(\.count)) after the update")
    }
    var seen: Set<String> = []
    for row in result.joined() where !seen.insert(row.id).inserted { throw .invalid("duplicate row id \(row.id)") }
    return ReferenceTable(sections: result)
  }
}
