import JSONCodec
import JSONRPC
import Testing

/// Protocol.md "Messages": a batch is answered with one array of the responses to its requests once all are
/// ready; a batch of notifications gets nothing; an empty array is -32600.
@Suite struct BatchTests {
  /// The answers in a batch array keyed by their id text (the order inside the array is not specified).
  static func byID(_ array: JSONValue?) -> [String: JSONValue] {
    var answers: [String: JSONValue] = [:]
    for item in array?.arrayValue ?? [] { answers[JSONWriter.string(item["id"] ?? .null)] = item }
    return answers
  }

  @Test func requestsInABatchAreAnsweredInOneArray() throws {
    let daemon = try Daemon()
    let batch = """
      [{"jsonrpc":"2.0","id":1,"method":"initialize"},{"jsonrpc":"2.0","method":"initialized"},
      {"jsonrpc":"2.0","id":"c","method":"session/create","params":{"viewport":{"width":320,"height":480},"interfaceStates":false}}]
      """
    daemon.send(batch)
    let answers = daemon.takeBatchAnswer()
    #expect(answers.count == 1)
    let array = answers.last?.arrayValue ?? []
    #expect(array.count == 2)
    let byID = Self.byID(answers.last)
    #expect(byID["1"] == json(resultResponse("1", LifecycleTests.initializeResult)))
    #expect(byID[#""c""#] == json(resultResponse(#""c""#, #"{"sessionId":"s1"}"#)))
    daemon.expectAliveThenExit(allowArrays: true)
  }

  @Test func batchAnswerWaitsForSessionWorkAndNotificationsStaySingle() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let batch = """
      [{"jsonrpc":"2.0","id":3,"method":"table/insertRows","params":{"sessionId":"s1","rows":[{"cell":\(nodeCell(44))}]}},
      {"jsonrpc":"2.0","id":4,"method":"table/waitUntilAllUpdatesAreProcessed","params":{"sessionId":"s1"}}]
      """
    daemon.send(batch)
    let answers = daemon.takeBatchAnswer()
    // The commit notification is a message of its own, written before the array that waited for it.
    #expect(answers.count == 2)
    #expect(
      answers.first
        == json(
          """
          {"jsonrpc":"2.0","method":"table/didCommit","params":{"sessionId":"s1","seq":1,
          "contentSize":{"width":320,"height":44.5},"insertedRowIds":["r1"]}}
          """))
    let byID = Self.byID(answers.last)
    #expect(byID.count == 2)
    #expect(byID["3"] == json(resultResponse("3", #"{"seq":1,"rowIds":["r1"]}"#)))
    #expect(byID["4"] == json(resultResponse("4", #"{"seq":1,"contentSize":{"width":320,"height":44.5}}"#)))
    daemon.expectAliveThenExit(allowArrays: true)
  }

  @Test func invalidElementsOfABatchAreAnsweredInsideTheArray() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.send(
      #"[5, {"jsonrpc":"1.0","id":7,"method":"x"}, {"jsonrpc":"2.0","id":8,"method":"nope"}, {"jsonrpc":"2.0","method":"nope"}]"#
    )
    let answers = daemon.takeBatchAnswer()
    #expect(answers.count == 1)
    #expect(answers.last?.arrayValue?.count == 3)
    let byID = Self.byID(answers.last)
    #expect(byID["null"] == json(errorResponse("null", -32600, "invalid request: expected an object, got a number")))
    #expect(byID["7"] == json(errorResponse("7", -32600, #"invalid request: "jsonrpc" must be "2.0", got "1.0""#)))
    #expect(byID["8"] == json(errorResponse("8", -32601, "method not found: nope")))
    daemon.expectAliveThenExit(allowArrays: true)
  }

  @Test func aBatchOfOneRequestIsStillAnsweredWithAnArray() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.send("[\(request(3, "table/contentSize", #"{"sessionId":"s1"}"#))]")
    #expect(daemon.takeBatchAnswer() == [json("[\(resultResponse("3", #"{"width":320,"height":0}"#))]")])
    daemon.expectAliveThenExit(allowArrays: true)
  }

  @Test func aBatchOfNotificationsOnlyGetsNothing() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.send(
      #"[{"jsonrpc":"2.0","method":"initialized"},{"jsonrpc":"2.0","method":"foo/bar","params":[]},"#
        + #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}]"#
    )
    // The final check requires the next answer to be the only message: nothing came for the batch.
    daemon.expectAliveThenExit()
  }

  @Test func anEmptyArrayIsAnInvalidRequest() throws {
    let daemon = try Daemon()
    daemon.startSession()
    #expect(
      daemon.exchange(bytes: FrameWriter.frame(Array("[]".utf8)), answering: .null) == [
        json(errorResponse("null", -32600, "invalid request: empty batch"))
      ])
    daemon.expectAliveThenExit()
  }
}
