/// A width and a height in points. Pure value.
package struct Size: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// Width in points.
  package var width: Double
  /// Height in points.
  package var height: Double

  /// A size from its two components.
  package init(_ width: Double, _ height: Double) {
    self.width = width
    self.height = height
  }

  /// A size from its two labelled components.
  package init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// (0, 0).
  package static let zero = Size(0, 0)

  /// `[w, h]`.
  package var description: String { "[\(width), \(height)]" }
}

/// A point (x, y) in points. Pure value.
package struct Point: Sendable, Equatable, Hashable {
  /// Horizontal offset in points.
  package var x: Double
  /// Vertical offset in points.
  package var y: Double

  /// A point from its two components.
  package init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  /// (0, 0).
  package static let zero = Point(0, 0)

  /// Component-wise sum.
  package static func + (lhs: Point, rhs: Point) -> Point { Point(lhs.x + rhs.x, lhs.y + rhs.y) }
}

/// A rectangle: origin and size, in points. Pure value.
package struct Rect: Sendable, Equatable, Hashable {
  /// Top-left corner.
  package var origin: Point
  /// Width and height.
  package var size: Size

  /// A rectangle from x, y, width and height.
  package init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    origin = Point(x, y)
    size = Size(width, height)
  }

  /// A rectangle from an origin and a size.
  package init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }
}

/// C's `MAX` macro: `a > b ? a : b` (NaN in `b` wins when `a > b` is false), as Texture computes it.
@inline(__always) func cMax(_ a: Double, _ b: Double) -> Double { a > b ? a : b }
/// C's `MIN` macro: `a < b ? a : b`, as Texture computes it.
@inline(__always) func cMin(_ a: Double, _ b: Double) -> Double { a < b ? a : b }

/// Validity limits from `ASDimension.h`.
package enum PointValidity {
  /// Largest size component Texture treats as a real size (`ASPointsValidForSize`): 10,000,000 pt (exclusive).
  package static let maxSize = 10_000_000.0

  /// `ASPointsValidForSize`: finite, ≥ 0 and < 10,000,000.
  package static func isValidForSize(_ v: Double) -> Bool { v.isFinite && v >= 0 && v < maxSize }

  /// `ASIsCGSizeValidForSize`: both components valid for a size.
  package static func isValidForSize(_ s: Size) -> Bool { isValidForSize(s.width) && isValidForSize(s.height) }

  /// `ASPointsValidForLayout`: normal or zero, ≥ 0 and < CGFLOAT_MAX / 2.
  package static func isValidForLayout(_ v: Double) -> Bool {
    (v.isNormal || v == 0) && v >= 0 && v < Double.greatestFiniteMagnitude / 2
  }
}
