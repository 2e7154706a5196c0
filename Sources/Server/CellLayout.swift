import Dispatch
import LayoutSpecs
import NodeTree
import Synchronization

/// Measures cells on the calling (Dispatch) thread, several at once. Pure apart from the engine's measurers.
enum CellLayout {
  /// Lays out every request in `range` with `concurrentPerform`; results in request order.
  static func measure(
    _ requests: [LayoutRequest<LayoutElement>], engine: LayoutEngine, range: SizeRange
  ) -> [CellResult] {
    let results = Mutex([CellResult?](repeating: nil, count: requests.count))
    DispatchQueue.concurrentPerform(iterations: requests.count) { index in
      let result = measure(requests[index], engine: engine, range: range)
      results.withLock { $0[index] = result }
    }
    return results.withLock { $0.compactMap { $0 } }
  }

  /// Lays out one cell: its height, or height 0 and the engine's reason.
  static func measure(_ request: LayoutRequest<LayoutElement>, engine: LayoutEngine, range: SizeRange) -> CellResult {
    do throws(LayoutFailure) {
      let layout = try engine.layout(request.content, in: range)
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
