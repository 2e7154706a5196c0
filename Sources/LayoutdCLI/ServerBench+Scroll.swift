import JSONCodec

/// The scroll measurement (`--only scroll`): one-screen drags over a table of cheap fixed cells with interface
/// states on, timed from sending the request until the last notification it caused (and until its answer, which
/// comes after them). `cell/didDisplay` is excluded: it is pushed later, asynchronously, by display work; it is
/// read and counted but never ends a timing.
extension ServerBench {
  /// The scrolls of one table size in one daemon.
  struct ScrollRun: Sendable {
    /// Rows in the table (items of a grid, pages of a pager).
    var rows: Int
    /// What scrolled: a table, a 3-column grid or a pager (`--only collection` measures the last two).
    var container = ScrollContainer.table
    /// Rows per section, each section with a fixed 20-pt header (`--headers-every`); 0: one section, no headers.
    var headersEvery = 0
    /// From sending a scroll to the last `cell/interfaceStateChanged` (or other non-display notification) it
    /// caused, µs; the answer's arrival when it caused none.
    var toLastNotification: Samples
    /// From sending a scroll to its answer, µs.
    var toAnswer: Samples
    /// `cell/interfaceStateChanged` notifications per measured scroll (mean).
    var notificationsPerScroll: Double
    /// `cell/didDisplay` notifications read while the measured scrolls ran.
    var displayNotifications: Int
    /// Seconds to insert and commit the rows.
    var insertSeconds: Double
  }

  /// Viewport height of the scroll session (width 320, scale 2), points.
  static let scrollViewport = 480

