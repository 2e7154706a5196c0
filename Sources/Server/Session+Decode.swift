import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension Session {
  /// Decodes a list of new rows `[{id?, cell: SPEC}]` found at `path` (e.g. `params.sections[0].rows`), in order.
  /// Session-isolated.
  func decodeRowSpecs(_ items: [JSONValue], path: String) throws(ResponseError) -> [RowSpec<LayoutElement>] {
    let specs = try InsertedRows.built(items).specs(path: path, using: cellDecoding)
    try refuseTableRowMembers(specs, path: path)
    return specs
  }

  /// Decodes one new row `{id?, neverShowPlaceholders?, cell: SPEC}` at `path` with `decoding` (any thread:
  /// `CellPredecoder` runs it on the layout workers). Members a row does not have are refused.
  nonisolated static func decodeRow(_ item: JSONValue, path: String, using decoding: CellDecoding)
    throws(ResponseError) -> RowSpec<LayoutElement>
  {
    try RowDecoder.decode(item, path: path, using: decoding)
  }

  /// A ROW inside a batch update: a row id (which must name a pending row, else -32602) or an old-space
  /// `[section, row]` left to the batch's validation (out of range is -32004). Session-isolated.
  func batchRowReference(_ value: JSONValue, path: String) throws(ResponseError) -> RowReference {
    if let path = Params.indexPath(value) { return .indexPath(path) }
    return .id(try pendingRowID(value, path: path))
  }

  /// A required non-negative integer member (a section index).
  func sectionIndex(_ params: Params, _ key: String) throws(ResponseError) -> Int {
    guard let index = try params.optionalIndex(key) else {
      throw Params.invalid(params.path, "missing required member \"\(key)\"")
    }
    return index
  }

  /// A required array of non-negative integers (section indexes) at `key`.
  func sectionIndexes(_ params: Params, _ key: String) throws(ResponseError) -> [Int] {
    let items = try params.array(key)
    var result: [Int] = []
    for (index, item) in items.enumerated() {
      guard let i = item.intValue, i >= 0 else {
        throw Params.invalid(
          "\(params.at(key))[\(index)]", "expected a non-negative integer, got \(JSONWriter.string(item))")
      }
      result.append(i)
    }
    return result
  }

  /// Row ids grouped by the row counts of `sections` (e.g. the ids of inserted sections, in order).
  static func grouped(_ ids: [RowID], counts: [Int]) -> JSONValue {
    var groups: [JSONValue] = []
    var start = 0
    for count in counts {
      let end = min(ids.count, start + count)
      groups.append(.array(ids[start..<end].map { .string($0.rawValue) }))
      start = end
    }
    return .array(groups)
  }
}
