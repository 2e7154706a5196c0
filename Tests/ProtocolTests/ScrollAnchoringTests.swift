import JSONCodec
import Testing

/// Protocol.md "Anchoring": with the viewport in the middle of 30 rows of 100.5 (offset 1000; the first visible
/// row r9 starts at 904.5, i.e. 95.5 above the viewport's top), rows above r9 growing, inserted or deleted move the
/// offset by the same amount (`table/contentOffsetChanged`, before that change's range update), so r9 keeps its
/// on-screen position; with `scrollAnchoring: false` nothing moves.
@Suite struct ScrollAnchoringTests {
  /// The on-screen y of r9's top: its frame's y (`table/rowFrame`) minus the offset (`table/ranges`).
  static func screenY(_ daemon: Daemon, id: Int) -> Double? {
    let frame = daemon.call(id, "table/rowFrame", #"{"sessionId": "s1", "row": "r9"}"#).last?["result"]?["frame"]
    let ranges = daemon.call(id + 1, "table/ranges", #"{"sessionId": "s1"}"#).last?["result"]
    guard let y = frame?["y"]?.doubleValue, let offset = ranges?["contentOffset"]?["y"]?.doubleValue else { return nil }
    return y - offset
  }

  /// The edits above r9: r2 grows to 300 (row 300.5), a row of 50 (50.5) is inserted at 0, r1 and r3 are deleted;
  /// each with the offset it leads to when anchoring is on (from 1000: +200, +50.5, −201).
  static let edits: [(method: String, params: String, offset: Double)] = [
    ("cell/setNeedsLayout", #"{"sessionId": "s1", "row": "r2", "cell": \#(nodeCell(300))}"#, 1200),
    ("table/insertRows", #"{"sessionId": "s1", "at": 0, "rows": [{"id": "n", "cell": \#(nodeCell(50))}]}"#, 1250.5),
    ("table/deleteRows", #"{"sessionId": "s1", "rows": ["r1", "r3"]}"#, 1049.5),
  ]

  /// Applies `edits` in a session scrolled to 1000; `anchoring` says whether the offset must follow.
  static func run(anchoring: Bool) throws {
    let daemon = try Daemon()
    daemon.startScrollSession(options: anchoring ? "" : #""scrollAnchoring": false"#)
    daemon.insertFixedRows(id: 3, count: 30)
    _ = daemon.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1000}"#)
    #expect(screenY(daemon, id: 6) == -95.5)
    var offset = 1000.0
    for (index, edit) in edits.enumerated() {
      let id = 10 + 10 * index
      var messages = daemon.call(id, edit.method, edit.params)
      messages += daemon.call(id + 1, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
      let methods = messages.compactMap { $0["method"]?.stringValue }.filter { $0 != "cell/didDisplay" }
      let moved = messages.filter { $0["method"] == .string("table/contentOffsetChanged") }
      if anchoring {
        let expected = #"""
          {"jsonrpc": "2.0", "method": "table/contentOffsetChanged", "params": {"sessionId": "s1",
           "contentOffset": {"x": 0, "y": \#(edit.offset)}, "oldContentOffset": {"x": 0, "y": \#(offset)},
           "reason": "anchoring"}}
          """#
        #expect(moved == [json(expected)], "\(edit.method)")
        // The move is pushed before the range update of the same change.
        let first = methods.firstIndex(of: "table/contentOffsetChanged") ?? methods.count
        #expect(!methods[..<first].contains("cell/interfaceStateChanged"), "\(edit.method): \(methods)")
        offset = edit.offset
      } else {
        #expect(moved == [], "\(edit.method)")
      }
      #expect(screenY(daemon, id: id + 2) == (anchoring ? -95.5 : screenYWithoutAnchoring(index)), "\(edit.method)")
    }
    daemon.disposeScrollSession(id: 90)
    daemon.expectAliveThenExit()
  }

  /// r9's on-screen y after edit `index` when the offset stays at 1000: its frame moves with the rows above.
  static func screenYWithoutAnchoring(_ index: Int) -> Double {
    [-95.5 + 200, -95.5 + 250.5, -95.5 + 49.5][index]
  }

  @Test func rowsAboveTheFirstVisibleRowKeepItInPlace() throws { try Self.run(anchoring: true) }

  @Test func withoutAnchoringTheOffsetStays() throws { try Self.run(anchoring: false) }
}
