import JSONRPC
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole frames to the daemon's stdin from any thread; a frame is never interleaved with another.
///
/// Two writers share it in the concurrent measurement: a bulk writer (large insert frames) and a prober (small
/// queries). `sendUrgent` makes the bulk writer wait before its next frame, so a probe waits at most for the
/// frame already being written, not for a run of them (a plain mutex lets the bulk writer win every time).
final class FrameOutput: Sendable {
  /// The daemon's stdin (not owned: `SpawnedDaemon.finish` closes it).
  let fd: Int32
  /// Held while one frame is written.
  private let writing = Mutex(())
  /// Urgent senders waiting for `writing`.
  private let urgentWaiting = Atomic<Int>(0)

  /// Output to `fd`.
  init(fd: Int32) { self.fd = fd }

  /// Writes `frame` whole; returns false when the daemon's stdin is closed or failed.
  @discardableResult
  func send(_ frame: [UInt8]) -> Bool {
    while urgentWaiting.load(ordering: .acquiring) > 0 { sched_yield() }
    return writing.withLock { _ in FrameOutput.writeAll(fd, frame) }
  }

  /// Writes `frame` whole ahead of any further bulk frames; returns false on a write error.
  @discardableResult
  func sendUrgent(_ frame: [UInt8]) -> Bool {
    urgentWaiting.add(1, ordering: .acquiringAndReleasing)
    defer { urgentWaiting.subtract(1, ordering: .acquiringAndReleasing) }
    return writing.withLock { _ in FrameOutput.writeAll(fd, frame) }
  }

  /// The frame (`Content-Length` header and body) of a request `{"jsonrpc":"2.0","id":ID,"method":…,"params":…}`
  /// whose params are already serialised.
  static func request(id: Int64, method: String, params: [UInt8]) -> [UInt8] {
    var body: [UInt8] = []
    body.reserveCapacity(params.count + method.utf8.count + 64)
    body.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
    body.append(contentsOf: String(id).utf8)
    body.append(contentsOf: #","method":""#.utf8)
    body.append(contentsOf: method.utf8)
    body.append(contentsOf: #"","params":"#.utf8)
    body.append(contentsOf: params)
    body.append(UInt8(ascii: "}"))
    return FrameWriter.frame(body)
  }

  /// Writes every byte, retrying partial writes and EINTR; false on any other error.
  private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
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
}
