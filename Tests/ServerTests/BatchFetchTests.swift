import JSONCodec
import Testing

@Suite("batch fetching", .serialized)
struct BatchFetchTests {
  /// True when `messages` hold a `table/willBeginBatchFetch`.
  func fetched(_ messages: [JSONValue]) -> Bool {
    messages.contains { $0["method"] == .string("table/willBeginBatchFetch") }
  }

  @Test("fires once within two screens of the end, not again until completed, never while scrolling up")
  func decision() async {
    let h = ServerHarness()
    await ScrollTests.setUp(h, options: #""interfaceStates": false, "batchFetching": true"#)
    // The empty table fetched when it entered its window; the client inserted its rows and completes.
    _ = await h.call(20, "table/completeBatchFetching", #"{"sessionId": "s1"}"#)
    // Content 3015, viewport 480, trigger 2 × 480 = 960: fetch when 3015 − 480 − y ≤ 960, i.e. y ≥ 1575.
    #expect(!fetched(await h.call(5, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1500}"#)))
    let at1600 = await h.call(6, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1600}"#)
    #expect(
      at1600.first { $0["method"] == .string("table/willBeginBatchFetch") }?["params"]
        == json(
          #"""
          {"sessionId": "s1", "contentSize": {"width": 320, "height": 3015}, "contentOffset": {"x": 0, "y": 1600}}
          """#))
    #expect(!fetched(await h.call(7, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1700}"#)))  // fetching
    #expect(
      await h.call(8, "table/completeBatchFetching", #"{"sessionId": "s1"}"#).last?["result"]
        == json(#"{"state": "completed", "leadingScreens": 2}"#))
    #expect(!fetched(await h.call(9, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1650}"#)))  // up
    #expect(fetched(await h.call(10, "table/scrollToOffset", #"{"sessionId": "s1", "y": 1800}"#)))
    // finished: false keeps the context fetching (Texture then never fetches again).
    _ = await h.call(11, "table/completeBatchFetching", #"{"sessionId": "s1", "finished": false}"#)
    #expect(!fetched(await h.call(12, "table/scrollToOffset", #"{"sessionId": "s1", "y": 2000}"#)))
    #expect(
      await h.call(13, "table/cancelBatchFetching", #"{"sessionId": "s1"}"#).last?["result"]?["state"]
        == .string("cancelled"))
    // Changing the leading screens checks at once: 3015 − 480 − 2000 = 535 ≤ 0.5 × 480? No; ≤ 1.2 × 480 = 576: yes.
    #expect(
      !fetched(await h.call(14, "table/setLeadingScreensForBatching", #"{"sessionId": "s1", "leadingScreens": 0.5}"#)))
    #expect(
      fetched(await h.call(15, "table/setLeadingScreensForBatching", #"{"sessionId": "s1", "leadingScreens": 1.2}"#)))
    h.closeInput()
  }

  @Test("an empty table fetches as soon as it is in its window; a check after a commit waits for the completion")
  func emptyTable() async {
    let h = ServerHarness()
    _ = await h.call(1, "initialize")
    let created = await h.call(
      2, "session/create", #"{"viewport": {"width": 320, "height": 480}, "batchFetching": true}"#)
    #expect(
      created.first
        == json(
          #"""
          {"jsonrpc": "2.0", "method": "table/willBeginBatchFetch", "params": {"sessionId": "s1",
           "contentSize": {"width": 320, "height": 0}, "contentOffset": {"x": 0, "y": 0}}}
          """#))
    _ = await h.call(3, "table/insertRows", #"{"sessionId": "s1", "rows": \#(ScrollTests.rows(3))}"#)
    let committed = await h.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    #expect(!fetched(committed))  // still fetching: the after-commit check is held until the client completes
    // 3 × 100.5 = 301.5 < 480: the held check runs right after the completion and fetches again.
    #expect(fetched(await h.call(5, "table/completeBatchFetching", #"{"sessionId": "s1"}"#)))
    _ = await h.call(
      6, "table/insertRows", #"{"sessionId": "s1", "rows": [{"cell": {"type": "node", "style": {"height": 5}}}]}"#)
    _ = await h.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId": "s1"}"#)
    // The commit's check finds the context fetching (held again); cancelling runs it: 307 < 480 fetches.
    #expect(fetched(await h.call(8, "table/cancelBatchFetching", #"{"sessionId": "s1"}"#)))
    h.closeInput()
  }
}
