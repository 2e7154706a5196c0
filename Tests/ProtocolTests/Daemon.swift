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

/// Multiplier for the resident-memory bounds: `$LAYOUTD_TEST_MEMORY_SCALE`, else 1 (Tests/sanitizers.sh sets it: a
/// sanitized daemon carries shadow memory).
let memoryScale = ProcessInfo.processInfo.environment["LAYOUTD_TEST_MEMORY_SCALE"].flatMap(Int.init) ?? 1

/// The real `layoutd` binary spawned with pipes, driven like a client: write raw bytes or frames, read messages.
/// Shared by every protocol test; extend it in your own files rather than editing it.
final class Daemon: Sendable {
  /// The package root (three levels above this file).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// The binary under test: `$LAYOUTD_BINARY`, else the debug build.
  static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["LAYOUTD_BINARY"] { return URL(fileURLWithPath: path) }
    return root.appendingPathComponent(".build/debug/layoutd")
  }

  /// The process.
  let process: Process
  /// Write end of the daemon's stdin.
  let input: FileHandle
  /// Messages read from stdout, not yet taken.
  let received = Mutex<[JSONValue]>([])
  /// Bodies that were not valid JSON (should never happen).
  let garbage = Mutex<[[UInt8]]>([])
  /// True once stdout reached end of file.
  let ended = Mutex(false)
  /// Everything the daemon wrote to stderr.
  let stderrText = Mutex("")
  /// Every byte the daemon wrote to stdout, in order (checked strictly by `OutputCheck`).
  let rawOutput = Mutex<[UInt8]>([])

  /// The daemon's environment: this process's, with `ASAN_OPTIONS` replaced by `$LAYOUTD_DAEMON_ASAN_OPTIONS` when
  /// set (Tests/sanitizers.sh: an AddressSanitizer daemon that exits with layout work in flight must not report
  /// that work's memory as leaked).
  static let environment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    if let options = environment["LAYOUTD_DAEMON_ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options }
    return environment
  }()

  /// The binary without the tracing wrapper: `$LAYOUTD_REAL_BINARY` (Tests/run-all.sh sets it beside a tracing
  /// `$LAYOUTD_BINARY`), else `binary`. For tests whose bulk traffic adds nothing to the schema check.
  static var untracedBinary: URL {
    if let path = ProcessInfo.processInfo.environment["LAYOUTD_REAL_BINARY"] { return URL(fileURLWithPath: path) }
    return binary
  }

  /// Spawns `layoutd` (`executable`, default `binary`) with `arguments` (default: serve on stdio) and starts reading
  /// its output.
  init(arguments: [String] = [], executable: URL = Daemon.binary) throws {
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = Daemon.environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try ProcessLaunch.run(process)
    self.process = process
    input = stdin.fileHandleForWriting
    let out = stdout.fileHandleForReading
    let err = stderr.fileHandleForReading
    Thread { [self] in readLoop(out) }.start()
    Thread { [self] in
      while case let data = err.availableData, !data.isEmpty {
        stderrText.withLock { $0 += String(decoding: data, as: UTF8.self) }
      }
    }.start()
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Reads frames until end of file.
  private func readLoop(_ out: FileHandle) {
    var reader = FrameReader()
    while case let data = out.availableData, !data.isEmpty {
      rawOutput.withLock { $0.append(contentsOf: data) }
      reader.feed(Array(data))
      while let event = reader.next() {
        guard case .message(let body) = event else { continue }
        if let value = try? JSONParser.parse(body) {
          received.withLock { $0.append(value) }
        } else {
          garbage.withLock { $0.append(body) }
        }
      }
    }
    ended.withLock { $0 = true }
  }

  /// Writes raw bytes to the daemon's stdin (false if the pipe is closed).
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool {
    do {
      try input.write(contentsOf: Data(bytes))
      return true
    } catch {
      return false
    }
  }

  /// Sends one message body given as JSON text, framed.
  @discardableResult
  func send(_ text: String) -> Bool { write(FrameWriter.frame(Array(text.utf8))) }

  /// Sends a request with a numeric id and returns every message received up to and including its response
  /// (notifications first), or whatever arrived within `timeout` seconds (60: a response always comes, and on a
  /// loaded 2-core machine a wait behind thousands of rows can take tens of seconds; a late answer would shift every
  /// later call's).
  func call(_ id: Int, _ method: String, _ params: String = "{}", timeout: Double = 60) -> [JSONValue] {
    send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    return take(until: { $0["id"] == .int(Int64(id)) && $0["method"] == nil }, timeout: timeout)
  }

  /// The response (last message) of `call`, or null when none arrived.
  func result(_ id: Int, _ method: String, _ params: String = "{}") -> JSONValue {
    call(id, method, params).last?["result"] ?? .null
  }

  /// Sends a notification.
  func notify(_ method: String, _ params: String = "{}") {
    send(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
  }

  /// Takes every message up to and including the first one matching `predicate`; on timeout takes all received.
  func take(until predicate: (JSONValue) -> Bool, timeout: Double = 20) -> [JSONValue] {
    let deadline = Date().addingTimeInterval(timeout * timeoutScale)
    while true {
      let taken: [JSONValue]? = received.withLock { messages in
        guard let index = messages.firstIndex(where: predicate) else { return nil }
        let prefix = Array(messages[...index])
        messages.removeFirst(index + 1)
        return prefix
      }
      if let taken { return taken }
      if Date() >= deadline {
        return received.withLock { all in
          defer { all.removeAll() }
          return all
        }
      }
      usleep(1000)
    }
  }

  /// Initializes the daemon and creates session "s1" (viewport 320×480, scale 2, separators on).
  func startSession() {
    _ = call(1, "initialize")
    notify("initialized")
    _ = call(
      2, "session/create", #"{"sessionId": "s1", "viewport": {"width": 320, "height": 480}, "interfaceStates": false}"#)
  }

  /// Closes stdin and waits up to `timeout` seconds for the process to exit; its status, or nil if it did not.
  func finish(timeout: Double = 10) -> Int32? {
    try? input.close()
    return waitForExit(timeout: timeout)
  }

  /// Waits up to `timeout` seconds for the process to exit; its status, or nil if it is still running.
  func waitForExit(timeout: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout * timeoutScale)
    while process.isRunning, Date() < deadline { usleep(2000) }
    return process.isRunning ? nil : process.terminationStatus
  }
}

/// Parses JSON text for expectations (null on malformed text, so the comparison fails).
func json(_ text: String) -> JSONValue {
  (try? JSONParser.parse(Array(text.utf8))) ?? .null
}
