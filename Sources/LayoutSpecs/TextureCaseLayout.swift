import JSONCodec

/// Runs one Texture conformance case (`stack-layout.json`, `layout-specs.json`): used by `layoutd layout`.
package enum TextureCaseLayout {
  /// A case's `input`, read: the size range, the scale and the root spec (not yet decoded).
  package struct Input {
    /// `sizeRange`.
    package var range: SizeRange
    /// `scale` (default 1).
    package var scale: Double
    /// `root`, as JSON.
    package var root: JSONValue
    /// The JSON path of `root` (e.g. `cases[3].input.root`).
    package var rootPath: String
  }

  /// Reads a case's `input` (`sizeRange {min, max}`, `scale`, `root`) found at `path`.
  package static func input(_ caseInput: JSONObject, path: String) throws(SpecDecodingError) -> Input {
    let f = Fields(caseInput, path)
    guard let rangeValue = f.value("sizeRange") else {
      throw SpecDecodingError(path: path, message: "missing required member \"sizeRange\"")
    }
    let range = try sizeRange(rangeValue, path: f.at("sizeRange"))
    let scale = try f.number("scale") ?? 1
    guard scale > 0 else {
      throw SpecDecodingError(path: f.at("scale"), message: "expected a positive number, got \(Fields.format(scale))")
    }
    guard let rootValue = f.value("root") else {
      throw SpecDecodingError(path: path, message: "missing required member \"root\"")
    }
    return Input(range: range, scale: scale, root: rootValue, rootPath: f.at("root"))
  }

  /// Lays out one case's `input` as a host display node does, measuring text leaves with fixed advances (0.6 em
  /// per character, 1.2 em lines: `FixedAdvanceTextMeasurer`, for case files that declare it); boxes are not
  /// available here. Returns `result(_:)` of the layout. `path` prefixes error paths (e.g. `cases[3].input`).
  package static func layout(caseInput: JSONObject, path: String) throws(SpecDecodingError) -> JSONValue {
    let input = try input(caseInput, path: path)
    let root = try SpecDecoder.decode(input.root, path: input.rootPath)
    let env = LayoutEnvironment(scale: input.scale, measureText: FixedAdvanceTextMeasurer.measure)
    let engine = LayoutEngine(environment: env)
    let layout: Layout
    do {
      layout = try engine.layout(root, in: input.range, path: input.rootPath)
    } catch {
      throw SpecDecodingError(path: error.path, message: error.message)
    }
    return result(layout.flattened(grid: engine.grid))
  }

  /// A case's answer: `{"size": [w, h], "frames": {"leafName": [x, y, w, h], …}}` with frames relative to the root
  /// after rounding at the case's scale (the host display node's size is the ceiled spec size); elements are keyed
  /// by name, else by id.
  package static func result(_ flat: FlattenedLayout) -> JSONValue {
    var frames = JSONObject()
    for fr in flat.frames {
      guard let key = fr.name ?? fr.id else { continue }
      let r = fr.frame
      frames[key] = .array([r.origin.x, r.origin.y, r.size.width, r.size.height].map(JSONValue.double))
    }
    return .object(
      JSONObject([
        ("size", .array([.double(flat.size.width), .double(flat.size.height)])), ("frames", .object(frames)),
      ]))
  }

  /// `{min: [w, h], max: [w, h]}`; components may be `"inf"`; sizes must be non-negative.
  package static func sizeRange(_ v: JSONValue, path: String) throws(SpecDecodingError) -> SizeRange {
    let f = Fields(try Fields.object(v, path), path)
    guard let minV = f.value("min"), let maxV = f.value("max") else {
      throw SpecDecodingError(path: path, message: "missing required member \"min\" or \"max\"")
    }
    let mn = try Fields.pair(minV, f.at("min"), nonNegative: true, allowInfinity: false)
    let mx = try Fields.pair(maxV, f.at("max"), nonNegative: true, allowInfinity: true)
    return SizeRange(min: Size(mn.0, mn.1), max: Size(mx.0, mx.1))
  }
}
