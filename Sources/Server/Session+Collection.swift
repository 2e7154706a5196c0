import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

/// A collection's and a pager's side of a session: the range cells are measured in, content sizes and offsets
/// across, scrolling along a horizontal flow and the pager's pages (Protocol.md "Collections", "Pagers").
extension Session {
  /// The range every cell is laid out in: a table's [W×0, W×CGFLOAT_MAX]; a collection's items Texture's flow
  /// layout inspector's range (`FlowPlacement.itemRange`): exactly a set `itemSize` (a pager's: the page size), else
  /// the scroll-direction rule (vertical: [0×0, viewport width × CGFLOAT_MAX]; horizontal mirrored).
  var cellRange: SizeRange {
    guard let flow = table.flow else {
      return SizeRange(min: Size(width, 0), max: Size(width, CellSizeRange.cgFloatMax))
    }
    let range = flow.itemRange
    return SizeRange(min: Size(range.minWidth, range.minHeight), max: Size(range.maxWidth, range.maxHeight))
  }

  /// `{width, height}` of content `height` tall: a table's width is the viewport's; a collection's is its flow's
  /// content width (and, for a horizontal flow, its height the flow's, whatever `height` says).
  static func contentSizeJSON(of table: TableNode<LayoutElement>, viewportWidth: Double, height: Double) -> JSONValue {
    guard let flow = table.committedFlow else {
      return .object(JSONObject([("width", .double(viewportWidth)), ("height", .double(height))]))
    }
    return .object(
      JSONObject([("width", .double(flow.contentSize.width)), ("height", .double(flow.contentSize.height))]))
  }

  /// Content offset x of the viewport (0 for a table: tables do not scroll sideways).
  var contentOffsetX: Double { table.viewport?.bounds.x ?? 0 }

  /// True for a collection or pager scrolling horizontally.
  var scrollsAcross: Bool { table.flow?.configuration.scrollDirection == .horizontal }

  /// `table/scrollToOffset` {sessionId, x, drag? = true, velocity? = 0} and `table/scrollBy` {sessionId, dx, …} of a
  /// horizontal collection or a pager (`y` and `dy` are refused: it does not scroll down); nil for any other
  /// session, which scrolls along y.
  func scrollAcross(_ params: Params, by: Bool) throws(ResponseError) -> SessionOutcome? {
    guard scrollsAcross else {
      if table.flow != nil, let member = [by ? "dx" : "x"].first(where: { params.value($0) != nil }) {
        throw Params.invalid(params.at(member), "a vertical \(kind.rawValue) scrolls along y")
      }
      return nil
    }
    if let member = [by ? "dy" : "y"].first(where: { params.value($0) != nil }) {
      throw Params.invalid(params.at(member), "a horizontal \(kind.rawValue) scrolls along x")
    }
    let value = try params.number(by ? "dx" : "x", in: -1e12...1e12, rangeText: "in [-1e12, 1e12]")
    return try scroll(toX: by ? contentOffsetX + value : value, params, defaultDrag: true)
  }

  /// Moves a horizontal flow's offset to `target` clamped into [0, content width − viewport width], then does what
  /// a scroll view does, along x (see `table/scrollToOffset`): a drag asks for Full, moves with the pan's direction
  /// (Right toward larger x) and checks batch fetching at the target along x; a programmatic scroll has no
  /// direction and checks at the new offset when it moved. A pager's drag ends on the nearest page
  /// (`PagerGeometry.settledPage`).
  func scroll(toX target: Double, _ params: Params, defaultDrag: Bool) throws(ResponseError) -> SessionOutcome {
    let drag = try params.optionalBool("drag") ?? defaultDrag
    let velocity = try params.optionalNumber("velocity", in: -1e6...1e6, rangeText: "in [-1e6, 1e6]") ?? 0
    let old = contentOffsetX
    var x = table.clampedOffsetX(target)
    if drag, kind == .pager {
      let page = PagerGeometry.settledPage(offsetX: x, pageWidth: width, pageCount: pageCount)
      x = table.clampedOffsetX(PagerGeometry.offset(ofPage: page, pageWidth: width, pageCount: pageCount))
    }
    guard drag else {
      moveViewport(to: contentOffsetY, x: x)
      if x != old { checkBatchFetchAfterScroll() }
      return scrollOutcome()
    }
    let pan = ScrollDirection.from(
      oldOffsetX: old, oldOffsetY: 0, newOffsetX: target, newOffsetY: 0, scrollable: .horizontal)
    publish(table.handleRangeModeEvent(.willBeginDragging, direction: pan))
    moveViewport(to: contentOffsetY, x: x, direction: pan)
    checkBatchFetch(targetOffsetY: contentOffsetY, targetOffsetX: x, velocityX: velocity, direction: pan)
    return scrollOutcome()
  }

