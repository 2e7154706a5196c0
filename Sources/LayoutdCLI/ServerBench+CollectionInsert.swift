import JSONCodec

/// The collection commit measurement (`--only collection`, after the scrolls): one-item inserts at the top of a
/// 100,000-item 3-column grid, each timed from sending `table/insertRows` until both its answer and its
/// `table/didCommit` have arrived (with the notifications the commit caused before them). Every insert moves every
/// item one column on: the flow is placed again from the previous layout, not rebuilt.
extension ServerBench {
  /// A grid of `rows` items (the scroll measurement's cells, in batches of `batch`), `warmUp` unmeasured then `count`
  /// measured inserts of one item at [0, 0], each sent after the previous one committed. Times in µs.
  static func collectionInserts(
    _ executable: String, rows: Int, batch: Int, count: Int, warmUp: Int
  ) throws(SpawnedDaemon.Failure) -> Samples {
    var connection = try BenchConnection(executable: executable)
    _ = try connection.call("initialize")
    _ = try connection.call(
      "session/create",
      Array(
        (#"{"sessionId":"s1","viewport":{"width":320,"height":\#(scrollViewport)},"interfaceStates":true"#
          + ScrollContainer.grid.createMembers + "}").utf8))
    let feed = BulkFeed(insertFrames: fixedCellFrames(rows: rows, batch: batch), session: "s1")
    let writer = feed.start(on: connection.output)
    _ = try connection.response(to: feed.waitID, method: "table/waitUntilAllUpdatesAreProcessed")
    writer.wait()
    var times: [Double] = []
    for i in 0..<(warmUp + count) {
      let id = connection.nextID
      connection.nextID += 1
      let frame = FrameOutput.request(
        id: id, method: "table/insertRows",
        params: Array(
          #"{"sessionId":"s1","section":0,"at":0,"rows":[{"id":"top\#(i)","cell":{"type":"node","style":{"height":100}}}]}"#
            .utf8))
      let begin = monotonicNanoseconds()
      guard connection.output.sendUrgent(frame) else {
        throw SpawnedDaemon.Failure(description: "table/insertRows: cannot write to the daemon")
      }
      var answered = false
      var committed = false
      var last = begin
      while !(answered && committed) {
        let message = try connection.input.next()
        let now = monotonicNanoseconds()
        if let method = message["method"]?.stringValue {
          if method == "cell/didDisplay" { continue }
          last = now
          if method == "table/didCommit" { committed = true }
          continue
        }
        guard case .int(id)? = message["id"] else { continue }
        if let error = message["error"] {
          throw SpawnedDaemon.Failure(description: "table/insertRows: \(JSONWriter.string(error))")
        }
        answered = true
        last = max(last, now)
      }
      if i >= warmUp { times.append(Double(last - begin) / 1e3) }
    }
    try connection.stop()
    return Samples(times)
  }
}

extension ServerBenchResults {
  /// Figures of the top inserts into the grid: p50 and p99 per run, µs (no target: the issue sets none).
  func collectionInsertFigures() -> [Figure] {
    guard !collectionInserts.isEmpty else { return [] }
    let name = "insert 1 item at the top of a 100000-item grid, to commit"
    return [
      Figure(name: "\(name) p50, µs", values: collectionInserts.map(\.median), digits: 1, target: "", met: nil),
      Figure(
        name: "\(name) p99, µs", values: collectionInserts.map { $0.percentile(0.99) }, digits: 1, target: "",
        met: nil),
    ]
  }
}
