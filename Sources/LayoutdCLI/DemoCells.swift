import JSONCodec

/// Layout specs of the demo's photo cells (ASDKgram's `PhotoCellNode`): header, photo, likes, caption and a
/// comments element that is filled in later. Pure; JSON as the wire carries it.
enum DemoCells {
  /// Cell insets (ASDKgram's horizontal padding).
  static let padding = 8

  /// A DejaVu Sans text leaf.
  static func text(_ s: String, size: Double, weight: Int = 400, maxLines: Int = 0, color: String? = nil) -> JSONValue {
    var o = JSONObject([
      ("type", .string("text")), ("text", .string(s)), ("fontFamily", .string("DejaVu Sans")),
      ("fontSize", .double(size)), ("fontWeight", .int(Int64(weight))), ("maxLines", .int(Int64(maxLines))),
    ])
    if let color { o["color"] = .string(color) }
    return .object(o)
  }

  /// `{type: "inset", insets: {top, left, bottom, right}, child}`.
  static func inset(_ top: Int, _ side: Int, _ bottom: Int, _ child: JSONValue) -> JSONValue {
    obj([
      "type": .string("inset"),
      "insets": obj([
        "top": .int(Int64(top)), "left": .int(Int64(side)), "bottom": .int(Int64(bottom)), "right": .int(Int64(side)),
      ]),
      "child": child,
    ])
  }

  /// A vertical or horizontal stack.
  static func stack(
    _ direction: String, spacing: Double = 0, align: String? = nil, id: String? = nil, style: JSONValue? = nil,
    _ children: [JSONValue]
  ) -> JSONValue {
    var o = JSONObject([("type", .string("stack")), ("direction", .string(direction))])
    if let id { o["id"] = .string(id) }
    if spacing > 0 { o["spacing"] = .double(spacing) }
    if let align { o["alignItems"] = .string(align) }
    if let style { o["style"] = style }
    o["children"] = .array(children)
    return .object(o)
  }

  /// The whole cell; as first inserted, `loaded` is nil: comments not loaded yet (an empty `comments` stack).
  static func photoCell(_ p: DemoPhoto, comments loaded: [(user: String, text: String)]? = nil) -> JSONValue {
    let avatar = obj([
      "type": .string("image"), "id": .string("avatar"), "source": .string("\(p.user).jpg"),
      "size": .array([.int(30), .int(30)]),
    ])
    let names = stack(
      "vertical", spacing: 1, style: obj(["flexShrink": .int(1), "flexGrow": .int(1)]),
      [text(p.user, size: 14, weight: 700, maxLines: 1), text(p.location, size: 12, maxLines: 1, color: "#8e8e93")])
    let header = inset(
      8, padding, 8,
      stack("horizontal", spacing: 8, align: "center", [avatar, names, text(p.age, size: 12, color: "#8e8e93")]))
    let photo = obj([
      "type": .string("ratio"), "ratio": .double(p.ratio),
      "child": obj(["type": .string("image"), "id": .string("photo"), "source": .string("\(p.rowID).jpg")]),
    ])
    let footer = inset(
      8, padding, 10,
      stack(
        "vertical", spacing: 5,
        [
          text("♥ \(p.likes) likes", size: 14, weight: 700),
          text("\(p.user) \(p.caption)", size: 14, maxLines: 3),
          comments(loaded),
        ]))
    return stack("vertical", id: "cell", [header, photo, footer])
  }

  /// The "Day N · 20 photos" section header: a cell laid out like a row (its height is its layout), pinned to the
  /// top of a plain table while its section is on screen.
  static func dayHeader(_ day: Int, photos: Int) -> JSONValue {
    let title = day == 1 ? "Today" : "\(day - 1) day\(day == 2 ? "" : "s") ago"
    return inset(
      6, padding, 6,
      stack(
        "horizontal", spacing: 8, align: "center",
        [text(title, size: 13, weight: 700), text("\(photos) photos", size: 12, color: "#8e8e93")]))
  }

  /// The `comments` element: empty until loaded, then "View all N comments" (over three) and the last three.
  static func comments(_ loaded: [(user: String, text: String)]?) -> JSONValue {
    guard let loaded, !loaded.isEmpty else { return stack("vertical", id: "comments", []) }
    var lines: [JSONValue] = []
    if loaded.count > 3 { lines.append(text("View all \(loaded.count) comments", size: 14, color: "#8e8e93")) }
    for c in loaded.suffix(3) { lines.append(text("\(c.user) \(c.text)", size: 14)) }
    return stack("vertical", spacing: 3, id: "comments", lines)
  }
}
