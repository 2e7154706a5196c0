/// A content-offset move made by scroll anchoring. Pure value.
package struct OffsetAdjustment: Sendable, Equatable {
  /// Content offset y before (points).
  package let oldY: Double
  /// Content offset y after (points, clamped).
  package let newY: Double
  /// True when scroll anchoring moved it; false when only the clamp into the (smaller) content did.
  package var byAnchoring = true
  /// Content offset x before (a horizontal collection's; 0 for a table).
  package var oldX: Double = 0
  /// Content offset x after (clamped into a horizontal collection's content; 0 for a table).
  package var newX: Double = 0
}

/// Where the visible rows stood relative to the viewport's top before a change. Pure value.
struct ScrollAnchor: Sendable {
  /// Visible rows in order, each with its top minus the content offset (points).
  let rows: [(id: RowID, relativeTop: Double)]
  /// An inverted table resting at its start (offset at the minimum, the newest row at the visual bottom): the
  /// offset stays at the start, so a row inserted at index 0 takes the newest row's place at the bottom.
  var pinnedToStart = false
}

/// Scroll anchoring (beyond Texture; what chat and feed UIs expect): when rows above the first visible row
/// change height, are inserted or deleted, the content offset moves by the same amount so that the visible
/// content stays where it was on screen. An inverted table resting at its start (showing its newest rows at the
/// visual bottom, as a chat does) stays at its start instead, so the newest row keeps its place at the bottom when
/// rows are inserted at index 0 (UIKit's own behaviour, which leaves the offset alone).
extension TableNode {
  /// The smallest content offset y: −top inset.
  package var minimumOffsetY: Double { -contentInset.top }

  /// The largest content offset y UIKit scrolls to: content height + bottom inset − viewport height, never above
  /// the minimum.
  package var maximumOffsetY: Double {
    let height = viewport?.bounds.height ?? 0
    return max(minimumOffsetY, contentHeight + contentInset.bottom - height)
  }

  /// `y` clamped into [minimumOffsetY, maximumOffsetY] as UIKit clamps a scroll.
  package func clampedOffsetY(_ y: Double) -> Double {
    min(max(y, minimumOffsetY), maximumOffsetY) + 0  // + 0: never −0 (−top inset with no inset)
  }

  /// `y` clamped as for a viewport of `viewportHeight` (a viewport about to change size).
  package func clampedOffsetY(_ y: Double, viewportHeight: Double) -> Double {
    min(max(y, minimumOffsetY), max(minimumOffsetY, contentHeight + contentInset.bottom - viewportHeight)) + 0
  }

  /// The rows on screen with their positions, nil when anchoring is off or nothing is on screen (and always for a
  /// collection: a collection view keeps its content offset, as UIKit's does).
  func captureAnchor() -> ScrollAnchor? {
    guard scrollAnchoring, flow == nil, let bounds = viewport?.bounds, !bounds.isEmpty else { return nil }
    if inverted, bounds.y <= minimumOffsetY + 1e-9 { return ScrollAnchor(rows: [], pinnedToStart: true) }
    let paths = visibleMap.indexPaths(intersectingMinY: bounds.y, maxY: bounds.maxY, separator: separatorHeight)
    var rows: [(id: RowID, relativeTop: Double)] = []
    for path in paths {
      guard let id = visibleMap.rowID(at: path), let top = visibleMap.offset(of: path, separator: separatorHeight)
      else { continue }
      rows.append((id, top - bounds.y))
    }
    return rows.isEmpty ? nil : ScrollAnchor(rows: rows)
  }

  /// The content offset (unclamped) at which the first anchored row still in the table keeps its on-screen
  /// position; nil when there is no anchor or none of its rows is left.
  func anchoredOffsetY(_ anchor: ScrollAnchor?) -> Double? {
    guard let anchor else { return nil }
    if anchor.pinnedToStart { return minimumOffsetY }
    for (id, relativeTop) in anchor.rows {
      guard let path = visibleMap.indexPath(of: id), let top = visibleMap.offset(of: path, separator: separatorHeight)
      else { continue }
      return top - relativeTop
    }
    return nil
  }
}
