import Foundation
import JSONCodec

/// One collection differential sequence on a spawned daemon: `session/create` of the seed's collection or pager,
/// then the steps, each written with `table/waitUntilAllUpdatesAreProcessed` and followed by the queries; the model
/// and the daemon compared after the creation and after every step.
enum CollectionSequence {
  /// Where model and daemon first differ.
  struct Divergence: Sendable, CustomStringConvertible {
    /// Index of the step after which they differ (−1: after the creation).
    var step: Int
    /// The field.
    var field: String
    /// The model's value.
    var model: String
    /// The daemon's value.
    var daemon: String

    /// `after step 3: states …`.
    var description: String {
      "after \(step < 0 ? "the creation" : "step \(step)"): \(field)\n  model:  \(model)\n  daemon: \(daemon)"
    }
  }

  /// The steps performed (up to the divergence), the divergence, and whether a call went unanswered.
  struct Outcome: Sendable {
    /// Steps performed.
    var steps: [CollectionStep]
    /// The first divergence.
    var divergence: Divergence?
    /// A call went unanswered (replace the daemon).
    var lost: Bool
  }

  /// The daemon's side after a step: its queries' answers and every message read.
  static func observe(_ driver: LiveTableDriver, messages: [JSONValue]) -> CollectionObservation {
    let everything = #"{"rect":{"x":-1000000,"y":-1000000,"width":1e12,"height":1e12}}"#
    let (answers, more) = driver.exchange([
      ("table/ranges", "{}"), ("table/rowsInRect", everything), ("table/contentSize", "{}"),
    ])
    return CollectionObservation(
      ranges: answers[0]?["result"], rowsInRect: answers[1]?["result"], contentSize: answers[2]?["result"],
      messages: messages + more)
  }

  /// Runs the sequence of `seed` on `session` of `daemon`: `next` gives the step at an index (nil ends it).
  static func run(
    seed: UInt64, daemon: Daemon, session: String, next: (CollectionModel, Int) -> CollectionStep?
  ) -> Outcome {
    let driver = LiveTableDriver(daemon: daemon, session: session)
    defer { if !driver.lost { driver.dispose() } }
    var model = CollectionStepGenerator.setup(seed: seed)
    let created = driver.exchange([("session/create", CollectionStepGenerator.createParams(model))])
    func compare(_ step: Int, _ messages: [JSONValue]) -> Divergence? {
      let expected = CollectionObservation(model: model, fetchStarts: model.fetchStarts)
      model.fetchStarts = 0
      let actual = observe(driver, messages: messages)
      guard let (field, m, d) = CollectionObservation.firstDifference(model: expected, daemon: actual) else {
        return nil
      }
      return Divergence(step: step, field: field, model: m, daemon: d)
    }
    if let divergence = compare(-1, created.messages) {
      return Outcome(steps: [], divergence: divergence, lost: driver.lost)
    }
    var steps: [CollectionStep] = []
    var index = 0
    while let step = next(model, index) {
      steps.append(step)
      model.apply(step)
      let (answers, messages) = driver.exchange([
        step.call(vertical: model.vertical), ("table/waitUntilAllUpdatesAreProcessed", "{}"),
      ])
      if let error = answers[0]?["error"] {
        let divergence = Divergence(
          step: index, field: "answer", model: "a result", daemon: JSONWriter.string(error))
        return Outcome(steps: steps, divergence: divergence, lost: driver.lost)
      }
      if let divergence = compare(index, messages) {
        return Outcome(steps: steps, divergence: divergence, lost: driver.lost)
      }
      index += 1
    }
    return Outcome(steps: steps, divergence: nil, lost: driver.lost)
  }

  /// Shrinks a failing sequence: the failing prefix, then steps removed one at a time while the replay still fails
  /// on the same field (at most `budget` replays).
  static func shrink(
    _ steps: [CollectionStep], _ divergence: Divergence, budget: Int = 200,
    replay: ([CollectionStep]) -> Divergence?
  ) -> ([CollectionStep], Divergence) {
    var best = Array(steps.prefix(divergence.step + 1))
    var found = divergence
    var replays = 0
    var changed = true
    while changed, replays < budget {
      changed = false
      var i = 0
      while i < best.count, replays < budget {
        var candidate = best
        candidate.remove(at: i)
        replays += 1
        if let again = replay(candidate), again.field == divergence.field {
          best = Array(candidate.prefix(again.step + 1))
          found = again
          changed = true
        } else {
          i += 1
        }
      }
    }
    return (best, found)
  }

  /// A report: the seed, the creation and the steps as requests, and the divergence.
  static func report(seed: UInt64, steps: [CollectionStep], divergence: Divergence) -> String {
    let model = CollectionStepGenerator.setup(seed: seed)
    var lines = [
      "seed \(seed): shrunk to \(steps.count) step(s); replay with LAYOUTD_COLLECTION_SEED=\(seed)",
      "  session/create \(CollectionStepGenerator.createParams(model))",
    ]
    for (i, step) in steps.enumerated() {
      let (method, params) = step.call(vertical: model.vertical)
      lines.append("  \(i): \(method) \(params)")
    }
    lines.append("  " + divergence.description.replacingOccurrences(of: "\n", with: "\n  "))
    return lines.joined(separator: "\n")
  }
}
