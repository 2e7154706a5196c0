import JSONCodec
import Testing

/// `session/create` `changeFrames: true`: each `table/didCommit` carries `changeFrames`, the rows the change set
/// affected with their frames before and after. Rows a … e of 100 (100.5 with the separator) in a 320×480 viewport,
/// then one batch: delete a ([0, 0]), reload c ([0, 2]) to 50, move e to [0, 0], insert x (20) at [0, 2]. The new
/// order is e, b, x, c, d (the move and the insert take their new indexes, b, c, d fill the rest in order), with
/// heights 100.5, 100.5, 20.5, 50.5, 100.5.
@Suite("change frames of committed change sets", .serialized)
struct ChangeFramesTests {
  /// Creates s1 (`options` added), commits a … e and returns the batch's `table/didCommit` params.
  static func batchCommit(_ h: ServerHarness, options: String) async -> JSONValue? {
    _ = await h.call(1, "initialize")
    _ = await h.call(
      2, "session/create",
      #"{"viewport": {"width": 320, "height": 480}, "interfaceStates": false, "changeFrames": true\#(options)}"#)
    let rows = ["a", "b", "c", "d", "e"].map {
      #"{"id": "\#($0)", "cell": {"type": "node", "style": {"height": 100}}}"#
    }
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": [\#(rows.joined(separator: ","))]}"#)
    _ = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let batch = await h.call(
      5, "table/performBatchUpdates",
      #"""
      {"sessionId": "s1", "operations": [
        {"op": "deleteRows", "rows": [[0, 0]]},
        {"op": "reloadRows", "rows": [{"row": [0, 2], "cell": {"type": "node", "style": {"height": 50}}}]},
        {"op": "moveRow", "from": "e", "to": [0, 0]},
        {"op": "insertRows", "rows": [{"at": [0, 2], "id": "x", "cell": {"type": "node", "style": {"height": 20}}}]}]}
      """#)
    let messages = batch + (await h.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#))
    return messages.first { $0["method"] == .string("table/didCommit") }?["params"]
  }

  /// `{x: 0, y, width: 320, height}`.
  static func frame(_ y: Double, _ height: Double) -> String {
    #"{"x": 0, "y": \#(y), "width": 320, "height": \#(height)}"#
  }

  @Test("inserted, deleted, moved, reloaded and shifted rows, in new order then the deleted ones")
  func plain() async {
    let h = ServerHarness()
    let commit = await Self.batchCommit(h, options: "")
    // Before: a 0, b 100.5, c 201, d 301.5, e 402 (each 100.5). After: e 0, b 100.5, x 201 (20.5), c 221.5 (50.5),
    // d 272. All on screen ([0, 480)); b kept its frame, so it is not listed; d moved up by 301.5 − 272 = 29.5.
    let f = Self.frame
    #expect(
      commit?["changeFrames"]
        == json(
          """
          [{"rowId": "e", "before": \(f(402, 100.5)), "after": \(f(0, 100.5))},
           {"rowId": "x", "after": \(f(201, 20.5))},
           {"rowId": "c", "before": \(f(201, 100.5)), "after": \(f(221.5, 50.5))},
           {"rowId": "d", "before": \(f(301.5, 100.5)), "after": \(f(272, 100.5))},
           {"rowId": "a", "before": \(f(0, 100.5))}]
          """))
    #expect(commit?["contentSize"] == json(#"{"width": 320, "height": 372.5}"#))
    // A reloadData reports no frames (UIKit does not animate it), but the member is there.
    _ = await h.call(
      7, "table/reloadData",
      #"{"sessionId": "s1", "sections": [{"rows": [{"cell": {"type": "node", "style": {"height": 10}}}]}]}"#)
    let reload = await h.call(8, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(reload.first { $0["method"] == .string("table/didCommit") }?["params"]?["changeFrames"] == json("[]"))
    h.closeInput()
  }

  @Test("an inverted table's change frames are visual, each in the content height of its side of the commit")
  func inverted() async {
    let h = ServerHarness()
    let commit = await Self.batchCommit(h, options: #", "inverted": true"#)
    // Before (C = 502.5): a 502.5 − 100.5 = 402, b 301.5, c 201, d 100.5, e 0. After (C = 372.5, model e 0, b 100.5,
    // x 201, c 221.5, d 272): e 372.5 − 100.5 = 272, b 171.5, x 151, c 100.5 (50.5), d 0. b moved on screen this
    // time (its model top stayed, the content shrank), so it is listed.
    let f = Self.frame
    #expect(
      commit?["changeFrames"]
        == json(
          """
          [{"rowId": "e", "before": \(f(0, 100.5)), "after": \(f(272, 100.5))},
           {"rowId": "b", "before": \(f(301.5, 100.5)), "after": \(f(171.5, 100.5))},
           {"rowId": "x", "after": \(f(151, 20.5))},
           {"rowId": "c", "before": \(f(201, 100.5)), "after": \(f(100.5, 50.5))},
           {"rowId": "d", "before": \(f(100.5, 100.5)), "after": \(f(0, 100.5))},
           {"rowId": "a", "before": \(f(402, 100.5))}]
          """))
    h.closeInput()
  }

  @Test("without the option didCommit has no changeFrames")
  func off() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    _ = await h.call(2, "session/create", #"{"viewport": {"width": 320, "height": 480}, "interfaceStates": false}"#)
    let insert = await h.call(
      3, "table/insertRows", #"{"sessionId": "s1", "rows": [{"cell": {"type": "node", "style": {"height": 10}}}]}"#)
    let messages = insert + (await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#))
    let commit = messages.first { $0["method"] == .string("table/didCommit") }?["params"]
    #expect(commit?["seq"] == .int(1))
    #expect(commit?["changeFrames"] == nil)
    h.closeInput()
  }
}
