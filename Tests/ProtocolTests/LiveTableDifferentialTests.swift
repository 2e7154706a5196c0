import Foundation
import Testing

/// Issue 13's model-based random differential test: seeded random steps (edits valid and invalid, height changes,
/// drags, programmatic scrolls, viewport and inset changes, range modes and tuning, visibility, application events,
/// batch fetching) sent to the real daemon and to `LiveTableModel`, compared after every step. Several daemons run
/// sequences in parallel; a failing sequence prints its seed, and the first few are shrunk and reported.
///
/// Environment: `LAYOUTD_DIFF_SEQUENCES` (default 1500: 2000 before issue 15's combined test, which runs the same
/// steps on tables with sections, took a share of the suite's time), `LAYOUTD_DIFF_STEPS` (40), `LAYOUTD_DIFF_SEED`
/// (replay that one sequence), `LAYOUTD_DIFF_WORKERS` (4 daemons), `LAYOUTD_DIFF_SHRINK` (how many failures to shrink,
/// 3), `LAYOUTD_DIFF_IGNORE` (field kinds not compared, for triage), `LAYOUTD_DIFF_ZERO_HEIGHTS` (percent of 0-point
/// cells, 5).
@Suite(.serialized) struct LiveTableDifferentialTests {
  /// An environment integer, else `fallback`.
  static func setting(_ name: String, _ fallback: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? fallback
  }

  /// The seed of sequence `index` of a run with base `base` (SplitMix of the sum).
  static func seed(base: UInt64, index: Int) -> UInt64 {
    var random = ThrashRandom(state: base &+ UInt64(index))
    return random.next() >> 16  // short enough to type
  }

  @Test func randomSequencesMatchTheModel() async throws {
    let replaySeed = ProcessInfo.processInfo.environment["LAYOUTD_DIFF_SEED"].flatMap { UInt64($0) }
    let count = replaySeed == nil ? Self.setting("LAYOUTD_DIFF_SEQUENCES", 1500) : 1
    await Self.runSequences(
      label: "LiveTableDifferential", replaySeed: replaySeed, count: count,
      steps: Self.setting("LAYOUTD_DIFF_STEPS", 40),
      sections: false)
  }

  /// Runs `count` generated sequences of `steps` steps (or the one of `replaySeed`) on several daemons and records
  /// every divergence, shrunk for the first few; `sections` runs combined sequences (issue 15).
  static func runSequences(label: String, replaySeed: UInt64?, count: Int, steps: Int, sections: Bool) async {
    let workers = max(1, min(Self.setting("LAYOUTD_DIFF_WORKERS", 4), count))
    let shrinkLimit = Self.setting("LAYOUTD_DIFF_SHRINK", 3)
    let base = UInt64.random(in: 0...UInt64(UInt32.max))
    let seeds = replaySeed.map { [$0] } ?? (0..<count).map { Self.seed(base: base, index: $0) }
    print("\(label): \(count) sequence(s) of \(steps) steps, \(workers) daemons, base \(base)")
    let start = Date()
    let run = LiveTableRun(seeds: seeds, steps: steps, shrinkLimit: shrinkLimit, sections: sections)
    // The workers block on pipes: wait for them off the cooperative pool.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        run.run(workers: workers)
        done.resume()
      }.start()
    }
    let seconds = Date().timeIntervalSince(start)
    let failed = run.failures.withLock { $0 }.sorted { $0.seed < $1.seed }
    print(
      "\(label): \(count - failed.count) of \(count) sequences match, \(failed.count) fail; "
        + String(format: "%.1f s", seconds))
    for problem in run.problems.withLock({ $0 }) { Issue.record(Comment(rawValue: problem)) }
    for failure in failed {
      if let report = failure.report { Issue.record(Comment(rawValue: report)) }
    }
    if !failed.isEmpty {
      var kinds: [String: Int] = [:]
      for failure in failed { kinds[failure.divergence.kind, default: 0] += 1 }
      let summary = kinds.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      let listed = failed.prefix(50).map { "\($0.seed)" }.joined(separator: " ")
      Issue.record(
        Comment(
          rawValue: "\(failed.count) of \(count) sequences diverge (first field: \(summary)); seeds: \(listed)"
            + (failed.count > 50 ? " …" : "")))
    }
  }
}
