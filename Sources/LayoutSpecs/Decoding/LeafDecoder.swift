import JSONCodec

/// Decodes the members of leaf elements: `node`, `text` and `image`. Pure.
enum LeafDecoder {
  /// A node: optional `measure: {kind: "fixed", size: [w, h]}`.
  @inline(never) static func node(_ f: Fields) throws(SpecDecodingError) -> NodeLeaf {
    guard let v = f.value("measure") else { return NodeLeaf() }
    let m = Fields(try Fields.object(v, f.at("measure")), f.at("measure"))
    try ElementMembers.nodeMeasure.check(m.obj, path: m.path)
    let kind = try m.requiredString("kind")
    guard kind == "fixed" else {
      throw SpecDecodingError(path: m.at("kind"), message: "unknown value \"\(kind)\" (expected one of \"fixed\")")
    }
    guard let (w, h) = try m.pair("size", nonNegative: true) else {
      throw SpecDecodingError(path: m.path, message: "missing required member \"size\"")
    }
    return NodeLeaf(fixedSize: Size(w, h))
  }

  /// An image: optional `size: [w, h]` (intrinsic size in points) and `source`.
  @inline(never) static func image(_ f: Fields) throws(SpecDecodingError) -> ImageLeaf {
    let size = try f.pair("size", nonNegative: true).map { Size($0.0, $0.1) }
    return ImageLeaf(intrinsicSize: size, source: try f.string("source"))
  }

  /// A text leaf: `text` (required), `fontFamily`, `fontSize`, `fontWeight`, `lineHeight` (points or "normal"),
  /// `maxLines`, `truncation` ("tail", "head", "middle", "clip", "none"), `truncationString`, `alignment`, `wrap`,
  /// `color`, `italic`, the paragraph members `lineSpacing`, `lineHeightMultiple`, `minimumLineHeight`,
  /// `maximumLineHeight`, `paragraphSpacingBefore`, `paragraphSpacing` (≥ 0), `textContainerInset` (insets ≥ 0),
  /// and `runs` (instead of `text`: attributed runs, `TextRunDecoder`).
  @inline(never) static func text(_ f: Fields) throws(SpecDecodingError) -> TextLeaf {
    let hasRuns = f.value("runs") != nil
    if hasRuns && f.value("text") != nil {
      throw SpecDecodingError(path: f.at("runs"), message: "give either \"text\" or \"runs\", not both")
    }
    let text = hasRuns ? "" : JSONStrings.detached(try f.requiredString("text"))
    var leaf = TextLeaf(text: text, fontFamily: try f.string("fontFamily") ?? "Ahem", fontSize: 16)
    if let size = try f.number("fontSize") {
      guard size > 0 else {
        throw SpecDecodingError(
          path: f.at("fontSize"), message: "expected a positive number, got \(Fields.format(size))")
      }
      leaf.fontSize = size
    }
    if let w = try f.number("fontWeight") {
      guard w >= 1, w <= 1000, w.rounded() == w else {
        throw SpecDecodingError(
          path: f.at("fontWeight"), message: "expected an integer from 1 to 1000, got \(Fields.format(w))")
      }
      leaf.fontWeight = Int(w)
    }
    if let v = f.value("lineHeight") {
      if case .string("normal") = v {
        leaf.lineHeight = .normal
      } else if case .string = v {
        throw SpecDecodingError(path: f.at("lineHeight"), message: "expected a number or \"normal\", got a string")
      } else {
        let lh = try Fields.number(v, f.at("lineHeight"), allowInfinity: false)
        guard lh >= 0 else {
          throw SpecDecodingError(
            path: f.at("lineHeight"), message: "expected a non-negative number, got \(Fields.format(lh))")
        }
        leaf.lineHeight = .points(lh)
      }
    }
    if let n = try f.nonNegative("maxLines") {
      guard n.rounded() == n, n <= Double(Int32.max) else {
        throw SpecDecodingError(
          path: f.at("maxLines"), message: "expected a non-negative integer, got \(Fields.format(n))")
      }
      leaf.maxLines = Int(n)
    }
    let marker = try f.string("truncationString") ?? "\u{2026}"
    switch try f.string("truncation") ?? "tail" {
    case "tail": leaf.truncation = .tail(marker)
    case "head": leaf.truncation = .head(marker)
    case "middle": leaf.truncation = .middle(marker)
    case "clip": leaf.truncation = .clip
    case "none": leaf.truncation = .none
    case let other:
      throw SpecDecodingError(
        path: f.at("truncation"),
        message: "unknown value \"\(other)\" (expected one of \"tail\", \"head\", \"middle\", \"clip\", \"none\")")
    }
    if let a = try f.enumValue("alignment", TextLeaf.TextAlignment.self) { leaf.alignment = a }
    if let w = try f.enumValue("wrap", TextLeaf.Wrap.self) { leaf.wrap = w }
    leaf.color = try f.string("color")
    leaf.italic = try f.bool("italic") ?? false
    leaf.paragraph.lineSpacing = try f.nonNegative("lineSpacing") ?? 0
    leaf.paragraph.lineHeightMultiple = try f.nonNegative("lineHeightMultiple") ?? 0
    leaf.paragraph.minimumLineHeight = try f.nonNegative("minimumLineHeight") ?? 0
    leaf.paragraph.maximumLineHeight = try f.nonNegative("maximumLineHeight") ?? 0
    leaf.paragraph.paragraphSpacingBefore = try f.nonNegative("paragraphSpacingBefore") ?? 0
    leaf.paragraph.paragraphSpacing = try f.nonNegative("paragraphSpacing") ?? 0
    if let v = f.value("textContainerInset") {
      let g = Fields(try Fields.object(v, f.at("textContainerInset")), f.at("textContainerInset"))
      try ElementMembers.insets.check(g.obj, path: g.path)
      leaf.textContainerInset = EdgeInsets(
        top: try g.nonNegative("top") ?? 0, left: try g.nonNegative("left") ?? 0,
        bottom: try g.nonNegative("bottom") ?? 0, right: try g.nonNegative("right") ?? 0)
    }
    if hasRuns {
      leaf.runs = try TextRunDecoder.runs(f, leaf: leaf)
      leaf.text = leaf.runs.reduce(into: "") { $0 += $1.text }
    }
    return leaf
  }
}
