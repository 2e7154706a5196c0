import Foundation
import Synchronization

/// The shared bookkeeping of one differential run: which sequence comes next, how many shrinks are left, and what
/// failed. Thread-safe.
final class LiveTableRun: Sendable {
  /// Seeds of the sequences, in order.
  let seeds: [UInt64]
  /// Steps per sequence.
  let steps: Int
  /// How many failures are shrunk.
  let shrinkLimit: Int
  /// Combined sequences (issue 15: sections with headers and footers, `LiveTableSectionsSetup`).
  let sections: Bool
  /// The next sequence index to hand out.
  private let nextIndex = Mutex(0)
  /// Shrinks started so far.
  private let shrinks = Mutex(0)
  /// Failing sequences.
  let failures = Mutex<[Failure]>([])
  /// Problems with the harness itself (spawns, unanswered calls).
  let problems = Mutex<[String]>([])

  /// One failing sequence: its seed, where it failed, and the shrunk report when it was shrunk.
  struct Failure: Sendable {
    /// The sequence's seed.
    var seed: UInt64
    /// The unshrunk divergence.
    var divergence: LiveTableDivergence
    /// The shrunk report, when shrunk.
    var report: String?
  }

  /// A run of `seeds`, `steps` steps each, shrinking the first `shrinkLimit` failures.
  init(seeds: [UInt64], steps: Int, shrinkLimit: Int, sections: Bool = false) {
    self.sections = sections
    self.seeds = seeds
    self.steps = steps
    self.shrinkLimit = shrinkLimit
  }

  /// The next sequence's seed (nil when all are handed out).
  func nextSeed() -> UInt64? {
    let index = nextIndex.withLock { value in
      defer { value += 1 }
      return value
    }
    // Long runs say how far they are (the failures print as they are found).
    if index > 0, index % 10_000 == 0, index < seeds.count {
      print("LiveTableDifferential: \(index) of \(seeds.count) sequences handed out")
    }
    return index < seeds.count ? seeds[index] : nil
  }

  /// True when this failure may be shrunk (counts it).
  func takeShrink() -> Bool {
    shrinks.withLock { taken in
      defer { taken += 1 }
      return taken < shrinkLimit
    }
  }

  /// `workers` threads, each with its own daemon, run sequences until none are left; returns when all are done.
  func run(workers: Int) {
    let done = DispatchGroup()
    for worker in 0..<workers {
      done.enter()
      Thread { [self] in
        var each = LiveTableWorker(run: self, worker: worker)
        each.work()
        done.leave()
      }.start()
    }
    done.wait()
  }
}

/// One worker of a run: a daemon (replaced every 50 sequences, and when a call goes unanswered) that runs
/// sequences one after the other on fresh sessions, and shrinks failures when the run allows.
struct LiveTableWorker {
  /// The run.
  let run: LiveTableRun
  /// Worker number (in session ids).
  let worker: Int
  /// The current daemon.
  var daemon: Daemon? = nil
  /// Sequences run on it.
  var uses = 0
  /// Sessions created so far.
  var sessions = 0

  /// A worker of `run`.
  init(run: LiveTableRun, worker: Int) {
    self.run = run
    self.worker = worker
  }

  /// A spawned, initialized daemon.
  static func spawn() -> Daemon? {
    // Untraced: tens of megabytes of the same kinds of messages would only slow the schema check of the traffic.
    guard let daemon = try? Daemon(executable: Daemon.untracedBinary) else { return nil }
    _ = daemon.call(1, "initialize")
    daemon.notify("initialized")
    return daemon
  }

  /// A live daemon (spawning one when needed; nil when that fails) and a fresh session id for it.
  mutating func daemonAndSession() -> (Daemon, String)? {
    if daemon == nil || uses >= 50 {
      _ = daemon?.finish()
      daemon = Self.spawn()
      uses = 0
    }
    guard let live = daemon else {
      run.problems.withLock { $0.append("could not spawn a daemon") }
      return nil
    }
    uses += 1
    sessions += 1
    return (live, "w\(worker)q\(sessions)")
  }

  /// Runs sequences until the run has none left.
  mutating func work() {
    while let seed = run.nextSeed() {
      guard let (live, session) = daemonAndSession() else { break }
      let outcome = LiveTableSequence.generated(
        seed: seed, count: run.steps, daemon: live, session: session, sections: run.sections)
      if outcome.lost {
        daemon = nil
        run.problems.withLock { $0.append("seed \(seed): a call went unanswered (daemon replaced)") }
      }
      guard let divergence = outcome.divergence else { continue }
      print("LiveTableDifferential: seed \(seed) fails \(divergence.description.split(separator: "\n").first ?? "")")
      var failure = LiveTableRun.Failure(seed: seed, divergence: divergence)
      if run.takeShrink() {
        let (shrunk, found) = LiveTableShrinker.shrink(outcome.steps, divergence) { candidate in
          guard let (live, session) = daemonAndSession() else { return nil }
          let replayed = LiveTableSequence.replay(
            candidate, daemon: live, session: session, inverted: LiveTableSequence.inverted(seed: seed),
            sections: run.sections ? LiveTableSectionsSetup(seed: seed) : nil)
          if replayed.lost { daemon = nil }
          return replayed.divergence
        }
        failure.report = LiveTableShrinker.report(seed: seed, steps: shrunk, divergence: found, sections: run.sections)
      }
      run.failures.withLock { $0.append(failure) }
    }
    _ = daemon?.finish()
  }
}
