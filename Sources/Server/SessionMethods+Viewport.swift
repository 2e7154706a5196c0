import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree

extension SessionMethods {
  /// The methods that change the session's viewport.
  static let viewportMethods: [String: Handler] = [
    "session/setViewport": { session, params throws(ResponseError) in try session.setViewport(params) }
  ]
}

extension Session {
  /// `session/setViewport` {sessionId, viewport: {width?, height?}} → {seq, relayoutRows}: a new table width
  /// re-lays out every row in the background, in parallel (texture.md §1.6: cells are sized to the table's width);
  /// each committed row whose height changes is pushed as `table/heightChanged`, and the burst ends with one
  /// `table/contentSizeChanged`. A height-only change lays nothing out. Session-isolated.
  func setViewport(_ params: Params) throws(ResponseError) -> SessionOutcome {
    let viewport = try params.object("viewport")
    let newWidth = try viewport.optionalNumber("width", in: 0.000_001...100_000, rangeText: "in (0, 100000]")
    let newHeight = try viewport.optionalNumber("height", in: 0.000_001...100_000, rangeText: "in (0, 100000]")
    if let newHeight { height = newHeight }
    var relaidOut = 0
    if let newWidth, newWidth != width {
      width = newWidth
      widthGeneration += 1
      let requests = table.relayoutAllRows()
      relaidOut = requests.count
      if requests.isEmpty {
        publishWidthChangeFinished()
      } else {
        schedule(requests, widthChange: widthGeneration)
      }
    }
    return .result(
      .object(
        JSONObject([
          ("seq", .int(seq(table.lastSubmittedSeq))), ("relayoutRows", .int(Int64(relaidOut))),
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
