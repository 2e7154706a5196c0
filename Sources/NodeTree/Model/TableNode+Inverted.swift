/// Inverted tables (`ASTableNode.inverted`, texture.md §3.6): Texture flips the table view with a −1 vertical
/// scale, so row 0 is drawn at the visual bottom. The model, like the scroll view under that transform, keeps its own
/// coordinates ("model" offsets: the content offset, ranges, batch fetching, anchoring all work there unchanged);
/// this extension maps between them and what is seen ("visual" coordinates, y growing downwards on screen).
/// Session-isolated.
///
/// With content height C, a model span [y, y + h) is drawn at visual [C − y − h, C − y), and the viewport at model
/// offset m (height H) shows visual offset C − m − H. So:
/// - the newest rows (model top) are at the visual bottom, and batch fetching, which fires near the model end
///   (texture.md §4.2 rule 7), fires near the visual top;
/// - a scroll direction seen on screen is flipped into the model (Up ↔ Down), as Texture flips the direction for a
///   negative transform scale (§3.6), so ranges extend ahead of the visual scroll;
/// - content insets are the scroll view's, in model coordinates (Texture's inversion guide has the app set them for
///   the flipped view): the model top inset is the visual bottom one;
/// - a plain table's floating header is pinned at the model top of the visible area, i.e. the visual bottom, as
///   UIKit's floating would put it under the flip.
/// Without `inverted` every mapping is the identity.
extension TableNode {
  /// `span` (model coordinates) as drawn.
  package func visualSpan(_ span: VerticalSpan) -> VerticalSpan {
    visualSpan(span, contentHeight: contentHeight)
  }

  /// `span` as drawn in content of height `height` (the content height a frame belongs to).
  func visualSpan(_ span: VerticalSpan, contentHeight height: Double) -> VerticalSpan {
    inverted ? VerticalSpan(y: height - span.maxY, height: span.height) : span
  }

  /// A rectangle mirrored between model and visual coordinates (the mapping is its own inverse).
  package func flipped(_ bounds: Rect) -> Rect {
    guard inverted else { return bounds }
    var result = bounds
    result.y = contentHeight - bounds.maxY
    return result
  }

  /// A scroll direction mirrored between model and visual coordinates (Up ↔ Down when inverted).
  package func flipped(_ direction: ScrollDirection) -> ScrollDirection {
    guard inverted else { return direction }
    var result = direction.subtracting(.vertical)
    if direction.contains(.up) { result.insert(.down) }
    if direction.contains(.down) { result.insert(.up) }
    return result
  }

  /// The viewport bounds as seen, nil without a viewport.
  package var visualViewportBounds: Rect? { viewport.map { flipped($0.bounds) } }

  /// Sets the viewport from what is seen: visual bounds and a visual scroll direction (see `setViewport`).
  package mutating func setVisualViewport(_ viewport: RangeViewport, force: Bool = false) -> [InterfaceStateEvent] {
    var model = viewport
    model.bounds = flipped(viewport.bounds)
    model.scrollDirection = flipped(viewport.scrollDirection)
    return setViewport(model, force: force)
  }

  /// Where `element` is drawn (visual coordinates; a floating header or footer at its floating position), nil when
  /// the visible map has no such element.
  package func visualFrame(of element: TableElement) -> VerticalSpan? {
    switch element {
    case .row(let path):
      return frameOfRow(at: path, in: visibleMap).map(visualSpan)
    case .header(let section), .footer(let section):
      let kind = element.supplementaryKind ?? .header
      guard let frame = try? supplementaryFrame(kind, inSection: section) else { return nil }
      return visualSpan(VerticalSpan(y: frame.visibleY, height: frame.height))
    }
  }

  /// The element drawn at visual offset `y` (see `element(atOffset:)`). Visual spans are half-open downwards on
  /// screen, which is upwards in the model, so the model point is taken just above C − y.
  package func visualElement(atOffset y: Double) -> TableElement? {
    guard inverted else { return element(atOffset: y) }
    return element(atOffset: (contentHeight - y).nextDown)
  }

  /// The elements drawn in visual `[minY, maxY)`, in visual order (top to bottom on screen).
  package func visualElements(intersectingMinY minY: Double, maxY: Double) -> [TableElement] {
    guard inverted else { return elements(intersectingMinY: minY, maxY: maxY) }
    return elements(intersectingMinY: contentHeight - maxY, maxY: contentHeight - minY).reversed()
  }

  /// The batch-fetch check from what is seen: the visual target offset, the visual velocity (points per ms, positive
  /// when the visual offset grows) and the visual scroll direction, mapped into the model (see `checkBatchFetch`).
  package mutating func checkBatchFetch(
    visualTargetOffsetY: Double, visualVelocityY: Double = 0, visualScrollDirection: ScrollDirection = [],
    delegate: ((_ remainingTime: Double, _ hint: Bool) -> Bool)? = nil
  ) -> BatchFetchDecision {
    guard inverted else {
      return checkBatchFetch(
        targetOffsetY: visualTargetOffsetY, velocityY: visualVelocityY, scrollDirection: visualScrollDirection,
        delegate: delegate)
    }
    let height = viewport?.bounds.height ?? 0
    return checkBatchFetch(
      targetOffsetY: contentHeight - visualTargetOffsetY - height, velocityY: -visualVelocityY,
      scrollDirection: flipped(visualScrollDirection), delegate: delegate)
  }
}
