import JSONCodec
import LayoutSpecs
import NodeTree

/// The fast path of `Session.decodeRow` for an unbuilt row whose cell is a box of box nodes (a feed's usual row):
/// read straight from the row's validated bytes (`ScannedBoxCell`), without building the row's JSON tree. Nil
/// wherever the ordinary decode would throw or the row is anything else (a member given twice included); the
/// caller then decodes it the ordinary way, which gives the result or the error. Pure.
enum ScannedRow {
  /// Row `index` of `rows` as `Session.decodeRow` would decode it within `limits`, or nil.
  static func decode(_ rows: DeferredArray, _ index: Int, limits: SpecDecoder.Limits) -> RowSpec<LayoutElement>? {
    guard rows.ranges.indices.contains(index) else { return nil }
    let range = rows.ranges[index]
    return rows.document.withUnsafeBufferPointer { bytes -> RowSpec<LayoutElement>? in
      guard var cursor = JSONCursor(bytes, at: range.lowerBound), cursor.enterObject() else { return nil }
      // Params.optionalString("id") and optionalBool("neverShowPlaceholders"): null is absent.
      var id: RowID?
      var never = false
      var content: LayoutElement?
      var seen: (id: Bool, never: Bool, cell: Bool) = (false, false, false)
      var first = true
      while true {
        switch cursor.nextMember(first: first) {
        case .failed: return nil
        case .end:
          guard let content, cursor.offset == range.upperBound else { return nil }
          return RowSpec(id: id, content: content, neverShowPlaceholders: never)
        case .key(let key):
          first = false
          if key.elementsEqual("id".utf8) {
            guard !seen.id else { return nil }
            seen.id = true
            if cursor.consumeNull() { continue }
            guard case .string(let text)? = cursor.value() else { return nil }
            id = RowID(text)
          } else if key.elementsEqual("neverShowPlaceholders".utf8) {
            guard !seen.never else { return nil }
            seen.never = true
            if cursor.consumeNull() { continue }
            guard case .bool(let flag)? = cursor.value() else { return nil }
            never = flag
          } else if key.elementsEqual("cell".utf8) {
            guard !seen.cell, let cell = ScannedBoxCell.decode(&cursor, limits: limits) else { return nil }
            seen.cell = true
            content = cell
          } else {
            return nil  // a member a row does not have: the ordinary decode refuses it
          }
        }
      }
    }
  }
}
