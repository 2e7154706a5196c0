import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A connection's start and finish flags, and the self-pipe that wakes its reader thread out of `poll(2)`.
final class Lifecycle: @unchecked Sendable {  // `started` and `finished` are guarded by `condition` (a lock)
  /// Guards the flags; `waitUntilFinished` waits on it.
  private let condition = NSCondition()
  /// Set by the first `start`. Guarded by `condition`.
  private var started = false
  /// Set when the delivery loop has ended. Guarded by `condition`.
  private var finished = false
  /// Read end of the wake pipe (polled by the reader thread), or -1 if pipe(2) failed.
  let wakeFD: Int32
  /// Write end of the wake pipe, or -1.
  private let wakeWriteFD: Int32

  /// Creates the wake pipe.
  init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) != 0 { ends = [-1, -1] }
    wakeFD = ends[0]
    wakeWriteFD = ends[1]
  }

  deinit {
    if wakeFD >= 0 { close(wakeFD) }
    if wakeWriteFD >= 0 { close(wakeWriteFD) }
  }

  /// True for the first caller only.
  func markStarted() -> Bool {
    condition.lock()
    defer { condition.unlock() }
    if started { return false }
    started = true
    return true
  }

  /// Records that the delivery loop ended and wakes `waitUntilFinished`.
  func markFinished() {
    condition.lock()
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  /// Blocks until `markFinished`, or returns at once if never started.
  func waitUntilFinished() {
    condition.lock()
    while started && !finished { condition.wait() }
    condition.unlock()
  }

  /// Makes the reader thread's `poll` return.
  func wakeReader() {
    guard wakeWriteFD >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(wakeWriteFD, &byte, 1)
  }
}
