import Foundation
import Synchronization

/// Runs numbered runs on a few threads of their own (each run blocks on a spawned daemon, so the cooperative pool
/// and GCD's two-core width would serialize them).
enum ConcurrentRuns {
  /// Runs `body(0..<count)` on `threads` threads, each taking the next number until none is left; returns when
  /// every run has finished.
  static func perform(_ count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let next = Counter()
    let finished = DispatchGroup()
    for _ in 0..<max(1, threads) {
      finished.enter()
      let thread = Thread {
        while case let run = next.value.add(1, ordering: .relaxed).oldValue, run < count { body(run) }
        finished.leave()
      }
      thread.start()
    }
    finished.wait()
  }
}

/// A shared run counter.
private final class Counter: Sendable {
  /// The next run's number.
  let value = Atomic<Int>(0)
}
