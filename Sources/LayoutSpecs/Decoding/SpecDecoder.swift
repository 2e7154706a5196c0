import JSONCodec

/// Decodes the layout-spec JSON language into `LayoutElement` values, naming the JSON path of every error. Pure.
///
/// Every element is an object with `type` and optional `id` (unique within the spec), `name` and `style`
/// (`StyleDecoder`). Per type (defaults in brackets, Texture's):
/// - `stack`: `direction` [horizontal|vertical], `spacing` [0], `justifyContent` [start|center|end|spaceBetween|
///   spaceAround], `alignItems` [stretch|start|end|center|baselineFirst|baselineLast], `flexWrap` [noWrap|wrap],
///   `alignContent` [start|center|end|spaceBetween|spaceAround|stretch], `lineSpacing` [0], `horizontalAlignment`
///   / `verticalAlignment` shorthands, `children` [[]].
/// - `inset`: `insets {top, left, bottom, right}` [0; `"inf"` allowed], `child`.
/// - `overlay`: `child`, `overlay`?; `background`: `child`, `background`?.
/// - `center`: `centeringOptions` [[] ⊂ {"x","y"}], `sizingOptions` [[] ⊂ {"minimumX","minimumY"}], `child`.
/// - `ratio`: `ratio` (height / width, > 0, required), `child`.
/// - `relative`: `horizontalPosition`, `verticalPosition` [none|start|center|end], `sizingOption`
///   [[] ⊂ {"minimumWidth","minimumHeight"}], `child`.
/// - `absolute`: `sizing` [default|sizeToFit], `children` (placed at `style.layoutPosition`).
/// - `wrapper`: `children`. `corner`: `location` [topLeft|topRight|bottomLeft|bottomRight], `offset` [[0, 0]],
///   `wrapsCorner` [false], `child`, `corner`.
/// - `node`: optional `measure {kind: "fixed", size: [w, h]}`. `image`: `size` [w, h]? (intrinsic), `source`?.
/// - `text`: `text` (required), `fontFamily` ["Ahem"], `fontSize` [16], `fontWeight` [400], `lineHeight`
///   ["normal" | points], `maxLines` [0 = unlimited], `truncation` [tail|head|middle|clip|none], `truncationString`
///   ["…"], `alignment` [natural|left|center|right|justified], `wrap` [word|char|anywhere|breakAll|none], `color`?.
/// - `box`: a FORMAT.md node tree, decoded once into a `BoxTemplate` (`BoxElement`); its errors are decoding errors.
/// Any other member is an error naming its path and listing the valid ones (`ElementMembers`); a Texture name
/// layoutd does not support yet is refused as "not supported". Numbers are JSON numbers; the string `"inf"` is accepted where infinity means something (insets, `maxWidth`,
/// `maxHeight`); NaN (`"nan"`) is always rejected. Limits: `Limits.maxDepth` nesting, `Limits.maxElements` elements.
package struct SpecDecoder: Sendable {
  /// Resource limits enforced while decoding one cell's spec.
  package struct Limits: Sendable, Equatable {
    /// Deepest allowed element nesting (the root element is depth 1). Chosen so that layout recursion stays far
    /// inside a 512 KiB thread stack (see `LayoutDepthTests`).
    package var maxDepth: Int
    /// Most elements allowed in one spec.
    package var maxElements: Int

    /// Limits with these values.
    package init(maxDepth: Int = Limits.defaultMaxDepth, maxElements: Int = Limits.defaultMaxElements) {
      self.maxDepth = maxDepth
      self.maxElements = maxElements
    }

    /// Default maximum nesting depth: 64 elements (optimized builds use at most ~2.9 KiB of stack per level, so
    /// the deepest accepted layout needs under 190 KiB of a 512 KiB worker stack).
    package static let defaultMaxDepth = 64
    /// Default maximum element count: 10,000.
    package static let defaultMaxElements = 10_000
    /// The defaults.
    package static let `default` = Limits()
  }

  /// Limits in force.
  package var limits: Limits
  /// Elements decoded so far.
  private var elementCount = 0
  /// JSON path of the `id` member of each id seen so far (ids must be unique within a spec).
  private var idPaths: [String: String] = [:]

  /// A decoder with these limits.
  package init(limits: Limits = .default) {
    self.limits = limits
  }

  /// Decodes one element tree rooted at `path` (e.g. `root`).
  package static func decode(_ value: JSONValue, path: String = "root", limits: Limits = .default)
    throws(SpecDecodingError) -> LayoutElement
  {
    var decoder = SpecDecoder(limits: limits)
    return try decoder.element(value, path: path, depth: 1)
  }

  /// Parses JSON text and decodes the element tree it holds.
  package static func decode(json text: String, path: String = "root", limits: Limits = .default)
    throws(SpecDecodingError) -> LayoutElement
  {
    let value: JSONValue
    do {
      value = try JSONParser.parse(text)
    } catch {
      throw SpecDecodingError(path: path, message: "invalid JSON: \(error)")
    }
    return try decode(value, path: path, limits: limits)
  }

  /// Decodes one element at `depth` (root = 1).
  mutating func element(_ value: JSONValue, path: String, depth: Int) throws(SpecDecodingError) -> LayoutElement {
    guard depth <= limits.maxDepth else {
      throw SpecDecodingError(path: path, message: "nesting deeper than the maximum of \(limits.maxDepth) elements")
    }
    elementCount += 1
    guard elementCount <= limits.maxElements else {
      throw SpecDecodingError(path: path, message: "more than the maximum of \(limits.maxElements) elements")
    }
    let fields = try Self.fields(value, path)
    let type = try fields.requiredString("type")
    try ElementMembers.checks[type]?.check(fields.obj, path: fields.path)
    if let id = try fields.string("id") { try register(id: id, path: fields.at("id")) }
    // A box is decoded by the box decoder, which checks its own members again (finding nothing more) and its tree.
    if type == "box" {
      var source = JSONValueSource(value)
      return try source.decodeElement(path: { path }, depth: depth, limits: limits)
    }
    // The element's own members are checked before its children, so errors come out in document order.
    var element = try Self.element(fields)
    element.kind = try self.kind(type, fields, depth: depth)
    return element
  }

  /// The Texture style of a box's `style`: it is a Yoga style (decoded into the box's template), so only the sizes
  /// and flex factors that mean the same to a parent Texture spec (numbers and "N%" sizes, flexGrow, flexShrink)
  /// are read as Texture style; everything else in it is left to the flex box. Error paths are relative to the
  /// style (`width`): the caller roots them (`SpecDecodingError.rooted(at:)`), so that none is made on the way.
  @inline(never) static func boxTextureStyle(_ style: JSONValue?) throws(SpecDecodingError) -> ElementStyle {
    var texture = JSONObject()
    if case .object(let yoga)? = style {
      for member in yoga.storage {
        switch member.key {
        case "width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "flexGrow", "flexShrink": break
        default: continue
        }
        switch member.value {
        case .int, .double: texture[member.key] = member.value
        case .string(let text) where text.hasSuffix("%"): texture[member.key] = member.value
        default: continue
        }
      }
    }
    return try StyleDecoder.style(.object(texture), path: "")
  }

  /// Records an element id; a second element with the same id is an error naming the first one's path.
  private mutating func register(id: String, path: String) throws(SpecDecodingError) {
    if let first = idPaths[id] {
      throw SpecDecodingError(path: path, message: "duplicate id \"\(id)\" (already used at \(first))")
    }
    idPaths[id] = path
  }

  /// The element object at `path`.
  @inline(never) static func fields(_ value: JSONValue, _ path: String) throws(SpecDecodingError) -> Fields {
    Fields(try Fields.object(value, path), path)
  }

  /// An element with its common members (`id`, `name`, `style`) and a placeholder kind (replaced by the caller).
  @inline(never) static func element(_ f: Fields) throws(SpecDecodingError) -> LayoutElement {
    let style = try StyleDecoder.style(f.obj["style"], path: f.at("style"))
    return LayoutElement(id: try f.string("id"), name: try f.string("name"), style: style, kind: .node(NodeLeaf()))
  }

  /// Decodes the required single child stored under `key`.
  mutating func child(_ fields: Fields, _ key: String, depth: Int) throws(SpecDecodingError) -> LayoutElement {
    guard let v = fields.obj[key], !v.isNull else {
      throw SpecDecodingError(path: fields.path, message: "missing required child \"\(key)\"")
    }
    return try element(v, path: JSONPath.member(fields.path, key), depth: depth + 1)
  }

  /// Decodes an optional single child stored under `key`.
  mutating func optionalChild(_ fields: Fields, _ key: String, depth: Int) throws(SpecDecodingError) -> LayoutElement? {
    guard let v = fields.obj[key], !v.isNull else { return nil }
    return try element(v, path: JSONPath.member(fields.path, key), depth: depth + 1)
  }

  /// Decodes the `children` array (missing = none).
  mutating func children(_ fields: Fields, depth: Int) throws(SpecDecodingError) -> [LayoutElement] {
    guard let v = fields.obj["children"], !v.isNull else { return [] }
    let p = JSONPath.member(fields.path, "children")
    guard case .array(let arr) = v else {
      throw SpecDecodingError(path: p, message: "expected an array of elements, got \(v.kindDescription)")
    }
    var out: [LayoutElement] = []
    out.reserveCapacity(arr.count)
    for (i, c) in arr.enumerated() { out.append(try element(c, path: JSONPath.index(p, i), depth: depth + 1)) }
    return out
  }
}
