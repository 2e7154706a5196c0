/// `ASCenterLayoutSpec`: a relative spec with Center on the chosen axes and None elsewhere.
package struct CenterLayoutSpec: Sendable, Equatable {
  /// Centre horizontally (`ASCenterLayoutSpecCenteringX`).
  package var centerX: Bool
  /// Centre vertically (`ASCenterLayoutSpecCenteringY`).
  package var centerY: Bool
  /// Shrink the width to the child (`ASCenterLayoutSpecSizingOptionMinimumX`).
  package var minimumX: Bool
  /// Shrink the height to the child (`ASCenterLayoutSpecSizingOptionMinimumY`).
  package var minimumY: Bool
  /// The centred child.
  package var child: LayoutElement

  /// A center spec.
  package init(
    centerX: Bool = false, centerY: Bool = false, minimumX: Bool = false, minimumY: Bool = false,
    child: LayoutElement
  ) {
    self.centerX = centerX
    self.centerY = centerY
    self.minimumX = minimumX
    self.minimumY = minimumY
    self.child = child
  }

  /// The equivalent relative spec.
  var relative: RelativeLayoutSpec {
    RelativeLayoutSpec(
      horizontalPosition: centerX ? .center : .none, verticalPosition: centerY ? .center : .none,
      minimumWidth: minimumX, minimumHeight: minimumY, child: child)
  }
}
