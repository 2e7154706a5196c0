import JSONCodec

/// Decodes an element's `style` object (`ASLayoutElementStyle`). Pure.
///
/// Dimensions are a non-negative number (points) or a string: `"auto"`, `"12pt"`, `"50%"`. `maxWidth`/`maxHeight`
/// also accept `"inf"`. `preferredSize`, `minSize`, `maxSize` and `layoutPosition` are `[x, y]` arrays. Unknown
/// members are errors (typos would otherwise be silently ignored).
enum StyleDecoder {
  /// Members a style may have.
  static let knownKeys: Set<String> = [
    "width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "preferredSize", "minSize", "maxSize",
    "spacingBefore", "spacingAfter", "flexGrow", "flexShrink", "flexBasis", "alignSelf", "ascender", "descender",
    "layoutPosition",
  ]

  /// The style at `path` (missing or null = default style).
  @inline(never) static func style(_ value: JSONValue?, path: String) throws(SpecDecodingError) -> ElementStyle {
    var s = ElementStyle()
    guard let value, !value.isNull else { return s }
    let f = Fields(try Fields.object(value, path), path)
    for key in f.obj.keys where !knownKeys.contains(key) {
      throw SpecDecodingError(path: f.at(key), message: "unknown style property")
    }
    if let (w, h) = try f.pair("preferredSize", nonNegative: true) { s.preferredSize = Size(w, h) }
    if let (w, h) = try f.pair("minSize", nonNegative: true) {
      s.minWidth = .points(w)
      s.minHeight = .points(h)
    }
    if let (w, h) = try f.pair("maxSize", nonNegative: true) {
      s.maxWidth = .points(w)
      s.maxHeight = .points(h)
    }
    if let d = try dimension(f, "width") { s.width = d }
    if let d = try dimension(f, "height") { s.height = d }
    if let d = try dimension(f, "minWidth") { s.minWidth = d }
    if let d = try dimension(f, "maxWidth", allowInfinity: true) { s.maxWidth = d }
    if let d = try dimension(f, "minHeight") { s.minHeight = d }
    if let d = try dimension(f, "maxHeight", allowInfinity: true) { s.maxHeight = d }
    if let d = try dimension(f, "flexBasis") { s.flexBasis = d }
    if let v = try f.number("spacingBefore") { s.spacingBefore = v }
    if let v = try f.number("spacingAfter") { s.spacingAfter = v }
    if let v = try f.nonNegative("flexGrow") { s.flexGrow = v }
    if let v = try f.nonNegative("flexShrink") { s.flexShrink = v }
    if let v = try f.enumValue("alignSelf", AlignSelf.self) { s.alignSelf = v }
    if let v = try f.number("ascender") { s.ascender = v }
    if let v = try f.number("descender") { s.descender = v }
    if let (x, y) = try f.pair("layoutPosition") { s.layoutPosition = Point(x, y) }
    return s
  }

  /// A dimension member: non-negative points, `"auto"`, `"<n>pt"` or `"<n>%"`.
  static func dimension(_ f: Fields, _ key: String, allowInfinity: Bool = false) throws(SpecDecodingError)
    -> Dimension?
  {
    guard let v = f.value(key) else { return nil }
    let path = f.at(key)
    switch v {
    case .int, .double:
      let d = try Fields.number(v, path, allowInfinity: allowInfinity)
      guard d >= 0 else {
        throw SpecDecodingError(path: path, message: "expected a non-negative size, got \(Fields.format(d))")
      }
      return .points(d)
    case .string(let s):
      return try dimension(string: s, path: path, allowInfinity: allowInfinity)
    default:
      throw SpecDecodingError(
        path: path, message: "expected a number or a dimension string, got \(v.kindDescription)")
    }
  }

  /// Strict dimension-string parsing (Texture would silently read an unknown string as auto).
  static func dimension(string s: String, path: String, allowInfinity: Bool) throws(SpecDecodingError) -> Dimension {
    if s == "auto" { return .auto }
    if allowInfinity && s == "inf" { return .points(.infinity) }
    var number: Double?
    var result: (Double) -> Dimension = { .points($0) }
    if s.hasSuffix("pt") {
      number = Double(s.dropLast(2))
    } else if s.hasSuffix("%") {
      number = Double(s.dropLast(1)).map { $0 / 100 }
      result = { .fraction($0) }
    }
    guard let n = number, n.isFinite else {
      throw SpecDecodingError(
        path: path, message: "expected a number or a dimension string (\"auto\", \"12pt\", \"50%\"), got \"\(s)\"")
    }
    _ = try Fields.bounded(n, path)
    guard n >= 0 else { throw SpecDecodingError(path: path, message: "expected a non-negative size, got \"\(s)\"") }
    return result(n)
  }
}
