import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// All writes to the output fd, in order, with a bound on bytes queued but not yet written.
///
/// A small message (at most `directWriteLimit` bytes) sent while nothing is queued and the fd has room is written
/// at once on the sender's thread, under the lock, which saves a thread hop per response (the serial queue's
/// worker would otherwise have to be woken, and under load it waits for a free Dispatch thread). Everything else
/// is appended to a queue of 64 KiB segments that a single drain job on the serial `queue` writes out segment by
/// segment, so queued output costs its bytes and little more (a flood of small answers once cost several hundred
/// bytes of closure and array overhead each; one growing buffer would double its capacity past the bound).
/// `enqueue` blocks its caller while more than `maxBacklog` bytes wait (unless nothing waits), so a client that
/// stops reading responses stalls the server instead of growing its memory.
///
/// Frames are written whole or not at all: on a pipe (`PipeRoom`) a write is started only when the pipe can take it
/// without blocking, and is cut at frame boundaries, so the pipe never holds part of a frame while the client is not
/// reading (a frame larger than the pipe's capacity is the exception: it is written in pieces once the pipe is
/// empty). Every write is made under `gate`, which `close(before:)` shuts so that the process can end at once.
final class OutputChannel: @unchecked Sendable {  // the mutable state is guarded by `condition` (a lock)
  /// The output file descriptor (not owned: never closed here).
  let fd: Int32
  /// The serial queue running the drain job.
  let queue = DispatchQueue(label: "layoutd.jsonrpc.output")
  /// Bound on queued bytes.
  let maxBacklog: Int
  /// Largest message written directly on the sender's thread: `PIPE_BUF`, so that a pipe reported writable by
  /// `poll` takes it whole without blocking.
  static let directWriteLimit = 4096
  /// Guards every `var` below; direct writes happen while holding it.
  private let condition = NSCondition()
  /// Bytes queued and not yet handed to the drain job, in order, in segments of about `segmentSize` bytes.
  /// Guarded by `condition`.
  private var pending: [OutputSegment] = []
  /// The room of the output pipe; nil when the output is not a pipe (writes then simply block).
  private let pipe: PipeRoom?
  /// Every write is made under it; closed when the process is about to end.
  private let gate = FrameGate()
  /// Target size of a pending segment (a larger message is a segment of its own).
  static let segmentSize = 64 << 10
  /// Bytes queued but not yet written: `pending` plus the chunk the drain job is writing. Guarded by `condition`.
  private var backlog = 0
  /// True while a drain job is scheduled or running. Guarded by `condition`.
  private var draining = false
  /// The errno of the first failed write; later writes are dropped. Guarded by `condition`.
  private var failure: Int32?

  /// A channel writing to `fd`.
  init(fd: Int32, maxBacklog: Int) {
    self.fd = fd
    self.maxBacklog = max(1, maxBacklog)
    pipe = PipeRoom(fd: fd)
  }

  /// Writes `bytes` now when that cannot reorder or block; otherwise queues them, after waiting while the backlog
  /// is over its bound.
  func enqueue(_ bytes: [UInt8]) {
    condition.lock()
    // backlog == 0: nothing is queued or being written, and nothing can start while the lock is held.
    if backlog == 0 && bytes.count <= OutputChannel.directWriteLimit && hasRoom(for: bytes.count) {
      if failure == nil {
        pipe?.wrote(bytes.count)
        failure = gate.write { writeAll(bytes[...]) }
      }
      condition.unlock()
      return
    }
    while backlog > 0 && backlog + bytes.count > maxBacklog { condition.wait() }
    if let last = pending.indices.last, pending[last].count + bytes.count <= OutputChannel.segmentSize {
      pending[last].append(bytes)
    } else if bytes.count < OutputChannel.segmentSize {
      var segment = OutputSegment(capacity: OutputChannel.segmentSize)
      segment.append(bytes)
      pending.append(segment)
    } else {
      pending.append(OutputSegment(frame: bytes))
    }
    backlog += bytes.count
    let start = !draining
    draining = true
    condition.unlock()
    if start { queue.async { self.drainPending() } }
  }

  /// Writes the pending segments in order until none are left (or drops them after a failed write). The one
  /// drain job; runs on `queue`.
  private func drainPending() {
    dispatchPrecondition(condition: .onQueue(queue))
    ShortSlice.request()
    while true {
      condition.lock()
      if pending.isEmpty {
        draining = false
        condition.broadcast()
        condition.unlock()
        return
      }
      let segment = pending.removeFirst()
      let failed = failure != nil
      condition.unlock()
      let error = failed ? nil : writeFrames(segment)
      condition.lock()
      if failure == nil { failure = error }
      backlog -= segment.count
      condition.broadcast()
      condition.unlock()
    }
  }

  /// True when `fd` can take `count` (at most `directWriteLimit`) bytes without blocking (`poll` with a zero
  /// timeout where the output is not a pipe).
  private func hasRoom(for count: Int) -> Bool {
    if let pipe { return pipe.room() >= count }
    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLOUT) != 0
  }

  /// Writes the frames of `segment` in order, each whole: on a pipe, runs of whole frames that it takes without
  /// blocking, waiting for room in between; elsewhere all at once. The errno of a failed write, or nil.
  private func writeFrames(_ segment: OutputSegment) -> Int32? {
    guard let pipe else { return gate.write { writeAll(segment.bytes[...]) } }
    var start = 0
    var next = 0  // index of the first frame not written
    var pause = 50  // µs, doubled up to 2 ms while a large frame waits for the pipe to empty
    while next < segment.frameEnds.count {
      let room = pipe.room()
      var end = start
      while next < segment.frameEnds.count, segment.frameEnds[next] - start <= room {
        end = segment.frameEnds[next]
        next += 1
      }
      if end == start, room >= pipe.capacity {
        // Empty, and the frame is larger than the pipe: it can only be written in pieces.
        end = segment.frameEnds[next]
        next += 1
      }
      if end > start {
        pipe.wrote(end - start)
        if let error = gate.write({ writeAll(segment.bytes[start..<end]) }) { return error }
        start = end
        pause = 50
        continue
      }
      pipe.waitForMore(than: room, pause: pause)
      pause = min(pause * 2, 2000)
    }
    return nil
  }

  /// Writes every byte, retrying partial writes and EINTR; the errno of a failed write, or nil.
  private func writeAll(_ bytes: ArraySlice<UInt8>) -> Int32? {
    bytes.withUnsafeBytes { raw -> Int32? in
      guard var p = raw.baseAddress else { return nil }
      var left = raw.count
      while left > 0 {
        let n = write(fd, p, left)
        if n < 0 {
          if errno == EINTR { continue }
          return errno
        }
        p += n
        left -= n
      }
      return nil
    }
  }

  /// Bytes queued but not yet written.
  var pendingBytes: Int {
    condition.lock()
    defer { condition.unlock() }
    return backlog
  }

  /// Lets no write start from now on, once the write in progress (if any) has ended, waiting until `deadline` at
  /// most: true when no frame was left cut short (the process may end), false when a write still ran at the deadline.
  func close(before deadline: Date) -> Bool { gate.close(before: deadline) }

  /// Blocks until every queued write has been done (or dropped); direct writes are done before `enqueue` returns.
  func drain() { queue.sync {} }

  /// The errno of the first failed write (EPIPE when the client went away), if any, once queued writes are done.
  var writeError: Int32? {
    drain()
    condition.lock()
    defer { condition.unlock() }
    return failure
  }
}
