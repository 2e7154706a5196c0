import Synchronization

/// Bounds the calls queued on sessions and not yet performed, by count and by the bytes of their messages.
///
/// The connection stops reading once `maxPendingMessages` messages are received but not handled; a session call
/// counts as handled when its session has performed it, not when it was queued on the session's stream. The
/// delivery loop waits in `waitForRoom()` before each message while the gate is full, so a client flooding one
/// session (or sending large inserts faster than they are laid out) stalls the reader instead of growing the
/// session's queue without bound. Thread-safe; one waiter (the delivery loop) at a time.
final class SessionCallGate: Sendable {
  /// Most calls queued on sessions at once.
  let maxCalls: Int
  /// Most message bytes queued on sessions at once (one call is always admitted into an empty gate).
  let maxBytes: Int

  /// Queued calls and bytes, and the delivery loop when it waits for room.
  private struct State {
    var calls = 0
    var bytes = 0
    var waiter: CheckedContinuation<Void, Never>?
  }

  /// Guarded counters.
  private let state = Mutex(State())

  /// A gate admitting `maxCalls` calls and `maxBytes` bytes.
  init(maxCalls: Int, maxBytes: Int) {
    self.maxCalls = max(1, maxCalls)
    self.maxBytes = max(1, maxBytes)
  }

  /// True when no call waits on a session or is being performed.
  var isEmpty: Bool { state.withLock { $0.calls == 0 } }

  /// True when another call may be queued.
  private func hasRoom(_ s: State) -> Bool { s.calls == 0 || (s.calls < maxCalls && s.bytes < maxBytes) }

  /// Returns once another call may be queued (at once unless the gate is full).
  func waitForRoom() async {
    if state.withLock({ hasRoom($0) }) { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = state.withLock { s -> Bool in
        if hasRoom(s) { return true }
        s.waiter = continuation
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// A call weighing `bytes` was performed (or dropped) by its session.
  func release(bytes: Int) {
    let waiter = state.withLock { s -> CheckedContinuation<Void, Never>? in
      s.calls -= 1
      s.bytes -= bytes
      guard hasRoom(s), let waiter = s.waiter else { return nil }
      s.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// One admitted call's claim on the gate, released once by its session.
  struct Ticket: Sendable {
    /// The gate.
    let gate: SessionCallGate
    /// The call's weight in bytes.
    let bytes: Int

    /// The call was performed or dropped.
    func release() { gate.release(bytes: bytes) }
  }

  /// Admits a call weighing `bytes` (queued on a session) and returns its ticket.
  func ticket(bytes: Int) -> Ticket {
    state.withLock {
      $0.calls += 1
      $0.bytes += bytes
    }
    return Ticket(gate: self, bytes: bytes)
  }
}
