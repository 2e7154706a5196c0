import FlexLayout

/// How a Texture element inside a box becomes a flex item. Pure.
package enum EmbeddedFlexItem {
  /// Splits an embedded element into the element to measure and its flex item settings: the flex properties of
  /// `settings(of:)`, plus its percentage width, height, min and max as Yoga percentages, which the element then
  /// drops (they would otherwise resolve again against the measure offer).
  package static func split(_ element: LayoutElement) -> (element: LayoutElement, settings: [BoxStyleSetting]) {
    var settings = self.settings(of: element.style)
    var own = element.style
    /// Moves a fraction from `dimension` to a percentage setting made by `make`.
    func move(_ dimension: inout Dimension, _ make: (Length) -> BoxStyleSetting) {
      guard case .fraction(let f) = dimension else { return }
      settings.append(make(.pct(f * 100)))
      dimension = .auto
    }
    move(&own.width, BoxStyleSetting.width)
    move(&own.height, BoxStyleSetting.height)
    move(&own.minWidth, BoxStyleSetting.minWidth)
    move(&own.maxWidth, BoxStyleSetting.maxWidth)
    move(&own.minHeight, BoxStyleSetting.minHeight)
    move(&own.maxHeight, BoxStyleSetting.maxHeight)
    guard own != element.style else { return (element, settings) }
    var stripped = element
    stripped.style = own
    return (stripped, settings)
  }

  /// The flex item properties a Texture style carries over to its flex node (Yoga defaults otherwise).
  package static func settings(of style: ElementStyle) -> [BoxStyleSetting] {
    var settings: [BoxStyleSetting] = []
    if style.flexGrow > 0 { settings.append(.flexGrow(style.flexGrow)) }
    if style.flexShrink > 0 { settings.append(.flexShrink(style.flexShrink)) }
    switch style.alignSelf {
    case .auto: break
    case .start: settings.append(.alignSelf(.flexStart))
    case .end: settings.append(.alignSelf(.flexEnd))
    case .center: settings.append(.alignSelf(.center))
    case .stretch: settings.append(.alignSelf(.stretch))
    }
    return settings
  }
}