  /// For a collection or pager, the offset along its scroll axis `table/scrollToRow` {sessionId, row, position? =
  /// "none", drag? = false} moves to (UICollectionView's `scrollToItemAtIndexPath:atScrollPosition:`, the item's
  /// committed flow frame; a collection has no content insets): `"top"`/`"left"` puts the item's leading edge at
  /// the viewport's, `"middle"` centres it, `"bottom"`/`"right"` puts its trailing edge at the viewport's, `"none"`
  /// moves the least that shows it whole (or, larger than the viewport, filling it). A vertical collection takes
  /// top/middle/bottom, a horizontal one left/middle/right. Nil for a table.
  func itemScrollTarget(_ params: Params) throws(ResponseError) -> Double? {
    guard let flow = table.committedFlow else { return nil }
    let path = try committedIndexPath(params.required("row"), path: params.at("row"))
    guard let frame = flow.frame(of: .item(section: path.section, item: path.row)) else {
      throw Params.invalid(params.at("row"), "item \(path) is not committed")
    }
    let across = scrollsAcross
    let (start, length, extent, current) =
      across
      ? (frame.x, frame.width, width, contentOffsetX) : (frame.y, frame.height, height, contentOffsetY)
    let position = try params.optionalString("position") ?? "none"
    let (leading, trailing) = across ? ("left", "right") : ("top", "bottom")
    switch position {
    case leading: return start
    case "middle": return start + length / 2 - extent / 2
    case trailing: return start + length - extent
    case "none":
      let a = start
      let b = start + length - extent
      return min(max(current, min(a, b)), max(a, b))
    default:
      throw Params.invalid(
        params.at("position"),
        "expected one of \(leading), middle, \(trailing), none, got \(JSONWriter.string(.string(position)))")
    }
  }

  /// Number of pages of a pager: the items of its first section (0 before any).
  var pageCount: Int { table.visibleMap.numberOfSections > 0 ? table.visibleMap.rowIDs(inSection: 0).count : 0 }

  /// `pager/scrollToPage` {sessionId, page, drag? = false} → SCROLL: `scrollToPageAtIndex:` (the page's left edge at
  /// the viewport's, clamped into the content). `page` is an integer in [0, page count).
  func scrollToPage(_ params: Params) throws(ResponseError) -> SessionOutcome {
    try params.check(RequestMembers.scrollToPage)
    let value = try params.required("page")
    guard let page = value.intValue, page >= 0, page < pageCount else {
      throw Params.invalid(
        params.at("page"), "expected a page index in [0, \(pageCount)), got \(JSONWriter.string(value))")
    }
    let x = PagerGeometry.offset(ofPage: page, pageWidth: width, pageCount: pageCount)
    return try scroll(toX: x, params, defaultDrag: false)
  }

  /// `pager/currentPage` {sessionId} → {page, pageCount}: `currentPageIndex` (the offset over the page width,
  /// truncated) of the committed pages.
  func currentPage() -> SessionOutcome {
    let page = PagerGeometry.currentPageIndex(offsetX: contentOffsetX, pageWidth: width)
    return .result(.object(JSONObject([("page", .int(Int64(page))), ("pageCount", .int(Int64(pageCount)))])))
  }
}

extension SessionMethods {
  /// A pager's own methods.
  static let pagerMethods: [MethodDescriptor] = [
    .session("pager/scrollToPage") { session, params throws(ResponseError) in try session.scrollToPage(params) },
    .session("pager/currentPage") { session, _ throws(ResponseError) in session.currentPage() },
  ]
}

