import LayoutSpecs
import NodeTree

/// Measures cells on the calling thread (a `LayoutWorkers` thread). Pure apart from the engine's measurers.
enum CellLayout {
  /// Lays out every request on the calling thread, in order (a chunk of a larger job): in `range` (a table row's
  /// default range at the table's width), or in the request's own range when its row has a height range or an
  /// accessory (`range(width:heightRange:accessoryType:)`), or in a collection item's own size range.
  static func measure(
    _ requests: ArraySlice<LayoutRequest<LayoutElement>>, engine: LayoutEngine, range: SizeRange
  ) -> [CellResult] {
    requests.map { request in
      if let own = request.sizeRange { return measure(request, engine: engine, range: Self.range(own)) }
      guard request.heightRange != nil || request.accessoryType != .none else {
        return measure(request, engine: engine, range: range)
      }
      let own = Self.range(
        width: range.max.width, heightRange: request.heightRange, accessoryType: request.accessoryType)
      return measure(request, engine: engine, range: own)
    }
  }

  /// The range a row's node is laid out in, in a table `width` wide (texture.md §1.6): the width its accessory
  /// leaves (Texture re-measures the node at its content view's width, `-[ASTableView
  /// didLayoutSubviewsOfTableViewCell:]`), and the row's height range (0…`CGFLOAT_MAX` without one).
  static func range(width: Double, heightRange: RowHeightRange?, accessoryType: AccessoryType) -> SizeRange {
    let contentWidth = max(0, width - accessoryType.width)
    let heights = heightRange ?? .unconstrained
    return SizeRange(min: Size(contentWidth, heights.min), max: Size(contentWidth, heights.max))
  }

  /// A model size range as the layout engine's.
  static func range(_ range: CellSizeRange) -> SizeRange {
    SizeRange(min: Size(range.minWidth, range.minHeight), max: Size(range.maxWidth, range.maxHeight))
  }

  /// Lays out one cell: its height and width, or height 0 and the engine's reason.
  static func measure(_ request: LayoutRequest<LayoutElement>, engine: LayoutEngine, range: SizeRange) -> CellResult {
    do throws(LayoutFailure) {
      let layout = try engine.layout(request.content, in: range)
      let nested =
        ContainerElement.mayExist ? NestedMeasure.measure(request.content, layout: layout, engine: engine) : []
      // Only the size is kept: a session may hold a million cells, and a cached layout costs kilobytes per row.
      // Display passes and queries lay the few cells they need out again.
      request.content.releaseCachedLayouts()
      let height = layout.size.height
      guard height.isFinite, height >= 0 else {
        return CellResult(
          id: request.id, generation: request.generation, height: 0,
          failure: "height \(height) is not a finite non-negative number")
      }
      let width = layout.size.width
      guard width.isFinite, width >= 0 else {
        return CellResult(
          id: request.id, generation: request.generation, height: 0,
          failure: "width \(width) is not a finite non-negative number")
      }
      return CellResult(
        id: request.id, generation: request.generation, height: height, width: width, failure: nil, nested: nested)
    } catch {
      return CellResult(id: request.id, generation: request.generation, height: 0, failure: error.description)
    }
  }
}
