import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree
import Synchronization

/// Decodes the rows of a large `table/insertRows` in parallel on the layout workers, ahead of the session's
/// in-order pass over the rows, which then takes each decoded row (or its error) instead of decoding it on the
/// session's own thread (as Texture runs node blocks off the main thread). Errors are the ones the in-order pass
/// would produce: the pass still goes through the rows in order and throws the first failure it meets (see
/// `InsertedRows.specs`).
///
/// Rows come built (a JSON array) or unbuilt (a `DeferredArray` the reader only validated). A worker decodes an
/// unbuilt row straight from its bytes when it can (`RowDecoder`), and otherwise builds the row's JSON, decodes it
/// and drops the JSON, all on its own thread. Thread-safe.
final class CellPredecoder: Sendable {
  /// Built rows below this count are decoded in order by the session (a parallel pass would cost more than it
  /// saves).
  static let minimumRows = 64
  /// Rows per decoding job.
  static let chunk = 32

  /// Number of rows.
  let count: Int
  /// Each row's decoded spec or error (nil until decoded).
  private let results: Mutex<[Result<RowSpec<LayoutElement>, ResponseError>?]>

  /// Decoding of the built `rows` (the array at `rowsPath`) with `decoding`; returns once every row is decoded.
  static func decode(_ rows: [JSONValue], rowsPath: String, using decoding: CellDecoding) async -> CellPredecoder {
    await decode(count: rows.count) { index in
      Result { () throws(ResponseError) in
        try Session.decodeRow(rows[index], path: "\(rowsPath)[\(index)]", using: decoding)
      }
    }
  }

  /// Decoding of the unbuilt `rows` (the array at `rowsPath`) with `decoding`, in parallel; returns once every
  /// row is decoded.
  static func decode(_ rows: DeferredArray, rowsPath: String, using decoding: CellDecoding) async -> CellPredecoder {
    await decode(count: rows.count) { index in
      decodeRow(rows, index, rowsPath: rowsPath, using: decoding)
    }
  }

  /// Row `index` of unbuilt `rows` (the array at `rowsPath`), decoded on the calling thread: from its bytes, or
  /// else from its JSON, built and released here.
  static func decodeRow(
    _ rows: DeferredArray, _ index: Int, rowsPath: String, using decoding: CellDecoding
  ) -> Result<RowSpec<LayoutElement>, ResponseError> {
    // Any error, and a row naming an unknown font family, come from decoding the built row, which names the path.
    if let row = RowDecoder.decode(rows, index, rowsPath: rowsPath, using: decoding) { return .success(row) }
    return Result { () throws(ResponseError) in
      let item: JSONValue
      do throws(JSONParseError) {
        item = try rows.element(index)
      } catch {
        throw EnvelopeError.parseError(error.description).error
      }
      return try Session.decodeRow(item, path: "\(rowsPath)[\(index)]", using: decoding)
    }
  }

  /// Runs `decodeRow` for rows 0..<count in chunks on the layout workers; returns once all are done.
  private static func decode(
    count: Int,
    decodeRow: @escaping @Sendable (Int) -> Result<RowSpec<LayoutElement>, ResponseError>
  ) async -> CellPredecoder {
    let decoder = CellPredecoder(count: count)
    guard count > 0 else { return decoder }
    let chunks = stride(from: 0, to: count, by: chunk).map { $0..<min($0 + chunk, count) }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let left = Mutex(chunks.count)
      for range in chunks {
        LayoutWorkers.shared.submitFirst {
          var decoded: [(Int, Result<RowSpec<LayoutElement>, ResponseError>)] = []
          decoded.reserveCapacity(range.count)
          for index in range { decoded.append((index, decodeRow(index))) }
          decoder.results.withLock { results in
            for (index, result) in decoded { results[index] = result }
          }
          let last = left.withLock { n -> Bool in
            n -= 1
            return n == 0
          }
          if last { done.resume() }
        }
      }
    }
    return decoder
  }

  /// An empty decoder for `count` rows.
  private init(count: Int) {
    self.count = count
    results = Mutex(Array(repeating: nil, count: count))
  }

  /// Row `index`'s decoded spec or error; nil when out of range or not decoded.
  func row(at index: Int) -> Result<RowSpec<LayoutElement>, ResponseError>? {
    results.withLock { index < $0.count ? $0[index] : nil }
  }
}
