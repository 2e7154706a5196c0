import JSONCodec
import LayoutSpecs

/// A cell's layout before and after a change, matched element by element (Texture's `ASLayoutTransition`: the
/// previous and pending layouts, the subnodes inserted and removed). Pure value.
///
/// Elements are the flattened frames of `cell/elementFrames` (every leaf and every element with an id or name, in
/// drawing order). Each gets a **key**: `id:ID` for an element with an id, else `name:NAME` for one with a name,
/// else its type (`text`, `node`, `image`, …) for an anonymous leaf; the n-th element (from 0) whose key is already
/// taken gets `#n` appended (`text#1` is the second anonymous text leaf). An element before and an element after
/// with the same key are the same element (its frame moves from one to the other); a key only after is inserted, a
/// key only before is removed.
struct LayoutTransition: Sendable {
  /// One side of the transition: a layout's size and flattened frames, or an empty layout and why it failed.
  struct Side: Sendable {
    /// The cell's size.
    var size: Size
    /// Its flattened elements in drawing order.
    var frames: [FlatFrame]
    /// Why its layout failed (no frames then, height 0 as the table has it).
    var failure: String? = nil
  }

  /// The layout before the change.
  let before: Side
  /// The layout after the change.
  let after: Side

  /// The keys of `frames`, in order.
  static func keys(_ frames: [FlatFrame]) -> [String] {
    var seen: [String: Int] = [:]
    return frames.map { frame in
      let base = frame.id.map { "id:\($0)" } ?? frame.name.map { "name:\($0)" } ?? frame.type
      let n = seen[base, default: 0]
      seen[base] = n + 1
      return n == 0 ? base : "\(base)#\(n)"
    }
  }

  /// `{before: {size, elements, error?}, after: {size, elements, error?}, inserted: [key], removed: [key]}`: each
  /// side as `cell/elementFrames` gives it with every element's `key` (a failed layout: no elements, its `error`);
  /// `inserted` in the after layout's order, `removed` in the before layout's.
  var json: JSONObject {
    let beforeKeys = Self.keys(before.frames)
    let afterKeys = Self.keys(after.frames)
    let (had, has) = (Set(beforeKeys), Set(afterKeys))
    return JSONObject([
      ("before", Self.json(before, keys: beforeKeys)), ("after", Self.json(after, keys: afterKeys)),
      ("inserted", .array(afterKeys.filter { !had.contains($0) }.map { .string($0) })),
      ("removed", .array(beforeKeys.filter { !has.contains($0) }.map { .string($0) })),
    ])
  }

  /// `{size, elements, error?}` of one side, each element with its key.
  static func json(_ side: Side, keys: [String]) -> JSONValue {
    let elements: [JSONValue] = zip(side.frames, keys).map { frame, key in
      var o = Session.elementObject(frame)
      o["key"] = .string(key)
      return .object(o)
    }
    let size = JSONObject([("width", .double(side.size.width)), ("height", .double(side.size.height))])
    var o = JSONObject([("size", .object(size)), ("elements", .array(elements))])
    if let failure = side.failure { o["error"] = .string(failure) }
    return .object(o)
  }
}
