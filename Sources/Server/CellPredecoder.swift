import JSONCodec
import JSONRPC
import LayoutSpecs
import Synchronization

/// Decodes the cells of a large `table/insertRows` in parallel on the layout workers, ahead of the session's
/// in-order pass over the rows, which then takes each decoded cell (or its error) instead of decoding it on the
/// session's own thread (as Texture runs node blocks off the main thread). Errors are the ones the in-order pass
/// would produce: the pass still checks every row in order and throws the first failure it meets. Thread-safe.
final class CellPredecoder: Sendable {
  /// Rows below this count are decoded in order by the session (a parallel pass would cost more than it saves).
  static let minimumRows = 64
  /// Rows per decoding job.
  static let chunk = 32

  /// JSON path of the rows array (`params.rows`); cell `i` is at `<rowsPath>[i].cell`.
  let rowsPath: String
  /// Number of rows.
  let count: Int
  /// Each row's decoded cell, nil for rows without a `cell` member (the in-order pass reports those).
  private let results: Mutex<[Result<LayoutElement, ResponseError>?]>

  /// Decoding of `rows` (the `rows` array at `rowsPath`) within `limits`; returns once every cell is decoded.
  static func decode(_ rows: [JSONValue], rowsPath: String, limits: SpecDecoder.Limits) async -> CellPredecoder {
    let decoder = CellPredecoder(count: rows.count, rowsPath: rowsPath)
    guard !rows.isEmpty else { return decoder }
    let chunks = stride(from: 0, to: rows.count, by: chunk).map { $0..<min($0 + chunk, rows.count) }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let left = Mutex(chunks.count)
      for range in chunks {
        LayoutWorkers.shared.submitFirst {
          var decoded: [(Int, Result<LayoutElement, ResponseError>)] = []
          decoded.reserveCapacity(range.count)
          for index in range {
            guard let cell = rows[index]["cell"] else { continue }
            let path = "\(rowsPath)[\(index)].cell"
            decoded.append(
              (
                index,
                Result { () throws(ResponseError) in
                  try Session.decodeCell(cell, path: path, limits: limits)
                }
              ))
          }
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
  private init(count: Int, rowsPath: String) {
    self.rowsPath = rowsPath
    self.count = count
    results = Mutex(Array(repeating: nil, count: count))
  }

  /// Row `index`'s decoded cell, or nil when it had no `cell` member (or is out of range).
  func cell(at index: Int) -> Result<LayoutElement, ResponseError>? {
    results.withLock { index < $0.count ? $0[index] : nil }
  }
}
