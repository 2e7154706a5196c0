import JSONCodec

/// Small queries measured while a large insert is being handled and laid out.
extension ServerBench {
  /// Latencies of the queries sent during one large insert, µs.
  struct ConcurrentRun: Sendable {
    /// `table/contentSize` on the session being inserted into, from wanting to send to the answer.
    var sameSession: Samples
    /// The same on a second session (5 committed rows), from wanting to send to the answer.
    var otherSession: Samples
    /// `sameSession` measured from the moment the request was written (excludes waiting for the pipe while an
    /// insert frame was being written).
    var sameSessionAfterWrite: Samples
    /// `otherSession` measured from the moment the request was written.
    var otherSessionAfterWrite: Samples
    /// Seconds from the first insert byte to the wait's answer.
    var seconds: Double
  }

  /// Inserts `rows` feed cells into session s1 from a writer thread (as `bulkInsert`) while this thread sends
  /// `table/contentSize`, one at a time, alternately to s1 and to s2, until the insert's wait is answered.
  static func queriesDuringInsert(_ executable: String, _ workload: ServerBenchWorkload, rows: Int)
    throws(SpawnedDaemon.Failure) -> ConcurrentRun
  {
    var connection = try BenchConnection(executable: executable)
    try connection.start(sessions: ["s1", "s2"])
    _ = try connection.call("table/insertRows", workload.insertParams(session: "s2", count: 5))
    _ = try connection.call("table/waitUntilAllUpdatesAreProcessed", ServerBenchWorkload.sessionParams("s2"))
    let params = [ServerBenchWorkload.sessionParams("s1"), ServerBenchWorkload.sessionParams("s2")]
    var endToEnd: [[Double]] = [[], []]
    var afterWrite: [[Double]] = [[], []]
    let feed = BulkFeed(workload: workload, session: "s1", rows: rows)
    let start = monotonicNanoseconds()
    let writer = feed.start(on: connection.output)
    var waited: UInt64 = 0
    var probe = 0
    while waited == 0 {
      let which = probe % 2
      probe += 1
      let id = connection.nextID
      connection.nextID += 1
      let frame = FrameOutput.request(id: id, method: "table/contentSize", params: params[which])
      let begin = monotonicNanoseconds()
      guard connection.output.sendUrgent(frame) else {
        throw SpawnedDaemon.Failure(description: "table/contentSize: cannot write to the daemon")
      }
      let written = monotonicNanoseconds()
      while true {
        let message = try connection.input.next()
        guard case .int(let answered)? = message["id"] else { continue }
        if let error = message["error"] {
          throw SpawnedDaemon.Failure(description: "request \(answered): \(JSONWriter.string(error))")
        }
        if answered == feed.waitID { waited = monotonicNanoseconds() }
        if answered == id { break }
      }
      let end = monotonicNanoseconds()
      endToEnd[which].append(Double(end - begin) / 1e3)
      afterWrite[which].append(Double(end - written) / 1e3)
    }
    writer.wait()
    try connection.stop()
    return ConcurrentRun(
      sameSession: Samples(endToEnd[0]), otherSession: Samples(endToEnd[1]),
      sameSessionAfterWrite: Samples(afterWrite[0]), otherSessionAfterWrite: Samples(afterWrite[1]),
      seconds: Double(waited - start) / 1e9)
  }
}
