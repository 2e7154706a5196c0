import JSONCodec
import NodeTree

extension Session {
  /// One entry of `table/didCommit`'s `changeFrames`: `{rowId, before?, after?}`, frames `{x: 0, y, width,
  /// height}` of the row (height with separator) in the queries' coordinates (visual ones for an inverted table):
  /// `before` in the content before the commit, `after` in the content after it.
  func changeFrameJSON(_ frame: RowChangeFrame) -> JSONValue {
    var o = JSONObject([("rowId", .string(frame.id.rawValue))])
    if let before = frame.before {
      o["before"] = Session.rect(x: 0, y: before.y, width: width, height: before.height)
    }
    if let after = frame.after { o["after"] = Session.rect(x: 0, y: after.y, width: width, height: after.height) }
    return .object(o)
  }
}
