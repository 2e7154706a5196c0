import Foundation
import JSONCodec
import Testing

/// Protocol.md "Lifecycle": on SIGTERM, requests already read are answered before the process exits (status 1
/// without `shutdown`, 0 after it), those still open 0.3 s after the signal -32800; a
/// `table/waitUntilAllUpdatesAreProcessed` still waiting is answered -32800 and layout still running is dropped;
/// stdout ends with whole frames.
@Suite struct TerminateWhileQueuedTests {
  /// Queues a big insert and requests behind it on s1, makes sure the server has read them all (a server-level
  /// request sent after them is answered), then sends SIGTERM. Returns every message written.
  static func terminateWithQueue(_ daemon: Daemon, shutdownFirst: Bool) -> [JSONValue] {
    var bytes = frameText(
      request(3, "table/insertRows", #"{"sessionId":"s1","rows":\#(CancelRequestTests.slowRows(3000))}"#))
    bytes += frameText(request(4, "table/waitUntilAllUpdatesAreProcessed", #"{"sessionId":"s1"}"#))
    bytes += frameText(request(5, "table/contentSize", #"{"sessionId":"s1"}"#))
    bytes += frameText(request(6, "table/describe", #"{"sessionId":"s1","state":"pending"}"#))
    if shutdownFirst { bytes += frameText(request(7, "shutdown")) }
    // `initialized` sent as a request is answered by the server itself (null, or -32600 after `shutdown`) once
    // everything before it was read.
    bytes += frameText(#"{"jsonrpc":"2.0","id":"read","method":"initialized"}"#)
    daemon.write(Array(bytes.utf8))
    // After `shutdown`, the marker waits for the 3,000 slow rows (shutdown is answered once earlier requests are):
    // well past 20 s on a loaded machine, so the wait is as long as CancelRequestTests' behind the same rows.
    let marker = daemon.take(until: { Daemon.isResponse($0, id: .string("read")) }, timeout: 180)
    let markerAnswer =
      shutdownFirst
      ? errorResponse(#""read""#, -32600, "server is shutting down") : resultResponse(#""read""#, "null")
    #expect(marker.last == json(markerAnswer))
    daemon.process.terminate()
    return marker + daemon.take(until: { _ in false }, timeout: 0)
  }

  @Test(arguments: [false, true])
  func queuedRequestsAreAnsweredBeforeExiting(_ shutdownFirst: Bool) throws {
    let daemon = try Daemon()
    daemon.startSession()
    var messages = Self.terminateWithQueue(daemon, shutdownFirst: shutdownFirst)
    #expect(daemon.waitForExit() == (shutdownFirst ? 0 : 1))
    daemon.waitForOutputEnd()
    messages += daemon.take(until: { _ in false }, timeout: 0)
    let responses = messages.filter { $0["method"] == nil }
    /// The one response with `id`, or null when there is none or more than one.
    func answer(_ id: Int) -> JSONValue? {
      let matching = responses.filter { $0["id"] == .int(Int64(id)) }
      return matching.count == 1 ? matching[0] : nil
    }
    // Every request read is answered exactly once. SIGTERM is bounded (Protocol.md "Lifecycle"): when performing
    // the queued insert (3,000 cells decoded, slow in a debug build on a loaded machine) outlasts 0.3 s, what is
    // still open is answered -32800 then. After `shutdown` everything was answered before the signal.
    let ids = shutdownFirst ? Array(3...7) : Array(3...6)
    for id in ids {
      #expect(responses.filter { $0["id"] == .int(Int64(id)) }.count == 1, "request \(id): \(responses)")
    }
    func cancelled(_ id: Int) -> Bool { answer(id) == json(errorResponse("\(id)", -32800, "request cancelled")) }
    if !cancelled(3) {
      #expect(answer(3)?["result"]?["seq"] == .int(1))
      #expect(answer(3)?["result"]?["rowIds"]?.arrayValue?.count == 3000)
    }
    #expect(!shutdownFirst || !cancelled(3))
    // The query after the wait is answered after it: with the wait's content size when the layout finished first
    // (always after `shutdown`, which waits for the wait), else with the committed state (nothing inserted).
    let waited = answer(4)?["result"]?["contentSize"]
    #expect(cancelled(5) || answer(5)?["result"] == (waited ?? json(#"{"width":320,"height":0}"#)))
    #expect(shutdownFirst ? waited != nil : true, "shutdown is answered after the wait")
    if !cancelled(6) {
      #expect(answer(6)?["result"]?["seq"] == .int(1))
      #expect(answer(6)?["result"]?["sections"]?.arrayValue?.first?["rows"]?.arrayValue?.count == 3000)
    }
    if shutdownFirst { #expect(answer(7) == json(resultResponse("7", "null"))) }
    // The wait is answered once: cancelled unless the layout happened to finish first.
    #expect(cancelled(4) || waited != nil)
    if shutdownFirst {
      // Everything after the wait waits for it, `shutdown` for everything before it, the marker for `shutdown`.
      let ids: [JSONValue] = [.int(3), .int(4), .int(5), .int(6), .int(7), .string("read")]
      #expect(responses.map { $0["id"] } == ids)
    }
    daemon.expectCleanOutput()
  }
}
