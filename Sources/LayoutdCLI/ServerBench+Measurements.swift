import Dispatch
import Foundation
import JSONCodec

/// The sequential measurements: spawn to `initialize`, small-query round trips, bulk insert and layout.
extension ServerBench {
  /// One bulk insert of feed cells into a fresh daemon.
  struct BulkRun: Sendable {
    /// The cells inserted: `box` (the feed cell of `feed-cell.json`, every row the same) or `texture` (the Texture
    /// feed, every row different: `TextureFeedWorkload`).
    var feed = "box"
    /// Rows inserted.
    var rows: Int
    /// Seconds from the first insert byte sent to the `waitUntilAllUpdatesAreProcessed` answer.
    var seconds: Double
    /// Seconds from the first insert byte sent to the last insert's response.
    var answeredSeconds: Double
    /// Daemon `VmRSS` after an empty session was created, bytes.
    var residentBefore: Int
    /// Daemon `VmRSS` at the wait's answer, once every row has committed, bytes.
    var residentAtAnswer: Int
    /// Daemon `VmRSS` once settled after the wait's answer (`settledResidentBytes`), bytes.
    var residentAfter: Int
    /// Committed content height the daemon reported, points.
    var contentHeight: Double
    /// CPU seconds (user + system, all threads) the daemon used from the first insert to the wait's answer.
    var daemonCPUSeconds: Double
    /// CPU seconds per daemon thread name since it was spawned, read at the wait's answer.
    var threadCPUSeconds: [String: Double]

    /// Rows laid out per second.
    var rowsPerSecond: Double { Double(rows) / seconds }
    /// Resident bytes added per committed row.
    var bytesPerRow: Double { Double(residentAfter - residentBefore) / Double(rows) }
  }

  /// Milliseconds from spawning a daemon to its `initialize` answer (then it is shut down).
  static func spawnToInitialize(_ executable: String) throws(SpawnedDaemon.Failure) -> Double {
    let start = monotonicNanoseconds()
    var connection = try BenchConnection(executable: executable)
    _ = try connection.call("initialize")
    let elapsed = Double(monotonicNanoseconds() - start) / 1e6
    try connection.stop()
    return elapsed
  }

  /// Round trips of `table/contentSize` (µs) on a session holding 5 committed feed cells: `warmUp` unmeasured
  /// requests, then `count` measured ones, each sent after the previous answer.
  static func roundTrips(_ executable: String, _ workload: ServerBenchWorkload, count: Int, warmUp: Int)
    throws(SpawnedDaemon.Failure) -> Samples
  {
    var connection = try BenchConnection(executable: executable)
    try connection.start(sessions: ["s1"])
    _ = try connection.call("table/insertRows", workload.insertParams(session: "s1", count: 5))
    _ = try connection.call("table/waitUntilAllUpdatesAreProcessed", ServerBenchWorkload.sessionParams("s1"))
    let params = ServerBenchWorkload.sessionParams("s1")
    var times: [Double] = []
    times.reserveCapacity(count)
    for i in 0..<(warmUp + count) {
      let id = connection.nextID
      connection.nextID += 1
      let frame = FrameOutput.request(id: id, method: "table/contentSize", params: params)
      let start = monotonicNanoseconds()
      guard connection.output.sendUrgent(frame) else {
        throw SpawnedDaemon.Failure(description: "table/contentSize: cannot write to the daemon")
      }
      _ = try connection.response(to: id, method: "table/contentSize")
      if i >= warmUp { times.append(Double(monotonicNanoseconds() - start) / 1e3) }
    }
    try connection.stop()
    return Samples(times)
  }

  /// Inserts `rows` feed cells into a fresh daemon's session in batches sent from a second thread, then
  /// `waitUntilAllUpdatesAreProcessed`; this thread reads every answer and notification meanwhile.
  static func bulkInsert(_ executable: String, _ workload: ServerBenchWorkload, rows: Int)
    throws(SpawnedDaemon.Failure) -> BulkRun
  {
    let frames = workload.insertFrames(session: "s1", rows: rows, firstID: BulkFeed.firstID)
    return try bulkInsert(executable, frames: frames, rows: rows, feed: "box")
  }

