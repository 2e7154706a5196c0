import JSONCodec
import JSONRPC
import NodeTree

extension SessionMethods {
  /// Scrolling: offsets, deltas and rows.
  static let scrollMethods: [String: Handler] = [
    "table/scrollToOffset": { session, params throws(ResponseError) in try session.scrollToOffset(params) },
    "table/scrollBy": { session, params throws(ResponseError) in try session.scrollBy(params) },
    "table/scrollToRow": { session, params throws(ResponseError) in try session.scrollToRow(params) },
  ]
}

extension Session {
  /// `table/scrollToOffset` {sessionId, y, drag? = true, velocity? = 0} → SCROLL.
  func scrollToOffset(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let y = try params.number("y", in: -1e12...1e12, rangeText: "in [-1e12, 1e12]")
    return try scroll(to: y, params, defaultDrag: true)
  }

  /// `table/scrollBy` {sessionId, dy, drag? = true, velocity? = 0} → SCROLL.
  func scrollBy(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let dy = try params.number("dy", in: -1e12...1e12, rangeText: "in [-1e12, 1e12]")
    return try scroll(to: contentOffsetY + dy, params, defaultDrag: true)
  }

  /// `table/scrollToRow` {sessionId, row: ROW, position? = "none", drag? = false} → SCROLL: UITableView's
  /// `scrollToRowAtIndexPath:atScrollPosition:` over the committed rows.
  func scrollToRow(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let path = try committedIndexPath(params.required("row"), path: params.at("row"))
    let position = try params.optionalString("position") ?? "none"
    guard let top = table.visibleMap.offset(of: path, separator: table.separatorHeight),
      let rowHeight = table.visibleMap.rowHeight(at: path, separator: table.separatorHeight)
    else { throw Params.invalid(params.at("row"), "row \(path) is not committed") }
    let inset = table.contentInset
    let current = contentOffsetY
    let y: Double
    switch position {
    case "top": y = top - inset.top
    case "middle": y = top + rowHeight / 2 - height / 2
    case "bottom": y = top + rowHeight - height + inset.bottom
    case "none":
      // Already fully on screen: no move; above: to the top; below: to the bottom.
      if top < current + inset.top {
        y = top - inset.top
      } else if top + rowHeight > current + height - inset.bottom {
        y = top + rowHeight - height + inset.bottom
      } else {
        y = current
      }
    default:
      throw Params.invalid(
        params.at("position"), "expected one of top, middle, bottom, none, got \(JSONWriter.string(.string(position)))")
    }
    return try scroll(to: y, params, defaultDrag: false)
  }

  /// Moves the content offset to `target` clamped as UIKit clamps it (content insets included), then does what a
  /// scroll view does: a drag sets the range mode (Full; when that changes the mode, a range update at the old offset) and checks batch
  /// fetching at its end with the target offset and `velocity`; a programmatic scroll checks at the new offset
  /// (`scrollViewDidScroll`).
  private func scroll(to target: Double, _ params: Params, defaultDrag: Bool) throws(ResponseError) -> SessionOutcome {
    let drag = try params.optionalBool("drag") ?? defaultDrag
    let velocity = try params.optionalNumber("velocity", in: -1e6...1e6, rangeText: "in [-1e6, 1e6]") ?? 0
    let old = contentOffsetY
    let y = table.clampedOffsetY(target)
    let direction = ScrollDirection.from(oldOffsetY: old, newOffsetY: y)
    // scrollViewWillBeginDragging asks for Full (`updateCurrentRangeWithMode:`), which requests a range update only
    // when the mode changes (texture.md §3.3); that update runs as the drag begins, at the old offset.
    if drag {
      table.ranges.contentHasBeenScrolled = true
      if table.ranges.currentMode != .full { publish(table.handleRangeModeEvent(.willBeginDragging)) }
    }
    moveViewport(to: y, direction: direction)
    checkBatchFetch(targetOffsetY: y, velocityY: drag ? velocity : 0, direction: direction)
    return scrollOutcome()
  }

  /// SCROLL: `{contentOffset, visibleRowIds, placeholderRowIds, rangeMode}`, answered once every visible row that
  /// never shows placeholders has been displayed (at once when none waits).
  func scrollOutcome() -> SessionOutcome {
    let waiting = placeholders(visibleRowIDs).filter { table.cell($0)?.neverShowPlaceholders == true }
    if waiting.isEmpty { return .result(scrollResult()) }
    return .waitForDisplay(Set(waiting))
  }

  /// Visible rows whose display has not finished (none when the session does no display work).
  func placeholders(_ visible: [RowID]) -> [RowID] {
    scrolling.interfaceStates ? visible.filter { !isDisplayed($0) } : []
  }

  /// The SCROLL result for the current viewport.
  func scrollResult() -> JSONValue {
    let visible = visibleRowIDs
    return .object(
      JSONObject([
        ("contentOffset", contentOffsetJSON),
        ("visibleRowIds", .array(visible.map { .string($0.rawValue) })),
        ("placeholderRowIds", .array(placeholders(visible).map { .string($0.rawValue) })),
        ("rangeMode", .string(Session.rangeModeName(table.ranges.currentMode))),
      ]))
  }

  /// The wire name of a range mode.
  static func rangeModeName(_ mode: RangeMode) -> String {
    switch mode {
    case .unspecified: return "unspecified"
    case .minimum: return "minimum"
    case .full: return "full"
    case .visibleOnly: return "visibleOnly"
    case .lowMemory: return "lowMemory"
    }
  }
}
