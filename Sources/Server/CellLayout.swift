import LayoutSpecs
import NodeTree

/// Measures cells on the calling thread (a `LayoutWorkers` thread). Pure apart from the engine's measurers.
enum CellLayout {
  /// Lays out every request in `range` on the calling thread, in order (a chunk of a larger job).
  static func measure(
    _ requests: ArraySlice<LayoutRequest<LayoutElement>>, engine: LayoutEngine, range: SizeRange
  ) -> [CellResult] {
    requests.map { measure($0, engine: engine, range: range) }
  }

  /// Lays out one cell: its height, or height 0 and the engine's reason.
  static func measure(_ request: LayoutRequest<LayoutElement>, engine: LayoutEngine, range: SizeRange) -> CellResult {
    do throws(LayoutFailure) {
      let layout = try engine.layout(request.content, in: range)
      // Only the height is kept: a session may hold a million cells, and a cached layout costs kilobytes per row.
      // Display passes and queries lay the few cells they need out again.
      request.content.releaseCachedLayouts()
      let height = layout.size.height
      guard height.isFinite, height >= 0 else {
        return CellResult(
          id: request.id, generation: request.generation, height: 0,
          failure: "height \(height) is not a finite non-negative number")
      }
      return CellResult(id: request.id, generation: request.generation, height: height, failure: nil)
    } catch {
      return CellResult(id: request.id, generation: request.generation, height: 0, failure: error.description)
    }
  }
}
