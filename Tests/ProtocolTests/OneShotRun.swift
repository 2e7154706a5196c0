import Foundation
import JSONCodec
import JSONRPC

/// Protocol.md "Driving it from a script": the seven messages of the bash one-shot written to a fresh daemon in one
/// write (as a script piping a file does), and what must come back.
struct OneShotRun {
  /// The seven messages, in order: initialize, session/create, insertRows, wait, rowFrame, shutdown, exit.
  static let messages = [
    #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#,
    #"{"jsonrpc":"2.0","id":2,"method":"session/create","params":{"viewport":{"width":320,"height":480},"interfaceStates":false}}"#,
    #"{"jsonrpc":"2.0","id":3,"method":"table/insertRows","params":{"sessionId":"s1","rows":[{"id":"a","cell":{"type":"text","text":"Hello","fontSize":17}}]}}"#,
    #"{"jsonrpc":"2.0","id":4,"method":"table/waitUntilAllUpdatesAreProcessed","params":{"sessionId":"s1"}}"#,
    #"{"jsonrpc":"2.0","id":5,"method":"table/rowFrame","params":{"sessionId":"s1","row":"a"}}"#,
    #"{"jsonrpc":"2.0","id":6,"method":"shutdown"}"#,
    #"{"jsonrpc":"2.0","method":"exit"}"#,
  ]

  /// The answers after `initialize`'s, in the documented order (Ahem at 17 pt plus the 0.5 pt separator).
  static let expectedAfterInitialize = [
    resultResponse("2", #"{"sessionId":"s1"}"#),
    resultResponse("3", #"{"seq":1,"rowIds":["a"]}"#),
    #"{"jsonrpc":"2.0","method":"table/didCommit","params":{"sessionId":"s1","seq":1,"contentSize":{"width":320,"height":17.5},"insertedRowIds":["a"]}}"#,
    resultResponse("4", #"{"seq":1,"contentSize":{"width":320,"height":17.5}}"#),
    resultResponse("5", #"{"rowId":"a","indexPath":[0,0],"frame":{"x":0,"y":0,"width":320,"height":17.5}}"#),
    resultResponse("6", "null"),
  ].map(json)

  /// Every message the daemon wrote, in order.
  let received: [JSONValue]
  /// Its exit status, nil if it did not exit in time.
  let status: Int32?
  /// True when its stdout reached end of file (it exited, or at least closed the protocol's output).
  var outputEnded = false
  /// What it wrote to stderr.
  let stderr: String

  /// Spawns a daemon, writes `messages` (default: the seven) framed in one write, closes its stdin when
  /// `closeInput`, and collects everything until it exits.
  static func run(_ messages: [String] = OneShotRun.messages, closeInput: Bool = false) -> OneShotRun {
    let daemon: Daemon
    do {
      daemon = try Daemon()
    } catch {
      return OneShotRun(received: [], status: nil, stderr: "cannot spawn the daemon: \(error)")
    }
    daemon.write(Array(messages.map(frameText).joined().utf8))
    if closeInput { try? daemon.input.close() }
    let ended = daemon.waitForOutputEnd(timeout: 30)
    let status = daemon.waitForExit(timeout: 30)
    return OneShotRun(
      received: daemon.take(until: { _ in false }, timeout: 0), status: status, outputEnded: ended,
      stderr: daemon.stderrText.withLock { $0 })
  }

  /// Nil when every answer came in the documented order (the first `answers` of them after `initialize`'s) and
  /// the status is `expectedStatus`, else what is wrong.
  func problem(answers: Int = OneShotRun.expectedAfterInitialize.count, expectedStatus: Int32 = 0) -> String? {
    guard let status else {
      return outputEnded ? "stdout ended but no exit status came within 30 s" : "still running after 30 s"
    }
    guard status == expectedStatus else { return "exit status \(status)" }
    guard let first = received.first, first["id"] == .int(1),
      first["result"]?["serverInfo"]?["name"] == .string("layoutd")
    else { return "the first message is not initialize's result" }
    guard Array(received.dropFirst()) == Array(OneShotRun.expectedAfterInitialize.prefix(answers)) else {
      return "the answers differ from the documented ones"
    }
    return nil
  }

  /// The run's messages, one JSON text a line, its status and stderr: what a failure prints.
  var transcript: String {
    let lines = received.map { JSONWriter.string($0) }.joined(separator: "\n")
    return "\(lines)\nexit status: \(status.map(String.init) ?? "none")\nstderr: \(stderr)"
  }
}
