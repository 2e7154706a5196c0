import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree
import Typography

/// One cell laid out on its own, exactly as a session lays out a row: the session's decoder (limits, strict
/// members, installed font families), the session's engine (`LayoutEnvironment.standard`: real fonts, boxes) and
/// `cell/elementFrames`'s answer. Used by `cell/elementFrames` and by `layoutd layout` for a bare cell spec, so the
/// two cannot drift apart. Pure apart from reading font files.
package struct CellFrames: Sendable {
  /// What cells are decoded with (spec limits, the font check).
  let decoding: CellDecoding
  /// The engine cells are laid out with.
  let engine: LayoutEngine

  /// A layout of cells at `scale` with `options`' font directories and cell limits, refusing font families that
  /// are not installed, as a session created with that scale (and without `lenientFonts`) does.
  package init(scale: Double, options: ServerOptions = ServerOptions()) {
    let registry = options.makeRegistry()
    self.init(
      engine: Self.engine(scale: scale, registry: registry, limits: options.cellLimits),
      decoding: CellDecoding(limits: options.cellLimits, fonts: FontCheck(registry: registry)))
  }

  /// A layout with this engine and decoding (a session's).
  init(engine: LayoutEngine, decoding: CellDecoding) {
    self.engine = engine
    self.decoding = decoding
  }

  /// The engine a session at `scale` lays cells out with (full layouts, not sizes only).
  static func engine(scale: Double, registry: FontRegistry, limits: SpecDecoder.Limits) -> LayoutEngine {
    var environment = LayoutEnvironment.standard(scale: scale, registry: registry)
    environment.maxDepth = limits.maxDepth
    return LayoutEngine(environment: environment)
  }

  /// Decodes a cell's spec found at `path` as `table/insertRows` decodes a row's `cell`: -32602 naming the path on
  /// any error (unknown member, bad value, limit, font family not installed).
  package func decode(_ value: JSONValue, path: String) throws(ResponseError) -> LayoutElement {
    try Session.decodeCell(value, path: path, using: decoding)
  }

  /// Lays `content` out in `range` and flattens it (frames relative to the cell, rounded to the engine's pixel
  /// grid). A layout failure is -32603 with `failure(reason)` as its message.
  package func flattened(
    _ content: LayoutElement, in range: SizeRange, failure: (String) -> String = { $0 }
  ) throws(ResponseError) -> FlattenedLayout {
    do throws(LayoutFailure) {
      return try engine.layout(content, in: range).flattened(grid: engine.grid)
    } catch {
      throw ResponseError(code: .internalError, message: failure(error.description))
    }
  }

  /// Lays `content` out in `range` and returns `{size: {width, height}, elements: [{type, id?, name?, frame,
  /// lines?}]}` (every element, or only those named by `ids`, in that order), as `flattened` lays it out.
  package func frames(
    of content: LayoutElement, in range: SizeRange, ids: [String]? = nil, failure: (String) -> String = { $0 }
  ) throws(ResponseError) -> JSONObject {
    let flat = try flattened(content, in: range, failure: failure)
    let frames = ids.map { ids in ids.compactMap { flat.frame($0) } } ?? flat.frames
    return JSONObject([
      ("size", .object(JSONObject([("width", .double(flat.size.width)), ("height", .double(flat.size.height))]))),
      ("elements", .array(frames.map(Session.elementJSON))),
    ])
  }

  /// A cell's size range at `width`: exactly that wide, as tall as it needs (a table row's range), or at most
  /// `maxHeight` tall.
  package static func range(width: Double, maxHeight: Double? = nil) -> SizeRange {
    SizeRange(min: Size(width, 0), max: Size(width, maxHeight ?? CellSizeRange.cgFloatMax))
  }

  /// Widths (and heights) a cell may be laid out at: a session's viewport sizes.
  package static let sizes = Session.viewportRange
  /// Scales a cell may be laid out at: `session/create`'s.
  package static let scales: ClosedRange<Double> = 1...4
}
