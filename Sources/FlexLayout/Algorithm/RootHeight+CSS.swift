/// The height a root lays out at under CSS defaults when its available height is unbounded or at most a size.
extension FlexEngine {
  /// CSS defaults: a root whose height is not definite (`heightMode` other than `.stretchFit`) is measured at
  /// `height` first, then laid out at that measured height as a definite one, so percentages of its items (heights,
  /// flex bases) resolve against it. This is the layout call as the Chromium corpus models it: the root is a
  /// stretched item of an auto-sized grid row, sized to its content and then treated as definite (CSS Grid §6.6,
  /// CSS Box Sizing 3 §4.4 "stretch-fit"); a flex item stretched in its line is treated the same way (Flexbox §9.8).
  @inline(never)
  mutating func cssDefiniteRootHeight(
    _ root: NodeIndex, _ width: Double, _ height: inout Double, _ ownerDirection: Direction, _ widthMode: SizingMode,
    _ heightMode: inout SizingMode, _ ownerWidth: Double, _ ownerHeight: Double
  ) {
    _ = calculateLayoutInternal(
      root, width, height, ownerDirection, widthMode, heightMode, ownerWidth, ownerHeight,
      performLayout: true, depth: 0)
    height = tree[layout: root].measuredHeight + marginForAxis(root, .column, ownerWidth)
    heightMode = .stretchFit
  }
}
