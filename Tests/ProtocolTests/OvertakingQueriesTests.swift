import JSONCodec
import Testing

/// Protocol.md "Order": geometry queries of the committed state overtake the same session's queued edits that wait
/// for layout (inserts and reloads with rows, `cell/setNeedsLayout`), and keep their place behind anything else
/// (a barrier); queries keep their order among themselves.
@Suite struct OvertakingQueriesTests {
  /// Ids of the responses (not notifications) in `messages`, in order.
  static func responseIDs(_ messages: [JSONValue]) -> [Int] {
    messages.filter { $0["method"] == nil }.compactMap { $0["id"]?.intValue }
  }

  @Test func aQueryOvertakesAnInsertStillBeingDecoded() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let answers = daemon.exchange([
      request(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(CancelRequestTests.slowRows(3000))}"#),
      request(4, "table/contentSize", #"{"sessionId":"s1"}"#),
      request(5, "table/rowAtPoint", #"{"sessionId":"s1","point":{"x":1,"y":1}}"#),
    ])
    // The queries come first, in their order, and see the committed state: nothing inserted yet.
    #expect(Self.responseIDs(answers) == [4, 5, 3])
    #expect(answers.first == json(resultResponse("4", #"{"width":320,"height":0}"#)))
    #expect(answers.dropFirst().first == json(resultResponse("5", "null")))
    let waited = daemon.call(6, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#, timeout: 60)
    #expect(waited.last?["result"]?["seq"] == .int(1))
    daemon.expectAliveThenExit()
  }

  @Test func aBarrierKeepsTheQueriesBehindIt() throws {
    let daemon = try Daemon()
    daemon.startSession()
    // The viewport change is a barrier: the query after it waits for it (and so for the insert before it), and
    // sees its width.
    let answers = daemon.exchange([
      request(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(CancelRequestTests.slowRows(2000))}"#),
      request(4, "session/setViewport", #"{"sessionId":"s1","viewport":{"width":300}}"#),
      request(5, "table/contentSize", #"{"sessionId":"s1"}"#),
      request(6, "table/contentSize", #"{"sessionId":"s1"}"#),
    ])
    #expect(Self.responseIDs(answers) == [3, 4, 5, 6])
    #expect(answers.last?["result"]?["width"]?.doubleValue == 300)
    _ = daemon.call(7, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#, timeout: 60)
    daemon.expectAliveThenExit()
  }

  @Test func queriesPipelinedDuringLayoutAreAnsweredInOrder() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let queries = (4..<204).map { id in
      request(id, id % 2 == 0 ? "table/contentSize" : "table/describe", #"{"sessionId":"s1"}"#)
    }
    let answers = daemon.exchange(
      [request(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(CancelRequestTests.slowRows(1000))}"#)] + queries)
    #expect(Self.responseIDs(answers).filter { $0 != 3 } == Array(4..<204))
    // Each answer is a committed state: the content is empty or holds all 1,000 rows, never a part.
    for answer in answers where answer["result"]?["width"] != nil {
      let height = answer["result"]?["height"]?.doubleValue ?? -1
      #expect(height == 0 || height > 1000, "\(answer)")
    }
    _ = daemon.call(300, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#, timeout: 60)
    let later = daemon.call(301, "table/describe", #"{"sessionId":"s1"}"#)
    #expect(later.last?["result"]?["sections"]?.arrayValue?.first?["rows"]?.arrayValue?.count == 1000)
    daemon.expectAliveThenExit()
  }
}