extension Session {
  /// Refuses (-32602 at the row's path) rows of a collection or pager that carry a table row's members
  /// (`heightRange`, accessories): an item is measured in its flow layout's range or its own `sizeRange`; and rows
  /// of a table that carry an item's `sizeRange` (a row's width is the table's). `indexed`: `path` is
  /// the rows array (each row at `path[i]`), else the row itself.
  func refuseTableRowMembers(
    _ specs: [RowSpec<LayoutElement>], path: String, indexed: Bool = true
  ) throws(ResponseError) {
    guard table.flow != nil else {
      for (index, spec) in specs.enumerated() where spec.sizeRange != nil {
        throw Params.invalid(
          (indexed ? "\(path)[\(index)]" : path) + ".sizeRange",
          "a table row's width is the table's (use \"heightRange\")")
      }
      return
    }
    for (index, spec) in specs.enumerated() where spec.heightRange != nil || spec.accessories != nil {
      throw Params.invalid(
        indexed ? "\(path)[\(index)]" : path,
        "a \(kind.rawValue)'s items have no heightRange or accessories (they are measured in the flow layout's range "
          + "or their own sizeRange)")
    }
  }

  /// `session/setViewport` of a collection or pager: {sessionId, viewport?: {width?, height?}, contentOffset?: {x}
  /// (horizontal) or {y} (vertical)} → {seq, relayoutRows, contentOffset}. A new size is the collection's new
  /// bounds: the flow is placed again at once (a pager's page size follows the viewport), and when the range its
  /// items are measured in changed (a pager's pages; self-sized items when the extent across the scroll axis
  /// changed) every item is re-measured in the background as a table's rows are after a width change (each changed
  /// item pushed as `table/heightChanged`, the burst ended by `table/contentSizeChanged`; `relayoutRows` counts
  /// them); otherwise `table/contentSizeChanged` follows at once. Then the offset is clamped into the new content and
  /// the viewport moves like a programmatic scroll (a range update when the on-screen items change, a batch-fetch
  /// check when it moved). Content insets and anchoring are fixed for a collection (-32602).
  func setCollectionViewport(_ params: Params) throws(ResponseError) -> SessionOutcome {
    for member in ["contentInset", "scrollAnchoring"] where params.value(member) != nil {
      throw Params.invalid(params.at(member), "a \(kind.rawValue)'s \(member) is fixed for the session")
    }
    var newWidth = width
    var newHeight = height
    if params.value("viewport") != nil {
      let viewport = try params.object("viewport")
      try viewport.check(RequestMembers.flowSize)
      newWidth = try viewport.optionalNumber("width", in: Session.viewportRange, rangeText: "in (0, 100000]") ?? width
      newHeight =
        try viewport.optionalNumber("height", in: Session.viewportRange, rangeText: "in (0, 100000]") ?? height
    }
    var requestedOffset: Double?
    if params.value("contentOffset") != nil {
      let offset = try params.object("contentOffset")
      try offset.check(RequestMembers.contentOffset)
      let (along, across) = scrollsAcross ? ("x", "y") : ("y", "x")
      if offset.value(across) != nil {
        throw Params.invalid(
          offset.at(across), "a \(scrollsAcross ? "horizontal" : "vertical") \(kind.rawValue) scrolls along \(along)")
      }
      requestedOffset = try offset.number(along, in: -1e12...1e12, rangeText: "in [-1e12, 1e12]")
    }
    // Everything is validated: apply.
    var relaidOut = 0
    if let placement = table.flow, newWidth != width || newHeight != height {
      width = newWidth
      height = newHeight
      var resized = placement
      resized.bounds = FlowSize(width: newWidth, height: newHeight)
      if kind == .pager { resized.configuration.itemSize = resized.bounds }
      publish(table.setFlowPlacement(resized))
      widthGeneration += 1
      if resized.itemRange != placement.itemRange {
        let requests = table.relayoutAllRows()
        relaidOut = requests.count
        if requests.isEmpty { publishWidthChangeFinished() } else { schedule(requests, widthChange: widthGeneration) }
      } else {
        publishWidthChangeFinished()
      }
    }
    // The offset along the axis, clamped into the content as the viewport now is.
    let oldX = contentOffsetX
    let oldY = contentOffsetY
    let content = table.committedFlow?.contentSize ?? FlowSize(width: width, height: height)
    let x = scrollsAcross ? min(max(requestedOffset ?? oldX, 0), max(0, content.width - width)) + 0 : 0
    let y = scrollsAcross ? 0 : min(max(requestedOffset ?? oldY, 0), max(0, content.height - height)) + 0
    let moved = x != oldX || y != oldY
    moveViewport(to: y, x: x)
    if moved { checkBatchFetchAfterScroll() }
    return .result(
      .object(
        JSONObject([
          ("seq", .int(seq(table.lastSubmittedSeq))), ("relayoutRows", .int(Int64(relaidOut))),
          ("contentOffset", contentOffsetJSON),
        ])))
  }
}
