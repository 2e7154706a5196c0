import JSONCodec

/// A Yoga-style flex box (`{"type":"box", …}`) as carried in a cell's spec. Pure value.
///
/// The box's own decoding and its lowering to FlexLayout live in `LayoutSpecs/Box/` (written separately); this
/// module keeps the box's JSON object and JSON path so that code can decode it, and lays it out through
/// `LayoutEnvironment.layoutBox`.
package struct BoxElement: Sendable, Equatable {
  /// The box's JSON object, exactly as received.
  package var json: JSONObject
  /// JSON path of the box, e.g. `root.children[1]`, for error messages.
  package var path: String

  /// A box from its JSON object and path.
  package init(json: JSONObject, path: String) {
    self.json = json
    self.path = path
  }
}
