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
    operations.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      operations.append(try decodeOperation(Params(item, path: "\(params.at("operations"))[\(index)]")))
    }
    var counts: [Int]?
    if params.value("rowCounts") != nil { counts = try sectionIndexes(params, "rowCounts") }
    let result = try submit(BatchUpdate(operations, expectedRowCounts: counts))
    return .result(
      .object(
        JSONObject([
          ("seq", .int(seq(result.changeSet.seq))),
          ("insertedRowIds", .array(result.changeSet.insertedRows.map { .string($0.rawValue) })),
        ])))
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
    case "insertSections":
      let items = try op.array("sections")
      var inserts: [(at: Int, rows: [RowSpec<LayoutElement>])] = []
      for (index, item) in items.enumerated() {
        let entry = try Params(item, path: "\(op.at("sections"))[\(index)]")
        inserts.append((try sectionIndex(entry, "at"), try decodeRowSpecs(entry.array("rows"), path: entry.at("rows"))))
      }
      return .insertSections(inserts)
    case "deleteSections":
      return .deleteSections(try sectionIndexes(op, "sections"))
    case "reloadSections":
      let items = try op.array("sections")
      var reloads: [(section: Int, rows: [RowSpec<LayoutElement>])] = []
      for (index, item) in items.enumerated() {
        let entry = try Params(item, path: "\(op.at("sections"))[\(index)]")
        reloads.append(
          (try sectionIndex(entry, "section"), try decodeRowSpecs(entry.array("rows"), path: entry.at("rows"))))
      }
      return .reloadSections(reloads)
    case "moveSection":
      return .moveSection(from: try sectionIndex(op, "from"), to: try sectionIndex(op, "to"))
    default:
      throw Params.invalid(
        op.at("op"),
        "expected one of insertRows, deleteRows, reloadRows, moveRow, insertSections, deleteSections, "
          + "reloadSections, moveSection, got \(JSONWriter.string(.string(name)))")
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
