import Foundation

/// The lock every write to the output fd is made under, and its closed flag: once `close` returns true no write is
/// in progress and none will start, so the process may end without a frame being cut short.
///
/// The writer only starts writes that cannot block (see `PipeRoom`), so the lock is held for the time of one
/// `write(2)`; only where the output gives no room to measure (not a pipe) or a frame is larger than the pipe can a
/// write block while holding it.
final class FrameGate: @unchecked Sendable {  // `closed` is guarded by `lock`
  /// Held during every write.
  private let lock = NSLock()
  /// Set by `close`: writes are refused from then on. Guarded by `lock`.
  private var closed = false

  /// The gate's errno for a write refused because the gate closed.
  static let refused = ECANCELED

  /// Runs `write` under the lock unless the gate is closed; its result, or `refused` once closed.
  func write(_ write: () -> Int32?) -> Int32? {
    lock.lock()
    defer { lock.unlock() }
    if closed { return FrameGate.refused }
    return write()
  }

  /// Closes the gate once no write is in progress, waiting until `deadline` at most; true when it closed (the gate
  /// stays closed), false when a write still ran at the deadline.
  func close(before deadline: Date) -> Bool {
    guard lock.lock(before: deadline) else { return false }
    closed = true
    lock.unlock()
    return true
  }
}
