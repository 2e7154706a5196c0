import Foundation
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

/// The real `layoutd` spawned with pipes whose stdout nobody reads until the test says so: the state of a client
/// that stopped reading while the daemon still writes.
final class UnreadDaemon: Sendable {
  /// The process.
  let process: Process
  /// Write end of the daemon's stdin.
  let input: Int32
  /// Read end of the daemon's stdout (not read until `readAll`).
  let output: Int32
  /// The pipes, kept open for the daemon's lifetime.
  private let pipes: [Pipe]

  /// Spawns `layoutd` serving on stdio, stderr discarded.
  init() throws {
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = Daemon.binary
    process.environment = Daemon.environment
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try ProcessLaunch.run(process)
    self.process = process
    pipes = [stdin, stdout]
    input = stdin.fileHandleForWriting.fileDescriptor
    output = stdout.fileHandleForReading.fileDescriptor
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Writes every byte of `bytes` to stdin (blocking while the daemon does not read); false when the pipe closed.
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw -> Bool in
      guard var p = raw.baseAddress else { return true }
      var left = raw.count
      while left > 0 {
        let n = Glibc.write(input, p, left)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return false }
        p += n
        left -= n
      }
      return true
    }
  }

  /// Writes the framed bodies.
  @discardableResult
  func send(_ bodies: [String]) -> Bool { write(Array(bodies.map(frameText).joined().utf8)) }

  /// Bytes written to stdout and not read yet.
  var unreadBytes: Int {
    var count: Int32 = 0
    return ioctl(output, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
  }

  /// Waits (up to `timeout` seconds) until the daemon's stdout holds at least `minimum` unread bytes that stop
  /// growing for 0.3 s: the daemon is blocked writing. False if that did not happen.
  func waitUntilStdoutBlocked(minimum: Int, timeout: Double = 60) -> Bool {
    let deadline = Date().addingTimeInterval(timeout * timeoutScale)
    var last = -1
    while Date() < deadline {
      Thread.sleep(forTimeInterval: 0.3)
      let now = unreadBytes
      if now >= minimum && now == last { return true }
      last = now
    }
    return false
  }

  /// After the process ended: every byte left on stdout, up to end of file.
  func readAll() -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return bytes }
      bytes += chunk[0..<n]
    }
  }
}
