/// Where model and daemon first differ in a sequence.
struct LiveTableDivergence: Sendable, CustomStringConvertible {
  /// Index of the step after which they differ (−1: after the Base setup).
  var step: Int
  /// The first differing field, e.g. `events[b3]`.
  var field: String
  /// The model's value.
  var model: String
  /// The daemon's value.
  var daemon: String

  /// The field's kind (what shrinking must keep failing on).
  var kind: String { LiveTableObservation.kind(field) }

  /// `after step 3: events[b3]: model … daemon …`.
  var description: String {
    "after \(step < 0 ? "the setup" : "step \(step)"): \(field)\n  model:  \(model)\n  daemon: \(daemon)"
  }
}

/// One differential sequence: the Base session (`session/create` 375×667 at scale 4, no separators, interface
/// states, no anchoring, batch fetching; inverted for odd seeds; then `table/reloadData` with 20 rows 100 points
/// tall), then the steps, the model and the daemon compared after the setup and after every step.
enum LiveTableSequence {
  /// The Base rows b0…b19, 100 points each.
  static let baseRows = (0..<20).map { ReferenceRow(id: "b\($0)", cellHeight: 400) }

  /// `session/create` params of the Base session (`"inverted":true` when `inverted`; `sections` adds its style).
  static func createParams(inverted: Bool, sections: LiveTableSectionsSetup? = nil) -> String {
    #"{"viewport":{"width":375,"height":667},"scale":4,"separators":false,"interfaceStates":true,"#
      + #""scrollAnchoring":false,"batchFetching":true\#(inverted ? #","inverted":true"# : "")"#
      + (sections?.createMembers ?? "") + "}"
  }

  /// Whether the sequence of `seed` runs on an inverted session: the odd seeds.
  static func inverted(seed: UInt64) -> Bool { seed & 1 == 1 }

  /// The Base setup as wire calls (for reports).
  static func setupCalls(inverted: Bool, sections: LiveTableSectionsSetup? = nil) -> [(method: String, params: String)]
  {
    [("session/create", createParams(inverted: inverted, sections: sections))]
      + (sections?.step ?? LiveTableStep(kind: .reloadData([baseRows]))).calls
  }

  /// The result of a run: the steps performed (generated or replayed, up to the divergence) and the divergence.
  struct Outcome: Sendable {
    /// Steps performed.
    var steps: [LiveTableStep]
    /// The first divergence, if any.
    var divergence: LiveTableDivergence?
    /// A call went unanswered (replace the daemon).
    var lost: Bool
  }

  /// Runs a sequence on `session` of `daemon`: `next` gives the step at an index for the model's state (nil ends
  /// the sequence). Stops at the first divergence.
  static func run(
    daemon: Daemon, session: String, inverted: Bool, sections: LiveTableSectionsSetup? = nil,
    next: (LiveTableModel, Int) -> LiveTableStep?
  ) -> Outcome {
    let driver = LiveTableDriver(daemon: daemon, session: session)
    defer { if !driver.lost { driver.dispose() } }
    var model = LiveTableModel(inverted: inverted)
    sections?.configure(&model)
    let setupAnswers = [nil] + model.apply(sections?.step ?? LiveTableStep(kind: .reloadData([baseRows])))
    let expected = model.observation(answers: setupAnswers)
    let queries = sections.map { _ in (model.sectionQueries, model.sectionFrameCount) }
    let actual = driver.perform(setupCalls(inverted: inverted, sections: sections).map { [$0] }, sections: queries)
    if let (field, m, d) = LiveTableObservation.firstDifference(model: expected, daemon: actual) {
      return Outcome(
        steps: [], divergence: LiveTableDivergence(step: -1, field: field, model: m, daemon: d), lost: driver.lost)
    }
    var steps: [LiveTableStep] = []
    var index = 0
    while let step = next(model, index) {
      steps.append(step)
      let phases = step.phases(backToBack: model.batchState == .fetching && !model.heldCheck)
      let answers = model.apply(step)
      let expected = model.observation(answers: answers)
      let queries = sections.map { _ in (model.sectionQueries, model.sectionFrameCount) }
      let actual = driver.perform(phases, sections: queries)
      if let (field, m, d) = LiveTableObservation.firstDifference(model: expected, daemon: actual) {
        let divergence = LiveTableDivergence(step: index, field: field, model: m, daemon: d)
        return Outcome(steps: steps, divergence: divergence, lost: driver.lost)
      }
      index += 1
    }
    return Outcome(steps: steps, divergence: nil, lost: driver.lost)
  }

  /// A generated sequence of `count` steps from `seed` (inverted for odd seeds); `sections`: a combined one (issue
  /// 15: sections with headers and footers, `LiveTableSectionsSetup`).
  static func generated(seed: UInt64, count: Int, daemon: Daemon, session: String, sections: Bool = false) -> Outcome {
    var generator = LiveTableStepGenerator(seed: seed)
    let setup = sections ? LiveTableSectionsSetup(seed: seed) : nil
    if let setup { generator.nextRowID = setup.nextRowID }
    return run(daemon: daemon, session: session, inverted: inverted(seed: seed), sections: setup) { model, index in
      guard index < count else { return nil }
      return setup == nil ? generator.next(model) : generator.nextCombined(model)
    }
  }

  /// `steps` replayed as they are, on an inverted session when `inverted`, combined with `sections`' setup when
  /// given.
  static func replay(
    _ steps: [LiveTableStep], daemon: Daemon, session: String, inverted: Bool, sections: LiveTableSectionsSetup? = nil
  ) -> Outcome {
    run(daemon: daemon, session: session, inverted: inverted, sections: sections) { _, index in
      index < steps.count ? steps[index] : nil
    }
  }
}
