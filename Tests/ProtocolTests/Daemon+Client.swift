import Foundation
import JSONCodec
import JSONRPC
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Client-side helpers for the protocol tests: exchanges of whole messages, raw writes, and the check that ends
/// every test (the process still answers, exits with the expected status, and wrote only well-formed frames).
extension Daemon {
  /// Sends `text` framed and returns every message received up to and including the response carrying `text`'s
  /// id (`null` when `text` has no id or is not JSON), or whatever arrived within `timeout` seconds.
  func exchange(_ text: String, timeout: Double = 10) -> [JSONValue] {
    exchange(bytes: FrameWriter.frame(Array(text.utf8)), answering: Daemon.id(of: text), timeout: timeout)
  }

  /// Writes raw `bytes` and returns every message up to and including the response with `id`.
  func exchange(bytes: [UInt8], answering id: JSONValue, timeout: Double = 10) -> [JSONValue] {
    write(bytes)
    return take(until: { Daemon.isResponse($0, id: id) }, timeout: timeout)
  }

  /// Writes the framed `requests` (and notifications) at once and returns every message up to and including the
  /// last of their responses to arrive, whatever order they come in (queries may overtake edits, Protocol.md
  /// "Order").
  func exchange(_ requests: [String], timeout: Double = 60) -> [JSONValue] {
    write(Array(requests.map(frameText).joined().utf8))
    var ids = Set(requests.map { Daemon.id(of: $0) }.filter { $0 != .null })  // notifications get no answer
    var taken: [JSONValue] = []
    while !ids.isEmpty {
      let more = take(until: { message in ids.contains { Daemon.isResponse(message, id: $0) } }, timeout: timeout)
      guard let last = more.last, let id = last["id"], ids.remove(id) != nil else { return taken + more }
      taken += more
    }
    return taken
  }

  /// Every message up to and including the next array (the answer to a batch).
  func takeBatchAnswer(timeout: Double = 10) -> [JSONValue] {
    take(until: { $0.arrayValue != nil }, timeout: timeout)
  }

  /// Every message up to and including the next notification named `method`.
  func takeNotification(_ method: String, timeout: Double = 10) -> [JSONValue] {
    take(until: { $0["method"] == .string(method) }, timeout: timeout)
  }

  /// Writes `bytes` one byte per `write(2)`, pausing briefly after each so the daemon reads them one at a time.
  func writeBytewise(_ bytes: [UInt8]) {
    for byte in bytes {
      write([byte])
      usleep(300)
    }
  }

  /// Initializes the daemon (checking the answer) and sends `initialized`.
  func initialize() {
    let answer = call(1, "initialize")
    #expect(answer.count == 1 && answer.last?["result"]?["serverInfo"]?["name"] == .string("layoutd"))
    notify("initialized")
  }

  /// Ends a test: a `shutdown` request with id "alive" must be answered exactly `answer` with nothing else
  /// pending, then `exit` must end the process with `status`, and stdout must hold only well-formed frames.
  func expectAliveThenExit(
    answer: String = #"{"jsonrpc":"2.0","id":"alive","result":null}"#, status: Int32 = 0, allowArrays: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let taken = exchange(#"{"jsonrpc":"2.0","id":"alive","method":"shutdown"}"#)
    #expect(taken == [json(answer)], "the process must answer a last request", sourceLocation: sourceLocation)
    notify("exit")
    #expect(waitForExit() == status, sourceLocation: sourceLocation)
    expectCleanOutput(allowArrays: allowArrays, sourceLocation: sourceLocation)
  }

  /// After the process has exited: stdout reached end of file, every message was taken by the test, and every
  /// byte written was part of an exact `Content-Length: N\r\n\r\n` frame holding a well-formed message whose
  /// numbers are all finite (strict JSON).
  func expectCleanOutput(allowArrays: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(waitForOutputEnd(), "stdout must be closed when the process exits", sourceLocation: sourceLocation)
    let leftover = received.withLock { $0 }
    #expect(leftover.isEmpty, "messages nobody expected: \(leftover)", sourceLocation: sourceLocation)
    #expect(garbage.withLock { $0 }.isEmpty, "bodies that are not JSON", sourceLocation: sourceLocation)
    switch OutputCheck.frames(rawOutput.withLock { $0 }) {
    case .failure(let problem):
      Issue.record("stdout is not exact frames: \(problem)", sourceLocation: sourceLocation)
    case .success(let bodies):
      for body in bodies {
        if let problem = OutputCheck.shapeProblem(body, allowArrays: allowArrays) {
          Issue.record(
            "\(problem): \(String(decoding: body, as: UTF8.self))", sourceLocation: sourceLocation)
        }
        if let problem = OutputCheck.nonFiniteNumber(in: body) {
          Issue.record("\(problem): \(String(decoding: body, as: UTF8.self))", sourceLocation: sourceLocation)
        }
      }
    }
  }

  /// Waits up to `timeout` seconds until stdout has reached end of file and everything on it was read; false if
  /// it did not.
  @discardableResult
  func waitForOutputEnd(timeout: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout * timeoutScale)
    while !ended.withLock({ $0 }), Date() < deadline { usleep(2000) }
    return ended.withLock { $0 }
  }

  /// The id of a request given as JSON text, `null` when it has none.
  static func id(of text: String) -> JSONValue {
    json(text)["id"] ?? .null
  }

  /// True when `message` is a single response (not a notification, not an array) with `id`.
  static func isResponse(_ message: JSONValue, id: JSONValue) -> Bool {
    message.objectValue != nil && message["method"] == nil && message["id"] == id
  }
}

/// A request as JSON text.
func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
  #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
}

/// An error response as JSON text (`id` is JSON text, e.g. `7`, `"a"` or `null`).
func errorResponse(_ id: String, _ code: Int, _ message: String) -> String {
  #"{"jsonrpc":"2.0","id":\#(id),"error":{"code":\#(code),"message":\#(JSONWriter.string(.string(message)))}}"#
}

/// A success response as JSON text.
func resultResponse(_ id: String, _ result: String) -> String {
  #"{"jsonrpc":"2.0","id":\#(id),"result":\#(result)}"#
}

/// A layout spec for a cell of fixed `height` points.
func nodeCell(_ height: Double) -> String {
  #"{"type":"node","style":{"height":\#(height)}}"#
}
