import JSONCodec
import Testing

/// Protocol.md "Lifecycle" and "Messages": `exit` sent inside a batch ends the process like a single `exit`
/// (status 0 after `shutdown`, 1 otherwise; never answered), and the batch's requests are answered in one array.
@Suite struct ExitInBatchTests {
  @Test func shutdownThenExitInOneBatch() throws {
    let daemon = try Daemon()
    daemon.startSession()
    daemon.send(#"[{"jsonrpc":"2.0","id":5,"method":"shutdown"},{"jsonrpc":"2.0","method":"exit"}]"#)
    #expect(daemon.waitForExit() == 0)
    daemon.waitForOutputEnd()
    #expect(daemon.take(until: { _ in false }, timeout: 0) == [json("[\(resultResponse("5", "null"))]")])
    daemon.expectCleanOutput(allowArrays: true)
  }

  @Test func aQueryThenExitInOneBatchWithoutShutdown() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let query = request(5, "table/contentSize", #"{"sessionId":"s1"}"#)
    daemon.send(#"[\#(query),{"jsonrpc":"2.0","method":"exit"}]"#)
    #expect(daemon.waitForExit() == 1)
    daemon.waitForOutputEnd()
    // The query was queued on the session before `exit`, so it is answered before the process ends.
    #expect(
      daemon.take(until: { _ in false }, timeout: 0) == [json("[\(resultResponse("5", #"{"width":320,"height":0}"#))]")]
    )
    daemon.expectCleanOutput(allowArrays: true)
  }

  @Test func exitAsARequestInABatchIsNeverAnswered() throws {
    let daemon = try Daemon()
    daemon.startSession()
    #expect(daemon.call(3, "shutdown") == [json(resultResponse("3", "null"))])
    daemon.send(#"[{"jsonrpc":"2.0","id":6,"method":"exit"}]"#)
    #expect(daemon.waitForExit() == 0)
    daemon.waitForOutputEnd()
    #expect(daemon.take(until: { _ in false }, timeout: 0) == [])
    daemon.expectCleanOutput()
  }

  @Test func requestsAfterExitInTheSameBatchNeedNotBeAnswered() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let query = request(5, "table/contentSize", #"{"sessionId":"s1"}"#)
    daemon.send(#"[{"jsonrpc":"2.0","method":"exit"},\#(query)]"#)
    #expect(daemon.waitForExit() == 1)
    daemon.waitForOutputEnd()
    // Protocol.md does not say whether a request after `exit` is still handled; if it is, it is answered whole.
    let taken = daemon.take(until: { _ in false }, timeout: 0)
    #expect(taken == [] || taken == [json("[\(resultResponse("5", #"{"width":320,"height":0}"#))]")])
    daemon.expectCleanOutput(allowArrays: true)
  }
}
