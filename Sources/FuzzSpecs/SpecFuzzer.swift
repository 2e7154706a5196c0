import FuzzSupport
import JSONCodec
import LayoutSpecs

/// The layout-spec decoder's fuzz body (checked against the box fast path), followed by a layout of whatever
/// decodes. Pure over the system fonts;
/// runs on the fuzzer's thread.
///
/// The input is one cell spec as JSON text, parsed with the transport's nesting bound and decoded with the
/// server's default limits (`SpecDecoder.Limits.default`), so each input's work is bounded by its size. A decoded
/// spec is laid out the way a table cell is (width 320, height unbounded) and in an exact 320 × 480 range, in the
/// environment sessions use (real fonts, scale 2), then flattened both ways and encoded; a layout error is
/// acceptable, a crash or a non-finite size is not.
enum SpecFuzzer {
  /// The engine sessions lay cells out with.
  private static let engine = LayoutEngine(environment: .standard(scale: 2))
  /// The ranges each decoded spec is laid out in: a table cell's, then an exact one.
  private static let ranges = [
    SizeRange(min: .zero, max: Size(320, .infinity)), SizeRange(exactly: Size(320, 480)),
  ]

  /// Runs one input. What the decoder gives from the bytes (`JSONBytesSource`) must be what it gives from the
  /// parsed value (the bytes may be refused, and their errors are never shown).
  static func run(_ data: [UInt8]) {
    guard var value = try? JSONParser.parse(data, maxDepth: JSONValue.implicitTeardownSafeDepth) else { return }
    defer { value.dismantle() }
    let scanned = data.withUnsafeBufferPointer { buffer -> LayoutElement? in
      guard var source = JSONBytesSource(buffer, at: 0) else { return nil }
      return try? source.decodeElement(path: { "root" }, depth: 1, limits: .default)
    }
    let element: LayoutElement
    do throws(SpecDecodingError) {
      element = try SpecDecoder.decode(value)
    } catch {
      FuzzCheck.require(scanned == nil, "the fast path decoded what the decoder refuses (\(error.description))")
      return
    }
    if let scanned { FuzzCheck.require(scanned == element, "the fast path decoded \(scanned), the decoder \(element)") }
    for range in ranges {
      guard let layout = try? engine.layout(element, in: range) else { continue }
      let size = layout.size
      FuzzCheck.require(size.width.isFinite && size.height.isFinite, "layout size \(size) in \(range)")
      for rightToLeft in [false, true] {
        let flat = layout.flattened(grid: engine.grid, rightToLeft: rightToLeft)
        _ = JSONWriter.serialize(flat.json)
      }
    }
  }
}
