import Foundation
import JSONCodec
import JSONRPC

/// `layoutd demo [ROWS] [--snapshot FILE]`: spawns a layoutd daemon and scrolls an ASDKgram-style photo feed through
/// it, printing a readable log.
///
/// It talks to the child over pipes exactly as a client would (Content-Length framing, JSON-RPC 2.0), so what a
/// newcomer watches is the real protocol: pages inserted by batch fetching, each a section under a sticky header,
/// comments loaded on preload and patched in with `cell/setNeedsLayout`, a window resize halfway, and a
/// `table/snapshot` picture; then a horizontal "stories" row (a collection) dragged sideways and drawn. Runs on the calling thread.
enum DemoCommand {
  /// The usage `--help` prints.
  static let usage = Usage(
    command: "layoutd demo",
    text: """
      usage: layoutd demo [ROWS] [--snapshot FILE]
        Spawns a daemon and scrolls a photo feed of ROWS cells (default 1000, at most 1000000) through it over
        pipes, a section of 20 under a sticky "Day N" header per page, printing a live log and a summary; writes
        an SVG snapshot of the viewport, its headers and Texture's range bands to FILE (default
        $TMPDIR/layoutd-demo.svg). Then drags a horizontal "stories" row (a collection with a horizontal flow
        layout) sideways and draws it to FILE's name with "-stories" before ".svg".
      """)

