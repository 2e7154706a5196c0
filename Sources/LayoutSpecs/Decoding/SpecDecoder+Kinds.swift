import JSONCodec

extension SpecDecoder {
  /// Decodes the type-specific members of an element of JSON type `type`. Each type has its own function, so
  /// this frame (paid at every nesting level) stays small.
  mutating func kind(_ type: String, _ f: Fields, depth: Int) throws(SpecDecodingError) -> LayoutElement.Kind {
    switch type {
    case "stack": return try stack(f, depth: depth)
    case "inset": return try inset(f, depth: depth)
    case "overlay", "background": return try layered(type, f, depth: depth)
    case "center": return try center(f, depth: depth)
    case "ratio": return try ratio(f, depth: depth)
    case "relative": return try relative(f, depth: depth)
    case "absolute", "wrapper": return try childList(type, f, depth: depth)
    case "corner": return try corner(f, depth: depth)
    case "node", "text", "image": return try Self.leaf(type, f)
    case "collection", "pager": return try container(type, f, depth: depth)
    default: throw Self.unknownType(type, f)
    }
  }

  /// The error for an unknown `type`.
  @inline(never) static func unknownType(_ type: String, _ f: Fields) -> SpecDecodingError {
    SpecDecodingError(
      path: f.at("type"),
      message: "unknown element type \"\(type)\" (expected one of \"stack\", \"inset\", \"overlay\", "
        + "\"background\", \"center\", \"ratio\", \"relative\", \"absolute\", \"wrapper\", \"corner\", \"node\", "
        + "\"text\", \"image\", \"box\", \"collection\", \"pager\")")
  }

  /// Leaves: node, text and image.
  @inline(never) static func leaf(_ type: String, _ f: Fields) throws(SpecDecodingError) -> LayoutElement.Kind {
    switch type {
    case "node": return .node(try LeafDecoder.node(f))
    case "text": return .text(try LeafDecoder.text(f))
    default: return .image(try LeafDecoder.image(f))
    }
  }

  /// An inset spec: `insets` and `child`.
  @inline(never) private mutating func inset(_ f: Fields, depth: Int) throws(SpecDecodingError) -> LayoutElement.Kind {
    let i = try insets(f)
    return .inset(InsetLayoutSpec(insets: i, child: try child(f, "child", depth: depth)))
  }

  /// Overlay (`child`, `overlay`) or background (`child`, `background`).
  @inline(never) private mutating func layered(_ type: String, _ f: Fields, depth: Int) throws(SpecDecodingError)
    -> LayoutElement.Kind
  {
    let c = try child(f, "child", depth: depth)
    if type == "overlay" {
      return .overlay(OverlayLayoutSpec(child: c, overlay: try optionalChild(f, "overlay", depth: depth)))
    }
    return .background(BackgroundLayoutSpec(child: c, background: try optionalChild(f, "background", depth: depth)))
  }

  /// A ratio spec: `ratio` (> 0) and `child`.
  @inline(never) private mutating func ratio(_ f: Fields, depth: Int) throws(SpecDecodingError) -> LayoutElement.Kind {
    guard let r = try f.number("ratio") else {
      throw SpecDecodingError(path: f.path, message: "missing required member \"ratio\"")
    }
    guard r > 0 else {
      throw SpecDecodingError(path: f.at("ratio"), message: "expected a positive number, got \(Fields.format(r))")
    }
    // Texture divides by the ratio too (a width from a bounded height): keep both directions finite.
    guard r >= 1e-6, r <= 1e6 else {
      throw SpecDecodingError(
        path: f.at("ratio"), message: "\(Fields.format(r)) is out of range: a ratio is within [1e-6, 1e6]")
    }
    return .ratio(RatioLayoutSpec(ratio: r, child: try child(f, "child", depth: depth)))
  }

  /// Absolute (`sizing`, `children`) or wrapper (`children`).
  @inline(never) private mutating func childList(_ type: String, _ f: Fields, depth: Int) throws(SpecDecodingError)
    -> LayoutElement.Kind
  {
    if type == "wrapper" { return .wrapper(WrapperLayoutSpec(children: try children(f, depth: depth))) }
    let sizing = try f.enumValue("sizing", AbsoluteLayoutSpec.Sizing.self) ?? .default
    return .absolute(AbsoluteLayoutSpec(sizing: sizing, children: try children(f, depth: depth)))
  }

  /// A stack's properties and children.
  @inline(never) private mutating func stack(_ f: Fields, depth: Int) throws(SpecDecodingError) -> LayoutElement.Kind {
    var s = StackLayoutSpec()
    if let v = try f.enumValue("direction", StackLayoutSpec.Direction.self) { s.direction = v }
    if let v = try f.number("spacing") { s.spacing = v }
    if let v = try f.enumValue("justifyContent", StackLayoutSpec.JustifyContent.self) { s.justifyContent = v }
    if let v = try f.enumValue("alignItems", StackLayoutSpec.AlignItems.self) { s.alignItems = v }
    if let v = try f.enumValue("flexWrap", StackLayoutSpec.FlexWrap.self) { s.flexWrap = v }
    if let v = try f.enumValue("alignContent", StackLayoutSpec.AlignContent.self) { s.alignContent = v }
    if let v = try f.number("lineSpacing") { s.lineSpacing = v }
    try Self.applyAlignments(&s, f)
    s.children = try children(f, depth: depth)
    return .stack(s)
  }

