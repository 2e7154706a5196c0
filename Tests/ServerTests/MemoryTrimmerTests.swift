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
    func trimmer(maxDeferrals: Int = 20) -> MemoryTrimmer {
      MemoryTrimmer(
        threshold: 100, quiet: .milliseconds(100), maxDeferrals: maxDeferrals,
        trim: { self.trims.add(1, ordering: .relaxed) },
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

  @Test func requestsDuringTheQuietTimePostponeTheTrim() {
    let probe = Probe()
    let trimmer = probe.trimmer()
    trimmer.laidOut(150)
    trimmer.sessionIdle()
    for _ in 0..<3 {  // a client scrolls on: each check finds a request since and looks again
      trimmer.requestReceived()
      probe.fire()
      #expect(probe.count == 0)
      #expect(probe.scheduled == 1)
    }
    probe.fire()  // a quiet moment: trims
    #expect(probe.count == 1)
    #expect(probe.scheduled == 0)
  }

  @Test func requestsPostponeTheTrimAtMostMaxDeferralsTimes() {
    let probe = Probe()
    let trimmer = probe.trimmer(maxDeferrals: 2)
    trimmer.laidOut(150)
    trimmer.sessionIdle()
    // Requests before each of three checks: the first two postpone (deferrals 0 → 1 → 2), the third trims anyway.
    for expected in [0, 0, 1] {
      trimmer.requestReceived()
      probe.fire()
      #expect(probe.count == expected)
    }
    #expect(probe.scheduled == 0)
  }

  @Test func layoutResetsTheDeferralsRequestsUsedUp() {
    let probe = Probe()
    let trimmer = probe.trimmer(maxDeferrals: 1)
    trimmer.laidOut(150)
    trimmer.sessionIdle()
    trimmer.requestReceived()
    probe.fire()  // deferred once (the most allowed)
    trimmer.laidOut(1)
    probe.fire()  // layout since: the quiet time starts again, with no deferral used
    trimmer.requestReceived()
    probe.fire()  // a request: deferred again, which the reset allows
    #expect(probe.count == 0)
    #expect(probe.scheduled == 1)
    probe.fire()
    #expect(probe.count == 1)
  }
}
