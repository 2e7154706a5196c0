extension LayoutEngine {
  /// `-[ASStackLayoutSpec calculateLayoutThatFits:]` (texture.md §7.5). The driver lists the steps in order:
  /// 1. no children → size `range.min`;
  /// 2–4. parent size, optimised flexing, first (unconstrained main-axis) pass — `StackFlexing.swift`;
  /// 5. line breaking — `StackLines.swift`;
  /// 6. flex each line (floor-based grow with remainder, single-pass shrink) — `StackFlexing.swift`;
  /// 7–9. line cross sizes and baselines, align-content stretch, item stretch — `StackLines.swift`;
  /// 10–11. sums, final size and positions — `StackPositioning.swift`;
  /// 12. a vertical stack takes its first child's ascender and last child's descender.
  /// Deviations from Texture: none (children are laid out serially; Texture's `concurrent` flag only changes
  /// threads, not results).
  @inline(never) func layoutStack(_ element: LayoutElement, range: SizeRange) throws(LayoutFailure) -> Layout {
    guard case .stack(let spec) = element.kind, !spec.children.isEmpty else {
      return Layout(
        type: "stack", size: range.min, ascender: element.style.ascender,
        descender: element.style.descender)
    }
    let ctx = StackContext(
      spec: spec, range: range,
      parentSize: Size(
        range.min.width == range.max.width ? range.min.width : .nan,
        range.min.height == range.max.height ? range.min.height : .nan),
      engine: self)
    let optimized = ctx.usesOptimizedFlexing()
    let items = try ctx.firstPass(optimized: optimized)
    var lines = ctx.collectLines(items)
    for i in lines.indices { try ctx.flex(&lines[i], optimized: optimized) }
    ctx.computeCrossSizesAndBaselines(&lines)
    try ctx.stretchLines(&lines)
    var stackSum = 0.0
    for i in lines.indices {
      lines[i].stackSum = ctx.itemsStackSum(lines[i].items)
      stackSum = cMax(lines[i].stackSum, stackSum)
    }
    let crossSum = ctx.linesCrossSum(lines)
    let (children, size) = ctx.position(lines, stackSum: stackSum, crossSum: crossSum)
    var ascender = element.style.ascender
    var descender = element.style.descender
    if spec.direction == .vertical, let first = children.first, let last = children.last {
      ascender = first.ascender
      descender = last.descender
    }
    return Layout(type: "stack", size: size, children: children, ascender: ascender, descender: descender)
  }
}
