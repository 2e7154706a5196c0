/// Texture's layout pass over a `LayoutElement` tree. Pure; runs on any layout queue.
///
/// Deviations from Texture: none intended. Every `ASLayout` size is ceiled to the pixel grid (and invalid sizes
/// become zero), specs position their children without rounding, and `flatten` ceils absolute positions.
package struct LayoutEngine: Sendable {
  /// Measurers and scale.
  package var environment: LayoutEnvironment
  /// Pixel grid derived from the environment's scale.
  package var grid: PixelGrid

  /// An engine over this environment.
  package init(environment: LayoutEnvironment) {
    self.environment = environment
    grid = PixelGrid(scale: environment.scale)
  }

  /// Lays the element out the way a host display node does (`layoutThatFits:` without a parent size:
  /// the parent size is `range.max`). The result's position is (0, 0).
  ///
  /// Layouts are cached per element (`LayoutEnvironment.cachesLayouts`): laying out the same element value in
  /// the same range again returns the cached layout in O(1), without the depth check or any descent; after an
  /// edit only the changed elements and their ancestors are computed again.
  package func layout(_ element: LayoutElement, in range: SizeRange, path: String = "root") throws(LayoutFailure)
    -> Layout
  {
    // A cached answer implies an earlier successful layout, which passed the depth check with the same limit.
    if let hit = cachedLayout(element, range: range, parentSize: range.max, isRoot: true) { return hit }
    do {
      try checkDepth(element)
      let result = try layoutThatFits(element, range: range, parentSize: range.max)
      // `layoutThatFits` already stored the answer of elements it caches at every level.
      if !element.cachesLayout { storeLayout(result, of: element, range: range, parentSize: range.max, isRoot: true) }
      return result
    } catch {
      throw LayoutFailure(path: path + error.path, message: error.message)
    }
  }

  /// Refuses trees nested deeper than `environment.maxDepth` (trees built in code skip the decoder's check);
  /// iterative, so any depth is safe to inspect.
  private func checkDepth(_ root: LayoutElement) throws(LayoutFailure) {
    var pending: [(LayoutElement, Int)] = [(root, 1)]
    while let (e, depth) = pending.popLast() {
      if depth > environment.maxDepth {
        throw LayoutFailure(path: "", message: "nesting deeper than the maximum of \(environment.maxDepth) elements")
      }
      for c in e.subelements { pending.append((c, depth + 1)) }
    }
  }

  /// `-layoutThatFits:parentSize:` (texture.md §7.2): resolve the style against `parentSize`, intersect with
  /// `range` (the incoming range wins), then compute; inset, overlay and background ignore their own style size.
  func layoutThatFits(_ element: LayoutElement, range: SizeRange, parentSize: Size) throws(LayoutFailure) -> Layout {
    if let observe = environment.observeLeafRange, element.isLeaf { observe(element, range) }
    if let hit = cachedLayout(element, range: range, parentSize: parentSize) { return hit }
    let resolved: SizeRange
    switch element.kind {
    case .inset, .overlay, .background:
      resolved = range
    default:
      resolved = range.intersect(SizeRange(resolving: element.style, parentSize: parentSize))
    }
    var result = try calculateLayout(element, range: resolved, parentSize: parentSize)
    result.size = finalSize(result.size)
    result.identify(type: element.typeName, id: element.id, name: element.name)
    switch element.kind {
    case .inset, .overlay, .background, .center, .ratio, .relative, .absolute, .wrapper, .corner:
      // Specs other than stacks keep their own style's baseline values (Texture reads `child.style`).
      result.ascender = element.style.ascender
      result.descender = element.style.descender
    case .stack, .node, .image, .text, .box:
      break
    }
    storeLayout(result, of: element, range: range, parentSize: parentSize)
    return result
  }

  /// The cache key of a request, or nil when the element's layouts are not cached (caching off, tracing on, or
  /// below the root an element cheaper to recompute than to look up).
  private func cacheKey(_ element: LayoutElement, range: SizeRange, parentSize: Size, isRoot: Bool)
    -> LayoutCacheKey?
  {
    guard environment.cachesLayouts, isRoot || element.cachesLayout, environment.observeLeafRange == nil else {
      return nil
    }
    return LayoutCacheKey(
      domain: environment.cacheDomain, scale: environment.scale, maxDepth: environment.maxDepth,
      rightToLeft: environment.rightToLeft, range: range, parentSize: parentSize)
  }

  /// The element's cached answer to this request, if any. Out of line to keep the recursion's frames small.
  @inline(never) private func cachedLayout(
    _ element: LayoutElement, range: SizeRange, parentSize: Size, isRoot: Bool = false
  ) -> Layout? {
    guard let key = cacheKey(element, range: range, parentSize: parentSize, isRoot: isRoot) else { return nil }
    return element.cachedLayout(for: key)
  }

  /// Remembers `layout` as the element's answer to this request. Out of line to keep the recursion's frames small.
  @inline(never) private func storeLayout(
    _ layout: Layout, of element: LayoutElement, range: SizeRange, parentSize: Size, isRoot: Bool = false
  ) {
    guard let key = cacheKey(element, range: range, parentSize: parentSize, isRoot: isRoot) else { return }
    element.storeCachedLayout(layout, for: key)
  }

  /// `ASLayout`'s size rule: an invalid size (negative, NaN, infinite, ≥ CGFLOAT_MAX/2) becomes (0, 0), any
  /// other is ceiled to the pixel grid.
  func finalSize(_ size: Size) -> Size {
    guard PointValidity.isValidForLayout(size.width), PointValidity.isValidForLayout(size.height) else { return .zero }
    // `+ 0` turns the −0 that ceiling 0 yields (0 − FLT_EPSILON rounds up to −0) into +0.
    return Size(grid.ceil(size.width) + 0, grid.ceil(size.height) + 0)
  }

  /// `-calculateLayoutThatFits:` of each element kind, with the resolved range.
  @inline(never) private func calculateLayout(_ element: LayoutElement, range: SizeRange, parentSize: Size)
    throws(LayoutFailure)
    -> Layout
  {
    // One call per case, each taking only the element: payloads are unpacked inside the callee, so this frame
    // (paid at every nesting level) holds no spec copies.
    switch element.kind {
    case .stack: return try layoutStack(element, range: range)
    case .inset, .overlay, .background: return try layoutSized(element, range: range, parentSize: parentSize)
    case .center, .ratio, .relative, .absolute, .wrapper, .corner: return try layoutPositioning(element, range: range)
    case .node, .image, .text, .box: return try layoutLeaf(element, range: range, parentSize: parentSize)
    }
  }

  /// Inset, overlay and background: the specs that use the parent size.
  @inline(never) private func layoutSized(_ element: LayoutElement, range: SizeRange, parentSize: Size)
    throws(LayoutFailure) -> Layout
  {
    switch element.kind {
    case .inset(let spec): return try spec.layout(range: range, parentSize: parentSize, engine: self)
    case .overlay(let spec): return try spec.layout(range: range, parentSize: parentSize, engine: self)
    case .background(let spec): return try spec.layout(range: range, parentSize: parentSize, engine: self)
    default: return Layout(type: element.typeName, size: range.min)
    }
  }

  /// Center, ratio, relative, absolute, wrapper and corner.
  @inline(never) private func layoutPositioning(_ element: LayoutElement, range: SizeRange) throws(LayoutFailure)
    -> Layout
  {
    switch element.kind {
    case .center(let spec): return try spec.relative.layout(range: range, engine: self)
    case .ratio(let spec): return try spec.layout(range: range, engine: self)
    case .relative(let spec): return try spec.layout(range: range, engine: self)
    case .absolute(let spec): return try spec.layout(range: range, engine: self)
    case .wrapper(let spec): return try spec.layout(range: range, engine: self)
    case .corner(let spec): return try spec.layout(range: range, engine: self)
    default: return Layout(type: element.typeName, size: range.min)
    }
  }

  /// Leaves and boxes, kept out of `calculateLayout` so that its frame (paid at every nesting level) stays small.
  @inline(never) private func layoutLeaf(_ element: LayoutElement, range: SizeRange, parentSize: Size)
    throws(LayoutFailure) -> Layout
  {
    switch element.kind {
    case .node(let leaf):
      return Layout(
        type: "node", size: leaf.size(in: range), ascender: element.style.ascender,
        descender: element.style.descender)
    case .image(let leaf):
      return Layout(
        type: "image", size: leaf.size(in: range), ascender: element.style.ascender,
        descender: element.style.descender)
    case .text(let leaf): return try layoutText(leaf, range: range)
    case .box(let box):
      guard let layoutBox = environment.layoutBox else {
        throw LayoutFailure(path: "", message: "box layout is not available in this environment")
      }
      var l = try layoutBox(box, range, parentSize, environment)
      l.position = .zero
      return l
    default:
      return Layout(type: element.typeName, size: range.min)
    }
  }

  /// A text leaf: measured by the environment, then clamped into the range (texture.md §7.8); the leaf's
  /// ascender/descender come from the measurement.
  @inline(never) private func layoutText(_ leaf: TextLeaf, range: SizeRange) throws(LayoutFailure) -> Layout {
    guard let measure = environment.measureText else {
      throw LayoutFailure(path: "", message: "text measurement is not available in this environment")
    }
    var m = try measure(leaf, range)
    let size = range.clamp(Size(cMin(m.size.width, range.max.width), cMin(m.size.height, range.max.height)))
    // Lines were aligned inside the measured width; re-align them inside the final (clamped) width.
    let share: Double
    switch leaf.alignment {
    case .center: share = 0.5
    case .right: share = 1
    case .natural, .left, .justified: share = 0
    }
    let shift = (size.width - m.size.width) * share
    if shift != 0, shift.isFinite {
      for i in m.lines.indices { m.lines[i].x += shift }
    }
    return Layout(type: "text", size: size, ascender: m.ascender, descender: m.descender, text: m)
  }

  /// Lays out a child element found at JSON path `component` (e.g. `.child`, `.children[2]`) of its parent; a
  /// failure's path is prefixed with the component (paths are built only when something fails).
  @inline(never) func child(
    _ element: LayoutElement, range: SizeRange, parentSize: Size, _ component: @autoclosure () -> String
  )
    throws(LayoutFailure) -> Layout
  {
    do {
      return try layoutThatFits(element, range: range, parentSize: parentSize)
    } catch {
      throw LayoutFailure(path: component() + error.path, message: error.message)
    }
  }

  /// Parent size a positioning spec passes down: `range.max` on axes where it is a valid size, else NaN.
  func validMaxOrUndefined(_ range: SizeRange) -> Size {
    Size(
      PointValidity.isValidForSize(range.max.width) ? range.max.width : .nan,
      PointValidity.isValidForSize(range.max.height) ? range.max.height : .nan)
  }
}
