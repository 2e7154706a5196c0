/// Shrinks a failing differential sequence: the shortest failing prefix (the steps up to the divergence), then
/// steps removed one at a time and steps replaced by smaller variants (`LiveTableStep.simplifications`), over and
/// over, while the replay still fails on the same kind of field (so the shrink cannot drift to another divergence).
enum LiveTableShrinker {
  /// The shrunk steps and their divergence. `replay` runs steps on a fresh session; `budget` bounds the replays.
  static func shrink(
    _ steps: [LiveTableStep], _ divergence: LiveTableDivergence, budget: Int = 300,
    replay: ([LiveTableStep]) -> LiveTableDivergence?
  ) -> (steps: [LiveTableStep], divergence: LiveTableDivergence) {
    var best = Array(steps.prefix(divergence.step + 1))
    var bestDivergence = divergence
    guard divergence.step >= 0 else { return (best, bestDivergence) }
    var replays = 0
    func failing(_ candidate: [LiveTableStep]) -> LiveTableDivergence? {
      replays += 1
      guard let found = replay(candidate), found.kind == divergence.kind else { return nil }
      return found
    }
    func accept(_ candidate: [LiveTableStep]) -> Bool {
      guard let found = failing(candidate) else { return false }
      best = Array(candidate.prefix(found.step + 1))
      bestDivergence = found
      return true
    }
    var changed = true
    while changed, replays < budget {
      changed = false
      // Pass 1: remove whole steps.
      var i = 0
      while i < best.count, replays < budget {
        var candidate = best
        candidate.remove(at: i)
        if accept(candidate) { changed = true } else { i += 1 }
      }
      // Pass 2: replace a step by a smaller variant of it.
      i = 0
      while i < best.count, replays < budget {
        var simplified = false
        for smaller in best[i].simplifications where replays < budget {
          var candidate = best
          candidate[i] = smaller
          if accept(candidate) {
            simplified = true
            break
          }
        }
        if simplified { changed = true } else { i += 1 }
      }
    }
    return (best, bestDivergence)
  }

  /// A report: the seed, the Base setup and the shrunk steps as JSON lines of their requests (session "s1"), and
  /// the first differing field.
  static func report(
    seed: UInt64, steps: [LiveTableStep], divergence: LiveTableDivergence, sections: Bool = false
  ) -> String {
    let variable = sections ? "LAYOUTD_COMBINED_SEED" : "LAYOUTD_DIFF_SEED"
    var lines = ["seed \(seed): shrunk to \(steps.count) step(s); replay with \(variable)=\(seed)"]
    lines.append("  setup (after initialize / initialized):")
    let inverted = LiveTableSequence.inverted(seed: seed)
    let setup = sections ? LiveTableSectionsSetup(seed: seed) : nil
    for (i, call) in LiveTableSequence.setupCalls(inverted: inverted, sections: setup).enumerated() {
      let text = LiveTableWire.request(id: i + 1, method: call.method, params: call.params, session: "s1")
      lines.append("    " + (call.method == "table/reloadData" && !sections ? "(20 rows b0…b19 of height 100)" : text))
    }
    var id = 3
    for (i, step) in steps.enumerated() {
      for line in step.jsonLines(firstID: id) { lines.append("  \(i): \(line)") }
      id += step.calls.count
    }
    lines.append("  " + divergence.description.replacingOccurrences(of: "\n", with: "\n  "))
    return lines.joined(separator: "\n")
  }
}
