import Foundation
import JSONCodec

/// The demo's second container: a horizontal "stories" row above the feed, as Instagram-style apps put one — an
/// `ASCollectionNode` with a horizontal flow layout in its own session, dragged sideways a screen at a time, with
/// its range states read back and an SVG snapshot of its first three screens (items along x, the range bands in a
/// strip above them).
enum DemoStories {
  /// The session id of the row.
  static let session = JSONValue.string("stories")
  /// Number of stories.
  static let count = 30
  /// The row's viewport: the feed's width, 112 pt tall.
  static let viewport = (width: 375.0, height: 112.0)

  /// A story cell: an avatar over its user's name, centred.
  static func cell(_ index: Int) -> JSONValue {
    let user = DemoFeed.photo(index).user
    let avatar = obj([
      "type": .string("image"), "id": .string("avatar"), "source": .string("\(user).jpg"),
      "size": .array([.int(60), .int(60)]),
    ])
    return DemoCells.stack(
      "vertical", spacing: 6, align: "center", id: "story",
      [avatar, DemoCells.text(user, size: 11, maxLines: 1)])
  }

  /// The path of the row's snapshot next to the feed's: `…/layoutd-demo.svg` → `…/layoutd-demo-stories.svg`.
  static func snapshotPath(besides feedPath: String) -> String {
    let url = URL(fileURLWithPath: feedPath)
    let base = url.deletingPathExtension().lastPathComponent
    return url.deletingLastPathComponent().appendingPathComponent("\(base)-stories.svg").path
  }

  /// Creates the row, fills it, drags it two screens to the right (logging the offset, the visible stories and
  /// how many are preloaded), snapshots its first three screens to `path`; returns the stories drawn.
  static func run(_ client: DemoClient, log: DemoLog, path: String) throws -> Int {
    // Items 72 × 96, lines 12 apart, insets 8 / 12: one item a line (the room across is 112 − 16 = 96), centred;
    // item k at x 12 + 84 k; content 12 + 30 × 72 + 29 × 12 + 12 = 2532 pt wide.
    _ = try client.call(
      "session/create",
      [
        "sessionId": session, "kind": .string("collection"),
        "viewport": obj(["width": .double(viewport.width), "height": .double(viewport.height)]),
        "interfaceStates": .bool(false),
        "layout": obj([
          "scrollDirection": .string("horizontal"), "itemSize": obj(["width": .int(72), "height": .int(96)]),
          "minimumLineSpacing": .int(12),
          "sectionInset": obj(["top": .int(8), "left": .int(12), "bottom": .int(8), "right": .int(12)]),
        ]),
      ])
    let rows: [JSONValue] = (0..<count).map { obj(["id": .string("story\($0)"), "cell": cell($0)]) }
    _ = try client.call("table/insertRows", ["sessionId": session, "rows": .array(rows)])
    let idle = try client.call("table/waitUntilAllUpdatesAreProcessed", ["sessionId": session])
    let size = idle["contentSize"]
    log.line(
      "stories: a horizontal collection (session \"stories\", 375 × 112 pt) of \(count) stories 72 × 96 pt, content "
        + "\(DemoLog.points(size?["width"]?.doubleValue ?? 0)) wide; \(try describe(client))")
    for _ in 0..<2 {
      _ = try client.call("table/scrollBy", ["sessionId": session, "dx": .double(viewport.width), "drag": .bool(true)])
      log.line("stories dragged right one screen: \(try describe(client))")
    }
    let rect = obj(["x": .double(0), "width": .double(viewport.width * 3)])
    let picture = try client.call("table/snapshot", ["sessionId": session, "rect": rect])
    try (picture["svg"]?.stringValue ?? "").write(toFile: path, atomically: true, encoding: .utf8)
    _ = try client.call("session/dispose", ["sessionId": session])
    _ = client.takeNotifications()
    return picture["rows"]?.arrayValue?.count ?? 0
  }

  /// `x 750 pt  visible story9…story13  preloaded 12  mode full`, from `table/ranges`.
  static func describe(_ client: DemoClient) throws -> String {
    let ranges = try client.call("table/ranges", ["sessionId": session])
    let visible = (ranges["visibleRowIds"]?.arrayValue ?? []).compactMap(\.stringValue)
    let preloaded = (ranges["rows"]?.arrayValue ?? []).filter {
      $0["state"]?.arrayValue?.contains(.string("preload")) == true
    }
    let span = visible.first.map { $0 + (visible.count > 1 ? "…" + (visible.last ?? "") : "") } ?? "-"
    return "x \(DemoLog.points(ranges["contentOffset"]?["x"]?.doubleValue ?? 0))  visible \(span)  "
      + "preloaded \(preloaded.count)  mode \(ranges["rangeMode"]?.stringValue ?? "-")"
  }
}