  /// A session with `rows` fixed 100-pt node cells (rows of 100.5), inserted in batches of `batch` from a writer
  /// thread; then a drag to where the down leg starts, `warmUp` unmeasured scrolls down, then `count` one-screen
  /// drags (`table/scrollBy`, dy ±480), half down then half up, each sent after the previous answer.
  /// With `headersEvery` > 0 the rows come as sections of that many rows (the last may be shorter), each with a
  /// fixed `{"height": 20}` header, in a plain table (sticky headers), appended by `table/insertSections`.
  /// A `container` other than a table scrolls `rows` items of the same cells in a grid or a pager instead
  /// (`ScrollContainer`), along its axis.
  static func scrolls(
    _ executable: String, rows: Int, batch: Int, count: Int, warmUp: Int, headersEvery: Int = 0,
    container: ScrollContainer = .table
  ) throws(SpawnedDaemon.Failure) -> ScrollRun {
    var connection = try BenchConnection(executable: executable)
    _ = try connection.call("initialize")
    _ = try connection.call(
      "session/create",
      Array(
        (#"{"sessionId":"s1","viewport":{"width":320,"height":\#(scrollViewport)},"interfaceStates":true"#
          + container.createMembers + "}").utf8))
    let frames =
      headersEvery > 0
      ? headerSectionFrames(rows: rows, every: headersEvery, batch: batch) : fixedCellFrames(rows: rows, batch: batch)
    let feed = BulkFeed(insertFrames: frames, session: "s1")
    let start = monotonicNanoseconds()
    let writer = feed.start(on: connection.output)
    let committed = try connection.response(to: feed.waitID, method: "table/waitUntilAllUpdatesAreProcessed")
    let insertSeconds = Double(monotonicNanoseconds() - start) / 1e9
    writer.wait()
    // Rows of 100 + a 0.5 separator; headers of 20 (no separator), one per section.
    let sections = headersEvery > 0 ? (rows + headersEvery - 1) / headersEvery : 0
    let content = container.contentLength(items: rows) ?? Double(rows) * 100.5 + Double(sections) * 20
    let screen = container.screen
    guard committed["contentSize"]?[container.lengthMember]?.doubleValue == content else {
      throw SpawnedDaemon.Failure(description: "the \(rows)-row insert committed \(JSONWriter.string(committed))")
    }
    // The down leg (warm-up and half the measured scrolls) is centred on the middle of the content, so every
    // scroll moves a whole screen and both sizes see the same pattern.
    let leg = Double((warmUp + count / 2) * screen)
    if leg > content - Double(screen) {
      printError("layoutd bench --server: \(rows) rows are too few for \(count) scrolls; some are clamped")
    }
    let origin = max(0, (content - leg) / 2)
    _ = try connection.call(
      "table/scrollToOffset", Array(#"{"sessionId":"s1","\#(container.axis)":\#(origin),"drag":true}"#.utf8))
    var toLast: [Double] = []
    var toAnswer: [Double] = []
    var stateChanges = 0
    var displays = 0
    for i in 0..<(warmUp + count) {
      let down = i < warmUp || (i - warmUp) < count / 2
      let delta = down ? screen : -screen
      let id = connection.nextID
      connection.nextID += 1
      let frame = FrameOutput.request(
        id: id, method: "table/scrollBy",
        params: Array(#"{"sessionId":"s1","d\#(container.axis)":\#(delta),"drag":true}"#.utf8))
      let begin = monotonicNanoseconds()
      guard connection.output.sendUrgent(frame) else {
        throw SpawnedDaemon.Failure(description: "table/scrollBy: cannot write to the daemon")
      }
      var last = begin
      var changes = 0
      var displayed = 0
      while true {
        let message = try connection.input.next()
        let now = monotonicNanoseconds()
        if let method = message["method"]?.stringValue {
          if method == "cell/didDisplay" {
            displayed += 1
          } else {
            last = now
            if method == "cell/interfaceStateChanged" { changes += 1 }
          }
          continue
        }
        guard case .int(id)? = message["id"] else { continue }
        if let error = message["error"] {
          throw SpawnedDaemon.Failure(description: "table/scrollBy: \(JSONWriter.string(error))")
        }
        if last == begin { last = now }
        if i >= warmUp {
          toLast.append(Double(last - begin) / 1e3)
          toAnswer.append(Double(now - begin) / 1e3)
          stateChanges += changes
          displays += displayed
        }
        break
      }
    }
    try connection.stop()
    return ScrollRun(
      rows: rows, container: container, headersEvery: headersEvery, toLastNotification: Samples(toLast),
      toAnswer: Samples(toAnswer),
      notificationsPerScroll: Double(stateChanges) / Double(max(1, count)), displayNotifications: displays,
      insertSeconds: insertSeconds)
  }

  /// Framed `table/insertRows` requests appending `rows` cells `{"type":"node","style":{"height":100}}` to s1 in
  /// batches of `batch` (ids assigned by the daemon), numbered from `BulkFeed.firstID`.
  static func fixedCellFrames(rows: Int, batch: Int) -> [[UInt8]] {
    let cell = Array(#"{"cell":{"type":"node","style":{"height":100}}}"#.utf8)
    func params(_ count: Int) -> [UInt8] {
      var out = Array(#"{"sessionId":"s1","rows":["#.utf8)
      out.reserveCapacity(out.count + count * (cell.count + 1) + 2)
      for i in 0..<count {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: cell)
      }
      out.append(contentsOf: "]}".utf8)
      return out
    }
    let size = max(1, batch)
    let full = params(size)
    var frames: [[UInt8]] = []
    var left = rows
    var id = BulkFeed.firstID
    while left > 0 {
      let n = min(size, left)
      frames.append(FrameOutput.request(id: id, method: "table/insertRows", params: n == size ? full : params(n)))
      id += 1
      left -= n
    }
    return frames
  }
}

extension ServerBench {
  /// Framed `table/insertSections` requests appending sections of `every` cells `{"type":"node","style":
  /// {"height":100}}` (the last section holds the rest), each with header `{"height":20}`, to s1, about `batch`
  /// rows per request, numbered from `BulkFeed.firstID`.
  static func headerSectionFrames(rows: Int, every: Int, batch: Int) -> [[UInt8]] {
    let cell = #"{"cell":{"type":"node","style":{"height":100}}}"#
    func section(_ count: Int) -> String {
      #"{"header":{"height":20},"rows":["# + Array(repeating: cell, count: count).joined(separator: ",") + "]}"
    }
    let perRequest = max(1, batch / every)
    var frames: [[UInt8]] = []
    var left = rows
    var id = BulkFeed.firstID
    while left > 0 {
      var parts: [String] = []
      while left > 0, parts.count < perRequest {
        let n = min(every, left)
        parts.append(section(n))
        left -= n
      }
      let params = #"{"sessionId":"s1","sections":["# + parts.joined(separator: ",") + "]}"
      frames.append(FrameOutput.request(id: id, method: "table/insertSections", params: Array(params.utf8)))
      id += 1
    }
    return frames
  }
}

extension BulkFeed {
  /// A feed of already framed insert requests into `session`, followed by its
  /// `table/waitUntilAllUpdatesAreProcessed`.
  init(insertFrames: [[UInt8]], session: String) {
    lastInsertID = BulkFeed.firstID + Int64(insertFrames.count) - 1
    waitID = lastInsertID + 1
    frames =
      insertFrames + [
        FrameOutput.request(
          id: waitID, method: "table/waitUntilAllUpdatesAreProcessed",
          params: ServerBenchWorkload.sessionParams(session))
      ]
  }
}
