/// How a measured leaf is offered room along one axis (Yoga's MeasureMode). Pure.
package enum MeasureMode: UInt8, Sendable, Equatable, Hashable {
  /// No limit: the leaf takes its max-content size; the offered size is NaN.
  case undefined
  /// The leaf must take exactly the offered size.
  case exactly
  /// The leaf may take up to the offered size.
  case atMost
}

/// A width and height in points.
package struct Size: Sendable, Equatable, Hashable {
  /// Width in points.
  package var width: Double
  /// Height in points.
  package var height: Double
  /// A size of `width` × `height`.
  package init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// One axis of the room offered to a measure function: a size in points (NaN when `mode` is `.undefined`) and
/// the mode it is offered in.
package struct AxisOffer: Sendable, Equatable, Hashable {
  /// Offered content-box size in points (before pixel-grid rounding); NaN when unbounded.
  package var size: Double
  /// How the size binds.
  package var mode: MeasureMode
  /// An offer of `size` in `mode`.
  package init(size: Double, mode: MeasureMode) {
    self.size = size
    self.mode = mode
  }
}

/// Measures a leaf's content box for the offered width and height; returns points. Must be pure: the engine
/// caches its answers and may call it from any thread.
package typealias MeasureFunction = @Sendable (_ width: AxisOffer, _ height: AxisOffer) -> Size

/// Returns a measured leaf's min-content width in points (e.g. its longest word), for CSS's automatic minimum
/// size along a row (§4.5).
package typealias MinContentWidthFunction = @Sendable () -> Double

/// Returns a leaf's first baseline, in points from its top border edge, for its laid-out width and height.
package typealias BaselineFunction = @Sendable (_ width: Double, _ height: Double) -> Double
