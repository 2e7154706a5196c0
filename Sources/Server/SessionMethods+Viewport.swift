import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// The methods that change the session's viewport.
  static let viewportMethods: [MethodDescriptor] = [
    .session("session/setViewport") { session, params throws(ResponseError) in try session.setViewport(params) }
  ]
}

extension Session {
  /// Viewport widths and heights accepted by `session/create` and `session/setViewport`: (0, 100000].
  static let viewportRange = Double.leastNonzeroMagnitude...100_000

  /// `session/setViewport` {sessionId, viewport?: {width?, height?}, contentOffset?: {y}, contentInset?: {top?,
  /// bottom?}, scrollAnchoring?} → {seq, relayoutRows, contentOffset}: a new table width re-lays out every row in
  /// the background, in parallel (texture.md §1.6: cells are sized to the table's width); each committed row whose
  /// height changes is pushed as `table/heightChanged`, and the burst ends with one `table/contentSizeChanged`. A
  /// height-only change lays nothing out. The offset is clamped with the insets, and the viewport moves like a
  /// programmatic scroll (range update; a batch-fetch check when an offset is given). Offsets and insets are as seen
  /// (`Session+Inverted`): without an offset an inverted table keeps its model offset, so its visual bottom stays.
  /// Session-isolated.
  func setViewport(_ params: Params) throws(ResponseError) -> SessionOutcome {
    if table.flow != nil { return try setCollectionViewport(params) }
    var newWidth: Double?
    var newHeight: Double?
    if params.value("viewport") != nil {
      let viewport = try params.object("viewport")
      newWidth = try viewport.optionalNumber("width", in: Session.viewportRange, rangeText: "in (0, 100000]")
      newHeight = try viewport.optionalNumber("height", in: Session.viewportRange, rangeText: "in (0, 100000]")
    }
    var inset = visualInset
    if params.value("contentInset") != nil {
      let given = try params.object("contentInset")
      inset.top = try given.optionalNumber("top", in: 0...1e7, rangeText: "in [0, 10000000]") ?? inset.top
      inset.bottom = try given.optionalNumber("bottom", in: 0...1e7, rangeText: "in [0, 10000000]") ?? inset.bottom
    }
    var offsetY: Double?
    if params.value("contentOffset") != nil {
      offsetY = try params.object("contentOffset").number("y", in: -1e12...1e12, rangeText: "in [-1e12, 1e12]")
    }
    let anchoring = try params.optionalBool("scrollAnchoring")
    // Everything is validated: apply.
    if let anchoring { table.scrollAnchoring = anchoring }
    table.contentInset = modelInset(visual: inset)
    if let newHeight { height = newHeight }
    var relaidOut = 0
    if let newWidth, newWidth != width {
      width = newWidth
      widthGeneration += 1
      let requests = table.relayoutAllRows()
      // Header and footer cells are re-laid out too; `relayoutRows` counts rows.
      relaidOut = requests.count - requests.lazy.filter { $0.supplementary != nil }.count
      if requests.isEmpty {
        publishWidthChangeFinished()
      } else {
        schedule(requests, widthChange: widthGeneration)
      }
    }
    // The new size and insets bound the offset (clamped with the new height), then the viewport moves like a
    // programmatic scroll: no direction, ranges only when the on-screen rows change, a batch-fetch check when the
    // offset moved.
    let old = contentOffsetY
    let y = table.clampedOffsetY(offsetY.map { modelOffsetY(visual: $0) } ?? old, viewportHeight: height)
    moveViewport(to: y)
    if y != old { checkBatchFetchAfterScroll() }
    return .result(
      .object(
        JSONObject([
          ("seq", .int(seq(table.lastSubmittedSeq))), ("relayoutRows", .int(Int64(relaidOut))),
          ("contentOffset", contentOffsetJSON),
        ])))
  }

  /// Pushes `table/contentSizeChanged` {sessionId, contentSize, seq} after the relayout of the latest width change.
  func publishWidthChangeFinished() {
    let params = JSONObject([
      ("sessionId", .string(id)), ("contentSize", contentSize), ("seq", .int(seq(table.lastCommittedSeq))),
    ])
    notify(.notification(method: "table/contentSizeChanged", params: .object(params)))
  }
}
