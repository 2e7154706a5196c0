import Foundation
import JSONCodec
import JSONRPC

/// `layoutd demo`: spawns a layoutd daemon and drives a photo-feed session through it, printing a readable log.
///
/// It talks to the child over pipes exactly as a client would (Content-Length framing, JSON-RPC 2.0), so what a
/// newcomer watches is the real protocol. Runs on the calling thread.
enum DemoCommand {
  /// Runs the demo; returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    let rows = arguments.first.flatMap(Int.init) ?? 1_000
    do {
      let client = try DemoClient(executable: CommandLine.arguments[0])
      defer { client.close() }
      try drive(client, rows: rows)
      return 0
    } catch {
      printError("layoutd demo: \(error)")
      return 1
    }
  }

  /// The demo script: a feed of `rows` photo cells inserted in pages of 20, then comments arriving for every
  /// tenth row (setNeedsLayout with new content), then a viewport-width-sized summary.
  static func drive(_ client: DemoClient, rows: Int) throws {
    let start = Date()
    func log(_ text: String) { print(String(format: "[%7.1f ms] ", Date().timeIntervalSince(start) * 1000) + text) }
    let initResult = try client.call("initialize", [:])
    log("initialize → \(JSONWriter.string(initResult["serverInfo"] ?? .null))")
    _ = try client.call("session/create", ["viewport": .object(JSONObject([("width", .int(375)), ("height", .int(667))]))])
    log("session/create → s1 (375 × 667 pt, scale 2, separators)")
    var page = 0
    var inserted = 0
    while inserted < rows {
      let count = min(20, rows - inserted)
      let cells: [JSONValue] = (inserted..<inserted + count).map { i in
        .object(JSONObject([("id", .string("photo\(i)")), ("cell", DemoFeed.photoCell(index: i, comments: 1))]))
      }
      _ = try client.call("table/insertRows", ["sessionId": .string("s1"), "rows": .array(cells)])
      inserted += count
      page += 1
      if page % 10 == 0 || inserted == rows {
        let size = try client.call("table/waitUntilAllUpdatesAreProcessed", ["sessionId": .string("s1")])
        log("page \(page): \(inserted) rows committed, content height \(size["contentSize"]?["height"]?.doubleValue ?? 0) pt")
      }
    }
    log("notifications so far: \(client.notificationCount) (table/didCommit per page)")
    var changed = 0
    let before = client.heightChanges
    for i in stride(from: 0, to: rows, by: 10) {
      _ = try client.call(
        "cell/setNeedsLayout",
        ["sessionId": .string("s1"), "row": .string("photo\(i)"), "cell": DemoFeed.photoCell(index: i, comments: 4)])
      changed += 1
    }
    _ = try client.call("table/waitUntilAllUpdatesAreProcessed", ["sessionId": .string("s1")])
    log("comments arrived for \(changed) rows → \(client.heightChanges - before) table/heightChanged notifications")
    let frame = try client.call("table/rowFrame", ["sessionId": .string("s1"), "row": .string("photo10")])
    log("photo10 frame: \(JSONWriter.string(frame["frame"] ?? .null))")
    let size = try client.call("table/contentSize", ["sessionId": .string("s1")])
    log("content size: \(JSONWriter.string(size))")
    _ = try client.call("shutdown", [:])
    client.notify("exit")
    log("done: \(rows) cells laid out by the daemon, \(client.notificationCount) notifications received (\(client.heightChanges) height changes)")
  }
}
