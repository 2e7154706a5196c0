import JSONCodec
import Testing

/// Protocol.md "Change frames" and "Layout transitions" against the spawned daemon.
@Suite struct ChangeFramesProtocolTests {
  /// `{"x":0,"y":Y,"width":320,"height":H}`.
  static func frame(_ y: Double, _ height: Double) -> String {
    #"{"x": 0, "y": \#(y), "width": 320, "height": \#(height)}"#
  }

  /// 30 rows r0 … r29 of 100.5 scrolled to 1000 (on screen: r9 904.5–1005 … r14 1407–1507.5), then one batch:
  /// delete r0, reload r20 to 50 (50.5), insert n (20.5) at [0, 28] (between r28 and r29 after the delete). New tops:
  /// r_k = 100.5 (k − 1) up to r20 (1909.5); r21 … r28 from 1960 in steps of 100.5 (r28 2663.5); n 2764; r29 2784.5.
  /// Anchoring keeps r9 95.5 above the viewport's top: offset 804 + 95.5 = 899.5. The rows on screen before or after
  /// ([899.5, 1379.5) after: r9 … r14) that moved are listed with the listed edits; r1 … r8 and r15 … r28 (but the
  /// reloaded r20) moved off screen and are not.
  @Test func batchWithDeleteReloadInsertOverAScrolledViewport() throws {
    let daemon = try Daemon()
    daemon.startScrollSession(options: #""interfaceStates": false, "changeFrames": true"#)
    daemon.insertFixedRows(id: 3, count: 30)
    _ = daemon.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1000}"#)
    let batch = #"""
      {"sessionId": "s1", "operations": [
        {"op": "deleteRows", "rows": [[0, 0]]},
        {"op": "reloadRows", "rows": [{"row": "r20", "cell": \#(nodeCell(50))}]},
        {"op": "insertRows", "rows": [{"at": [0, 28], "id": "n", "cell": \#(nodeCell(20))}]}]}
      """#
    let messages =
      daemon.call(6, "table/performBatchUpdates", batch)
      + daemon.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let f = Self.frame
    let shifted = (9...14).map { k in
      #"{"rowId": "r\#(k)", "before": \#(f(100.5 * Double(k), 100.5)), "after": \#(f(100.5 * Double(k - 1), 100.5))}"#
    }
    let expected =
      "[" + shifted.joined(separator: ",")
        + #"""
        , {"rowId": "r20", "before": \#(f(2010, 100.5)), "after": \#(f(1909.5, 50.5))},
          {"rowId": "n", "after": \#(f(2764, 20.5))},
          {"rowId": "r0", "before": \#(f(0, 100.5))}]
        """#
    let commits = InvertedTableProtocolTests.pushed("table/didCommit", messages)
    #expect(commits.count == 1)
    #expect(commits.first?["changeFrames"] == json(expected))
    #expect(commits.first?["contentSize"] == json(#"{"width": 320, "height": 2885}"#))  // 3015 − 100.5 − 50 + 20.5
    #expect(
      InvertedTableProtocolTests.pushed("table/contentOffsetChanged", messages).map { $0["contentOffset"] }
        == [json(#"{"x": 0, "y": 899.5}"#)])
    daemon.expectAliveThenExit()
  }

  /// A cell of a 40 pt node named avatar above a 20 pt node with id body becomes body above a 10 pt node named badge:
  /// before avatar 0–40, body 40–60 (cell 60); after body 0–20, badge 20–30 (cell 30). Keys name:avatar, id:body →
  /// id:body, name:badge: badge inserted, avatar removed, body moves from y 40 to 0.
  @Test func transitionWithAnElementInsertedAndOneRemoved() throws {
    let daemon = try Daemon()
    daemon.startScrollSession(options: #""interfaceStates": false"#)
    let before = #"""
      {"type": "stack", "direction": "vertical", "children": [
        {"type": "node", "name": "avatar", "style": {"height": 40}}, {"type": "node", "id": "body", "style": {"height": 20}}]}
      """#
    let after = #"""
      {"type": "stack", "direction": "vertical", "children": [
        {"type": "node", "id": "body", "style": {"height": 20}}, {"type": "node", "name": "badge", "style": {"height": 10}}]}
      """#
    _ = daemon.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": [{"id": "k", "cell": \#(before)}]}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    let answer = daemon.result(
      5, "cell/setNeedsLayout", #"{"sessionId": "s1", "row": "k", "transition": true, "cell": \#(after)}"#)
    let f = Self.frame
    #expect(
      answer
        == json(
          #"""
          {"seq": 1, "rowId": "k", "indexPath": [0, 0],
           "before": {"size": {"width": 320, "height": 60}, "elements": [
             {"type": "node", "name": "avatar", "frame": \#(f(0, 40)), "key": "name:avatar"},
             {"type": "node", "id": "body", "frame": \#(f(40, 20)), "key": "id:body"}]},
           "after": {"size": {"width": 320, "height": 30}, "elements": [
             {"type": "node", "id": "body", "frame": \#(f(0, 20)), "key": "id:body"},
             {"type": "node", "name": "badge", "frame": \#(f(20, 10)), "key": "name:badge"}]},
           "inserted": ["name:badge"], "removed": ["name:avatar"]}
          """#))
    // The relayout stands as without a transition: the row is 30.5 once it settles.
    _ = daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(
      daemon.result(7, "table/rowFrame", #"{"sessionId": "s1", "row": "k"}"#)["frame"]?["height"] == .double(30.5))
    daemon.expectAliveThenExit()
  }
}
