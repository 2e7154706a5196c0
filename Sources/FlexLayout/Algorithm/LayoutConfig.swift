/// Engine settings for one layout pass. Pure value type.
package struct LayoutConfig: Sendable, Equatable {
  /// Pixel grid frames are rounded to: points × factor are whole (Yoga's YGRoundToPixelGrid); 0 = no rounding.
  package var pointScaleFactor: Double = 1
  /// CSS defaults where a style leaves a value unset: `flexShrink` 1 and `flex: N` keeping `flexBasis: auto`.
  package var useWebDefaults = false

  /// Record how deep the layout recursion reaches into the stack (`FlexTree.lastStackBytes`); for measurements.
  package var measuresStack = false

  /// Yoga's defaults: scale factor 1, Yoga style defaults.
  package init(pointScaleFactor: Double = 1, useWebDefaults: Bool = false, measuresStack: Bool = false) {
    self.pointScaleFactor = pointScaleFactor
    self.useWebDefaults = useWebDefaults
    self.measuresStack = measuresStack
  }
}
