import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// The methods that edit whole sections or all data; each is validated as a whole and changes nothing on error.
  static let sectionMethods: [MethodDescriptor] = [
    .session("table/insertSections") { session, params throws(ResponseError) in try session.insertSections(params) },
    .session("table/deleteSections") { session, params throws(ResponseError) in try session.deleteSections(params) },
    .session("table/reloadSections") { session, params throws(ResponseError) in try session.reloadSections(params) },
    .session("table/moveSection") { session, params throws(ResponseError) in try session.moveSection(params) },
    .session("table/reloadData") { session, params throws(ResponseError) in try session.reloadData(params) },
  ]
}

extension Session {
  /// `table/insertSections` {sessionId, at? = end, sections: [{rows: [{id?, cell}], header?, footer?}]} → {seq,
  /// rowIds: [[id]]}: inserts the sections at `at`, `at + 1`, … (new space) with their headers and footers.
  /// Session-isolated.
  func insertSections(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let sections = try decodeSections(params.array("sections"), path: params.at("sections"))
    let start = try params.optionalIndex("at") ?? table.pendingMap.numberOfSections
    let inserts = sections.enumerated().map { (at: start + $0.offset, rows: $0.element.rows) }
    let updates = sections.enumerated().flatMap { $0.element.updates(section: start + $0.offset) }
    let result = try submit(BatchUpdate([.insertSections(inserts)], supplementaryUpdates: updates))
    return .result(
      .object(
        JSONObject([
          ("seq", .int(seq(result.changeSet.seq))),
          ("rowIds", Session.grouped(result.changeSet.insertedRows, counts: sections.map(\.rows.count))),
        ])))
  }

  /// `table/deleteSections` {sessionId, sections: [index]} → {seq}: removes sections (old space) with their rows.
  func deleteSections(_ params: Params) throws(ResponseError) -> SessionOutcome {
    try apply(BatchUpdate([.deleteSections(sectionIndexes(params, "sections"))]))
  }

  /// `table/reloadSections` {sessionId, sections: [{section, rows: [{id?, cell}], header?, footer?}]} → {seq,
  /// rowIds: [[id]]}: replaces the rows of each named section (old space); the new rows are laid out. A section keeps
  /// its header and footer (a cell is re-measured) unless the entry gives them (`null` removes). Session-isolated.
  func reloadSections(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let items = try params.array("sections")
    var reloads: [(section: Int, rows: [RowSpec<LayoutElement>])] = []
    var updates: [SupplementaryUpdate<LayoutElement>] = []
    for (index, item) in items.enumerated() {
      let entry = try Params(item, path: "\(params.at("sections"))[\(index)]")
      let spec = try decodeSection(entry, members: RequestMembers.reloadedSection)
      let section = try sectionIndex(entry, "section")
      reloads.append((section, spec.rows))
      // Only reloads: a reloaded section keeps its index in the new space.
      updates += spec.updates(section: section)
    }
    let result = try submit(BatchUpdate([.reloadSections(reloads)], supplementaryUpdates: updates))
    // Inserted rows come in new-space order; reloaded sections keep their index, so sort them to match.
    let counts = reloads.sorted { $0.section < $1.section }.map(\.rows.count)
    return .result(
      .object(
        JSONObject([
          ("seq", .int(seq(result.changeSet.seq))),
          ("rowIds", Session.grouped(result.changeSet.insertedRows, counts: counts)),
        ])))
  }

  /// `table/moveSection` {sessionId, from, to} → {seq}: moves a section with its rows (old → new space).
  func moveSection(_ params: Params) throws(ResponseError) -> SessionOutcome {
    try apply(BatchUpdate([.moveSection(from: sectionIndex(params, "from"), to: sectionIndex(params, "to"))]))
  }

  /// `table/reloadData` {sessionId, sections: [{rows: [{id?, cell}], header?, footer?}]} → {seq, rowIds: [[id]]}:
  /// replaces all data; every row and header or footer cell is new and laid out. Session-isolated.
  func reloadData(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let sections = try decodeSections(params.array("sections"), path: params.at("sections"))
    let updates = sections.enumerated().flatMap { $0.element.updates(section: $0.offset) }
    let result = try submitReload(sections.map(\.rows), supplementaries: updates)
    return .result(
      .object(
        JSONObject([
          ("seq", .int(seq(result.changeSet.seq))),
          ("rowIds", Session.grouped(result.changeSet.insertedRows, counts: sections.map(\.rows.count))),
        ])))
  }
}
