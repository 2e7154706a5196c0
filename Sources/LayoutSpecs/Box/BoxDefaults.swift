import FlexLayout

/// Which defaults apply to style properties a FORMAT.md node leaves out. Pure.
package enum BoxDefaults: String, Sendable, Equatable {
  /// Yoga's defaults: column, flexShrink 0, relative, alignContent flex-start, min sizes 0.
  case yoga
  /// CSS's defaults: row, flexShrink 1, static, alignContent stretch, min sizes `auto`.
  case css

  /// The style a node starts from before its properties are applied.
  package var baseStyle: Style { self == .css ? Style.css : Style() }

  /// Engine settings matching these defaults, with the given pixel grid.
  package func layoutConfig(pointScaleFactor: Double) -> LayoutConfig {
    LayoutConfig(pointScaleFactor: pointScaleFactor, useWebDefaults: self == .css)
  }
}
