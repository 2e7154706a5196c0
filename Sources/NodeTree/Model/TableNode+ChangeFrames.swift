/// One row's frame before and after a committed change set: the data a client needs to animate it. Pure value.
package struct RowChangeFrame: Sendable, Equatable {
  /// Row id.
  package let id: RowID
  /// Its frame on the visible map before the commit (y and height with separator); nil for an inserted row.
  package let before: VerticalSpan?
  /// Its frame after the commit; nil for a deleted row.
  package let after: VerticalSpan?
}

/// Change frames of commits (issue 15 item 7), on when `reportsChangeFrames` is set. Session-isolated.
///
/// The affected rows of a change set are: inserted rows (after only), deleted rows (before only), moved and
/// reloaded rows (both), and every other row whose frame (top or height) changed and that intersects the viewport
/// before or after the commit: the rows an animation shows moving. Without a viewport nothing is on screen, so only
/// the listed rows are reported. Order: rows present after the commit in their new order, then deleted rows in
/// their old order. A reloadData reports nothing (UIKit does not animate it). Frames are in the coordinates the
/// table's queries use (visual ones for an inverted table).
extension TableNode {
  /// The change frames of `changeSet` from the visible map before it (`old`, with the viewport bounds then) to the
  /// current one.
  func changeFrames(of changeSet: ChangeSet, old: ElementMap, oldBounds: Rect?) -> [RowChangeFrame] {
    guard !changeSet.includesReloadData else { return [] }
    var frames: [(order: (Int, TableIndexPath), frame: RowChangeFrame)] = []
    var listed: Set<RowID> = []
    let oldHeight = old.contentHeight(separator: separatorHeight)
    /// The frame of the row at `path` before the commit, as it was drawn.
    func drawnBefore(_ path: TableIndexPath) -> VerticalSpan? {
      frameOfRow(at: path, in: old).map { visualSpan($0, contentHeight: oldHeight) }
    }
    /// The frame of the row at `path` after the commit, as it is drawn.
    func drawnAfter(_ path: TableIndexPath) -> VerticalSpan? { frameOfRow(at: path, in: visibleMap).map(visualSpan) }
    /// Adds the frames of `id` (before when `before`, after when `after`).
    func add(_ id: RowID, before: Bool, after: Bool) {
      let oldPath = before ? old.indexPath(of: id) : nil
      let newPath = after ? visibleMap.indexPath(of: id) : nil
      guard oldPath != nil || newPath != nil else { return }
      let frame = RowChangeFrame(
        id: id, before: oldPath.flatMap(drawnBefore), after: newPath.flatMap(drawnAfter))
      if let newPath {
        frames.append(((0, newPath), frame))
      } else if let oldPath {
        frames.append(((1, oldPath), frame))
      }
    }
    for id in changeSet.insertedRows where listed.insert(id).inserted { add(id, before: false, after: true) }
    // An id deleted and inserted again in one batch is two rows: the old one gets its own entry, before only.
    for id in changeSet.deletedRows {
      listed.insert(id)
      add(id, before: true, after: false)
    }
    for id in changeSet.movedRows.map(\.id) + changeSet.reloadedRows where listed.insert(id).inserted {
      add(id, before: true, after: true)
    }
    var shifted: [RowID] = []
    if let oldBounds, !oldBounds.isEmpty {
      shifted += old.rowIDs(intersectingMinY: oldBounds.y, maxY: oldBounds.maxY, separator: separatorHeight)
    }
    if let bounds = viewport?.bounds, !bounds.isEmpty {
      shifted += visibleMap.rowIDs(intersectingMinY: bounds.y, maxY: bounds.maxY, separator: separatorHeight)
    }
    for id in shifted where listed.insert(id).inserted {
      guard let oldPath = old.indexPath(of: id), let newPath = visibleMap.indexPath(of: id),
        let from = drawnBefore(oldPath), let to = drawnAfter(newPath), from != to
      else { continue }
      frames.append(((0, newPath), RowChangeFrame(id: id, before: from, after: to)))
    }
    return frames.sorted { $0.order < $1.order }.map(\.frame)
  }

  /// The frame of the row at `path` in `map` (content coordinates, height with separator).
  func frameOfRow(at path: TableIndexPath, in map: ElementMap) -> VerticalSpan? {
    guard let y = map.offset(of: path, separator: separatorHeight),
      let height = map.rowHeight(at: path, separator: separatorHeight)
    else { return nil }
    return VerticalSpan(y: y, height: height)
  }
}
