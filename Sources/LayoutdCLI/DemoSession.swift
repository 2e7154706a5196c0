import JSONCodec

/// The client side of the demo's feed, written as an ASDKgram app would be: a batch-fetching data source that
/// inserts the next page on `table/willBeginBatchFetch` as a section of its own under a sticky header ("Day N", a
/// cell laid out like a row; the table is plain, so the header of the section on top stays pinned until the next one
/// pushes it up), and node controllers that load a photo's comments when its row enters the preload range and patch
/// them in with `cell/setNeedsLayout`. Runs on the demo's thread.
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

  /// `initialize` and `session/create` (a plain table, so section headers stick) with batch fetching and interface
  /// states on; returns the server info.
  func start() throws -> JSONValue {
    let info = try client.call("initialize", [:])
    _ = try client.call(
      "session/create",
      [
        "viewport": obj(["width": .double(width), "height": .double(height)]), "batchFetching": .bool(true),
        "interfaceStates": .bool(true), "style": .string("plain"),
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

  /// `willBeginBatchFetch`: insert the next page of photos as a new section with its "Day N" header cell and
  /// complete; with nothing left, complete with `finished: false` so no fetch begins again (Texture's context stays
  /// fetching). The table starts with one empty section: the first page fills it and sets its header in one batch;
  /// later pages are `table/insertSections`.
  func fetchNextPage() throws {
    guard inserted < total else {
      _ = try client.call("table/completeBatchFetching", ["sessionId": id, "finished": .bool(false)])
      return
    }
    let end = min(total, inserted + DemoSession.pageSize)
    let day = pages + 1
    let header = obj(["id": .string("day\(day)"), "cell": DemoCells.dayHeader(day, photos: end - inserted)])
    if pages == 0 {
      let rows: [JSONValue] = (inserted..<end).map { i in
        let photo = DemoFeed.photo(i)
        return obj([
          "at": .array([.int(0), .int(Int64(i - inserted))]), "id": .string(photo.rowID),
          "cell": DemoCells.photoCell(photo),
        ])
      }
      let operations: [JSONValue] = [
        obj(["op": .string("insertRows"), "rows": .array(rows)]),
        obj(["op": .string("setHeader"), "section": .int(0), "header": header]),
      ]
      _ = try client.call("table/performBatchUpdates", ["sessionId": id, "operations": .array(operations)])
    } else {
      let rows: [JSONValue] = (inserted..<end).map { i in
        let photo = DemoFeed.photo(i)
        return obj(["id": .string(photo.rowID), "cell": DemoCells.photoCell(photo)])
      }
      let section = obj(["header": header, "rows": .array(rows)])
      _ = try client.call("table/insertSections", ["sessionId": id, "sections": .array([section])])
    }
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

  /// The section header drawn at the top of the viewport at offset `y` (`table/elementAtPoint`), as `day3 pinned`
  /// (floating: held at the top while its section scrolls under it), `day3` (at its own place), or nil (a row there).
  func headerOnTop(y: Double) throws -> String? {
    let element = try client.call(
      "table/elementAtPoint", ["sessionId": id, "point": obj(["x": .double(1), "y": .double(y)])])
    guard element["kind"]?.stringValue == "header", let name = element["rowId"]?.stringValue else { return nil }
    return element["floating"] == .bool(true) ? "\(name) pinned" : name
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
