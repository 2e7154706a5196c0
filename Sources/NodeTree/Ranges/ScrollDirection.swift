/// Scroll direction bits (Texture's `ASScrollDirection`): Right 1, Left 2, Up 4, Down 8. Pure value.
///
/// Also used for the scrollable axes of a container: `.vertical` = up|down, `.horizontal` = left|right.
package struct ScrollDirection: OptionSet, Sendable, Hashable {
  /// Raw bits.
  package let rawValue: Int

  /// Creates a direction from raw bits.
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// Content moves toward larger x (1).
  package static let right = ScrollDirection(rawValue: 1 << 0)
  /// Content moves toward smaller x (2).
  package static let left = ScrollDirection(rawValue: 1 << 1)
  /// Toward smaller y, the head of a table (4).
  package static let up = ScrollDirection(rawValue: 1 << 2)
  /// Toward larger y (8).
  package static let down = ScrollDirection(rawValue: 1 << 3)
  /// The vertical axis (up | down).
  package static let vertical: ScrollDirection = [.up, .down]
  /// The horizontal axis (left | right).
  package static let horizontal: ScrollDirection = [.left, .right]
  /// The remembered direction before any scroll: down | right (`ASRangeController`).
  package static let initialPrevious: ScrollDirection = [.down, .right]

  /// The direction from a scroll velocity (texture.md §3.6). `velocity` is UIKit's sign convention:
  /// contentOffset − targetContentOffset at end of drag, so y < 0 → Down, y > 0 → Up, x < 0 → Right,
  /// x > 0 → Left. Only `scrollable` axes count (tables: vertical). `inverted` (negative transform scale)
  /// flips the result.
  package static func from(
    velocityX: Double, velocityY: Double, scrollable: ScrollDirection = .vertical, inverted: Bool = false
  ) -> ScrollDirection {
    var direction: ScrollDirection = []
    if !scrollable.isDisjoint(with: .horizontal) {
      if velocityX < 0 { direction.insert(inverted ? .left : .right) }
      if velocityX > 0 { direction.insert(inverted ? .right : .left) }
    }
    if !scrollable.isDisjoint(with: .vertical) {
      if velocityY < 0 { direction.insert(inverted ? .up : .down) }
      if velocityY > 0 { direction.insert(inverted ? .down : .up) }
    }
    return direction
  }

  /// The direction of a move from one content offset to another (moving to a larger y is Down).
  package static func from(
    oldOffsetX: Double = 0, oldOffsetY: Double, newOffsetX: Double = 0, newOffsetY: Double,
    scrollable: ScrollDirection = .vertical, inverted: Bool = false
  ) -> ScrollDirection {
    from(velocityX: oldOffsetX - newOffsetX, velocityY: oldOffsetY - newOffsetY, scrollable: scrollable, inverted: inverted)
  }
}
