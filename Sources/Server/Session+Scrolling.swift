import JSONCodec
import JSONRPC
import NodeTree

extension SessionMethods {
  /// Scrolling: offsets, deltas and rows.
  static let scrollMethods: [MethodDescriptor] = [
    .session("table/scrollToOffset") { session, params throws(ResponseError) in try session.scrollToOffset(params) },
    .session("table/scrollBy") { session, params throws(ResponseError) in try session.scrollBy(params) },
    .session("table/scrollToRow") { session, params throws(ResponseError) in try session.scrollToRow(params) },
  ]
}

extension Session {
  /// `table/scrollToOffset` {sessionId, y, drag? = true, velocity? = 0} → SCROLL (y as seen, see
  /// `Session+Inverted`).
  func scrollToOffset(_ params: Params) throws(ResponseError) -> SessionOutcome {
    if let across = try scrollAcross(params, by: false) { return across }
    let y = try params.number("y", in: -1e12...1e12, rangeText: "in [-1e12, 1e12]")
    return try scroll(to: modelOffsetY(visual: y), params, defaultDrag: true)
  }

  /// `table/scrollBy` {sessionId, dy, drag? = true, velocity? = 0} → SCROLL (dy as seen: an inverted table's model
  /// offset moves by −dy).
  func scrollBy(_ params: Params) throws(ResponseError) -> SessionOutcome {
    if let across = try scrollAcross(params, by: true) { return across }
    let dy = try params.number("dy", in: -1e12...1e12, rangeText: "in [-1e12, 1e12]")
    return try scroll(to: contentOffsetY + (inverted ? -dy : dy), params, defaultDrag: true)
  }

  /// `table/scrollToRow` {sessionId, row: ROW, position? = "none", drag? = false} → SCROLL: UITableView's
  /// `scrollToRowAtIndexPath:atScrollPosition:` over the committed rows, with positions as seen (`top` is the top
  /// of the screen, also in an inverted table).
  /// A collection's item: `scrollToItemAtIndexPath:atScrollPosition:` along its scroll axis (`itemScrollTarget`).
  func scrollToRow(_ params: Params) throws(ResponseError) -> SessionOutcome {
    if let target = try itemScrollTarget(params) {
      return scrollsAcross
        ? try scroll(toX: target, params, defaultDrag: false) : try scroll(to: target, params, defaultDrag: false)
    }
    let path = try committedIndexPath(params.required("row"), path: params.at("row"))
    let position = try params.optionalString("position") ?? "none"
    guard let modelTop = table.visibleMap.offset(of: path, separator: table.separatorHeight),
      let modelHeight = table.visibleMap.rowHeight(at: path, separator: table.separatorHeight)
    else { throw Params.invalid(params.at("row"), "row \(path) is not committed") }
    let seen = table.visualSpan(VerticalSpan(y: modelTop, height: modelHeight))
    let (top, rowHeight) = (seen.y, seen.height)
    let inset = visualInset
    let current = visualOffsetY
    let y: Double
    switch position {
    case "top": y = top - inset.top
    case "middle": y = top + rowHeight / 2 - height / 2
    case "bottom": y = top + rowHeight - height + inset.bottom
    case "none":
      // UIKit's minimum move: the smallest change of offset after which the row shows as fully as it can (whole when
      // it fits, else filling the viewport): between a (its top at the top inset) and b (its bottom at the bottom
      // inset), whichever order they come in.
      let a = top - inset.top
      let b = top + rowHeight - height + inset.bottom
      y = min(max(current, min(a, b)), max(a, b))
    default:
      throw Params.invalid(
        params.at("position"), "expected one of top, middle, bottom, none, got \(JSONWriter.string(.string(position)))")
    }
    return try scroll(to: modelOffsetY(visual: y), params, defaultDrag: false)
  }

  /// Moves the content offset to `target` clamped as UIKit clamps it (content insets included), then does what a
  /// scroll view does. A drag is a whole pan gesture: its direction is the sign of the requested move (the finger
  /// moves even when the clamp keeps the offset); `scrollViewWillBeginDragging` asks for range mode Full (a range
  /// update at the old offset when that changes the mode), the move updates the ranges when the on-screen rows
  /// change, and `scrollViewWillEndDragging` checks batch fetching at the target offset in the pan direction. A
  /// programmatic scroll has no direction (updates reuse the previous one) and, when the offset moved, checks
  /// batch fetching at the new offset (`scrollViewDidScroll`). `target` is a model offset, so the direction is the
  /// model's (an inverted table's visual one flipped, as Texture flips it); the params' `velocity` is visual.
  private func scroll(to target: Double, _ params: Params, defaultDrag: Bool) throws(ResponseError) -> SessionOutcome {
    let drag = try params.optionalBool("drag") ?? defaultDrag
    let velocity = modelVelocity(
      visual: try params.optionalNumber("velocity", in: -1e6...1e6, rangeText: "in [-1e6, 1e6]") ?? 0)
    let old = contentOffsetY
    let y = table.clampedOffsetY(target)
    guard drag else {
      moveViewport(to: y)
      if y != old { checkBatchFetchAfterScroll() }
      return scrollOutcome()
    }
    let pan = ScrollDirection.from(oldOffsetY: old, newOffsetY: target)
    publish(table.handleRangeModeEvent(.willBeginDragging, direction: pan))
    moveViewport(to: y, direction: pan)
    checkBatchFetch(targetOffsetY: y, velocityY: velocity, direction: pan)
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
