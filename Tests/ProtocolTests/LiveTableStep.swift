/// One step of the live-table differential test: what to do (for the model) and the wire calls that do it (for
/// the daemon). Steps are fixed values, so a shrunk sequence replays exactly; a step that no longer fits the table
/// (a row gone) is simply answered with an error by both sides. Heights and offsets are in quarter points.
struct LiveTableStep: Sendable {
  /// What the step does.
  enum Kind: Sendable {
    /// `table/performBatchUpdates` with the batch's wire `operations` (and `rowCounts` when given).
    case batch(ReferenceBatch, operations: [String])
    /// `table/insertRows` at the end of `section`.
    case insertRows(section: Int, rows: [ReferenceRow])
    /// `table/deleteRows` by id.
    case deleteRows([String])
    /// `table/reloadData` with these sections.
    case reloadData([[ReferenceRow]])
    /// `cell/setNeedsLayout` {row, cell}: a new cell height.
    case setHeight(String, quarters: Int)
    /// `cell/setNeedsLayout` {rows}: re-measure as they are.
    case remeasure([String])
    /// `table/scrollBy` {dy, drag}.
    case scrollBy(quarters: Int, drag: Bool)
    /// `table/scrollToOffset` {y, drag}.
    case scrollToOffset(quarters: Int, drag: Bool)
    /// `table/scrollToRow` {row, position}.
    case scrollToRow(String, position: String)
    /// `session/setViewport` {viewport: {height}}.
    case viewportHeight(quarters: Int)
    /// `session/setViewport` {contentOffset: {y}}.
    case contentOffset(quarters: Int)
    /// `session/setViewport` {contentInset: {top, bottom}}.
    case insets(top: Int, bottom: Int)
    /// `table/setTuningParameters`.
    case tuning(mode: LiveTableModel.Mode, rangeType: String, leading: Double, trailing: Double)
    /// `table/setRangeMode`.
    case rangeMode(LiveTableModel.Mode)
    /// `session/setVisible`.
    case setVisible(Bool)
    /// `session/applicationEvent`.
    case applicationEvent(String)
    /// `table/completeBatchFetching` {finished}.
    case complete(finished: Bool)
    /// `table/cancelBatchFetching`.
    case cancel
    /// `table/setLeadingScreensForBatching`.
    case leadingScreens(Double)
    /// A page of rows (`table/insertRows` at the end of `section`, or `table/insertSections` when nil) and then
    /// `table/completeBatchFetching`, back to back when the context is fetching.
    case pageThenComplete(section: Int?, rows: [ReferenceRow])
    /// `table/performBatchUpdates` whose sections carry headers and footers and with `setHeader`/`setFooter` ops.
    case sectionBatch(ReferenceBatch, LiveTableModel.SupplementaryOps, operations: [String])
    /// `table/reloadData` with sections carrying headers and footers.
    case reloadSections([[ReferenceRow]], extras: [LiveTableModel.Extras])
    /// `table/insertSections` {at, sections} with headers and footers.
    case insertSections(at: Int, [[ReferenceRow]], extras: [LiveTableModel.Extras])
    /// `table/setHeader` (`header` true) or `table/setFooter` {section, header | footer: HF | null}.
    case setSupplementary(header: Bool, section: Int, LiveTableModel.Extra?)
  }

  /// What the step does.
  var kind: Kind

