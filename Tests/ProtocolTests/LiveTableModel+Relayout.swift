/// Relayout passes of `LiveTableModel` (rules "Relayout passes"): `cell/setNeedsLayout` settles as one pass — the
/// new heights at once, then the clamp, then one update only if the visible set changed. The node is kept.
extension LiveTableModel {
  /// `cell/setNeedsLayout` {row, cell} giving row `id` a cell `quarters` / 4 points tall; -1 for an unknown row.
  mutating func relayout(_ id: String, quarters: Int) -> Int? {
    if let cell = findCell(id) {
      // A header or footer cell (Protocol.md "Sections, headers and footers"): re-laid out like a row, and a
      // height change is pushed as `table/supplementaryHeightChanged`.
      let old = nodeQuarters(cell)
      updateCell(id) { $0.quarters = quarters }
      if old != quarters {
        supplementaryHeightChanges.append(
          "\(cell.header ? "header" : "footer") \(cell.section) \(id) \(Double(old) / 4) → \(Double(quarters) / 4)")
      }
      settlePass()
      return nil
    }
    guard find(id) != nil else { return -1 }
    updateRow(id) { $0.quarters = quarters }
    settlePass()
    return nil
  }

  /// `cell/setNeedsLayout` {rows} without content: re-measured as they are, so no height changes; -1 when a row is
  /// unknown (an empty list is an empty pass).
  mutating func remeasure(_ ids: [String]) -> Int? {
    guard ids.allSatisfy({ find($0) != nil }) else { return -1 }
    settlePass()
    return nil
  }

  /// The end of a pass: clamp, then an update when the visible set changed (direction none).
  mutating func settlePass() {
    clampOffset()
    updateIfVisibleChanged(nil)
  }
}
