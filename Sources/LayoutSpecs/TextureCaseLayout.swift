import JSONCodec

/// Runs one Texture conformance case (`stack-layout.json`, `layout-specs.json`): used by `layoutd layout`.
package enum TextureCaseLayout {
  /// Lays out one case's `input` (`sizeRange {min, max}`, `scale`, `root`) as a host display node does and returns
  /// `{"size": [w, h], "frames": {"leafName": [x, y, w, h], …}}` with frames relative to the root after rounding at
  /// the case's scale. Text leaves are measured with fixed advances (0.6 em per character, 1.2 em lines) since
  /// Texture cases have none; boxes are not available here. `path` prefixes error paths (e.g. `cases[3].input`).
  package static func layout(caseInput: JSONObject, path: String) throws(SpecDecodingError) -> JSONValue {
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
    let root = try SpecDecoder.decode(rootValue, path: f.at("root"))
    let env = LayoutEnvironment(scale: scale, measureText: FixedAdvanceTextMeasurer.measure)
    let engine = LayoutEngine(environment: env)
    let layout: Layout
    do {
      layout = try engine.layout(root, in: range, path: f.at("root"))
    } catch {
      throw SpecDecodingError(path: error.path, message: error.message)
    }
    // The host display node wraps the spec's layout; its size is the ceiled spec size.
    let flat = layout.flattened(grid: engine.grid)
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