  /// The wire calls in order: method and params (JSON text without `sessionId`).
  var calls: [(method: String, params: String)] {
    typealias W = LiveTableWire
    switch kind {
    case .batch(let batch, let operations):
      let counts = batch.rowCounts.map { #","rowCounts":[\#($0.map(String.init).joined(separator: ","))]"# } ?? ""
      return [("table/performBatchUpdates", #"{"operations":[\#(operations.joined(separator: ","))]\#(counts)}"#)]
    case .insertRows(let section, let rows):
      return [("table/insertRows", #"{"section":\#(section),"rows":\#(W.rows(rows))}"#)]
    case .deleteRows(let ids):
      return [("table/deleteRows", #"{"rows":\#(W.ids(ids))}"#)]
    case .reloadData(let sections):
      let text = sections.map { #"{"rows":\#(W.rows($0))}"# }.joined(separator: ",")
      return [("table/reloadData", #"{"sections":[\#(text)]}"#)]
    case .setHeight(let id, let q):
      return [("cell/setNeedsLayout", #"{"row":\#(W.quoted(id)),"cell":\#(W.cell(q))}"#)]
    case .remeasure(let ids):
      return [("cell/setNeedsLayout", #"{"rows":\#(W.ids(ids))}"#)]
    case .scrollBy(let q, let drag):
      return [("table/scrollBy", #"{"dy":\#(W.points(q)),"drag":\#(drag)}"#)]
    case .scrollToOffset(let q, let drag):
      return [("table/scrollToOffset", #"{"y":\#(W.points(q)),"drag":\#(drag)}"#)]
    case .scrollToRow(let id, let position):
      return [("table/scrollToRow", #"{"row":\#(W.quoted(id)),"position":"\#(position)"}"#)]
    case .viewportHeight(let q):
      return [("session/setViewport", #"{"viewport":{"height":\#(W.points(q))}}"#)]
    case .contentOffset(let q):
      return [("session/setViewport", #"{"contentOffset":{"y":\#(W.points(q))}}"#)]
    case .insets(let top, let bottom):
      return [("session/setViewport", #"{"contentInset":{"top":\#(W.points(top)),"bottom":\#(W.points(bottom))}}"#)]
    case .tuning(let mode, let rangeType, let leading, let trailing):
      return [
        (
          "table/setTuningParameters",
          #"{"mode":"\#(mode.rawValue)","rangeType":"\#(rangeType)","leadingBufferScreenfuls":\#(W.number(leading)),"#
            + #""trailingBufferScreenfuls":\#(W.number(trailing))}"#
        )
      ]
    case .rangeMode(let mode):
      return [("table/setRangeMode", #"{"mode":"\#(mode.rawValue)"}"#)]
    case .setVisible(let visible):
      return [("session/setVisible", #"{"visible":\#(visible)}"#)]
    case .applicationEvent(let event):
      return [("session/applicationEvent", #"{"event":"\#(event)"}"#)]
    case .complete(let finished):
      return [("table/completeBatchFetching", #"{"finished":\#(finished)}"#)]
    case .cancel:
      return [("table/cancelBatchFetching", "{}")]
    case .leadingScreens(let value):
      return [("table/setLeadingScreensForBatching", #"{"leadingScreens":\#(W.number(value))}"#)]
    case .pageThenComplete(let section, let rows):
      let insert =
        section.map { ("table/insertRows", #"{"section":\#($0),"rows":\#(W.rows(rows))}"#) }
        ?? ("table/insertSections", #"{"sections":[{"rows":\#(W.rows(rows))}]}"#)
      return [insert, ("table/completeBatchFetching", #"{"finished":true}"#)]
    case .sectionBatch(_, _, let operations):
      return [("table/performBatchUpdates", #"{"operations":[\#(operations.joined(separator: ","))]}"#)]
    case .reloadSections(let rows, let extras):
      return [("table/reloadData", #"{"sections":\#(W.sections(rows, extras))}"#)]
    case .insertSections(let at, let rows, let extras):
      return [("table/insertSections", #"{"at":\#(at),"sections":\#(W.sections(rows, extras))}"#)]
    case .setSupplementary(let header, let section, let value):
      let kind = header ? "header" : "footer"
      return [
        ("table/set\(header ? "Header" : "Footer")", #"{"section":\#(section),"\#(kind)":\#(W.hf(value))}"#)
      ]
    }
  }

  /// The calls grouped into phases; each phase is written at once and followed by a wait. A page and its
  /// completion go back to back only when `backToBack` (the context is fetching and no after-commit check is held:
  /// otherwise whether the completion or the page's commit comes first would change the outcome), else one phase
  /// each.
  func phases(backToBack: Bool) -> [[(method: String, params: String)]] {
    if case .pageThenComplete = kind, !backToBack { return calls.map { [$0] } }
    return [calls]
  }

  /// The step as JSON lines of its requests for session "s1", ids from `firstID`, for reports.
  func jsonLines(firstID: Int) -> [String] {
    calls.enumerated().map {
      LiveTableWire.request(
        id: firstID + $0.offset, method: $0.element.method, params: $0.element.params, session: "s1")
    }
  }
}

extension LiveTableModel {
  /// Applies `step` and returns the expected error code of each of its calls (nil: accepted, -1: some error).
  mutating func apply(_ step: LiveTableStep) -> [Int?] {
    switch step.kind {
    case .batch(let batch, let operations): return [performBatch(batch, operations: operations.count)]
    case .insertRows(let section, let rows): return [insertRows(section: section, rows)]
    case .deleteRows(let ids): return [deleteRows(ids)]
    case .reloadData(let sections): return [reloadData(sections)]
    case .setHeight(let id, let q): return [relayout(id, quarters: q)]
    case .remeasure(let ids): return [remeasure(ids)]
    case .scrollBy(let q, let drag): scroll(to: modelTarget(scrollBy: Double(q) / 4), drag: drag)
    case .scrollToOffset(let q, let drag): scroll(to: modelOffset(wire: Double(q) / 4), drag: drag)
    case .scrollToRow(let id, let position): return [scrollToRow(id, position: position) ? nil : -1]
    case .viewportHeight(let q): setViewportHeight(Double(q) / 4)
    case .contentOffset(let q): scrollProgrammatically(to: modelOffset(wire: Double(q) / 4))
    case .insets(let top, let bottom): setWireInsets(top: Double(top) / 4, bottom: Double(bottom) / 4)
    case .tuning(let mode, let rangeType, let leading, let trailing):
      setTuning(mode: mode, rangeType: rangeType, Tuning(leading: leading, trailing: trailing))
    case .rangeMode(let mode): setRangeMode(mode)
    case .setVisible(let visible): setVisible(visible)
    case .applicationEvent(let event): applicationEvent(event)
    case .complete(let finished): completeBatchFetching(finished: finished)
    case .cancel: cancelBatchFetching()
    case .leadingScreens(let value): setLeadingScreens(value)
    case .pageThenComplete(let section, let rows):
      let inserted = section.map { insertRows(section: $0, rows) } ?? appendSection(rows)
      completeBatchFetching(finished: true)
      return [inserted, nil]
    case .sectionBatch(let batch, let supplementary, let operations):
      return [performBatch(batch, supplementary: supplementary, operations: operations.count)]
    case .reloadSections(let rows, let extras): return [reloadData(rows, extras: extras)]
    case .insertSections(let at, let rows, let extras): return [insertSections(at: at, rows, extras: extras)]
    case .setSupplementary(let header, let section, let value):
      return [setSupplementary(header: header, section: section, value)]
    }
    return [nil]
  }
}
