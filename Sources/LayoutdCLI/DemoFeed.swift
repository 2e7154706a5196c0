import JSONCodec

/// Generated ASDKgram-style photo cells for the demo, as layout-spec JSON. Pure and deterministic.
enum DemoFeed {
  static let users = ["hannahmbanana", "scottgoodson", "levi", "garrettmoon", "appleguy", "nguyenhuy", "maicki"]
  static let places = ["San Francisco, California", "Brooklyn, New York", "Lisbon", "Tokyo", "Oaxaca, Mexico"]
  static let comments = [
    "golden hour over the bay bridge tonight", "wow", "the fog rolling in behind the towers makes this shot",
    "great timing", "where is this?", "love the colours in this one", "🔥🔥🔥",
  ]

  /// A text leaf in DejaVu Sans.
  static func text(_ s: String, size: Double, weight: Int = 400, maxLines: Int = 0) -> JSONValue {
    .object(
      JSONObject([
        ("type", .string("text")), ("text", .string(s)), ("fontFamily", .string("DejaVu Sans")),
        ("fontSize", .double(size)), ("fontWeight", .int(Int64(weight))), ("maxLines", .int(Int64(maxLines))),
      ]))
  }

  /// One photo cell: header (avatar, user, place, time), photo at 1:1 or 4:3, likes, caption, comments.
  static func photoCell(index i: Int, comments count: Int) -> JSONValue {
    let user = users[i % users.count]
    let avatar = JSONValue.object(
      JSONObject([("type", .string("node")), ("style", .object(JSONObject([("preferredSize", .array([.int(40), .int(40)]))])))]))
    let names = JSONValue.object(
      JSONObject([
        ("type", .string("stack")), ("direction", .string("vertical")),
        ("style", .object(JSONObject([("flexShrink", .int(1)), ("flexGrow", .int(1))]))),
        ("children", .array([text(user, size: 14, weight: 700), text(places[i % places.count], size: 12)])),
      ]))
    let header = JSONValue.object(
      JSONObject([
        ("type", .string("inset")),
        ("insets", .object(JSONObject([("top", .int(5)), ("left", .int(10)), ("bottom", .int(5)), ("right", .int(10))]))),
        ("child", .object(JSONObject([
          ("type", .string("stack")), ("direction", .string("horizontal")), ("spacing", .int(10)),
          ("alignItems", .string("center")),
          ("children", .array([avatar, names, text("\(i % 23 + 1)h", size: 12)])),
        ]))),
      ]))
    let photo = JSONValue.object(
      JSONObject([
        ("type", .string("ratio")), ("ratio", .double(i % 3 == 0 ? 0.75 : 1)),
        ("child", .object(JSONObject([("type", .string("image")), ("id", .string("photo"))]))),
      ]))
    var footer: [JSONValue] = [text("\(1_000 + i * 7) likes", size: 14, weight: 700)]
    footer.append(text("\(user): " + comments[i % comments.count], size: 14, maxLines: 3))
    for c in 0..<count {
      footer.append(text("\(users[(i + c + 1) % users.count]): " + comments[(i + c) % comments.count], size: 14))
    }
    let footerSpec = JSONValue.object(
      JSONObject([
        ("type", .string("inset")),
        ("insets", .object(JSONObject([("top", .int(5)), ("left", .int(10)), ("bottom", .int(5)), ("right", .int(10))]))),
        ("child", .object(JSONObject([
          ("type", .string("stack")), ("direction", .string("vertical")), ("spacing", .int(4)),
          ("children", .array(footer)),
        ]))),
      ]))
    return .object(
      JSONObject([
        ("type", .string("stack")), ("direction", .string("vertical")), ("children", .array([header, photo, footerSpec])),
      ]))
  }
}
