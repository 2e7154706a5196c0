/// One step of the collection differential test: a request and what it does to `CollectionModel`.
enum CollectionStep: Sendable, CustomStringConvertible {
  /// `table/insertRows` {section, at, rows}.
  case insert(section: Int, at: Int, ids: [String])
  /// `table/deleteRows` {rows: ids}.
  case delete([String])
  /// `table/moveRow` {from: id, to: [section, item]} (`to` in the state after the move).
  case move(String, section: Int, item: Int)
  /// `table/reloadRows` {rows: [{row: id, cell}]}.
  case reload(String)
  /// `table/insertSections` {at, sections: [{rows}]}.
  case insertSection(at: Int, ids: [String])
  /// `table/deleteSections` {sections: [index]}.
  case deleteSection(Int)
  /// `table/scrollToOffset` {y or x, drag}.
  case scroll(to: Double, drag: Bool)
  /// `table/scrollBy` {dy or dx, drag}.
  case scrollBy(Double, drag: Bool)
  /// `pager/scrollToPage` {page}.
  case scrollToPage(Int)
  /// `table/completeBatchFetching` or `table/cancelBatchFetching`.
  case endBatch(cancel: Bool)
  /// `session/setVisible` {visible}.
  case setVisible(Bool)

  /// The cell every item without a range carries (its size is the flow's itemSize, whatever the node says).
  static let cell = #"{"type":"node","style":{"height":10}}"#

  /// A ranged item's node size and `sizeRange`, derived from its id "i<n>r" (the generator's: nil for any other id).
  /// The node's width is one of 40, 70, 130, 200 and its height one of 30, 55, 90, 140 (by n); the range is [50 × 40,
  /// 120 × 100] or, for odd n, [60 × 30, 160 × 130] — at most 160 across, less than any line's room, so every item
  /// stays inside the bounds across.
  static func rangedItem(
    _ id: String
  ) -> (
    node: (width: Double, height: Double), min: (width: Double, height: Double), max: (width: Double, height: Double)
  )? {
    guard id.hasSuffix("r"), let n = Int(id.dropFirst().dropLast()) else { return nil }
    let node = ([40.0, 70, 130, 200][n % 4], [30.0, 55, 90, 140][(n / 4) % 4])
    return n % 2 == 0 ? (node, (50, 40), (120, 100)) : (node, (60, 30), (160, 130))
  }

