import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension Session {
  /// Decodes a cell's layout spec from `value` (at JSON path `path`) within the session's limits; a bad spec is
  /// -32602 naming the offending field. Every method that takes a SPEC decodes it here. Session-isolated.
  func decodeCell(_ value: JSONValue, path: String) throws(ResponseError) -> LayoutElement {
    try Session.decodeCell(value, path: path, using: cellDecoding)
  }

  /// Decodes a cell's spec within `decoding`'s limits, refusing unknown font families unless it is lenient (any
  /// thread: `CellPredecoder` runs it on the layout workers).
  nonisolated static func decodeCell(_ value: JSONValue, path: String, using decoding: CellDecoding)
    throws(ResponseError) -> LayoutElement
  {
    let element: LayoutElement
    do throws(SpecDecodingError) {
      element = try SpecDecoder.decode(value, path: path, limits: decoding.limits)
    } catch {
      throw ResponseError(code: .invalidParams, message: error.description)
    }
    try decoding.fonts?.check(element, json: value, path: path)
    return element
  }

  /// Validates `update` as a whole and applies it to the pending model (nothing changes on error: -32004 naming
  /// what is wrong), schedules its cells' layout and publishes what committed at once. Every table edit goes
  /// through here. Session-isolated.
  func submit(_ update: BatchUpdate<LayoutElement>) throws(ResponseError) -> BatchResult<LayoutElement> {
    try checkRowLimit(adding: Session.rowDelta(of: update, in: table.pendingMap))
    return try performEdit { table throws(NodeTreeError) in try table.performBatch(update) }
  }

  /// Replaces every section and row (`reloadData`): row ids must be unique (-32004 otherwise, nothing changes);
  /// every cell is laid out again and the change set commits in order. Session-isolated.
  func submitReload(
    _ sections: [[RowSpec<LayoutElement>]], supplementaries: [SupplementaryUpdate<LayoutElement>] = []
  ) throws(ResponseError) -> BatchResult<LayoutElement> {
    try checkRowLimit(adding: sections.reduce(0) { $0 + $1.count } - table.pendingMap.totalRowCount)
    return try performEdit { table throws(NodeTreeError) in
      try table.reloadData(sections, supplementaries: supplementaries)
    }
  }

  /// Runs one edit of the table (an invalid one is -32004 and changes nothing), schedules its cells' layout and
  /// publishes what committed at once.
  private func performEdit(
    _ edit: (inout TableNode<LayoutElement>) throws(NodeTreeError) -> BatchResult<LayoutElement>
  ) throws(ResponseError) -> BatchResult<LayoutElement> {
    let result: BatchResult<LayoutElement>
    do throws(NodeTreeError) {
      result = try edit(&table)
    } catch {
      throw ResponseError(code: ServerError.invalidBatchCode, message: error.message)
    }
    schedule(result.layoutRequests)
    publish(result.commits)
    return result
  }

  /// Refuses (-32005) an edit that would leave more than `maxRowsPerSession` pending rows.
  func checkRowLimit(adding delta: Int) throws(ResponseError) {
    let after = table.pendingMap.totalRowCount + delta
    guard after > options.maxRowsPerSession else { return }
    throw ResponseError(
      code: ServerError.limitExceededCode,
      message: "session \"\(id)\" would hold \(after) rows, more than the maximum of \(options.maxRowsPerSession) "
        + "(maxRowsPerSession)")
  }

  /// Rows an update adds minus rows it removes (duplicates counted once; invalid parts are left to validation).
  static func rowDelta(of update: BatchUpdate<LayoutElement>, in map: ElementMap) -> Int {
    var added = 0
    var deletedRows: Set<RowReference> = []
    var removedSections: Set<Int> = []
    for operation in update.operations {
      switch operation {
      case .insertRows(let inserts): added += inserts.count
      case .deleteRows(let refs): deletedRows.formUnion(refs)
      case .insertSections(let inserts): added += inserts.reduce(0) { $0 + $1.rows.count }
      case .deleteSections(let sections): removedSections.formUnion(sections)
      case .reloadSections(let reloads):
        added += reloads.reduce(0) { $0 + $1.rows.count }
        removedSections.formUnion(reloads.map(\.section))
      case .reloadRows, .moveRow, .moveSection: break
      }
    }
    let removed = removedSections.reduce(0) { $0 + (map.numberOfRows(inSection: $1) ?? 0) }
    return added - deletedRows.count - removed
  }
}
