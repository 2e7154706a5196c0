import Foundation
import JSONCodec
import Testing

/// Protocol.md "Lifecycle": `exit` as a notification or a request (never answered), end of input and SIGTERM
/// end the process with status 0 after `shutdown` and 1 otherwise.
@Suite struct ExitTests {
  /// How a test ends the process.
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case exitNotification, exitRequest, endOfInput, sigterm
    var testDescription: String { rawValue }
  }

  /// Sends `ending` to the process.
  static func end(_ daemon: Daemon, by ending: Ending) {
    switch ending {
    case .exitNotification: daemon.notify("exit")
    case .exitRequest: daemon.send(#"{"jsonrpc":"2.0","id":99,"method":"exit"}"#)
    case .endOfInput: try? daemon.input.close()
    case .sigterm: daemon.process.terminate()
    }
  }

  @Test(arguments: Ending.allCases)
  func afterShutdownTheStatusIsZero(_ ending: Ending) throws {
    let daemon = try Daemon()
    daemon.startSession()
    #expect(
      daemon.call(3, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("3", #"{"width":320,"height":0}"#))
      ])
    #expect(daemon.call(4, "shutdown") == [json(resultResponse("4", "null"))])
    Self.end(daemon, by: ending)
    #expect(daemon.waitForExit() == 0)
    daemon.expectCleanOutput()
  }

  @Test(arguments: Ending.allCases)
  func withoutShutdownTheStatusIsOne(_ ending: Ending) throws {
    let daemon = try Daemon()
    daemon.startSession()
    #expect(
      daemon.call(3, "table/contentSize", #"{"sessionId":"s1"}"#) == [
        json(resultResponse("3", #"{"width":320,"height":0}"#))
      ])
    Self.end(daemon, by: ending)
    #expect(daemon.waitForExit() == 1)
    daemon.expectCleanOutput()
  }

  @Test(arguments: [Ending.exitNotification, .endOfInput, .sigterm])
  func beforeInitializeTheStatusIsOne(_ ending: Ending) throws {
    let daemon = try Daemon()
    #expect(daemon.call(1, "shutdown") == [json(errorResponse("1", -32002, "server not initialized"))])
    Self.end(daemon, by: ending)
    #expect(daemon.waitForExit() == 1)
    daemon.expectCleanOutput()
  }

  @Test func requestsSentBeforeEndOfInputAreAnswered() throws {
    let daemon = try Daemon()
    daemon.startSession()
    let insert = request(3, "table/insertRows", #"{"sessionId":"s1","rows":[{"id":"a","cell":\#(nodeCell(44))}]}"#)
    let sizeQuery = request(4, "table/contentSize", #"{"sessionId":"s1"}"#)
    let shutdown = request(5, "shutdown")
    daemon.write(Array("\(frameText(insert))\(frameText(sizeQuery))\(frameText(shutdown))".utf8))
    try daemon.input.close()
    #expect(daemon.waitForExit() == 0)
    daemon.waitForOutputEnd()
    // `shutdown` is answered after the requests before it; the query may overtake the insert, so the others are
    // matched by id, and the commit may or may not have happened before the query.
    let responses = daemon.take(until: { _ in false }, timeout: 0).filter { $0["method"] == nil }
    #expect(responses.count == 3)
    #expect(responses.first { $0["id"] == .int(3) } == json(resultResponse("3", #"{"seq":1,"rowIds":["a"]}"#)))
    let size = responses.first { $0["id"] == .int(4) }
    let committed = json(resultResponse("4", #"{"width":320,"height":44.5}"#))
    #expect(size == committed || size == json(resultResponse("4", #"{"width":320,"height":0}"#)))
    #expect(responses.last == json(resultResponse("5", "null")))
    daemon.expectCleanOutput()
  }
}

/// `text` framed as the client sends it.
func frameText(_ text: String) -> String {
  "Content-Length: \(text.utf8.count)\r\n\r\n\(text)"
}
