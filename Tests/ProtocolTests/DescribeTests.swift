import JSONCodec
import Testing

/// Protocol.md "Table", `table/describe`: the committed table (what the view shows) against the pending one (the
/// client's latest rows, unmeasured rows without `height`), row heights with the separator, and a bad `state`.
@Suite struct DescribeTests {
  @Test func anEmptySessionHasOneEmptySection() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let empty = describeResult(seq: 0, height: 0, sections: #"[{"rows":[]}]"#)
    #expect(daemon.describe(3) == [json(resultResponse("3", empty))])
    #expect(daemon.describe(4, state: "committed") == [json(resultResponse("4", empty))])
    #expect(daemon.describe(5, state: "pending") == [json(resultResponse("5", empty))])
    daemon.expectAliveThenExit()
  }

  @Test func pendingShowsTheLatestRowsBeforeTheyCommit() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.seedRows([("a", 10), ("b", 20)])
    // A slow row inserted at the top (seq 2), then b deleted behind it (seq 3, waiting for seq 2 to commit).
    let slow = SetNeedsLayoutTests.slowCell(count: 4000, height: 0.5)
    var bytes = frameText(
      request(5, "table/insertRows", #"{"sessionId":"s1","at":0,"rows":[{"id":"p","cell":\#(slow)}]}"#))
    bytes += frameText(request(6, "table/deleteRows", #"{"sessionId":"s1","rows":["b"]}"#))
    bytes += frameText(request(7, "table/describe", #"{"sessionId":"s1","state":"pending"}"#))
    bytes += frameText(request(8, "table/describe", #"{"sessionId":"s1"}"#))
    daemon.write(Array(bytes.utf8))
    let taken = daemon.take(until: { Daemon.isResponse($0, id: .int(8)) })
    let messages = taken + Array(repeating: JSONValue.null, count: max(0, 4 - taken.count))
    // p is not measured yet: no height, and the pending content size counts a only.
    let pending = describeResult(seq: 3, height: 10.5, sections: #"[{"rows":[{"id":"p"},{"id":"a","height":10.5}]}]"#)
    let committed = describeResult(
      seq: 1, height: 31, sections: #"[{"rows":[{"id":"a","height":10.5},{"id":"b","height":20.5}]}]"#)
    #expect(taken.count == 4)
    #expect(
      [messages[0], messages[1], messages[3]] == [
        json(resultResponse("5", #"{"seq":2,"rowIds":["p"]}"#)), json(resultResponse("6", #"{"seq":3}"#)),
        json(resultResponse("8", committed)),
      ])
    #expect(messages[2] == json(resultResponse("7", pending)))
    #expect(messages[2]["result"]?["sections"] == json(#"[{"rows":[{"id":"p"},{"id":"a","height":10.5}]}]"#))
    // Anchoring keeps `a` on screen as p lands above it (table/contentOffsetChanged); not what this test is about.
    let waited = daemon.call(9, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
      .filter { $0["method"] != .string("table/contentOffsetChanged") }
    #expect(
      waited == [
        didCommit(seq: 2, height: 2031.5, extra: #","insertedRowIds":["p"]"#),
        didCommit(seq: 3, height: 2011, extra: #","deletedRowIds":["b"]"#),
        json(resultResponse("9", #"{"seq":3,"contentSize":{"width":320,"height":2011}}"#)),
      ])
    // Once everything has committed, both states agree.
    let settled = describeResult(
      seq: 3, height: 2011, sections: #"[{"rows":[{"id":"p","height":2000.5},{"id":"a","height":10.5}]}]"#)
    #expect(daemon.describe(10) == [json(resultResponse("10", settled))])
    #expect(daemon.describe(11, state: "pending") == [json(resultResponse("11", settled))])
    daemon.expectAliveThenExit()
  }

  @Test func heightsIncludeTheSeparatorOnlyWhenThereIsOne() throws {
    let daemon = try Daemon()
    daemon.initialize()
    let create =
      #"{"sessionId":"s1","viewport":{"width":320,"height":480},"interfaceStates":false,"scale":1,"separators":false}"#
    #expect(daemon.call(2, "session/create", create) == [json(resultResponse("2", #"{"sessionId":"s1"}"#))])
    _ = daemon.call(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"a","cell":\#(nodeCell(10))}]}"#)
    _ = daemon.call(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#)
    #expect(
      daemon.describe(5) == [
        json(resultResponse("5", describeResult(seq: 1, height: 10, sections: #"[{"rows":[{"id":"a","height":10}]}]"#)))
      ])
    daemon.expectAliveThenExit()
  }

  @Test(arguments: [
    (#""soon""#, #"params.state: expected "committed" or "pending", got "soon""#),
    ("5", "params.state: expected a string, got a number"),
  ])
  func aBadStateIsAParamsError(_ state: String, _ message: String) throws {
    let daemon = try Daemon()
    daemon.startSession()
    #expect(
      daemon.call(3, "table/describe", #"{"sessionId":"s1","state":\#(state)}"#) == [
        json(errorResponse("3", -32602, message))
      ])
    #expect(
      daemon.call(4, "table/describe", #"{"sessionId":"s7"}"#) == [
        json(errorResponse("4", -32003, #"unknown session "s7""#))
      ])
    daemon.expectAliveThenExit()
  }
}
