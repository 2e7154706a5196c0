import Foundation
import JSONCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The reader thread.
extension StdioConnection {
  /// Reads `input` until end of input, an error or `stop()`, delivering frames to the inbox in order.
  /// Runs on the reader thread only; blocks in `poll(2)`/`read(2)` and while the inbox is full.
  func readLoop() {
    ShortSlice.request()
    var frames = FrameReader(maxMessageSize: configuration.maxMessageSize)
    let chunkSize = max(1, configuration.readChunkSize)
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
    defer { chunk.deallocate() }
    var fds = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: lifecycle.wakeFD, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      fds[0].revents = 0
      fds[1].revents = 0
      if poll(&fds, 2, spinUntilReadable(&fds) ? 0 : -1) < 0 {
        if errno == EINTR { continue }
        inbox.finish(.readError(errno: errno))
        return
      }
      if fds[1].revents != 0 { return }  // stop() or stopReading()
      guard let base = chunk.baseAddress else { return }
      let n = read(input, base, chunkSize)
      if n < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        inbox.finish(.readError(errno: errno))
        return
      }
      if n == 0 {
        inbox.finish(.endOfInput)
        return
      }
      frames.feed(UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
      while let event = frames.next() {
        let message: IncomingMessage
        var bytes = 0
        switch event {
        case .message(let body):
          bytes = body.count
          message = IncomingMessage.decode(
            body: body, maxDepth: configuration.maxNestingDepth, deferring: configuration.deferral)
          if let trace = configuration.trace {
            var valid = true
            if case .invalid = message { valid = false }
            trace.record(incoming: true, body: body, valid: valid)
          }
        case .error(let error): message = IncomingMessage.framingError(error)
        }
        if !inbox.put(message, bytes: bytes) { return }
      }
    }
  }

  /// Polls `fds` without sleeping for up to `configuration.readSpinMicroseconds`, and only while
  /// `configuration.spinsWhile` says the handler has no work running (spinning on a core the work needs slowed a
  /// one-screen scroll by 70 µs p50; yielding between polls instead let busy workers hold the reader off for whole
  /// time slices); true when one became ready.
  /// A client waiting for an answer usually sends its next request within tens of microseconds; catching it
  /// here saves the reader's wake-up (a sleeping thread woken from another core costs 20-30 µs on these
  /// machines). Spinning is bounded, so an idle daemon sleeps after at most that long.
  private func spinUntilReadable(_ fds: inout [pollfd]) -> Bool {
    let budget = configuration.readSpinMicroseconds
    guard budget > 0 else { return false }
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    while true {
      if poll(&fds, 2, 0) > 0 { return true }
      if let idle = configuration.spinsWhile, !idle() { return false }
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let elapsed = (now.tv_sec - start.tv_sec) * 1_000_000 + (now.tv_nsec - start.tv_nsec) / 1_000
      if elapsed >= budget { return false }
    }
  }
}
