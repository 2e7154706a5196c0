/// Smaller variants of a step, for the second shrinking pass: a batch without one of its parts, a reloadData
/// without one of its sections, a page or insert of fewer rows.
extension LiveTableStep {
  /// Candidate simplifications, each strictly smaller than the step (empty when there is nothing to drop).
  var simplifications: [LiveTableStep] {
    switch kind {
    case .batch(let batch, _):
      return Self.parts(of: batch).map { smaller in
        var fixed = ThrashRandom(state: 1)
        return LiveTableStep(kind: .batch(smaller, operations: LiveTableWire.operations(smaller, &fixed)))
      }
    case .reloadData(let sections):
      return sections.indices.map { i in
        var fewer = sections
        fewer.remove(at: i)
        return LiveTableStep(kind: .reloadData(fewer))
      }
    case .insertRows(let section, let rows) where rows.count > 1:
      return [LiveTableStep(kind: .insertRows(section: section, rows: [rows[0]]))]
    case .pageThenComplete(let section, let rows) where rows.count > 1:
      return [LiveTableStep(kind: .pageThenComplete(section: section, rows: Array(rows.prefix(rows.count / 2))))]
    case .deleteRows(let ids) where ids.count > 1:
      return ids.indices.map { i in
        var fewer = ids
        fewer.remove(at: i)
        return LiveTableStep(kind: .deleteRows(fewer))
      }
    default:
      return []
    }
  }

  /// `batch` without one of its parts at a time: the row counts, a whole list of deletes, reloads or inserts, one
  /// move, or one section operation.
  static func parts(of batch: ReferenceBatch) -> [ReferenceBatch] {
    var out: [ReferenceBatch] = []
    func without(_ change: (inout ReferenceBatch) -> Void) {
      var smaller = batch
      change(&smaller)
      out.append(smaller)
    }
    if batch.rowCounts != nil { without { $0.rowCounts = nil } }
    if !batch.deleteRows.isEmpty { without { $0.deleteRows = [] } }
    if !batch.reloadRows.isEmpty { without { $0.reloadRows = [] } }
    if !batch.insertRows.isEmpty { without { $0.insertRows = [] } }
    for i in batch.moveRows.indices { without { $0.moveRows.remove(at: i) } }
    if !batch.deleteSections.isEmpty { without { $0.deleteSections = [] } }
    if !batch.reloadSections.isEmpty { without { $0.reloadSections = [] } }
    for i in batch.moveSections.indices { without { $0.moveSections.remove(at: i) } }
    if !batch.insertSections.isEmpty { without { $0.insertSections = [] } }
    for i in batch.deleteRows.indices where batch.deleteRows.count > 1 { without { $0.deleteRows.remove(at: i) } }
    for i in batch.insertRows.indices where batch.insertRows.count > 1 { without { $0.insertRows.remove(at: i) } }
    for i in batch.reloadRows.indices where batch.reloadRows.count > 1 { without { $0.reloadRows.remove(at: i) } }
    return out
  }
}
