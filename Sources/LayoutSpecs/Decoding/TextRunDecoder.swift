import JSONCodec

/// Decodes a text leaf's `runs`: a non-empty array of run objects, each `text` (required), `fontFamily`,
/// `fontSize`, `fontWeight`, `italic` (defaults: the leaf's), `kern`, `baselineOffset` (0), and the decorations
/// `color`, `underline`, `strikethrough`, `link`. Pure.
enum TextRunDecoder {
  /// The runs of the text element `f`, with defaults from `leaf` (its other members already decoded).
  static func runs(_ f: Fields, leaf: TextLeaf) throws(SpecDecodingError) -> [TextLeaf.Run] {
    let path = f.at("runs")
    guard let value = f.value("runs"), case .array(let items) = value else {
      throw SpecDecodingError(path: path, message: "expected an array of runs")
    }
    guard !items.isEmpty else { throw SpecDecodingError(path: path, message: "expected at least one run") }
    var runs: [TextLeaf.Run] = []
    runs.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let here = JSONPath.index(path, index)
      let r = Fields(try Fields.object(item, here), here)
      try ElementMembers.textRun.check(r.obj, path: here)
      var run = TextLeaf.Run(
        text: JSONStrings.detached(try r.requiredString("text")),
        fontFamily: try r.string("fontFamily") ?? leaf.fontFamily,
        fontSize: leaf.fontSize, fontWeight: leaf.fontWeight, italic: try r.bool("italic") ?? leaf.italic)
      if let size = try r.number("fontSize") {
        guard size > 0 else {
          throw SpecDecodingError(
            path: r.at("fontSize"), message: "expected a positive number, got \(Fields.format(size))")
        }
        run.fontSize = size
      }
      if let w = try r.number("fontWeight") {
        guard w >= 1, w <= 1000, w.rounded() == w else {
          throw SpecDecodingError(
            path: r.at("fontWeight"), message: "expected an integer from 1 to 1000, got \(Fields.format(w))")
        }
        run.fontWeight = Int(w)
      }
      run.kern = try r.number("kern") ?? 0
      run.baselineOffset = try r.number("baselineOffset") ?? 0
      run.color = try r.string("color")
      run.underline = try r.bool("underline") ?? false
      run.strikethrough = try r.bool("strikethrough") ?? false
      run.link = try r.string("link")
      runs.append(run)
    }
    return runs
  }
}
