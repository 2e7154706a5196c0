import Foundation
import Synchronization

/// Runs numbered runs on a few threads of their own: each run blocks on a spawned daemon, and blocking the two
/// threads of the cooperative pool would starve the in-process servers of other suites (their delivery loops are
/// tasks) as well as serialize the runs.
enum ConcurrentRuns {
  /// Runs `body(0..<count)` on `threads` threads, each taking the next number until none is left; returns when
  /// every run has finished, without blocking the caller's thread meanwhile.
  static func perform(_ count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
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
      finished.notify(queue: .global()) { done.resume() }
    }
  }
}

/// A shared run counter.
private final class Counter: Sendable {
  /// The next run's number.
  let value = Atomic<Int>(0)
}
