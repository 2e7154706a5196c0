/// The flexbox style of one node, as FORMAT.md describes it. Pure value type; sizes in points.
///
/// The stored defaults are Yoga's (`Style()`); `Style.css` gives CSS's. Numbers that may be unset
/// (`flex`, `flexGrow`, `flexShrink`, `aspectRatio`) use NaN for "not set".
package struct Style: Sendable, Equatable {
  /// Inline direction.
  package var direction: Direction = .inherit
  /// Main axis.
  package var flexDirection: FlexDirection = .column
  /// Main-axis distribution.
  package var justifyContent: Justify = .flexStart
  /// Default cross-axis alignment of children.
  package var alignItems: Align = .stretch
  /// This item's cross-axis alignment (`auto` = parent's alignItems).
  package var alignSelf: Align = .auto
  /// Distribution of lines.
  package var alignContent: Align = .flexStart
  /// Single- or multi-line.
  package var flexWrap: Wrap = .noWrap
  /// Positioning scheme.
  package var positionType: PositionType = .relative
  /// Display type.
  package var display: Display = .flex
  /// Overflow behaviour.
  package var overflow: Overflow = .visible
  /// Box sizing of width/height/min/max.
  package var boxSizing: BoxSizing = .borderBox
  /// The `flex` shorthand (NaN = unset).
  package var flex: Double = .nan
  /// Grow factor (NaN = unset).
  package var flexGrow: Double = .nan
  /// Shrink factor (NaN = unset).
  package var flexShrink: Double = .nan
  /// Flex basis.
  package var flexBasis: Length = .auto
  /// Width.
  package var width: Length = .auto
  /// Height.
  package var height: Length = .auto
  /// Minimum width (`auto` = CSS automatic minimum size).
  package var minWidth: Length = .undefined
  /// Minimum height (`auto` = CSS automatic minimum size).
  package var minHeight: Length = .undefined
  /// Maximum width (`.undefined` = none).
  package var maxWidth: Length = .undefined
  /// Maximum height (`.undefined` = none).
  package var maxHeight: Length = .undefined
  /// Width / height (NaN = unset).
  package var aspectRatio: Double = .nan
  /// Margins (`auto` allowed).
  package var margin = Edges()
  /// Paddings.
  package var padding = Edges()
  /// Border widths.
  package var border = Edges()
  /// Insets.
  package var position = Edges()
  /// Gap between columns (main-axis gap of a row).
  package var columnGap: Length = .undefined
  /// Gap between rows (main-axis gap of a column).
  package var rowGap: Length = .undefined

  /// Yoga's defaults.
  package init() {}

  /// CSS's defaults (flexDirection row, flexShrink 1, positionType static, alignContent stretch,
  /// min-width/min-height auto).
  package static var css: Style {
    var s = Style()
    s.flexDirection = .row
    s.flexShrink = 1
    s.positionType = .static
    s.alignContent = .stretch
    s.minWidth = .auto
    s.minHeight = .auto
    return s
  }

  /// The style dimension of the width (`isWidth`) or height.
  @inline(__always) package func dimension(_ isWidth: Bool) -> Length { isWidth ? width : height }
  /// The minimum of the width or height.
  @inline(__always) package func minDimension(_ isWidth: Bool) -> Length { isWidth ? minWidth : minHeight }
  /// The maximum of the width or height.
  @inline(__always) package func maxDimension(_ isWidth: Bool) -> Length { isWidth ? maxWidth : maxHeight }
}
