/// An inverted session of `LiveTableModel` (Protocol.md "Inverted tables"), written from that section alone: the
/// table underneath is a plain one in the scroll view's own coordinates (the model's `offset`, insets, ranges and
/// batch fetching unchanged), and only the wire is visual. With content height C and viewport height H, the model
/// offset m is the wire offset C − m − H, a wire scroll delta dy is −dy in the model, the wire's top inset is the
/// model's bottom one, and a row at model top y of height h is drawn at C − y − h. With scroll anchoring off (the
/// Base session) nothing else changes: the table moves the model offset only to clamp it.
extension LiveTableModel {
  /// The wire offset of model offset `m`.
  func wireOffset(_ m: Double) -> Double { inverted ? contentHeight - m - viewportHeight : m }

  /// The model offset of wire offset `y` (the mapping is its own inverse).
  func modelOffset(wire y: Double) -> Double { wireOffset(y) }

  /// The model target of a wire scroll by `dy` from the current offset.
  func modelTarget(scrollBy dy: Double) -> Double { inverted ? offset - dy : offset + dy }

  /// `session/setViewport` insets as the wire gives them (top at the top of the screen).
  mutating func setWireInsets(top: Double, bottom: Double) {
    if inverted { setInsets(top: bottom, bottom: top) } else { setInsets(top: top, bottom: bottom) }
  }

  /// The model target of `table/scrollToRow` for a row at model `top` of height `h`: the positions are on screen, so
  /// an inverted table computes them from the row's visual frame, the visual insets and the visual offset.
  func wireScrollTarget(top: Double, height h: Double, position: String) -> Double {
    guard inverted else { return scrollTarget(top: top, height: h, position: position) }
    let c = contentHeight
    let seenTop = c - top - h
    let (insetAbove, insetBelow) = (insetBottom, insetTop)  // the visual top inset is the model's bottom one
    let current = wireOffset(offset)
    let target: Double
    switch position {
    case "top": target = seenTop - insetAbove
    case "middle": target = seenTop + h / 2 - viewportHeight / 2
    case "bottom": target = seenTop + h - viewportHeight + insetBelow
    default:
      let a = seenTop - insetAbove
      let b = seenTop + h - viewportHeight + insetBelow
      target = min(max(current, min(a, b)), max(a, b))
    }
    return modelOffset(wire: target)
  }
}
