import Synchronization

/// Numbers every request in arrival order and knows which are still unanswered, so that an answer can be held
/// until every earlier request has been answered (`shutdown`, the -32600 answers after it, `exit`, the end of the
/// connection).
///
/// Serials are handed out by the delivery loop only, in arrival order; answers close them from any thread. Actions
/// registered with `afterEarlier` run in serial order, once no request before theirs is open, outside the lock and
/// without nesting (an action that answers a request lets later actions run after it returns, on the same thread).
/// Thread-safe.
final class AnswerLedger: Sendable {
  /// An action waiting for every request before `serial` to be answered.
  private struct Waiting {
    let serial: Int
    let run: @Sendable () -> Void
  }

  /// Open serials, the actions waiting (in serial order), and whether some thread is running actions.
  private struct State {
    var next = 0
    var open: Set<Int> = []
    var waiting: [Waiting] = []
    var running = false

    /// Takes the actions whose earlier requests are all answered (none while another thread runs actions).
    mutating func takeReady() -> [Waiting] {
      guard !running, !waiting.isEmpty else { return [] }
      let lowest = open.min() ?? Int.max
      let count = waiting.prefix { $0.serial <= lowest }.count
      guard count > 0 else { return [] }
      defer { waiting.removeFirst(count) }
      running = true
      return Array(waiting.prefix(count))
    }
  }

  /// Guarded state.
  private let state = Mutex(State())

  /// An empty ledger.
  init() {}

  /// Delivery loop: a new request arrived; its serial, open until `close`.
  func open() -> Int {
    state.withLock { s in
      defer { s.next += 1 }
      s.open.insert(s.next)
      return s.next
    }
  }

  /// The serial the next request will get: `afterEarlier(nextSerial)` waits for every request so far.
  var nextSerial: Int { state.withLock { $0.next } }

  /// The request with `serial` was answered; runs the actions this makes ready.
  func close(_ serial: Int) {
    let ready = state.withLock { s -> [Waiting] in
      s.open.remove(serial)
      return s.takeReady()
    }
    run(ready)
  }

  /// Runs `action` once every request with a serial below `serial` has been answered (at once when none is open).
  /// Calls must come in increasing `serial` order (the delivery loop's).
  func afterEarlier(_ serial: Int, _ action: @escaping @Sendable () -> Void) {
    let ready = state.withLock { s -> [Waiting] in
      s.waiting.append(Waiting(serial: serial, run: action))
      return s.takeReady()
    }
    run(ready)
  }

  /// Returns once every request with a serial below `serial` has been answered.
  func waitForEarlier(_ serial: Int) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      afterEarlier(serial) { done.resume() }
    }
  }

  /// Runs `ready`, then whatever became ready meanwhile, until nothing is (this thread holds `running`).
  private func run(_ ready: [Waiting]) {
    var batch = ready
    while !batch.isEmpty {
      for waiting in batch { waiting.run() }
      batch = state.withLock { s -> [Waiting] in
        s.running = false
        return s.takeReady()
      }
    }
  }
}
