/// Section edits of `LiveTableModel` that carry headers and footers (issue 15, Protocol.md "Sections, headers and
/// footers" and `table/performBatchUpdates`' `setHeader`/`setFooter`): `table/reloadData`, `table/insertSections`,
/// `table/setHeader`/`table/setFooter` and the header and footer parts of a batch. Each is one change set with
/// operations (a range update and the after-commit check follow). Ids are fresh in the generated steps, so id
/// clashes are refused (-1) but not aimed at.
extension LiveTableModel {
  /// The header and footer parts of a batch: what its inserted and reloaded sections give and its `setHeader` /
  /// `setFooter` ops (new space).
  struct SupplementaryOps: Sendable {
    /// By index into the batch's `insertSections`: the section's header and footer (absent: neither).
    var inserted: [Int: Extras] = [:]
    /// By index into the batch's `reloadSections`: the header and footer the entry gives (`null` for a nil one);
    /// absent: the section keeps its own.
    var reloaded: [Int: Extras] = [:]
    /// `setHeader` (`header` true) / `setFooter` ops: section of the new space and the value (nil: `null`).
    var set: [(header: Bool, section: Int, value: Extra?)] = []

    /// No header or footer parts.
    var isEmpty: Bool { inserted.isEmpty && reloaded.isEmpty && set.isEmpty }
  }

  /// The height of the header or footer `cell`, quarter points.
  func nodeQuarters(_ cell: (section: Int, header: Bool)) -> Int {
    (cell.header ? extras(cell.section).header : extras(cell.section).footer)?.quarters ?? 0
  }

  /// Whether the ids of `rows` and of the cells in `new` are unique among themselves and unused by the committed
  /// rows and cells that `ending` does not take away.
  func freshIDs(_ rows: [ReferenceRow], _ new: [Extras], ending: Set<String> = []) -> Bool {
    let ids = rows.map(\.id) + new.flatMap(\.cellIDs)
    let used = Set(sections.joined().map(\.id) + cellIDs).subtracting(ending)
    return Set(ids).count == ids.count && used.isDisjoint(with: ids)
  }

  /// `table/reloadData` with headers and footers: every old node ends; an id given twice is -32004.
  mutating func reloadData(_ new: [[ReferenceRow]], extras newExtras: [Extras]) -> Int? {
    let ids = new.joined().map(\.id) + newExtras.flatMap(\.cellIDs)
    guard Set(ids).count == ids.count else { return -32004 }
    commit(new, extras: newExtras, ended: Set(sections.joined().map(\.id) + cellIDs), operations: 1)
    return nil
  }

  /// `table/insertSections` {at, sections} with headers and footers: `at` beyond the section count or an id in use
  /// is refused.
  mutating func insertSections(at: Int, _ rows: [[ReferenceRow]], extras new: [Extras]) -> Int? {
    guard at >= 0, at <= sections.count, freshIDs(Array(rows.joined()), new) else { return -1 }
    var table = referenceTable
    table.sections.insert(contentsOf: rows, at: at)
    var all = extras
    while all.count < sections.count { all.append(Extras()) }
    all.insert(contentsOf: new, at: at)
    commit(table.sections, extras: all, ended: [], operations: 1)
    return nil
  }

  /// `table/setHeader` / `table/setFooter` {section, header | footer: HF | null}: one change set; a section out of
  /// range is -32004.
  mutating func setSupplementary(header: Bool, section: Int, _ value: Extra?) -> Int? {
    guard sections.indices.contains(section) else { return -32004 }
    let replaced = header ? extras(section).header?.id : extras(section).footer?.id
    guard freshIDs([], [Extras(header: value, footer: nil)], ending: Set([replaced].compactMap { $0 })) else {
      return -1
    }
    var all = extras
    while all.count < sections.count { all.append(Extras()) }
    // Removing a header or footer the section does not have changes nothing: a change set without operations.
    let idle = value == nil && (header ? all[section].header : all[section].footer) == nil
    if header { all[section].header = value } else { all[section].footer = value }
    commit(referenceTable.sections, extras: all, ended: [], operations: idle ? 0 : 1)
    return nil
  }
}
