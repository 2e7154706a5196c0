import Foundation
import Synchronization
import Testing

/// Issue 16's random differential test: seeded sequences of edits (items and sections), drags and programmatic
/// scrolls along either axis, pages, batch completions and visibility changes, sent to a spawned daemon holding a
/// vertical or horizontal flow-layout collection or a pager (by seed mod 3) and to `CollectionModel`, compared
/// after every step (offset, range mode, content size, every item's frame, interface states, batch context and
/// fetch starts). A failing sequence prints its seed; the first few are shrunk and reported.
///
/// Environment: `LAYOUTD_COLLECTION_SEQUENCES` (default 24: about a second of CPU), `LAYOUTD_COLLECTION_STEPS` (30),
/// `LAYOUTD_COLLECTION_SEED` (replay that one sequence), `LAYOUTD_COLLECTION_BASE` (the base seed, else random),
/// `LAYOUTD_COLLECTION_WORKERS` (2 daemons), `LAYOUTD_COLLECTION_SHRINK` (failures shrunk, 2).
@Suite(.serialized) struct CollectionDifferentialTests {
  /// An environment integer, else `fallback`.
  static func setting(_ name: String, _ fallback: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? fallback
  }

  @Test func randomCollectionSequencesMatchTheModel() async throws {
    let replay = ProcessInfo.processInfo.environment["LAYOUTD_COLLECTION_SEED"].flatMap { UInt64($0) }
    let count = replay == nil ? Self.setting("LAYOUTD_COLLECTION_SEQUENCES", 24) : 1
    let steps = Self.setting("LAYOUTD_COLLECTION_STEPS", 30)
    let base =
      ProcessInfo.processInfo.environment["LAYOUTD_COLLECTION_BASE"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64(UInt32.max))
    let seeds = replay.map { [$0] } ?? (0..<count).map { LiveTableDifferentialTests.seed(base: base, index: $0) }
    let workers = max(1, min(Self.setting("LAYOUTD_COLLECTION_WORKERS", 2), seeds.count))
    print("CollectionDifferential: \(seeds.count) sequence(s) of \(steps) steps, \(workers) daemons, base \(base)")
    let start = Date()
    let run = CollectionRun(seeds: seeds, steps: steps, shrinkLimit: Self.setting("LAYOUTD_COLLECTION_SHRINK", 2))
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        run.run(workers: workers)
        done.resume()
      }.start()
    }
    let failures = run.failures.withLock { $0 }
    print(
      "CollectionDifferential: \(seeds.count - failures.count) of \(seeds.count) sequences match, "
        + "\(failures.count) fail; " + String(format: "%.1f s", Date().timeIntervalSince(start)))
    for problem in run.problems.withLock({ $0 }) { Issue.record(Comment(rawValue: problem)) }
    for failure in failures { Issue.record(Comment(rawValue: failure)) }
  }
}

/// A differential run shared by its workers: the seeds handed out in order, the shrinks left, the failures.
final class CollectionRun: Sendable {
  /// Seeds in order.
  let seeds: [UInt64]
  /// Steps per sequence.
  let steps: Int
  /// Failures shrunk at most.
  let shrinkLimit: Int
  /// Next seed index and shrinks taken.
  private let counters = Mutex((next: 0, shrinks: 0))
  /// Failure reports.
  let failures = Mutex<[String]>([])
  /// Harness problems.
  let problems = Mutex<[String]>([])

  /// A run of `seeds`.
  init(seeds: [UInt64], steps: Int, shrinkLimit: Int) {
    self.seeds = seeds
    self.steps = steps
    self.shrinkLimit = shrinkLimit
  }

  /// The next seed, nil when all are handed out.
  func nextSeed() -> UInt64? {
    counters.withLock { c in
      defer { c.next += 1 }
      return c.next < seeds.count ? seeds[c.next] : nil
    }
  }

  /// True when this failure may be shrunk.
  func takeShrink() -> Bool {
    counters.withLock { c in
      defer { c.shrinks += 1 }
      return c.shrinks < shrinkLimit
    }
  }

  /// `workers` threads, each with its own daemon (replaced every 50 sequences or when a call goes unanswered).
  func run(workers: Int) {
    let done = DispatchGroup()
    for worker in 0..<workers {
      done.enter()
      Thread { [self] in
        var daemon: Daemon? = nil
        var uses = 0
        var sessions = 0
        func live() -> (Daemon, String)? {
          if daemon == nil || uses >= 50 {
            _ = daemon?.finish()
            daemon = LiveTableWorker.spawn()
            uses = 0
          }
          guard let d = daemon else { return nil }
          uses += 1
          sessions += 1
          return (d, "c\(worker)q\(sessions)")
        }
        while let seed = nextSeed() {
          guard let (d, session) = live() else {
            problems.withLock { $0.append("could not spawn a daemon") }
            break
          }
          var generator = CollectionStepGenerator(seed: seed)
          let outcome = CollectionSequence.run(seed: seed, daemon: d, session: session) { model, index in
            index < steps ? generator.next(model) : nil
          }
          if outcome.lost {
            daemon = nil
            problems.withLock { $0.append("seed \(seed): a call went unanswered (daemon replaced)") }
          }
          guard let divergence = outcome.divergence else { continue }
          print("CollectionDifferential: seed \(seed) fails \(divergence.description)")
          var report = "seed \(seed): \(divergence.description)"
          if takeShrink() {
            let (shrunk, found) = CollectionSequence.shrink(outcome.steps, divergence) { candidate in
              guard let (d, session) = live() else { return nil }
              var k = 0
              let replayed = CollectionSequence.run(seed: seed, daemon: d, session: session) { model, _ in
                while k < candidate.count, !model.accepts(candidate[k]) { k += 1 }
                defer { k += 1 }
                return k < candidate.count ? candidate[k] : nil
              }
              if replayed.lost { daemon = nil }
              return replayed.divergence
            }
            report = CollectionSequence.report(seed: seed, steps: shrunk, divergence: found)
          }
          failures.withLock { $0.append(report) }
        }
        _ = daemon?.finish()
        done.leave()
      }.start()
    }
    done.wait()
  }
}
