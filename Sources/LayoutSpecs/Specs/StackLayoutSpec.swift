/// `ASStackLayoutSpec`: lays children out along a main axis with Texture's flex rules (texture.md §7.5).
///
/// Defaults are Texture's `-init`: horizontal, spacing 0, justify start, align **stretch**, no wrap, align-content
/// start, line spacing 0.
package struct StackLayoutSpec: Sendable, Equatable {
  /// Main axis (`ASStackLayoutDirection`).
  package enum Direction: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Children left to right.
    case horizontal
    /// Children top to bottom.
    case vertical
  }

  /// Main-axis distribution (`ASStackLayoutJustifyContent`).
  package enum JustifyContent: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Packed at the start.
    case start
    /// Centred.
    case center
    /// Packed at the end.
    case end
    /// Free space between items.
    case spaceBetween
    /// Free space around items (half at the edges).
    case spaceAround
  }

  /// Cross-axis alignment of items (`ASStackLayoutAlignItems`).
  package enum AlignItems: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Cross start.
    case start
    /// Cross end.
    case end
    /// Centred (floored to the pixel grid).
    case center
    /// Stretched to the line.
    case stretch
    /// First baselines aligned (uses `ascender`).
    case baselineFirst
    /// Last baselines aligned (uses `descender`).
    case baselineLast
  }

  /// Cross-axis distribution of lines (`ASStackLayoutAlignContent`).
  package enum AlignContent: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Packed at the start.
    case start
    /// Centred.
    case center
    /// Packed at the end.
    case end
    /// Free space between lines.
    case spaceBetween
    /// Free space around lines.
    case spaceAround
    /// Lines share the free space.
    case stretch
  }

  /// Line breaking (`ASStackLayoutFlexWrap`).
  package enum FlexWrap: String, Sendable, Equatable, Hashable, CaseIterable {
    /// One line.
    case noWrap
    /// Break lines when the next item would exceed `range.max` on the main axis.
    case wrap
  }

  /// Main axis.
  package var direction: Direction = .horizontal
  /// Space between adjacent items on the main axis, in points (may be negative).
  package var spacing: Double = 0
  /// Main-axis distribution.
  package var justifyContent: JustifyContent = .start
  /// Cross-axis alignment.
  package var alignItems: AlignItems = .stretch
  /// Line breaking.
  package var flexWrap: FlexWrap = .noWrap
  /// Distribution of lines.
  package var alignContent: AlignContent = .start
  /// Space between lines, in points.
  package var lineSpacing: Double = 0
  /// Children in order.
  package var children: [LayoutElement] = []

  /// A stack with Texture's defaults and these children.
  package init(children: [LayoutElement] = []) {
    self.children = children
  }

  /// The alignment that applies to a child: its `alignSelf` unless auto.
  func alignment(of style: ElementStyle) -> AlignItems {
    switch style.alignSelf {
    case .auto: return alignItems
    case .start: return .start
    case .end: return .end
    case .center: return .center
    case .stretch: return .stretch
    }
  }

  /// Main-axis component of a size.
  func stack(_ s: Size) -> Double { direction == .horizontal ? s.width : s.height }
  /// Cross-axis component of a size.
  func cross(_ s: Size) -> Double { direction == .horizontal ? s.height : s.width }
  /// A size from main and cross components.
  func size(stack: Double, cross: Double) -> Size {
    direction == .horizontal ? Size(stack, cross) : Size(cross, stack)
  }
  /// A point from main and cross components.
  func point(stack: Double, cross: Double) -> Point {
    direction == .horizontal ? Point(stack, cross) : Point(cross, stack)
  }
}
