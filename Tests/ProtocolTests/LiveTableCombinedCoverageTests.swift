import Testing

/// What the combined differential test's generator reaches (issue 15), measured on the model alone (no daemon):
/// every sections step kind beside the live ones, and the situations the combination is for — plain and grouped,
/// inverted sessions, a floating header (pinned and pushed up) and footer, a floating header in an inverted table,
/// header and footer cells changing state (visible ones and ones ended by a section move, reload or delete),
/// a fetch started in an inverted table, moves of sections with headers, batches with `setHeader`/`setFooter` ops
/// (and refused ones), a header cell height change, and `elementAtPoint` / `elementsInRect` naming headers and
/// footers. 120 sequences of 40 steps, as the test's generator makes them (at least 10 of each).
@Suite struct LiveTableCombinedCoverageTests {
  @Test func theCombinedGeneratorReachesHeadersFootersAndInvertedTables() {
    var seen: [String: Int] = [:]
    for sequence in 0..<120 {
      let seed = LiveTableDifferentialTests.seed(base: 15, index: sequence)
      let setup = LiveTableSectionsSetup(seed: seed)
      var generator = LiveTableStepGenerator(seed: seed)
      generator.nextRowID = setup.nextRowID
      var model = LiveTableModel(inverted: LiveTableSequence.inverted(seed: seed))
      setup.configure(&model)
      _ = model.apply(setup.step)
      _ = model.drain()
      let tag = (model.inverted ? "inverted " : "") + (model.grouped ? "grouped" : "plain")
      seen[tag, default: 0] += 1
      for _ in 0..<40 {
        let step = generator.nextCombined(model)
        let name = String(describing: step.kind).prefix(while: { $0 != "(" })
        seen["kind \(name)", default: 0] += 1
        if case .sectionBatch(let batch, let ops, _) = step.kind {
          if !ops.set.isEmpty { seen["batch setHeader/setFooter ops", default: 0] += 1 }
          if !batch.moveSections.isEmpty { seen["batch section move", default: 0] += 1 }
        }
        let answers = model.apply(step)
        let heightChanges = model.supplementaryHeightChanges.count
        let (events, fetches) = model.drain()
        if case .sectionBatch = step.kind, answers.contains(where: { $0 != nil }) {
          seen["refused section batch", default: 0] += 1
        }
        if heightChanges > 0 { seen["supplementaryHeightChanged", default: 0] += 1 }
        if fetches > 0 && model.inverted { seen["fetch in an inverted table", default: 0] += 1 }
        let cells = Set(model.cellIDs)
        for (id, list) in events where id.hasPrefix("h") {
          for event in list {
            if case .released = event { seen["cell released", default: 0] += 1 }
            if case .changed(_, let new, _) = event, new.contains("visible") { seen["cell visible", default: 0] += 1 }
          }
          if cells.contains(id) { seen["cell state change", default: 0] += 1 }
        }
        for s in model.sections.indices {
          if let h = model.header(s), h.floating {
            seen["floating header", default: 0] += 1
            if h.top + h.height == model.spans[s].bottom { seen["header pushed up", default: 0] += 1 }
            if model.inverted { seen["floating header inverted", default: 0] += 1 }
          }
          if let f = model.footer(s), f.floating { seen["floating footer", default: 0] += 1 }
        }
        for probe in model.probeYs {
          if let e = model.element(atModel: model.modelPoint(probe)), e.kind != "row" {
            seen["elementAtPoint \(e.kind)", default: 0] += 1
          }
        }
        var observed = LiveTableObservation()
        model.observeSections(&observed)
        if observed.inRect.contains(where: { $0.hasPrefix("header") && $0.hasSuffix("floating true") }) {
          seen["elementsInRect floating header", default: 0] += 1
        }
      }
    }
    let expected = [
      "plain", "grouped", "inverted plain", "inverted grouped", "kind setSupplementary", "kind sectionBatch",
      "kind insertSections", "kind reloadSections", "kind setHeight", "kind scrollToOffset", "kind batch",
      "kind pageThenComplete", "batch setHeader/setFooter ops", "batch section move", "refused section batch",
      "supplementaryHeightChanged", "fetch in an inverted table", "cell released", "cell visible",
      "cell state change", "floating header", "header pushed up", "floating header inverted", "floating footer",
      "elementAtPoint header", "elementAtPoint footer", "elementsInRect floating header",
    ]
    for name in expected { #expect((seen[name] ?? 0) >= 10, "\(name): \(seen[name] ?? 0)") }
    print(
      "LiveTableCombinedCoverage: "
        + seen.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
  }
}
