import JSONCodec
import JSONRPC
import NodeTree

/// The wire's coordinates for an inverted table (`session/create` `inverted: true`, texture.md §3.6). The model keeps
/// the scroll view's own coordinates (row 0 at the top, offsets, insets, ranges and batch fetching as in a plain
/// table, see `TableNode+Inverted`); everything a client sends or receives is **visual**: y grows downwards on screen
/// and 0 is the visual top of the content (the end of the last row). With content height C and viewport height H:
/// - a model span [y, y + h) is the visual span [C − y − h, C − y);
/// - the model offset m is the visual offset C − m − H (the content y at the screen's top edge), so a frame is on
///   screen at frame.y − offset, as in a plain table;
/// - the visual top inset is the model's bottom one and the other way round;
/// - a visual scroll delta dy moves the model offset by −dy, a visual velocity v is the model's −v.
/// While the model offset stays, the visual one moves with the content height (rows added at the visual top, or a
/// pinned newest row getting company at the bottom): the session reports that as `table/contentOffsetChanged`
/// (reason `inverted`). Without `inverted` every mapping is the identity. Session-isolated.
extension Session {
  /// The table is drawn upside down.
  var inverted: Bool { table.inverted }

  /// The visual offset of model offset `modelY` in content of height `contentHeight` with the session's viewport.
  func visualOffsetY(model modelY: Double, contentHeight: Double) -> Double {
    inverted ? contentHeight - modelY - height + 0 : modelY
  }

  /// The model offset of visual offset `visualY` in the committed content with the session's viewport (the
  /// mapping is its own inverse).
  func modelOffsetY(visual visualY: Double) -> Double {
    visualOffsetY(model: visualY, contentHeight: table.contentHeight)
  }

  /// The current content offset as seen.
  var visualOffsetY: Double { visualOffsetY(model: contentOffsetY, contentHeight: table.contentHeight) }

  /// The content insets as seen: the model's, swapped when inverted.
  var visualInset: (top: Double, bottom: Double) {
    let inset = table.contentInset
    return inverted ? (inset.bottom, inset.top) : inset
  }

  /// Model insets from insets as seen (the same swap).
  func modelInset(visual inset: (top: Double, bottom: Double)) -> (top: Double, bottom: Double) {
    inverted ? (inset.bottom, inset.top) : inset
  }

  /// A visual scroll velocity (points/ms, positive when the visual offset grows) in the model.
  func modelVelocity(visual velocity: Double) -> Double { inverted ? -velocity : velocity }

  /// The frame of a committed row as seen: `{x: 0, y, width, height}` for a model top `y` and height `height`.
  func visualFrameJSON(modelY y: Double, height rowHeight: Double) -> JSONValue {
    let span = table.visualSpan(VerticalSpan(y: y, height: rowHeight))
    return Session.rect(x: 0, y: span.y, width: width, height: span.height)
  }

  /// Records the offset a client learns from an answer: the current one.
  func recordShownOffset() {
    scrolling.shown = (contentOffsetY, visualOffsetY)
  }

  /// Pushes `table/contentOffsetChanged` {sessionId, contentOffset, oldContentOffset, reason} when the offset as
  /// seen moved after content changed: `adjustment` is the model's move (anchoring or the clamp), if any, and
  /// `contentHeight` the content height it belongs to (a commit's). A plain table reports the model's moves; an
  /// inverted one reports its visual offset whenever it moved: with the model's move (`anchoring`, `clamped`) or
  /// with the content height alone (`inverted`); a model move that leaves the visual offset in place (anchoring
  /// rows added below the screen) is not reported. A model move then checks batch fetching at the new offset, as
  /// any programmatic offset change does (`scrollViewDidScroll`).
  func publish(_ adjustment: OffsetAdjustment?, contentHeight: Double) {
    var old = scrolling.shown
    if !inverted, let adjustment { old.visualY = adjustment.oldY }
    let modelY = adjustment?.newY ?? old.modelY
    let visualY = visualOffsetY(model: modelY, contentHeight: contentHeight)
    scrolling.shown = (modelY, visualY)
    if inverted ? visualY != old.visualY : adjustment != nil {
      let reason = adjustment.map { $0.byAnchoring ? "anchoring" : "clamped" } ?? "inverted"
      let params = JSONObject([
        ("sessionId", .string(id)),
        (
          "contentOffset",
          .object(JSONObject([("x", .double((adjustment?.newX ?? 0) + 0)), ("y", .double(visualY + 0))]))
        ),
        (
          "oldContentOffset",
          .object(JSONObject([("x", .double((adjustment?.oldX ?? 0) + 0)), ("y", .double(old.visualY + 0))]))
        ),
        ("reason", .string(reason)),
      ])
      notify(.notification(method: "table/contentOffsetChanged", params: .object(params)))
    }
    if adjustment != nil { checkBatchFetchAfterScroll() }
  }
}
