import Foundation
import JSONCodec
import JSONRPC
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Multiplier for this target's timeouts: `$LAYOUTD_TEST_TIMEOUT_SCALE`, else 1. Tests/sanitizers.sh sets it, since
/// sanitized builds run several times slower (a deadline is a bound on a hang, never a performance check).
let timeoutScale = ProcessInfo.processInfo.environment["LAYOUTD_TEST_TIMEOUT_SCALE"].flatMap(Double.init) ?? 1

/// A pipe(2): bytes written to `write` come out of `read`.
struct Pipe {
  /// Read end.
  let read: Int32
  /// Write end.
  let write: Int32

  /// A new pipe, or nil if pipe(2) failed.
  static func make() -> Pipe? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    return Pipe(read: ends[0], write: ends[1])
  }
}

/// Writes all of `bytes` to `fd` (blocking); false on error.
@discardableResult
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
  bytes.withUnsafeBytes { raw in
    guard var p = raw.baseAddress else { return true }
    var left = raw.count
    while left > 0 {
      let n = write(fd, p, left)
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      p += n
      left -= n
    }
    return true
  }
}

/// Reads `fd` until EOF and returns the frame bodies as text.
func readBodies(_ fd: Int32) -> [String] {
  var reader = FrameReader()
  var bodies: [String] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
    if n < 0 && errno == EINTR { continue }
    if n <= 0 { break }
    reader.feed(Array(buffer[0..<n]))
    while let event = reader.next() {
      if case .message(let body) = event { bodies.append(String(decoding: body, as: UTF8.self)) }
    }
  }
  return bodies
}

/// Polls `condition` every millisecond for up to `seconds`; true once it holds.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds * timeoutScale)
  while Date() < deadline {
    if condition() { return true }
    usleep(1000)
  }
  return condition()
}

/// A handler that records what it gets, answers each request with its params as result, and answers
/// `.invalid` frames with their error; it can be held at a gate.
final class EchoHandler: MessageHandler {
  /// What was delivered, as text, in order.
  let log = Mutex<[String]>([])
  /// How the connection closed.
  let closed = Mutex<CloseReason?>(nil)
  /// Highest pending count seen while handling.
  let maxPending = Mutex(0)
  /// While true, `handle` waits.
  let held = Mutex(false)

  /// Records and answers one frame.
  func handle(_ message: IncomingMessage, bytes: Int, connection: StdioConnection) async {
    while held.withLock({ $0 }) { try? await Task.sleep(nanoseconds: 1_000_000) }
    let pending = connection.pendingMessageCount
    maxPending.withLock { $0 = max($0, pending) }
    switch message {
    case .message(let m):
      log.withLock { $0.append(String(decoding: m.body, as: UTF8.self)) }
      if case .request(let id, _, let params) = m { connection.send(.response(id: id, result: params)) }
    case .deferred(let m, let deferred):
      log.withLock { $0.append("deferred \(deferred.elements.count): " + String(decoding: m.body, as: UTF8.self)) }
      if case .request(let id, _, let params) = m { connection.send(.response(id: id, result: params)) }
    case .invalid(let error):
      log.withLock { $0.append("invalid: \(error.error.message)") }
      connection.send(error.response)
    case .batch(let items):
      log.withLock { $0.append("batch of \(items.count)") }
      var answers: [Message] = []
      for item in items {
        switch item {
        case .success(.request(let id, _, let params)): answers.append(.response(id: id, result: params))
        case .success: break
        case .failure(let error): answers.append(error.response)
        }
      }
      if !answers.isEmpty { connection.send(batch: answers) }
    }
  }

  /// Records the close reason.
  func connectionClosed(_ connection: StdioConnection, reason: CloseReason) async {
    closed.withLock { $0 = reason }
  }
}

/// The result of work running on its own thread.
final class Collected<T: Sendable>: Sendable {
  /// The result once available.
  private let value = Mutex<T?>(nil)
  /// Signalled when the result is set.
  private let done = DispatchSemaphore(value: 0)

  /// Stores the result.
  fileprivate func set(_ result: T) {
    value.withLock { $0 = result }
    done.signal()
  }

  /// Blocks until the result is available.
  func wait() -> T? {
    done.wait()
    done.signal()
    return value.withLock { $0 }
  }
}

extension Thread {
  /// Runs `body` on a new thread; `wait()` on the result blocks until it returns.
  static func detachedCollect<T: Sendable>(_ body: @escaping @Sendable () -> T) -> Collected<T> {
    let collected = Collected<T>()
    let thread = Thread { collected.set(body()) }
    thread.start()
    return collected
  }
}
