import Foundation
import JSONCodec
import JSONRPC
import Server
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Multiplier for this target's timeouts: `$LAYOUTD_TEST_TIMEOUT_SCALE`, else 1. Tests/sanitizers.sh sets it, since
/// sanitized builds run several times slower (a deadline is a bound on a hang, never a performance check).
let timeoutScale = ProcessInfo.processInfo.environment["LAYOUTD_TEST_TIMEOUT_SCALE"].flatMap(Double.init) ?? 1

/// Seconds a harness waits for an answer before reporting a hang. Generous: Swift Testing runs synchronous tests
/// on the same two cooperative threads as these asynchronous ones and the in-process server's tasks, so during a
/// full run an answer can wait out every synchronous suite (about 40 s on a 2-core machine; a 10 s bound failed
/// now and then).
let hangBound = 120 * timeoutScale

/// A `LayoutServer` on a `StdioConnection` over two pipes, driven like a client: write frames, read messages.
final class ServerHarness: Sendable {
  /// The server under test.
  let server = LayoutServer(version: "test")
  /// The connection it serves.
  let connection: StdioConnection
  /// Write end of the server's input.
  let input: Int32
  /// Read end of the server's output.
  let output: Int32
  /// Write end of the server's output (closed once the server has closed).
  let outputWrite: Int32
  /// Messages read from the server, not yet taken.
  let received = Mutex<[JSONValue]>([])
  /// True once the output pipe reached end of file.
  let ended = Mutex(false)

  /// Starts the server and a reader thread.
  init() {
    var a: [Int32] = [-1, -1]
    var b: [Int32] = [-1, -1]
    _ = pipe(&a)
    _ = pipe(&b)
    input = a[1]
    output = b[0]
    outputWrite = b[1]
    // Every insert's rows are left unbuilt by the reader, whatever its size, so that these tests run the deferred
    // path (the daemon defers only large ones; the protocol tests' small inserts run the built path).
    var configuration = StdioConnection.Configuration()
    configuration.deferral = LayoutServer.deferral.map {
      DeferralRule(method: $0.method, member: $0.member, minimumBodyBytes: 0)
    }
    connection = StdioConnection(input: a[0], output: b[1], configuration: configuration)
    connection.start(handler: server)
    let thread = Thread { [self] in readLoop() }
    thread.start()
  }

  /// Reads frames until end of file.
  private func readLoop() {
    var reader = FrameReader()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, 65536) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      reader.feed(Array(buffer[0..<n]))
      while let event = reader.next() {
        if case .message(let body) = event, let value = try? JSONParser.parse(body) {
          received.withLock { $0.append(value) }
        }
      }
    }
    ended.withLock { $0 = true }
  }

  /// Sends one message body given as JSON text.
  func send(_ text: String) {
    let body = Array(text.utf8)
    let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    frame.withUnsafeBytes { raw in
      guard var p = raw.baseAddress else { return }
      var left = raw.count
      while left > 0 {
        let n = write(input, p, left)
        if n <= 0 { return }
        p += n
        left -= n
      }
    }
  }

  /// Sends a request and returns every message received up to and including its response (notifications
  /// first), or what arrived within `hangBound`.
  func call(_ id: Int, _ method: String, _ params: String = "{}") async -> [JSONValue] {
    send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    let deadline = Date().addingTimeInterval(hangBound)
    while true {
      let taken: [JSONValue]? = received.withLock { messages in
        guard let index = messages.firstIndex(where: { $0["id"] == .int(Int64(id)) }) else { return nil }
        let prefix = Array(messages[...index])
        messages.removeFirst(index + 1)
        return prefix
      }
      if let taken { return taken }
      if Date() >= deadline { break }  // checked after looking, so a late wake-up still sees the answer
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return received.withLock { $0 }
  }

  /// Waits up to `hangBound` for a notification named `method` and takes it (with everything before it).
  func notification(_ method: String) async -> JSONValue? {
    let deadline = Date().addingTimeInterval(hangBound)
    while true {
      let taken: JSONValue? = received.withLock { messages in
        guard let index = messages.firstIndex(where: { $0["method"] == .string(method) }) else { return nil }
        let found = messages[index]
        messages.removeFirst(index + 1)
        return found
      }
      if let taken { return taken }
      if Date() >= deadline { return nil }
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
  }

  /// Sends a notification.
  func notify(_ method: String, _ params: String = "{}") {
    send(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
  }

  /// Closes the server's input (end of file).
  func closeInput() { close(input) }

  /// Waits (without blocking a thread) until the server has closed, then returns its exit status.
  func exitStatus() async -> Int32? {
    let deadline = Date().addingTimeInterval(hangBound)
    while Date() < deadline, server.exitStatus == nil {
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return server.exitStatus
  }

  /// Initializes the server and creates session "s1" of width 320 at scale 2 with separators.
  func startSession() async {
    _ = await call(1, "initialize")
    _ = await call(2, "session/create", #"{"viewport": {"width": 320, "height": 480}, "interfaceStates": false}"#)
  }

  /// Initializes and creates session "s1" lenient about fonts (an unknown family fails at layout, not at insert).
  func startLenientSession() async {
    _ = await call(1, "initialize")
    _ = await call(
      2, "session/create", #"{"viewport": {"width": 320, "height": 480}, "interfaceStates": false, "lenientFonts": true}"#)
  }
}

/// Parses JSON text for expectations (Null on malformed text, so the comparison fails).
func json(_ text: String) -> JSONValue {
  (try? JSONParser.parse(Array(text.utf8))) ?? .null
}
