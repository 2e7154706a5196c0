/// A style length: points, a percentage of the containing block, or a keyword. Pure value type.
///
/// `.undefined` means "not set"; it lets edge resolution fall back from `start` to `left` to `horizontal` to `all`.
package enum Length: Sendable, Equatable, Hashable {
  /// Not set.
  case undefined
  /// `auto`.
  case auto
  /// A length in points (stored as Float, like Yoga, to keep styles compact).
  case points(Float)
  /// A percentage (0–100) of the containing block's matching dimension.
  case percent(Float)
  /// The `max-content` keyword.
  case maxContent
  /// The `fit-content` keyword.
  case fitContent
  /// The `stretch` keyword.
  case stretch

  /// Zero points.
  package static let zero = Length.points(0)

  /// A length of `value` points.
  @inline(__always) package static func pt(_ value: Double) -> Length { .points(Float(value)) }

  /// A length of `value` percent.
  @inline(__always) package static func pct(_ value: Double) -> Length { .percent(Float(value)) }

  /// True unless `.undefined`.
  @inline(__always) package var isDefined: Bool {
    if case .undefined = self { return false }
    return true
  }

  /// True for `.auto`.
  @inline(__always) package var isAuto: Bool {
    if case .auto = self { return true }
    return false
  }

  /// True for `.percent`.
  @inline(__always) package var isPercent: Bool {
    if case .percent = self { return true }
    return false
  }

  /// The length in points against `reference` (points, before rounding), or NaN when it has no definite value:
  /// keywords, `.undefined`, and percentages of an undefined reference.
  @inline(__always) package func resolve(_ reference: Double) -> Double {
    switch self {
    case .points(let v): return Double(v)
    case .percent(let p): return reference.isNaN ? .nan : Double(p) * reference * 0.01
    default: return .nan
    }
  }
}
