/// One step of the sections differential test (`SectionTableDifferentialTests`): the edit or scroll for the model
/// and its wire call for the daemon. Heights, offsets and insets are quarter points; a step that no longer fits the
/// table (a section gone) is answered with an error by both sides.
enum SectionTableStep: Sendable, CustomStringConvertible {
  /// `table/setHeader` {section, header: {height} | {id, cell} | null} (`id` given: a cell of that height).
  case setHeader(section: Int, quarters: Int?, id: String?)
  /// `table/setFooter` {section, footer: HF | null}.
  case setFooter(section: Int, quarters: Int?, id: String?)
  /// `table/insertSections` {at, sections}.
  case insertSections(at: Int, [SectionTableModel.Section])
  /// `table/deleteSections` {sections}.
  case deleteSections([Int])
  /// `table/reloadData` {sections}.
  case reloadData([SectionTableModel.Section])
  /// `cell/setNeedsLayout` {row, cell}: the row's (or header or footer cell's) cell gets a new height.
  case setHeight(row: String, quarters: Int)
  /// `table/scrollToOffset` {y, drag: false}.
  case scrollTo(quarters: Int)
  /// `session/setViewport` {contentInset: {top, bottom}}.
  case insets(top: Int, bottom: Int)

  /// HF for a fixed height, a cell when `id` is given, or `null`.
  static func hf(_ q: Int?, _ id: String? = nil) -> String {
    guard let q else { return "null" }
    guard let id else { return #"{"height":\#(LiveTableWire.points(q))}"# }
    return #"{"id":\#(LiveTableWire.quoted(id)),"cell":\#(LiveTableWire.cell(q))}"#
  }

  /// A section as the wire gives it in `insertSections` / `reloadData`.
  static func section(_ s: SectionTableModel.Section) -> String {
    let rows = s.rows.map { ReferenceRow(id: $0.id, cellHeight: $0.quarters) }
    var text = #"{"rows":\#(LiveTableWire.rows(rows))"#
    if let h = s.header { text += #","header":\#(hf(h, s.headerID))"# }
    if let f = s.footer { text += #","footer":\#(hf(f, s.footerID))"# }
    return text + "}"
  }

  /// The wire call: method and params without `sessionId`.
  var call: (method: String, params: String) {
    typealias W = LiveTableWire
    switch self {
    case .setHeader(let s, let q, let id):
      return ("table/setHeader", #"{"section":\#(s),"header":\#(Self.hf(q, id))}"#)
    case .setFooter(let s, let q, let id):
      return ("table/setFooter", #"{"section":\#(s),"footer":\#(Self.hf(q, id))}"#)
    case .insertSections(let at, let sections):
      return (
        "table/insertSections", #"{"at":\#(at),"sections":[\#(sections.map(Self.section).joined(separator: ","))]}"#
      )
    case .deleteSections(let indexes):
      return ("table/deleteSections", #"{"sections":[\#(indexes.map(String.init).joined(separator: ","))]}"#)
    case .reloadData(let sections):
      return ("table/reloadData", #"{"sections":[\#(sections.map(Self.section).joined(separator: ","))]}"#)
    case .setHeight(let id, let q): return ("cell/setNeedsLayout", #"{"row":\#(W.quoted(id)),"cell":\#(W.cell(q))}"#)
    case .scrollTo(let q): return ("table/scrollToOffset", #"{"y":\#(W.points(q)),"drag":false}"#)
    case .insets(let top, let bottom):
      return ("session/setViewport", #"{"contentInset":{"top":\#(W.points(top)),"bottom":\#(W.points(bottom))}}"#)
    }
  }

  /// The request as text, for reports.
  var description: String { "\(call.method) \(call.params)" }
}

extension SectionTableModel {
  /// Applies `step`; nil when the daemon must accept it, -1 when it must refuse it (the table unchanged).
  mutating func apply(_ step: SectionTableStep) -> Int? {
    switch step {
    case .setHeader(let s, let q, let id):
      guard sections.indices.contains(s) else { return -1 }
      sections[s].header = q
      sections[s].headerID = q == nil ? nil : id
    case .setFooter(let s, let q, let id):
      guard sections.indices.contains(s) else { return -1 }
      sections[s].footer = q
      sections[s].footerID = q == nil ? nil : id
    case .insertSections(let at, let new):
      let ids = new.flatMap { $0.rows.map(\.id) + [$0.headerID, $0.footerID].compactMap { $0 } }
      guard at >= 0, at <= sections.count, rowIDs.union(cellIDs).isDisjoint(with: ids), Set(ids).count == ids.count
      else { return -1 }
      sections.insert(contentsOf: new, at: at)
    case .deleteSections(let indexes):
      guard indexes.allSatisfy(sections.indices.contains), Set(indexes).count == indexes.count else { return -1 }
      for i in indexes.sorted(by: >) { sections.remove(at: i) }
    case .reloadData(let new):
      sections = new
    case .setHeight(let id, let q):
      guard rowIDs.union(cellIDs).contains(id) else { return -1 }
      for s in sections.indices {
        if sections[s].headerID == id { sections[s].header = q }
        if sections[s].footerID == id { sections[s].footer = q }
        for r in sections[s].rows.indices where sections[s].rows[r].id == id { sections[s].rows[r].quarters = q }
      }
    case .scrollTo(let q):
      offset = clamped(q)
      return nil
    case .insets(let top, let bottom):
      insetTop = top
      insetBottom = bottom
    }
    // Content or insets changed: the resting offset is clamped again (no anchoring in this session).
    offset = clamped(offset)
    return nil
  }
}
