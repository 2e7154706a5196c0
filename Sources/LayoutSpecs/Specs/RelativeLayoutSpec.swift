/// `ASRelativeLayoutSpec`: places its child at the start, centre or end of each axis of the available size.
package struct RelativeLayoutSpec: Sendable, Equatable {
  /// Where the child goes along one axis (`ASRelativeLayoutSpecPosition`).
  package enum Position: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Not positioned: offset 0 and the child still gets `range.min` on this axis.
    case none
    /// Offset 0; the child's minimum on this axis is 0.
    case start
    /// Centred (rounded to the pixel grid).
    case center
    /// Flush with the end.
    case end

    /// Share of the free space before the child: 0, 0, ½, 1.
    var proportion: Double {
      switch self {
      case .none, .start: return 0
      case .center: return 0.5
      case .end: return 1
      }
    }
  }

  /// Horizontal position (default none).
  package var horizontalPosition: Position
  /// Vertical position (default none).
  package var verticalPosition: Position
  /// Shrink the width to the child's (`ASRelativeLayoutSpecSizingOptionMinimumWidth`).
  package var minimumWidth: Bool
  /// Shrink the height to the child's (`ASRelativeLayoutSpecSizingOptionMinimumHeight`).
  package var minimumHeight: Bool
  /// The positioned child.
  package var child: LayoutElement

  /// A relative spec.
  package init(
    horizontalPosition: Position = .none, verticalPosition: Position = .none, minimumWidth: Bool = false,
    minimumHeight: Bool = false, child: LayoutElement
  ) {
    self.horizontalPosition = horizontalPosition
    self.verticalPosition = verticalPosition
    self.minimumWidth = minimumWidth
    self.minimumHeight = minimumHeight
    self.child = child
  }

  /// Texture's relative layout: size = valid `range.max` (else the child's) clamped, optionally shrunk to the
  /// child; child offset = roundPx((size − child) × proportion).
  @inline(never) func layout(range: SizeRange, engine: LayoutEngine) throws(LayoutFailure) -> Layout {
    var size = engine.validMaxOrUndefined(range)
    let minChild = Size(
      horizontalPosition != .none ? 0 : range.min.width,
      verticalPosition != .none ? 0 : range.min.height)
    var sub = try engine.child(child, range: SizeRange(min: minChild, max: range.max), parentSize: size, ".child")
    size = range.clamp(
      Size(
        size.width.isFinite ? size.width : sub.size.width,
        size.height.isFinite ? size.height : sub.size.height))
    size = range.clamp(
      Size(
        cMin(size.width, minimumWidth ? sub.size.width : size.width),
        cMin(size.height, minimumHeight ? sub.size.height : size.height)))
    let grid = engine.grid
    sub.position = Point(
      grid.round((size.width - sub.size.width) * horizontalPosition.proportion),
      grid.round((size.height - sub.size.height) * verticalPosition.proportion))
    return Layout(type: "relative", size: size, children: [sub])
  }
}
