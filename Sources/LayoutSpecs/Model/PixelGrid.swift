/// Texture's pixel-grid rounding (`ASCeilPixelValue`, `ASFloorPixelValue`, `ASRoundPixelValue`). Pure.
///
/// Values are points; `scale` is the screen scale (1, 2 or 3). FLT_EPSILON keeps values that are already on the
/// grid (up to float noise) from moving a whole pixel.
package struct PixelGrid: Sendable, Equatable, Hashable {
  /// `FLT_EPSILON` (1.1920929e-07), the tolerance Texture's ceil and floor use.
  package static let fltEpsilon = Double(Float.ulpOfOne)

  /// Screen scale: device pixels per point.
  package var scale: Double

  /// A grid with this scale; non-finite or non-positive scales fall back to 1.
  package init(scale: Double) {
    self.scale = scale.isFinite && scale > 0 ? scale : 1
  }

  /// `ASCeilPixelValue`: ceil((f − FLT_EPSILON) × scale) / scale. Used for every layout size and flattened position.
  package func ceil(_ f: Double) -> Double { ((f - Self.fltEpsilon) * scale).rounded(.up) / scale }

  /// `ASFloorPixelValue`: floor((f + FLT_EPSILON) × scale) / scale. Used for stack cross centring and ratio.
  package func floor(_ f: Double) -> Double { ((f + Self.fltEpsilon) * scale).rounded(.down) / scale }

  /// `ASRoundPixelValue`: round(f × scale) / scale (halves away from zero). Used for inset centring and relative.
  package func round(_ f: Double) -> Double { (f * scale).rounded(.toNearestOrAwayFromZero) / scale }

  /// Both components ceiled.
  package func ceil(_ s: Size) -> Size { Size(ceil(s.width), ceil(s.height)) }

  /// Both components ceiled.
  package func ceil(_ p: Point) -> Point { Point(ceil(p.x), ceil(p.y)) }
}
