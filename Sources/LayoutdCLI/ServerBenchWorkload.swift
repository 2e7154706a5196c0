import JSONCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The requests the server benchmark sends, serialised once: the feed cell as a box spec and insert batches.
/// Pure after loading.
struct ServerBenchWorkload: Sendable {
  /// The root of `feed-cell.json` as a cell spec: `{"type":"box", ...root}`, compact JSON.
  let cell: [UInt8]
  /// Rows per `table/insertRows` request.
  let batchSize: Int

  /// Loads `feed-cell.json` from `directory` and turns its root into a box cell.
  init(directory: String, batchSize: Int) throws(SpawnedDaemon.Failure) {
    let path = directory + "/feed-cell.json"
    let value: JSONValue
    do {
      value = try JSONParser.parse(try FileInput.readAll(path: path))
    } catch {
      throw SpawnedDaemon.Failure(description: "\(path): \(error)")
    }
    guard case .object(var root)? = value["root"] else {
      throw SpawnedDaemon.Failure(description: "\(path): no \"root\" object")
    }
    root.storage.insert(JSONObject.Member(key: "type", value: .string("box")), at: 0)
    cell = JSONWriter.serialize(.object(root))
    self.batchSize = max(1, batchSize)
  }

  /// Params of one `table/insertRows` appending `count` feed cells to `session` (ids assigned by the daemon).
  func insertParams(session: String, count: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(count * (cell.count + 10) + 48)
    out.append(contentsOf: #"{"sessionId":""#.utf8)
    out.append(contentsOf: session.utf8)
    out.append(contentsOf: #"","rows":["#.utf8)
    for i in 0..<count {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"cell":"#.utf8)
      out.append(contentsOf: cell)
      out.append(UInt8(ascii: "}"))
    }
    out.append(contentsOf: "]}".utf8)
    return out
  }

  /// The framed insert requests adding `rows` cells to `session` in batches, numbered from `firstID`.
  func insertFrames(session: String, rows: Int, firstID: Int64) -> [[UInt8]] {
    var frames: [[UInt8]] = []
    let full = insertParams(session: session, count: batchSize)
    var left = rows
    var id = firstID
    while left > 0 {
      let n = min(batchSize, left)
      let params = n == batchSize ? full : insertParams(session: session, count: n)
      frames.append(FrameOutput.request(id: id, method: "table/insertRows", params: params))
      id += 1
      left -= n
    }
    return frames
  }

  /// `{"sessionId":"ID"}`.
  static func sessionParams(_ session: String) -> [UInt8] { Array(#"{"sessionId":"\#(session)"}"#.utf8) }
}

/// CLOCK_MONOTONIC in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
