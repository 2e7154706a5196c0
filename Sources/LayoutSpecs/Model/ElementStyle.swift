/// `ASLayoutElementStyle`: sizing and stack/absolute placement properties any element may carry. Pure value.
///
/// All lengths are points before pixel rounding. Defaults are Texture's (`ASLayoutElement.mm`).
package struct ElementStyle: Sendable, Equatable, Hashable {
  /// Exact width (`auto` by default).
  package var width: Dimension = .auto
  /// Exact height.
  package var height: Dimension = .auto
  /// Minimum width; overrides max and exact.
  package var minWidth: Dimension = .auto
  /// Maximum width; overrides exact.
  package var maxWidth: Dimension = .auto
  /// Minimum height.
  package var minHeight: Dimension = .auto
  /// Maximum height.
  package var maxHeight: Dimension = .auto
  /// Space added before the element on a stack's main axis (may be negative).
  package var spacingBefore: Double = 0
  /// Space added after the element on a stack's main axis.
  package var spacingAfter: Double = 0
  /// Share of positive free space on a stack's main axis (0 = does not grow).
  package var flexGrow: Double = 0
  /// Shrink factor on overflow; **0 by default** in Texture.
  package var flexShrink: Double = 0
  /// Initial main size in a stack (`auto` = measured content).
  package var flexBasis: Dimension = .auto
  /// Cross-axis alignment overriding the stack's `alignItems`.
  package var alignSelf: AlignSelf = .auto
  /// Distance from the top to the first baseline (used by baseline-aligned stacks).
  package var ascender: Double = 0
  /// Distance from the last baseline to the bottom, as a negative-or-zero offset (Texture's sign convention).
  package var descender: Double = 0
  /// Origin inside an absolute spec.
  package var layoutPosition: Point = .zero

  /// The default style.
  package init() {}

  /// `preferredSize`: sets width and height in points.
  package var preferredSize: Size? {
    get {
      if case .points(let w) = width, case .points(let h) = height { return Size(w, h) }
      return nil
    }
    set {
      guard let newValue else { return }
      width = .points(newValue.width)
      height = .points(newValue.height)
    }
  }
}

/// `ASStackLayoutAlignSelf`: a child's own cross-axis alignment in a stack.
package enum AlignSelf: String, Sendable, Equatable, Hashable, CaseIterable {
  /// Use the stack's `alignItems`.
  case auto
  /// Cross start.
  case start
  /// Cross end.
  case end
  /// Centred (floored to the pixel grid).
  case center
  /// Stretched to the line's cross size.
  case stretch
}