  /// Inserts the rows of the Texture feed (`TextureFeedWorkload`, every row different) as `bulkInsert` inserts
  /// feed cells, in batches of `batch`.
  static func textureInsert(_ executable: String, rows: Int, batch: Int) throws(SpawnedDaemon.Failure) -> BulkRun {
    let frames = TextureFeedWorkload.insertFrames(session: "s1", rows: rows, batch: batch, firstID: BulkFeed.firstID)
    return try bulkInsert(executable, frames: frames, rows: rows, feed: "texture")
  }

  /// Sends the framed inserts `frames` (adding `rows` rows of `feed` to session `s1`, ids from `BulkFeed.firstID`)
  /// to a fresh daemon from a second thread, then `waitUntilAllUpdatesAreProcessed`; this thread reads every
  /// answer and notification meanwhile.
  private static func bulkInsert(_ executable: String, frames: [[UInt8]], rows: Int, feed kind: String)
    throws(SpawnedDaemon.Failure) -> BulkRun
  {
    var connection = try BenchConnection(executable: executable)
    try connection.start(sessions: ["s1"])
    guard let before = connection.daemon.residentBytes() else {
      throw SpawnedDaemon.Failure(description: "cannot read /proc/\(connection.daemon.pid)/status")
    }
    let feed = BulkFeed(insertFrames: frames, session: "s1")
    let cpuBefore = connection.daemon.cpuSeconds() ?? .nan
    let start = monotonicNanoseconds()
    let writer = feed.start(on: connection.output)
    var answered: UInt64 = 0
    var result: JSONValue = .null
    while true {
      let message = try connection.input.next()
      guard case .int(let id)? = message["id"] else { continue }
      if let error = message["error"] {
        throw SpawnedDaemon.Failure(description: "request \(id): \(JSONWriter.string(error))")
      }
      if id == feed.lastInsertID { answered = monotonicNanoseconds() }
      if id == feed.waitID {
        result = message["result"] ?? .null
        break
      }
    }
    let end = monotonicNanoseconds()
    let cpuAfter = connection.daemon.cpuSeconds() ?? .nan
    let threads = connection.daemon.cpuSecondsByThreadName()
    writer.wait()
    guard let atAnswer = connection.daemon.residentBytes(), let after = connection.daemon.settledResidentBytes() else {
      throw SpawnedDaemon.Failure(description: "cannot read /proc/\(connection.daemon.pid)/status")
    }
    try connection.stop()
    return BulkRun(
      feed: kind, rows: rows, seconds: Double(end - start) / 1e9, answeredSeconds: Double(answered - start) / 1e9,
      residentBefore: before, residentAtAnswer: atAnswer, residentAfter: after,
      contentHeight: result["contentSize"]?["height"]?.doubleValue ?? .nan, daemonCPUSeconds: cpuAfter - cpuBefore,
      threadCPUSeconds: threads)
  }
}

/// Insert batches and the closing `waitUntilAllUpdatesAreProcessed`, written by a dedicated thread. Pure data
/// plus `start`, which spawns the writer.
struct BulkFeed: Sendable {
  /// First id used by the feed (clear of the ids a `BenchConnection` hands out).
  static let firstID: Int64 = 1_000_000
  /// The framed requests, inserts first, the wait last.
  let frames: [[UInt8]]
  /// Id of the last insert.
  let lastInsertID: Int64
  /// Id of the closing wait.
  let waitID: Int64

  /// The frames inserting `rows` feed cells into `session`, then waiting for them.
  init(workload: ServerBenchWorkload, session: String, rows: Int) {
    var frames = workload.insertFrames(session: session, rows: rows, firstID: BulkFeed.firstID)
    lastInsertID = BulkFeed.firstID + Int64(frames.count) - 1
    waitID = lastInsertID + 1
    frames.append(
      FrameOutput.request(
        id: waitID, method: "table/waitUntilAllUpdatesAreProcessed", params: ServerBenchWorkload.sessionParams(session))
    )
    self.frames = frames
  }

  /// Starts a thread writing every frame in order to `output`; the returned semaphore is signalled when done.
  func start(on output: FrameOutput) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    let frames = frames
    let thread = Thread {
      for frame in frames {
        guard output.send(frame) else { break }
      }
      done.signal()
    }
    thread.name = "layoutd.bench.writer"
    thread.start()
    return done
  }
}
