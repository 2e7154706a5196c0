import FlexLayout

/// One decoded property of a FORMAT.md node's `style`, in the order written. Pure value.
///
/// A box template keeps a node's style as its settings (16 bytes each) rather than as a whole `Style` (about
/// 330 bytes), so a decoded box stays small; `replay(_:_:onto:)` replays them onto the defaults when a layout
/// builds its flex tree. Numbers are the validated values as written (finite; an `aspectRatio` of 0 stays 0).
/// Edge objects are stored side by side (`edge`), as most set one or two sides.
package enum BoxStyleSetting: Sendable, Hashable {
  /// `direction`.
  case direction(Direction)
  /// `flexDirection`.
  case flexDirection(FlexDirection)
  /// `justifyContent`.
  case justifyContent(Justify)
  /// `alignItems`.
  case alignItems(Align)
  /// `alignSelf`.
  case alignSelf(Align)
  /// `alignContent`.
  case alignContent(Align)
  /// `flexWrap`.
  case flexWrap(Wrap)
  /// `positionType`.
  case positionType(PositionType)
  /// `display`.
  case display(Display)
  /// `overflow`.
  case overflow(Overflow)
  /// `boxSizing`.
  case boxSizing(BoxSizing)
  /// `flex`.
  case flex(Double)
  /// `flexGrow`.
  case flexGrow(Double)
  /// `flexShrink`.
  case flexShrink(Double)
  /// `flexBasis`.
  case flexBasis(Length)
  /// `width`.
  case width(Length)
  /// `height`.
  case height(Length)
  /// `minWidth`.
  case minWidth(Length)
  /// `minHeight`.
  case minHeight(Length)
  /// `maxWidth` (`"auto"` already turned into no maximum).
  case maxWidth(Length)
  /// `maxHeight` (`"auto"` already turned into no maximum).
  case maxHeight(Length)
  /// `aspectRatio` as written (0 means no ratio, as in Yoga).
  case aspectRatio(Double)
  /// One side of an edge property's EDGES object; the sides of one object are consecutive settings, the first
  /// one `opens` it (an empty object is one opening setting without a key).
  case edge(BoxEdgeProperty, BoxEdgeKey?, Length, opens: Bool)
  /// `gap`, with `all` already folded into both.
  case gap(row: Length, column: Length)

  /// Replays `settings[range]` onto `style` in order, folding each EDGES object's sides into its edges.
  @inline(__always) package static func replay(
    _ settings: [BoxStyleSetting], _ range: Range<Int>, onto style: inout Style
  ) {
    var group: BoxEdgeGroup?
    for i in range {
      let setting = settings[i]
      guard case .edge(let property, let key, let length, let opens) = setting else {
        group?.store(into: &style)
        group = nil
        setting.apply(to: &style)
        continue
      }
      if opens || group == nil {
        group?.store(into: &style)
        group = BoxEdgeGroup(property)
      }
      if let key { group?.set(key, length) }
    }
    group?.store(into: &style)
  }

  /// Sets this property in `style` (edge sides are replayed by `replay`, which folds them).
  @inline(__always) func apply(to style: inout Style) {
    switch self {
    case .direction(let v): style.direction = v
    case .flexDirection(let v): style.flexDirection = v
    case .justifyContent(let v): style.justifyContent = v
    case .alignItems(let v): style.alignItems = v
    case .alignSelf(let v): style.alignSelf = v
    case .alignContent(let v): style.alignContent = v
    case .flexWrap(let v): style.flexWrap = v
    case .positionType(let v): style.positionType = v
    case .display(let v): style.display = v
    case .overflow(let v): style.overflow = v
    case .boxSizing(let v): style.boxSizing = v
    case .flex(let v): style.flex = v
    case .flexGrow(let v): style.flexGrow = v
    case .flexShrink(let v): style.flexShrink = v
    case .flexBasis(let v): style.flexBasis = v
    case .width(let v): style.width = v
    case .height(let v): style.height = v
    case .minWidth(let v): style.minWidth = v
    case .minHeight(let v): style.minHeight = v
    case .maxWidth(let v): style.maxWidth = v
    case .maxHeight(let v): style.maxHeight = v
    case .aspectRatio(let v): style.aspectRatio = v > 0 ? v : .nan
    case .edge: break
    case .gap(let row, let column):
      style.rowGap = row
      style.columnGap = column
    }
  }
}
