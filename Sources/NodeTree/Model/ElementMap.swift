/// One snapshot of a table's elements: sections of row ids in order, each with a row height (points, before
/// pixel rounding, without separator), and each section's optional header and footer (`SupplementaryEntry`).
/// Texture's `ASElementMap`.
///
/// Pure value; Session-isolated. A table keeps two: the *pending* map (data-source index space, updated when a
/// batch is submitted) and the *visible* map (what the view shows, replaced only at commit). Row lookup by id,
/// rank, offset and row-at-offset are O(log n) (`HeightsIndex`); section bookkeeping is O(sections). Header and
/// footer heights live in a second `HeightsIndex` (`extras`, two slots per section) so that the separator, which
/// only rows get, stays out of their sums; an id stored in the map is either a row's or a header/footer cell's.
package struct ElementMap: Sendable {
  /// Rows of all sections in display order.
  private(set) var rows = HeightsIndex()
  /// Row id of each treap handle (indexed by handle).
  private var idOfHandle: ContiguousArray<RowID?> = []
  /// Treap handle of each row id in the map.
  private var handleOfID: [RowID: HeightsIndex.Handle] = [:]
  /// Number of rows of each section.
  package private(set) var sectionCounts: [Int] = []
  /// Global index of each section's first row (same length as `sectionCounts`).
  private(set) var sectionStarts: [Int] = []
  /// Header and footer state, boxed: readers copy maps often (a copy retains each array of the value), and this
  /// state's seventeen arrays would double that cost for tables that have no headers or footers.
  private var supplementaryState = CopyOnWriteBox(SupplementaryState())
  /// Heights the layout gives a section's missing header or footer (a grouped table's spacing; 0 when plain).
  package let absentHeights: GroupedSectionSpacing

  /// Creates an empty map with no sections; `absentHeights` is the space a missing header or footer takes.
  package init(absentHeights: GroupedSectionSpacing = .default) {
    self.absentHeights = absentHeights
  }

  /// Header and footer heights, two slots per section in section order (header at 2s, footer at 2s + 1); an absent
  /// element's slot holds `absentHeights`.
  private(set) var extras: HeightsIndex {
    get { supplementaryState.value.extras }
    _modify { yield &supplementaryState.value.extras }
  }
  /// Cell id of each extras handle (laid-out headers and footers; nil for fixed heights and absent elements).
  private var extraIDOfHandle: ContiguousArray<RowID?> {
    get { supplementaryState.value.extraIDOfHandle }
    _modify { yield &supplementaryState.value.extraIDOfHandle }
  }
  /// Extras handle of each header or footer cell id in the map.
  private var extraHandleOfID: [RowID: HeightsIndex.Handle] {
    get { supplementaryState.value.extraHandleOfID }
    _modify { yield &supplementaryState.value.extraHandleOfID }
  }
  /// Which elements each section has (bit 0: header, bit 1: footer); same length as `sectionCounts`.
  private var supplementaryPresence: [UInt8] {
    get { supplementaryState.value.presence }
    _modify { yield &supplementaryState.value.presence }
  }

  /// Number of sections.
  package var numberOfSections: Int { sectionCounts.count }

  /// Number of rows across all sections.
  package var totalRowCount: Int { rows.count }

  /// Number of rows in `section`, nil when the section does not exist.
  package func numberOfRows(inSection section: Int) -> Int? {
    sectionCounts.indices.contains(section) ? sectionCounts[section] : nil
  }

  /// True when the map holds `id`, as a row or as a header or footer cell.
  package func contains(_ id: RowID) -> Bool { handleOfID[id] != nil || extraHandleOfID[id] != nil }

  /// True when the map holds `id` as a row.
  package func containsRow(_ id: RowID) -> Bool { handleOfID[id] != nil }

  /// The row id at `path`, nil when out of range.
  package func rowID(at path: TableIndexPath) -> RowID? {
    guard let global = globalIndex(of: path), let handle = rows.handle(at: global) else { return nil }
    return idOfHandle[Int(handle)]
  }

  /// The index path of `id`, nil when the map does not hold it.
  package func indexPath(of id: RowID) -> TableIndexPath? {
    guard let handle = handleOfID[id] else { return nil }
    return path(ofGlobalIndex: rows.index(of: handle))
  }

  /// The stored height of row or header/footer cell `id` (points, without separator), nil when absent.
  package func height(of id: RowID) -> Double? {
    if let handle = handleOfID[id] { return rows.height(of: handle) }
    return extraHandleOfID[id].map { extras.height(of: $0) }
  }

  /// Row ids of `section` in order (O(k log n)); empty when the section does not exist.
  package func rowIDs(inSection section: Int) -> [RowID] {
    guard sectionCounts.indices.contains(section) else { return [] }
    return rowIDs(globalRange: sectionStarts[section]..<(sectionStarts[section] + sectionCounts[section]))
  }

  /// Row ids of every section, in order.
  package var allRowIDs: [[RowID]] { (0..<numberOfSections).map { rowIDs(inSection: $0) } }

  /// Row ids of a global index range (clamped).
  func rowIDs(globalRange: Range<Int>) -> [RowID] {
    let lower = max(0, globalRange.lowerBound)
    let upper = min(rows.count, globalRange.upperBound)
    guard lower < upper else { return [] }
    return rows.handles(in: lower..<upper).compactMap { idOfHandle[Int($0)] }
  }

  /// Global (all-sections) index of `path`, nil when out of range.
  func globalIndex(of path: TableIndexPath) -> Int? {
    guard sectionCounts.indices.contains(path.section), path.row >= 0, path.row < sectionCounts[path.section]
    else { return nil }
    return sectionStarts[path.section] + path.row
  }

  /// Index path of a global row index, nil when out of range. O(log sections).
  func path(ofGlobalIndex global: Int) -> TableIndexPath? {
    guard global >= 0, global < rows.count else { return nil }
    // Last section whose start <= global and that is non-empty.
    var low = 0
    var high = sectionStarts.count - 1
    var found = -1
    while low <= high {
      let mid = (low + high) / 2
      if sectionStarts[mid] <= global {
        found = mid
        low = mid + 1
      } else {
        high = mid - 1
      }
    }
    guard found >= 0 else { return nil }
    // Skip back over empty sections that share the same start.
    var section = found
    while section > 0, sectionCounts[section] == 0 || global >= sectionStarts[section] + sectionCounts[section] {
      section -= 1
    }
    return TableIndexPath(section: section, row: global - sectionStarts[section])
  }

  // MARK: Mutation (internal: callers validate first)

  /// Inserts a section at `index` (0…numberOfSections) holding `rows` (id, height) in order, with an optional
  /// header and footer.
  mutating func insertSection(
    at index: Int, rows newRows: [(id: RowID, height: Double)], header: SupplementaryEntry? = nil,
    footer: SupplementaryEntry? = nil
  ) {
    let start = index < sectionStarts.count ? sectionStarts[index] : rows.count
    let handles = rows.insert(contentsOf: newRows.map(\.height), at: start)
    handleOfID.reserveCapacity(handleOfID.count + newRows.count)
    for (handle, row) in zip(handles, newRows) { register(row.id, handle) }
    sectionCounts.insert(newRows.count, at: index)
    sectionStarts.insert(start, at: index)
    for later in (index + 1)..<sectionStarts.count { sectionStarts[later] += newRows.count }
    let heights = [header?.height ?? absentHeights.headerHeight, footer?.height ?? absentHeights.footerHeight]
    let extraHandles = extras.insert(contentsOf: heights, at: 2 * index)
    supplementaryPresence.insert((header == nil ? 0 : 1) | (footer == nil ? 0 : 2), at: index)
    for (handle, entry) in zip(extraHandles, [header, footer]) { registerExtra(entry?.id, handle) }
  }

  /// Removes section `index` and returns its rows (id, height) in order; its header and footer go with it (read
  /// them first with `supplementary(_:inSection:)`).
  @discardableResult
  mutating func removeSection(at index: Int) -> [(id: RowID, height: Double)] {
    let start = sectionStarts[index]
    let length = sectionCounts[index]
    var removed: [(id: RowID, height: Double)] = []
    removed.reserveCapacity(length)
    for handle in rows.handles(in: start..<(start + length)) {
      if let id = idOfHandle[Int(handle)] { removed.append((id, rows.height(of: handle))) }
    }
    for handle in rows.removeSubrange(from: start, length: length) { unregister(handle) }
    sectionCounts.remove(at: index)
    sectionStarts.remove(at: index)
    for later in index..<sectionStarts.count { sectionStarts[later] -= length }
    for handle in extras.removeSubrange(from: 2 * index, length: 2) { unregisterExtra(handle) }
    supplementaryPresence.remove(at: index)
    return removed
  }

  /// Inserts row `id` with `height` at `path` (row may equal the section's count).
  mutating func insertRow(_ id: RowID, height: Double, at path: TableIndexPath) {
    let handle = rows.insert(height, at: sectionStarts[path.section] + path.row)
    register(id, handle)
    sectionCounts[path.section] += 1
    for later in (path.section + 1)..<sectionStarts.count { sectionStarts[later] += 1 }
  }

  /// Removes the row at `path` and returns its id and height.
  @discardableResult
  mutating func removeRow(at path: TableIndexPath) -> (id: RowID, height: Double)? {
    guard let global = globalIndex(of: path), let handle = rows.handle(at: global),
      let id = idOfHandle[Int(handle)]
    else { return nil }
    let height = rows.height(of: handle)
    rows.remove(at: global)
    unregister(handle)
    sectionCounts[path.section] -= 1
    for later in (path.section + 1)..<sectionStarts.count { sectionStarts[later] -= 1 }
    return (id, height)
  }

  /// Sets the stored height of row or header/footer cell `id`; returns false when the map does not hold it.
  @discardableResult
  mutating func setHeight(_ height: Double, of id: RowID) -> Bool {
    if let handle = handleOfID[id] {
      rows.setHeight(height, of: handle)
      return true
    }
    guard let handle = extraHandleOfID[id] else { return false }
    extras.setHeight(height, of: handle)
    return true
  }

  // MARK: Headers and footers

  /// The header or footer of `section`, nil when the section has none or does not exist. O(log sections).
  package func supplementary(_ kind: SupplementaryKind, inSection section: Int) -> SupplementaryEntry? {
    guard supplementaryPresence.indices.contains(section), supplementaryPresence[section] & (1 << kind.slot) != 0,
      let handle = extras.handle(at: 2 * section + kind.slot)
    else { return nil }
    return SupplementaryEntry(id: extraIDOfHandle[Int(handle)], height: extras.height(of: handle))
  }

  /// Where header or footer cell `id` is (kind and section), nil when the map holds no such cell. O(log sections).
  package func supplementaryLocation(of id: RowID) -> (kind: SupplementaryKind, section: Int)? {
    guard let handle = extraHandleOfID[id] else { return nil }
    let slot = extras.index(of: handle)
    return (slot % 2 == 0 ? .header : .footer, slot / 2)
  }

  /// The element (row, header or footer) holding `id`, nil when the map holds no such row or cell.
  package func element(of id: RowID) -> TableElement? {
    if let path = indexPath(of: id) { return .row(path) }
    guard let (kind, section) = supplementaryLocation(of: id) else { return nil }
    return kind == .header ? .header(section: section) : .footer(section: section)
  }

  /// True when some section has a laid-out (cell) header or footer.
  package var hasSupplementaryCells: Bool { !extraHandleOfID.isEmpty }

  /// Sets (or with nil removes) the header or footer of an existing `section`.
  mutating func setSupplementary(_ kind: SupplementaryKind, inSection section: Int, _ entry: SupplementaryEntry?) {
    guard supplementaryPresence.indices.contains(section) else { return }
    let slot = 2 * section + kind.slot
    for handle in extras.removeSubrange(from: slot, length: 1) { unregisterExtra(handle) }
    let absent = kind == .header ? absentHeights.headerHeight : absentHeights.footerHeight
    registerExtra(entry?.id, extras.insert(entry?.height ?? absent, at: slot))
    let bit = UInt8(1 << kind.slot)
    if entry == nil {
      supplementaryPresence[section] &= ~bit
    } else {
      supplementaryPresence[section] |= bit
    }
  }

  /// Records that `handle` now holds `id`.
  private mutating func register(_ id: RowID, _ handle: HeightsIndex.Handle) {
    let slot = Int(handle)
    if slot >= idOfHandle.count {
      idOfHandle.append(contentsOf: repeatElement(nil, count: slot + 1 - idOfHandle.count))
    }
    idOfHandle[slot] = id
    handleOfID[id] = handle
  }

  /// Forgets the row held by `handle`.
  private mutating func unregister(_ handle: HeightsIndex.Handle) {
    if let id = idOfHandle[Int(handle)] { handleOfID[id] = nil }
    idOfHandle[Int(handle)] = nil
  }

  /// Records that extras `handle` holds cell `id` (or no cell).
  private mutating func registerExtra(_ id: RowID?, _ handle: HeightsIndex.Handle) {
    let slot = Int(handle)
    if slot >= extraIDOfHandle.count {
      extraIDOfHandle.append(contentsOf: repeatElement(nil, count: slot + 1 - extraIDOfHandle.count))
    }
    extraIDOfHandle[slot] = id
    if let id { extraHandleOfID[id] = handle }
  }

  /// Forgets the header or footer held by extras `handle`.
  private mutating func unregisterExtra(_ handle: HeightsIndex.Handle) {
    if let id = extraIDOfHandle[Int(handle)] { extraHandleOfID[id] = nil }
    extraIDOfHandle[Int(handle)] = nil
  }
}

/// An `ElementMap`'s header and footer state (see its accessors of the same names). Pure value.
private struct SupplementaryState: Sendable {
  /// Header and footer heights, two slots per section.
  var extras = HeightsIndex()
  /// Cell id of each extras handle.
  var extraIDOfHandle: ContiguousArray<RowID?> = []
  /// Extras handle of each header or footer cell id.
  var extraHandleOfID: [RowID: HeightsIndex.Handle] = [:]
  /// Which elements each section has (bit 0: header, bit 1: footer).
  var presence: [UInt8] = []
}
