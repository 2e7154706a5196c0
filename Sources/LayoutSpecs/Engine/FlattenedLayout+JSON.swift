import JSONCodec

extension FlattenedLayout {
  /// The layout as JSON: `{"size": [w, h], "elements": [{"type", "id"?, "name"?, "frame": [x, y, w, h],
  /// "lines"?: [{"range": [start, end], "x", "width", "baseline", "truncated"}]}, …]}` in drawing order. Frames are
  /// points after pixel rounding, relative to the root.
  package var json: JSONValue {
    var elements: [JSONValue] = []
    elements.reserveCapacity(frames.count)
    for f in frames {
      var o = JSONObject()
      o["type"] = .string(f.type)
      if let id = f.id { o["id"] = .string(id) }
      if let name = f.name { o["name"] = .string(name) }
      let r = f.frame
      o["frame"] = .array([r.origin.x, r.origin.y, r.size.width, r.size.height].map(JSONValue.double))
      if let lines = f.textLines { o["lines"] = .array(lines.map(\.json)) }
      elements.append(.object(o))
    }
    return .object(
      JSONObject([("size", .array([.double(size.width), .double(size.height)])), ("elements", .array(elements))]))
  }
}

extension TextLine {
  /// `{"range": [start, end], "x", "width", "baseline", "truncated", "naturalWidth"?, "runs"?}`: the line relative
  /// to its leaf, range in Unicode scalars of the leaf's text (`layoutd layout` and the daemon's
  /// `cell/elementFrames`); `naturalWidth` only on a justified line that was stretched; `runs` only on a line with
  /// right-to-left text or more than one face.
  package var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("range", .array([.int(Int64(range.lowerBound)), .int(Int64(range.upperBound))])),
      ("x", .double(x)), ("width", .double(width)), ("baseline", .double(baseline)),
      ("truncated", .bool(isTruncated)),
    ]
    if let naturalWidth { members.append(("naturalWidth", .double(naturalWidth))) }
    if !runs.isEmpty { members.append(("runs", .array(runs.map(\.json)))) }
    return .object(JSONObject(members))
  }
}

extension TextLine.LineRun {
  /// `{"range": [start, end], "x", "width", "direction": "ltr"|"rtl", "font"?: {"family", "weight", "italic",
  /// "size"}}`.
  package var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("range", .array([.int(Int64(range.lowerBound)), .int(Int64(range.upperBound))])),
      ("x", .double(x)), ("width", .double(width)), ("direction", .string(rightToLeft ? "rtl" : "ltr")),
    ]
    if let font {
      members.append(
        (
          "font",
          .object(
            JSONObject([
              ("family", .string(font.family)), ("weight", .int(Int64(font.weight))), ("italic", .bool(font.italic)),
              ("size", .double(font.size)),
            ]))
        ))
    }
    return .object(JSONObject(members))
  }
}