  /// Runs the demo; returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    var rows = 1_000
    var snapshotPath = (NSTemporaryDirectory() as NSString).appendingPathComponent("layoutd-demo.svg")
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--snapshot" {
        guard let path = rest.popFirst() else { return usage.error("--snapshot needs a file path") }
        snapshotPath = path
      } else if let n = Int(argument) {
        guard n > 0, n <= 1_000_000 else { return usage.error("ROWS must be in [1, 1000000], not \(n)") }
        rows = n
      } else {
        return usage.error("unexpected argument '\(argument)'")
      }
    }
    do {
      let client = try DemoClient(executable: CommandLine.arguments[0])
      defer { client.close() }
      try drive(DemoSession(client: client, total: rows), snapshotPath: snapshotPath)
      return 0
    } catch {
      printError("layoutd demo: \(error)")
      return 1
    }
  }

  /// The demo script: start, scroll a screen at a time to the end (pages, comments and heights follow from the
  /// notifications), resize the window halfway, take a snapshot past the resize, print a summary.
  static func drive(_ feed: DemoSession, snapshotPath: String) throws {
    var log = DemoLog()
    let client = feed.client
    let info = try feed.start()
    log.line("initialize → \(JSONWriter.string(info))")
    log.line("session/create → s1: 375 × 667 pt, plain style, batch fetching on, interface states on")
    try feed.handleNotifications()
    log.line("table/willBeginBatchFetch (empty table) → page 1 inserted: \(feed.inserted) photos")
    log.line("each page is a section under a \"Day N\" header cell that sticks to the top while its section scrolls")
    let progressStep = max(1, feed.total / 10)
    var nextProgress = progressStep
    var resized = false
    var snapshot: (rows: Int, y: Double)?
    var steps = 0
    var y = 0.0
    var stalled = 0
    while steps < 1_000_000 {
      let moved = try feed.scroll(by: feed.height)
      steps += 1
      try feed.handleNotifications()
      let first = moved.visible.first.flatMap { Int($0.dropFirst(5)) } ?? 0
      if first >= nextProgress {
        nextProgress = (first / progressStep + 1) * progressStep
        let span = moved.visible.first.map { $0 + (moved.visible.count > 1 ? "…" + (moved.visible.last ?? "") : "") }
        let header = try feed.headerOnTop(y: moved.y) ?? "-"
        log.line(
          "y \(DemoLog.points(moved.y).padded(11))  header \(header.padded(12))  visible \((span ?? "-").padded(19))  "
            + "loaded \(feed.inserted)/\(feed.total)  comments \(feed.commentsLoaded.count)  heights changed "
            + "\(client.heightChanges)  \(DemoLog.grouped(log.rate(total: client.notificationCount))) notif/s")
      }
      if !resized && first >= feed.total / 2 {
        resized = true
        let before = client.heightChanges
        let relayout = try feed.resize(width: 414)
        let content = try feed.waitUntilIdle()
        try feed.handleNotifications()
        log.line(
          "window resized 375 → 414 pt: \(relayout) rows re-laid out in the background, "
            + "\(client.heightChanges - before) table/heightChanged until idle, content now \(DemoLog.points(content))")
      }
      if snapshot == nil && resized && first >= feed.total * 6 / 10 {
        snapshot = try takeSnapshot(feed, path: snapshotPath)
      }
      if moved.y == y {
        // At the end of the committed rows: let the last page commit, then stop once nothing more can come.
        _ = try feed.waitUntilIdle()
        try feed.handleNotifications()
        stalled += 1
        if (stalled > 1 && feed.inserted == feed.total) || stalled > 10 { break }
      } else {
        stalled = 0
      }
      y = moved.y
    }
    if snapshot == nil { snapshot = try takeSnapshot(feed, path: snapshotPath) }
    let content = try feed.waitUntilIdle()
    let storiesPath = DemoStories.snapshotPath(besides: snapshotPath)
    let stories = try DemoStories.run(client, log: log, path: storiesPath)
    try summarize(feed, log: log, steps: steps, content: content, snapshot: snapshot, path: snapshotPath)
    print("  stories: \(storiesPath) (\(stories) stories of the horizontal row, its first three screens)")
    _ = try client.call("shutdown", [:])
    client.notify("exit")
  }

  /// Writes a snapshot of the viewport's surroundings (half a screen above, two and a half below) to `path`, once
  /// every pending update has committed: a row whose new content (comments just loaded) is still being laid out
  /// would be drawn with its new elements in its old frame. Anchoring may have moved the viewport meanwhile, so the
  /// offset is read again (a scroll by 0).
  static func takeSnapshot(_ feed: DemoSession, path: String) throws -> (rows: Int, y: Double) {
    _ = try feed.waitUntilIdle()
    let y = try feed.scroll(by: 0).y
    let top = max(0, y - feed.height / 2)
    let picture = try feed.snapshot(y: top, screens: 3)
    try picture.svg.write(toFile: path, atomically: true, encoding: .utf8)
    return (picture.rows, top)
  }

  /// The closing lines: totals, notifications by method, the snapshot's path.
  static func summarize(
    _ feed: DemoSession, log: DemoLog, steps: Int, content: Double, snapshot: (rows: Int, y: Double)?, path: String
  ) throws {
    let client = feed.client
    let seconds = log.elapsed
    log.line(
      "done: \(feed.total) photos in \(feed.pages) pages by batch fetching, \(steps) scroll steps, "
        + String(format: "%.2f s", seconds))
    let methods = client.countsByMethod.sorted { $0.value > $1.value }
      .map { "\($0.key) \(DemoLog.grouped($0.value))" }.joined(separator: ", ")
    print(
      "  notifications: \(DemoLog.grouped(client.notificationCount)) "
        + "(\(DemoLog.grouped(Int(Double(client.notificationCount) / max(seconds, 0.001)))) per second) — \(methods)")
    print("  requests: \(DemoLog.grouped(client.requestCount)) sent over the pipes")
    print(
      "  comments loaded on preload for \(feed.commentsLoaded.count) rows; "
        + "\(client.heightChanges) table/heightChanged in all (comments and the resize)")
    print("  sections: \(feed.pages), one per page, each under a sticky \"Day N\" header cell")
    print("  content: \(DemoLog.points(content)) tall at \(Int(feed.width)) pt wide")
    if let snapshot {
      print("  snapshot: \(path) (\(snapshot.rows) rows from y \(DemoLog.points(snapshot.y)), three screens tall)")
    }
  }
}

extension String {
  /// The string padded with spaces on the right to `width` characters.
  func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