  /// Texture's `horizontalAlignment` (`none`, `left`, `middle`, `right`) and `verticalAlignment` (`none`, `top`,
  /// `center`, `bottom`): each rewrites justifyContent (its axis is the main axis) or alignItems (cross axis) to
  /// start, center or end. Giving the rewritten property explicitly as well is an error (Texture asserts).
  @inline(never) static func applyAlignments(_ s: inout StackLayoutSpec, _ f: Fields) throws(SpecDecodingError) {
    let axes: [(key: String, values: [String], horizontal: Bool)] = [
      ("horizontalAlignment", ["none", "left", "middle", "right"], true),
      ("verticalAlignment", ["none", "top", "center", "bottom"], false),
    ]
    for axis in axes {
      guard let value = try f.string(axis.key) else { continue }
      guard let index = axis.values.firstIndex(of: value) else {
        let list = axis.values.map { "\"\($0)\"" }.joined(separator: ", ")
        throw SpecDecodingError(path: f.at(axis.key), message: "unknown value \"\(value)\" (expected one of \(list))")
      }
      guard index > 0 else { continue }
      let isMainAxis = axis.horizontal == (s.direction == .horizontal)
      let rewritten = isMainAxis ? "justifyContent" : "alignItems"
      if f.value(rewritten) != nil {
        throw SpecDecodingError(
          path: f.at(axis.key), message: "cannot be combined with \(rewritten), which it sets")
      }
      if isMainAxis {
        s.justifyContent = [.start, .center, .end][index - 1]
      } else {
        s.alignItems = [.start, .center, .end][index - 1]
      }
    }
  }

  /// `insets {top, left, bottom, right}`: non-negative numbers or `"inf"`, missing = 0.
  @inline(never) private func insets(_ f: Fields) throws(SpecDecodingError) -> EdgeInsets {
    guard let v = f.value("insets") else { return EdgeInsets() }
    let g = Fields(try Fields.object(v, f.at("insets")), f.at("insets"))
    try ElementMembers.insets.check(g.obj, path: g.path)
    return EdgeInsets(
      top: try g.nonNegative("top", allowInfinity: true) ?? 0,
      left: try g.nonNegative("left", allowInfinity: true) ?? 0,
      bottom: try g.nonNegative("bottom", allowInfinity: true) ?? 0,
      right: try g.nonNegative("right", allowInfinity: true) ?? 0)
  }

  /// A center spec: `centeringOptions` and `sizingOptions` as arrays of option names.
  @inline(never) private mutating func center(_ f: Fields, depth: Int) throws(SpecDecodingError) -> LayoutElement.Kind {
    let centering = try options(f, "centeringOptions", allowed: ["x", "y"])
    let sizing = try options(f, "sizingOptions", allowed: ["minimumX", "minimumY"])
    return .center(
      CenterLayoutSpec(
        centerX: centering.contains("x"), centerY: centering.contains("y"), minimumX: sizing.contains("minimumX"),
        minimumY: sizing.contains("minimumY"), child: try child(f, "child", depth: depth)))
  }

  /// A relative spec: positions and `sizingOption` (array of `minimumWidth`, `minimumHeight`).
  @inline(never) private mutating func relative(_ f: Fields, depth: Int) throws(SpecDecodingError)
    -> LayoutElement.Kind
  {
    let h = try f.enumValue("horizontalPosition", RelativeLayoutSpec.Position.self) ?? .none
    let v = try f.enumValue("verticalPosition", RelativeLayoutSpec.Position.self) ?? .none
    let sizing = try options(f, "sizingOption", allowed: ["minimumWidth", "minimumHeight"])
    return .relative(
      RelativeLayoutSpec(
        horizontalPosition: h, verticalPosition: v, minimumWidth: sizing.contains("minimumWidth"),
        minimumHeight: sizing.contains("minimumHeight"), child: try child(f, "child", depth: depth)))
  }

  /// A corner spec: `location`, `offset [x, y]`, `wrapsCorner`, `child`, `corner`.
  @inline(never) private mutating func corner(_ f: Fields, depth: Int) throws(SpecDecodingError) -> LayoutElement.Kind {
    let location = try f.enumValue("location", CornerLayoutSpec.Location.self) ?? .topLeft
    let offset = try f.pair("offset").map { Point($0.0, $0.1) } ?? .zero
    let wraps = try f.bool("wrapsCorner") ?? false
    let c = try child(f, "child", depth: depth)
    return .corner(
      CornerLayoutSpec(
        child: c, corner: try child(f, "corner", depth: depth), location: location, offset: offset,
        wrapsCorner: wraps))
  }

  /// An option set written as an array of names (missing = empty).
  private func options(_ f: Fields, _ key: String, allowed: [String]) throws(SpecDecodingError) -> Set<String> {
    guard let v = f.value(key) else { return [] }
    guard case .array(let a) = v else {
      throw SpecDecodingError(path: f.at(key), message: "expected an array of option names, got \(v.kindDescription)")
    }
    var out: Set<String> = []
    for (i, e) in a.enumerated() {
      let p = JSONPath.index(f.at(key), i)
      guard case .string(let s) = e else {
        throw SpecDecodingError(path: p, message: "expected a string, got \(e.kindDescription)")
      }
      guard allowed.contains(s) else {
        let list = allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        throw SpecDecodingError(path: p, message: "unknown value \"\(s)\" (expected one of \(list))")
      }
      out.insert(s)
    }
    return out
  }
}
