import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// All writes to the output fd, on one serial queue, with a bound on bytes queued but not yet written.
///
/// `enqueue` blocks its caller while more than `maxBacklog` bytes wait (unless nothing waits), so a client
/// that stops reading responses stalls the server instead of growing its memory.
final class OutputChannel: @unchecked Sendable {  // `failure` is guarded by `queue`; `backlog` by `condition`
  /// The output file descriptor (not owned: never closed here).
  let fd: Int32
  /// The serial queue doing every write.
  let queue = DispatchQueue(label: "layoutd.jsonrpc.output")
  /// Bound on queued bytes.
  let maxBacklog: Int
  /// Guards `backlog`.
  private let condition = NSCondition()
  /// Bytes enqueued but not yet written. Guarded by `condition`.
  private var backlog = 0
  /// The errno of the first failed write; later writes are dropped. Guarded by `queue`.
  private var failure: Int32?

  /// A channel writing to `fd`.
  init(fd: Int32, maxBacklog: Int) {
    self.fd = fd
    self.maxBacklog = max(1, maxBacklog)
  }

  /// Queues `bytes` for writing, after waiting while the backlog is over its bound.
  func enqueue(_ bytes: [UInt8]) {
    condition.lock()
    while backlog > 0 && backlog + bytes.count > maxBacklog { condition.wait() }
    backlog += bytes.count
    condition.unlock()
    queue.async { self.writeNow(bytes) }
  }

  /// Writes every byte unless an earlier write failed. Runs on `queue`.
  private func writeNow(_ bytes: [UInt8]) {
    dispatchPrecondition(condition: .onQueue(queue))
    if failure == nil {
      bytes.withUnsafeBytes { raw in
        guard var p = raw.baseAddress else { return }
        var left = raw.count
        while left > 0 {
          let n = write(fd, p, left)
          if n < 0 {
            if errno == EINTR { continue }
            failure = errno
            return
          }
          p += n
          left -= n
        }
      }
    }
    condition.lock()
    backlog -= bytes.count
    condition.broadcast()
    condition.unlock()
  }

  /// Bytes queued but not yet written.
  var pendingBytes: Int {
    condition.lock()
    defer { condition.unlock() }
    return backlog
  }

  /// Blocks until every queued write has been done (or dropped).
  func drain() { queue.sync {} }

  /// The errno of the first failed write (EPIPE when the client went away), if any.
  var writeError: Int32? { queue.sync { failure } }
}
