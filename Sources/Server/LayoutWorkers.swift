import Dispatch
import Foundation
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

/// The daemon's layout and display threads: one per core, at a lower scheduling priority, fed from one FIFO.
///
/// Layout never runs on Dispatch's global queues, whose threads also run Swift tasks: a large insert would
/// otherwise take every thread the connection's delivery loop and the sessions' actors need, and queries would
/// wait behind it (measured: other-session queries waited 150–400 ms during a 100k-row insert). Thread-safe.
package final class LayoutWorkers: @unchecked Sendable {  // `jobs` is guarded by `lock`
  /// The process's pool.
  package static let shared = LayoutWorkers(threads: max(1, ProcessInfo.processInfo.activeProcessorCount))

  /// A FIFO of jobs: an array and the index of its head (taken jobs are dropped in bulk, not one at a time).
  private struct Jobs {
    var items: [(@Sendable () -> Void)?] = []
    var head = 0
    var isEmpty: Bool { head == items.count }

    mutating func append(_ job: @escaping @Sendable () -> Void) { items.append(job) }

    mutating func take() -> (@Sendable () -> Void)? {
      guard head < items.count else { return nil }
      let job = items[head]
      items[head] = nil
      head += 1
      if head == items.count {
        items.removeAll(keepingCapacity: items.count <= 4096)
        head = 0
      } else if head >= 4096 && head * 2 >= items.count {
        items.removeFirst(head)
        head = 0
      }
      return job
    }
  }

  /// Guards `jobs` (an NSLock, which ThreadSanitizer sees, unlike `Synchronization.Mutex`).
  private let lock = NSLock()
  /// Jobs not started yet, in submission order: the urgent ones (taken first) and the others. Guarded by `lock`.
  private var jobs = (urgent: Jobs(), normal: Jobs())
  /// Jobs running now. Guarded by `lock`.
  private var running = 0
  /// Counts queued jobs; workers wait on it.
  private let available = DispatchSemaphore(value: 0)

  /// Starts `threads` workers (1 MiB stacks: cell specs are at most 64 levels deep; deeper boxes get their own
  /// thread from `DeepLayoutRunner`).
  init(threads: Int) {
    for index in 0..<threads {
      let thread = Thread { [self] in
        #if canImport(Glibc)
          // Nice 15 for this thread only: the reader, the writer, the sessions' tasks (and the client, on the same
          // cores) go first. Measured against nice 5 during a 100k-row insert: query p99 1.5–2.4 → 0.7–1.1 ms
          // (same session) and 1.1–2.4 → 0.1–0.5 ms (other session), rows/s unchanged or higher.
          _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 15)  // who 0: this thread (Linux)
        #endif
        // Layout runs for milliseconds: the default slice, not the short one the creating thread may have.
        ShortSlice.reset()
        work()
      }
      thread.name = "layoutd.layout\(index)"
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  /// Queues `job` to run on a worker.
  package func submit(_ job: @escaping @Sendable () -> Void) {
    lock.withLock { jobs.normal.append(job) }
    available.signal()
  }

  /// Queues `job` ahead of every job queued with `submit` (behind earlier urgent ones): work a session waits for,
  /// such as decoding the cells of the insert it is performing, goes before the layout of earlier inserts.
  package func submitFirst(_ job: @escaping @Sendable () -> Void) {
    lock.withLock { jobs.urgent.append(job) }
    available.signal()
  }

  /// True when no job is queued or running.
  package var isIdle: Bool { lock.withLock { running == 0 && jobs.urgent.isEmpty && jobs.normal.isEmpty } }

  /// A worker's loop: run jobs forever, in order of submission.
  private func work() {
    while true {
      available.wait()
      let next = lock.withLock { () -> (@Sendable () -> Void)? in
        let job = jobs.urgent.take() ?? jobs.normal.take()
        if job != nil { running += 1 }
        return job
      }
      guard let job = next else { continue }
      job()
      lock.withLock { running -= 1 }
    }
  }
}
