import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

/// The rows of a `table/insertRows`, decided once, in dispatch, and carried with the call to its session: built
/// (the array params holds) or unbuilt (elements the reader only validated, see `DeferralRule`; params then has no
/// `rows` member), and decoded once the session's run loop has decoded them ahead on the layout workers. Errors
/// are the same whichever way the rows came: the rows are taken in order and the first failure is thrown.
/// Sendable value.
enum InsertedRows: Sendable {
  /// The array params holds.
  case built([JSONValue])
  /// Elements the reader only validated; each row is decoded from its bytes where it is used.
  case unbuilt(DeferredArray)
  /// Every row decoded (or failed) ahead, in parallel.
  case decoded(CellPredecoder)

  /// Number of rows.
  var count: Int {
    switch self {
    case .built(let rows): rows.count
    case .unbuilt(let rows): rows.count
    case .decoded(let rows): rows.count
    }
  }

  /// These rows decoded ahead, in parallel on the layout workers, when that pays (unbuilt rows always, built ones
  /// from `CellPredecoder.minimumRows` on); otherwise the rows as they are. `path`: their JSON path
  /// (`params.rows`). Runs on the session's run loop, before the call is performed.
  func decodedAhead(path: String, using decoding: CellDecoding) async -> InsertedRows {
    switch self {
    case .unbuilt(let rows):
      return .decoded(await CellPredecoder.decode(rows, rowsPath: path, using: decoding))
    case .built(let rows) where rows.count >= CellPredecoder.minimumRows:
      return .decoded(await CellPredecoder.decode(rows, rowsPath: path, using: decoding))
    case .built, .decoded:
      return self
    }
  }

  /// Every row's spec, in order; the first row that fails throws its error. What was not decoded ahead is decoded
  /// here, in order (an insert performed without the run loop's parallel pass, e.g. one held behind a scroll).
  /// `path`: the rows' JSON path (`params.rows`). Session-isolated.
  func specs(path: String, using decoding: CellDecoding) throws(ResponseError) -> [RowSpec<LayoutElement>] {
    var specs: [RowSpec<LayoutElement>] = []
    specs.reserveCapacity(count)
    switch self {
    case .built(let rows):
      for (index, row) in rows.enumerated() {
        specs.append(try Session.decodeRow(row, path: "\(path)[\(index)]", using: decoding))
      }
    case .unbuilt(let rows):
      for index in 0..<rows.count {
        specs.append(try CellPredecoder.decodeRow(rows, index, rowsPath: path, using: decoding).get())
      }
    case .decoded(let rows):
      for index in 0..<rows.count {
        guard let row = rows.row(at: index) else {
          throw ResponseError(code: .internalError, message: "\(path)[\(index)]: row was not decoded")
        }
        specs.append(try row.get())
      }
    }
    return specs
  }
}
