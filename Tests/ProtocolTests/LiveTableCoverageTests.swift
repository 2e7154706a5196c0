import Testing

/// What the differential test's generator reaches, measured on the model alone (no daemon): every step kind, and
/// the situations the rules single out — an empty visible set with rows, a hidden or backgrounded container, each
/// range mode, a held after-commit check released into a fetch, a page sent back to back, zero-height rows, offsets
/// at both clamps. 300 sequences of 40 steps.
@Suite struct LiveTableCoverageTests {
  @Test func theGeneratorReachesEveryRuleTheModelHas() {
    var seen: [String: Int] = [:]
    for sequence in 0..<300 {
      var generator = LiveTableStepGenerator(seed: LiveTableDifferentialTests.seed(base: 7, index: sequence))
      var model = LiveTableModel()
      _ = model.reloadData([LiveTableSequence.baseRows])
      _ = model.drain()
      for _ in 0..<40 {
        let step = generator.next(model)
        let name = String(describing: step.kind).prefix(while: { $0 != "(" })
        seen["kind \(name)", default: 0] += 1
        if case .pageThenComplete = step.kind, model.batchState == .fetching, !model.heldCheck {
          seen["page back to back", default: 0] += 1
        }
        let heldBefore = model.heldCheck
        let answers = model.apply(step)
        let fetches = model.drain().fetchStarts
        if answers.contains(where: { $0 != nil }) { seen["error answer", default: 0] += 1 }
        if heldBefore && !model.heldCheck && fetches > 0 { seen["held check fetches", default: 0] += 1 }
        if fetches > 0 { seen["fetch", default: 0] += 1 }
        if model.visibleIDs.isEmpty && model.contentHeight > 0 { seen["empty visible set with rows", default: 0] += 1 }
        if !model.containerInWindow { seen["hidden", default: 0] += 1 }
        if model.background { seen["background", default: 0] += 1 }
        seen["mode \(model.mode.rawValue)", default: 0] += 1
        if model.sections.joined().contains(where: { $0.quarters == 0 }) { seen["zero-height row", default: 0] += 1 }
        if model.offset == model.maxOffset && model.maxOffset > 0 { seen["offset at maxY", default: 0] += 1 }
        if model.offset == model.minOffset && model.insetTop > 0 { seen["offset at -T", default: 0] += 1 }
      }
    }
    let expected = [
      "kind batch", "kind insertRows", "kind deleteRows", "kind reloadData", "kind setHeight", "kind remeasure",
      "kind scrollBy", "kind scrollToOffset", "kind scrollToRow", "kind viewportHeight", "kind contentOffset",
      "kind insets", "kind tuning", "kind rangeMode", "kind setVisible", "kind applicationEvent", "kind complete",
      "kind cancel", "kind leadingScreens", "kind pageThenComplete", "page back to back", "error answer",
      "held check fetches", "fetch", "empty visible set with rows", "hidden", "background", "mode minimum",
      "mode full", "mode visibleOnly", "mode lowMemory", "zero-height row", "offset at maxY", "offset at -T",
    ]
    for name in expected { #expect((seen[name] ?? 0) >= 10, "\(name): \(seen[name] ?? 0)") }
    print("LiveTableCoverage: " + seen.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
  }
}
