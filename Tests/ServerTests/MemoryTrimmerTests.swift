import Dispatch
import Synchronization
import Testing

@testable import Server

/// Freed memory is handed back once, after enough layout and a quiet moment, never in the middle of a stream.
/// The trimmer's delayed checks run when the test fires them, so nothing here depends on timing.
@Suite struct MemoryTrimmerTests {
  /// Counts trims and holds the checks the trimmer scheduled.
  final class Probe: Sendable {
    let trims = Atomic<Int>(0)
    let pending = Mutex<[@Sendable () -> Void]>([])

    /// Trims so far.
    var count: Int { trims.load(ordering: .relaxed) }
    /// Checks scheduled and not run yet.
    var scheduled: Int { pending.withLock { $0.count } }

    /// Runs the checks scheduled so far (as if their delay had passed); they may schedule new ones.
    func fire() {
      let due = pending.withLock { checks in
        defer { checks.removeAll() }
        return checks
      }
      for check in due { check() }
    }

    /// A trimmer (threshold 100 cells) reporting to this probe.
    func trimmer() -> MemoryTrimmer {
      MemoryTrimmer(
        threshold: 100, quiet: .milliseconds(100), trim: { self.trims.add(1, ordering: .relaxed) },
        after: { _, check in self.pending.withLock { $0.append(check) } })
    }
  }

  @Test func trimsOnceAfterEnoughLayoutAndQuiet() {
    let probe = Probe()
    let trimmer = probe.trimmer()
    trimmer.laidOut(150)
    trimmer.sessionIdle()
    trimmer.sessionIdle()  // a second idle session does not schedule a second check
    #expect(probe.scheduled == 1)
    probe.fire()
    #expect(probe.count == 1)
    trimmer.sessionIdle()  // nothing laid out since: nothing to trim
    #expect(probe.scheduled == 0)
  }

  @Test func littleLayoutIsNotWorthATrim() {
    let probe = Probe()
    let trimmer = probe.trimmer()
    trimmer.laidOut(99)
    trimmer.sessionIdle()
    #expect(probe.scheduled == 0)
    #expect(probe.count == 0)
  }

  @Test func layoutDuringTheQuietTimePostponesTheTrim() {
    let probe = Probe()
    let trimmer = probe.trimmer()
    trimmer.laidOut(150)
    trimmer.sessionIdle()
    for _ in 0..<3 {  // another session goes on laying out: each check finds layout since and looks again
      trimmer.laidOut(1)
      probe.fire()
      #expect(probe.count == 0)
      #expect(probe.scheduled == 1)
    }
    probe.fire()  // it stopped: the next check trims, without another idle report
    #expect(probe.count == 1)
    #expect(probe.scheduled == 0)
  }
}
