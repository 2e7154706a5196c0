import JSONCodec
import JSONRPC
import LayoutSpecs
import Synchronization
import Typography

/// A cell's spec laid out at each of its document's widths with every element tagged (`SpecElements`): each
/// element's frame, its text's line count and, for leaves, the size range its parent gave it. Pure apart from
/// reading font files.
struct SpecLayouts: Sendable {
  /// What one element came to at one width.
  struct Placement: Sendable, Equatable {
    /// The table width.
    var width: Double
    /// Its frame in the cell.
    var frame: Rect
    /// Its line count (text leaves).
    var lines: Int?
    /// The size range it was laid out in (leaves; nil for specs).
    var range: SizeRange?
  }

  /// The elements, with their text.
  let elements: SpecElements
  /// Each element's placements by layout id, one per width, in width order.
  let placements: [String: [Placement]]
  /// Why the cell could not be laid out, if it could not (a decoding error, a layout failure).
  let failure: String?

  /// Lays `cell` out at `widths` and `scale` with the checker's options and fonts.
  init(_ cell: SpecDocument.Cell, widths: [Double], scale: Double, checker: SpecChecker) {
    elements = SpecElements(cell)
    let options = checker.options
    let registry = checker.registry
    let ranges = Mutex([String: SizeRange]())
    var environment = LayoutEnvironment.standard(scale: scale, registry: registry)
    environment.maxDepth = options.cellLimits.maxDepth
    environment.observeLeafRange = { element, range in
      if let id = element.id { ranges.withLock { $0[id] = range } }
    }
    let frames = CellFrames(
      engine: LayoutEngine(environment: environment),
      decoding: CellDecoding(limits: options.cellLimits, fonts: FontCheck(registry: registry)))
    var placements: [String: [Placement]] = [:]
    var failure: String?
    do throws(ResponseError) {
      let element = try frames.decode(elements.tagged, path: cell.path)
      for width in widths {
        ranges.withLock { $0.removeAll() }
        let flat = try frames.flattened(element, in: CellFrames.range(width: width))
        let seen = ranges.withLock { $0 }
        for frame in flat.frames {
          guard let id = frame.id else { continue }
          placements[id, default: []].append(
            Placement(width: width, frame: frame.frame, lines: frame.textLines?.count, range: seen[id]))
        }
      }
    } catch {
      failure = error.message
    }
    self.placements = placements
    self.failure = failure
  }
}
