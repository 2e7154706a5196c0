import JSONCodec

/// The client side of the demo's feed, written as an ASDKgram app would be: a batch-fetching data source that
/// inserts the next page on `table/willBeginBatchFetch`, and node controllers that load a photo's comments when its
/// row enters the preload range and patch them in with `cell/setNeedsLayout`. Runs on the demo's thread.
final class DemoSession {
  /// Photos per page (ASDKgram fetches 20 at a time).
  static let pageSize = 20
  /// The daemon connection.
  let client: DemoClient
  /// Photos the fake server has.
  let total: Int
  /// The session id.
  let id = JSONValue.string("s1")
  /// Photos inserted so far.
  private(set) var inserted = 0
  /// Pages inserted by batch fetching.
  private(set) var pages = 0
  /// Rows whose comments have been loaded.
  private(set) var commentsLoaded = Set<String>()
  /// Viewport width (points).
  private(set) var width: Double = 375
  /// Viewport height (points).
  let height: Double = 667

  /// A session over `client` for a feed of `total` photos.
  init(client: DemoClient, total: Int) {
    self.client = client
    self.total = total
  }

  /// `initialize` and `session/create` with batch fetching and interface states on; returns the server info.
  func start() throws -> JSONValue {
    let info = try client.call("initialize", [:])
    _ = try client.call(
      "session/create",
      [
        "viewport": obj(["width": .double(width), "height": .double(height)]), "batchFetching": .bool(true),
        "interfaceStates": .bool(true),
      ])
    return info["serverInfo"] ?? .null
  }

  /// Handles every notification received so far, and those its own calls bring, until none is left.
  func handleNotifications() throws {
    while true {
      let batch = client.takeNotifications()
      if batch.isEmpty { return }
      for note in batch {
        switch note["method"]?.stringValue {
        case "table/willBeginBatchFetch": try fetchNextPage()
        case "cell/interfaceStateChanged":
          let events = note["params"]?["events"]?.arrayValue ?? []
          if events.contains(.string("didEnterPreload")), let row = note["params"]?["rowId"]?.stringValue {
            try loadComments(row)
          }
        default: break
        }
      }
    }
  }

  /// `willBeginBatchFetch`: insert the next page of photos and complete; with nothing left, complete with
  /// `finished: false` so no fetch begins again (Texture's context stays fetching).
  func fetchNextPage() throws {
    guard inserted < total else {
      _ = try client.call("table/completeBatchFetching", ["sessionId": id, "finished": .bool(false)])
      return
    }
    let end = min(total, inserted + DemoSession.pageSize)
    let rows: [JSONValue] = (inserted..<end).map { i in
      let photo = DemoFeed.photo(i)
      return obj(["id": .string(photo.rowID), "cell": DemoCells.photoCell(photo)])
    }
    _ = try client.call("table/insertRows", ["sessionId": id, "rows": .array(rows)])
    inserted = end
    pages += 1
    _ = try client.call("table/completeBatchFetching", ["sessionId": id])
  }

  /// A node controller's `didEnterPreload`: "fetch" the photo's comments and replace its `comments` element.
  func loadComments(_ row: String) throws {
    guard row.hasPrefix("photo"), let index = Int(row.dropFirst(5)), !commentsLoaded.contains(row) else { return }
    commentsLoaded.insert(row)
    let spec = DemoCells.comments(DemoFeed.comments(of: DemoFeed.photo(index)))
    _ = try client.call(
      "cell/setNeedsLayout", ["sessionId": id, "row": .string(row), "element": .string("comments"), "spec": spec])
  }

  /// A user's fling by `dy` points; returns the new offset and the rows on screen.
  func scroll(by dy: Double) throws -> (y: Double, visible: [String]) {
    let result = try client.call("table/scrollBy", ["sessionId": id, "dy": .double(dy), "drag": .bool(true)])
    let visible = (result["visibleRowIds"]?.arrayValue ?? []).compactMap(\.stringValue)
    return (result["contentOffset"]?["y"]?.doubleValue ?? 0, visible)
  }

  /// Resizes the window's width; returns how many rows the daemon re-lays out.
  func resize(width newWidth: Double) throws -> Int {
    width = newWidth
    let result = try client.call(
      "session/setViewport", ["sessionId": id, "viewport": obj(["width": .double(newWidth)])])
    return result["relayoutRows"]?.intValue ?? 0
  }

  /// Waits until every change set and relayout has been accepted; returns the content height.
  func waitUntilIdle() throws -> Double {
    let result = try client.call("table/waitUntilAllUpdatesAreProcessed", ["sessionId": id])
    return result["contentSize"]?["height"]?.doubleValue ?? 0
  }

  /// A `table/snapshot` of the content from `y`, `screens` viewports tall; returns the SVG and the rows drawn.
  func snapshot(y: Double, screens: Double) throws -> (svg: String, rows: Int) {
    let rect = obj(["y": .double(y), "height": .double(height * screens)])
    let result = try client.call("table/snapshot", ["sessionId": id, "rect": rect])
    return (result["svg"]?.stringValue ?? "", result["rows"]?.arrayValue?.count ?? 0)
  }
}