  /// The row entry of item `id`: a ranged item's node of its size with its `sizeRange`, else the plain cell.
  static func row(_ id: String) -> String {
    guard let ranged = rangedItem(id) else { return #"{"id":"\#(id)","cell":\#(cell)}"# }
    let n = LiveTableWire.number
    return #"{"id":"\#(id)","cell":\#(cell(id)),"sizeRange":{"min":{"width":\#(n(ranged.min.width)),"#
      + #""height":\#(n(ranged.min.height))},"max":{"width":\#(n(ranged.max.width)),"height":\#(n(ranged.max.height))}}}"#
  }

  /// The cell of item `id` (inserted and reloaded alike): a ranged item's node has an exact size.
  static func cell(_ id: String) -> String {
    guard let ranged = rangedItem(id) else { return cell }
    let n = LiveTableWire.number
    return #"{"type":"node","style":{"width":\#(n(ranged.node.width)),"height":\#(n(ranged.node.height))}}"#
  }

  /// The request, for a flow scrolling along y when `vertical`.
  func call(vertical: Bool) -> (method: String, params: String) {
    func rows(_ ids: [String]) -> String {
      "[" + ids.map(Self.row).joined(separator: ",") + "]"
    }
    let axis = vertical ? "y" : "x"
    switch self {
    case .insert(let section, let at, let ids):
      return ("table/insertRows", #"{"section":\#(section),"at":\#(at),"rows":\#(rows(ids))}"#)
    case .delete(let ids):
      return ("table/deleteRows", #"{"rows":[\#(ids.map { "\"\($0)\"" }.joined(separator: ","))]}"#)
    case .move(let id, let section, let item):
      return ("table/moveRow", #"{"from":"\#(id)","to":[\#(section),\#(item)]}"#)
    case .reload(let id):
      return ("table/reloadRows", #"{"rows":[{"row":"\#(id)","cell":\#(Self.cell(id))}]}"#)
    case .insertSection(let at, let ids):
      return ("table/insertSections", #"{"at":\#(at),"sections":[{"rows":\#(rows(ids))}]}"#)
    case .deleteSection(let index):
      return ("table/deleteSections", #"{"sections":[\#(index)]}"#)
    case .scroll(let target, let drag):
      return ("table/scrollToOffset", #"{"\#(axis)":\#(LiveTableWire.number(target)),"drag":\#(drag)}"#)
    case .scrollBy(let delta, let drag):
      return ("table/scrollBy", #"{"d\#(axis)":\#(LiveTableWire.number(delta)),"drag":\#(drag)}"#)
    case .scrollToPage(let page):
      return ("pager/scrollToPage", #"{"page":\#(page)}"#)
    case .endBatch(let cancel):
      return cancel ? ("table/cancelBatchFetching", "{}") : ("table/completeBatchFetching", "{}")
    case .setVisible(let visible):
      return ("session/setVisible", #"{"visible":\#(visible)}"#)
    }
  }

  /// True for the edits (they commit a change set).
  var isEdit: Bool {
    switch self {
    case .insert, .delete, .move, .reload, .insertSection, .deleteSection: return true
    default: return false
    }
  }

  /// The request as text (for reports).
  var description: String {
    let (method, params) = call(vertical: true)
    return "\(method) \(params)"
  }
}

extension CollectionModel {
  /// Applies `step` as the daemon must: an edit changes the items, then commits (clamp, update, after-commit
  /// check); a scroll, page, batch or visibility step runs its rules.
  mutating func apply(_ step: CollectionStep) {
    switch step {
    case .insert(let section, let at, let ids):
      sections[section].insert(contentsOf: ids, at: at)
    case .delete(let ids):
      for s in sections.indices { sections[s].removeAll { ids.contains($0) } }
    case .move(let id, let section, let item):
      guard let from = find(id) else { return }
      sections[from.section].remove(at: from.item)
      sections[section].insert(id, at: item)
    case .reload:
      break  // same size: the node is replaced, the commit's update gives it its state
    case .insertSection(let at, let ids):
      sections.insert(ids, at: at)
    case .deleteSection(let index):
      sections.remove(at: index)
    case .scroll(let target, let drag):
      if drag { self.drag(to: target) } else { scrollProgrammatically(to: target) }
    case .scrollBy(let delta, let drag):
      if drag { self.drag(to: offset + delta) } else { scrollProgrammatically(to: offset + delta) }
    case .scrollToPage(let page):
      scrollProgrammatically(to: Double(page) * width)
    case .endBatch(let cancel):
      endBatch(cancel: cancel)
    case .setVisible(let visible):
      setVisible(visible)
    }
    if step.isEdit {
      let alive = Set(sections.joined())
      states = states.filter { alive.contains($0.key) }
      // A reloaded or moved item gets a new node (Protocol.md: the old one ends before the new one starts), which
      // starts at measureLayout.
      if case .reload(let id) = step { states[id] = nil }
      if case .move(let id, _, _) = step { states[id] = nil }
      committed()
    }
  }
}

extension CollectionModel {
  /// True when `step` is valid in this state (a shrunk sequence skips steps that lost their items or sections).
  func accepts(_ step: CollectionStep) -> Bool {
    let all = Set(sections.joined())
    switch step {
    case .insert(let section, let at, let ids):
      return section < sections.count && at <= sections[section].count && all.isDisjoint(with: ids)
    case .delete(let ids): return !ids.isEmpty && Set(ids).isSubset(of: all)
    case .move(let id, let section, let item):
      guard all.contains(id), section < sections.count else { return false }
      return item <= sections[section].count - (sections[section].contains(id) ? 1 : 0)
    case .reload(let id): return all.contains(id)
    case .insertSection(let at, let ids): return at <= sections.count && all.isDisjoint(with: ids)
    case .deleteSection(let index): return index < sections.count && sections.count > 1
    case .scrollToPage(let page): return kind == .pager && page < pageCount
    case .endBatch: return batchState == .fetching
    case .scroll, .scrollBy, .setVisible: return true
    }
  }
}
