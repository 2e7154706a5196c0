import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// `table/performBatchUpdates`: several edits validated and applied as one change set.
  static let batchMethods: [MethodDescriptor] = [
    .session("table/performBatchUpdates") { session, params throws(ResponseError) in
      try session.performBatchUpdates(params)
    }
  ]
}

extension Session {
  /// `table/performBatchUpdates` {sessionId, operations: [OP], rowCounts?: [n]} → {seq, insertedRowIds}: UIKit's
  /// `performBatchUpdates` (deletes and reloads in the old index space, inserts in the new, moves both), validated
  /// as a whole with Texture's rules; an invalid batch is -32004 and changes nothing. Session-isolated.
  func performBatchUpdates(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let items = try params.array("operations")
    var operations: [BatchOperation<LayoutElement>] = []
    var updates: [SupplementaryUpdate<LayoutElement>] = []
    var reloaded: [(old: Int, spec: SectionSpec)] = []
    operations.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let op = try Params(item, path: "\(params.at("operations"))[\(index)]")
      switch try op.string("op") {
      case "setHeader": updates.append(try decodeSupplementaryOperation(.header, op))
      case "setFooter": updates.append(try decodeSupplementaryOperation(.footer, op))
      case "insertSections":
        var inserts: [(at: Int, rows: [RowSpec<LayoutElement>])] = []
        for (position, entry) in try op.array("sections").enumerated() {
          let section = try Params(entry, path: "\(op.at("sections"))[\(position)]")
          let spec = try decodeSection(section, members: RequestMembers.batchInsertedSection)
          let at = try sectionIndex(section, "at")
          inserts.append((at, spec.rows))
          updates += spec.updates(section: at)
        }
        operations.append(.insertSections(inserts))
      case "reloadSections":
        var reloads: [(section: Int, rows: [RowSpec<LayoutElement>])] = []
        for (position, entry) in try op.array("sections").enumerated() {
          let section = try Params(entry, path: "\(op.at("sections"))[\(position)]")
          let spec = try decodeSection(section, members: RequestMembers.reloadedSection)
          let old = try sectionIndex(section, "section")
          reloads.append((old, spec.rows))
          reloaded.append((old, spec))
        }
        operations.append(.reloadSections(reloads))
      default:
        operations.append(try decodeOperation(op))
      }
    }
    updates += Session.reloadedSectionUpdates(reloaded, operations: operations, sectionCount: table.numberOfSections)
    var counts: [Int]?
    if params.value("rowCounts") != nil { counts = try sectionIndexes(params, "rowCounts") }
    let result = try submit(BatchUpdate(operations, expectedRowCounts: counts, supplementaryUpdates: updates))
    return .result(
      .object(
        JSONObject([
          ("seq", .int(seq(result.changeSet.seq))),
          ("insertedRowIds", .array(result.changeSet.insertedRows.map { .string($0.rawValue) })),
        ])))
  }

  /// The headers and footers given with reloaded sections, addressed at the new-space index each reloaded section
  /// takes (Texture's reload map: the old index with the batch's section deletes and move sources closed up and its
  /// section inserts and move targets opened). A reload the batch also deletes is left to the batch's validation.
  static func reloadedSectionUpdates(
    _ reloaded: [(old: Int, spec: SectionSpec)], operations: [BatchOperation<LayoutElement>], sectionCount: Int
  ) -> [SupplementaryUpdate<LayoutElement>] {
    guard reloaded.contains(where: { $0.spec.header != nil || $0.spec.footer != nil }) else { return [] }
    var deleted: [Int] = []
    var inserted: [Int] = []
    for operation in operations {
      switch operation {
      case .deleteSections(let sections): deleted += sections
      case .insertSections(let inserts): inserted += inserts.map(\.at)
      case .moveSection(let from, let to):
        deleted.append(from)
        inserted.append(to)
      default: break
      }
    }
    let map = IntegerMap(oldCount: sectionCount, deleted: deleted, inserted: inserted)
    return reloaded.flatMap { reload in
      map.newIndex(forOld: reload.old).map { reload.spec.updates(section: $0) } ?? []
    }
  }

  /// One `{op, …}` entry of a batch.
  private func decodeOperation(_ op: Params) throws(ResponseError) -> BatchOperation<LayoutElement> {
    let name = try op.string("op")
    switch name {
    case "insertRows":
      let items = try op.array("rows")
      var inserts: [(at: TableIndexPath, row: RowSpec<LayoutElement>)] = []
      for (index, item) in items.enumerated() {
        let entry = try Params(item, path: "\(op.at("rows"))[\(index)]")
        try entry.check(RequestMembers.batchInsertedRow)
        let at = try newIndexPath(entry, "at")
        let id = try entry.optionalString("id").map(RowID.init)
        let never = try entry.optionalBool("neverShowPlaceholders") ?? false
        let content = try decodeCell(entry.required("cell"), path: entry.at("cell"))
        var spec = RowSpec(id: id, content: content, neverShowPlaceholders: never)
        try RowMembers.read(entry, into: &spec)
        try refuseTableRowMembers([spec], path: entry.path, indexed: false)
        inserts.append((at, spec))
      }
      return .insertRows(inserts)
    case "deleteRows":
      let items = try op.array("rows")
      var refs: [RowReference] = []
      for (index, item) in items.enumerated() {
        refs.append(try batchRowReference(item, path: "\(op.at("rows"))[\(index)]"))
      }
      return .deleteRows(refs)
    case "reloadRows":
      let items = try op.array("rows")
      var reloads: [(row: RowReference, content: LayoutElement?)] = []
      for (index, item) in items.enumerated() {
        let entry = try Params(item, path: "\(op.at("rows"))[\(index)]")
        try entry.check(RequestMembers.rowAndCell)
        let ref = try batchRowReference(entry.required("row"), path: entry.at("row"))
        let content = try entry.value("cell").map { v throws(ResponseError) in try decodeCell(v, path: entry.at("cell"))
        }
        reloads.append((ref, content))
      }
      return .reloadRows(reloads)
    case "moveRow":
      return .moveRow(
        from: try batchRowReference(op.required("from"), path: op.at("from")), to: try newIndexPath(op, "to"))
    case "deleteSections":
      return .deleteSections(try sectionIndexes(op, "sections"))
    case "moveSection":
      return .moveSection(from: try sectionIndex(op, "from"), to: try sectionIndex(op, "to"))
    default:
      throw Params.invalid(
        op.at("op"),
        "expected one of insertRows, deleteRows, reloadRows, moveRow, insertSections, deleteSections, "
          + "reloadSections, moveSection, setHeader, setFooter, got \(JSONWriter.string(.string(name)))")
    }
  }

  /// A required `[section, row]` member (new index space).
  func newIndexPath(_ params: Params, _ key: String) throws(ResponseError) -> TableIndexPath {
    let value = try params.required(key)
    guard let path = Params.indexPath(value) else {
      throw Params.invalid(params.at(key), "expected [section, row], got \(JSONWriter.string(value))")
    }
    return path
  }
}
