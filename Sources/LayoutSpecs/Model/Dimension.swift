/// `ASDimension`: a length that is automatic, in points, or a fraction of the parent. Pure value.
package enum Dimension: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// Automatic: the element decides (resolves to the caller's auto value).
  case auto
  /// An absolute length in points.
  case points(Double)
  /// A fraction of the parent's length (0.5 = 50%).
  case fraction(Double)

  /// Texture's string parsing (`ASDimensionMake(NSString *)`): suffix `pt` → points, `"auto"` → auto, suffix `%` →
  /// fraction / 100, anything else (including a bare number) → auto.
  package init(parsing string: String) {
    if string.hasSuffix("pt"), let v = Double(string.dropLast(2)) {
      self = .points(v)
    } else if string.hasSuffix("%"), let v = Double(string.dropLast(1)) {
      self = .fraction(v / 100)
    } else {
      self = .auto
    }
  }

  /// The unit as Texture names it: `auto`, `points` or `fraction`.
  package var unitName: String {
    switch self {
    case .auto: return "auto"
    case .points: return "points"
    case .fraction: return "fraction"
    }
  }

  /// The stored value (0 for auto).
  package var value: Double {
    switch self {
    case .auto: return 0
    case .points(let v), .fraction(let v): return v
    }
  }

  /// `ASDimensionMake(unit, value)`, which asserts in Texture when auto carries a value other than 0;
  /// here that is an error. Fractions are not range-checked (Texture asserts 0…1 only in debug builds).
  package static func make(unit: String, value: Double) throws(DimensionError) -> Dimension {
    switch unit {
    case "auto":
      guard value == 0 else { throw DimensionError.autoWithValue(value) }
      return .auto
    case "points": return .points(value)
    case "fraction": return .fraction(value)
    default: throw DimensionError.unknownUnit(unit)
    }
  }

  /// `ASDimensionResolve`: auto → `autoSize`; points → value; fraction → value × parent (NaN parent → NaN).
  package func resolve(parent: Double, auto autoSize: Double) -> Double {
    switch self {
    case .auto: return autoSize
    case .points(let v): return v
    case .fraction(let f): return f * parent
    }
  }

  /// `auto`, `12pt` or `50%`.
  package var description: String {
    switch self {
    case .auto: return "auto"
    case .points(let v): return "\(v)pt"
    case .fraction(let f): return "\(f * 100)%"
    }
  }
}

/// A dimension that Texture's `ASDimensionMake` would reject with an assertion.
package enum DimensionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `auto` with a value other than 0.
  case autoWithValue(Double)
  /// A unit other than auto, points and fraction.
  case unknownUnit(String)

  /// Human-readable reason.
  package var description: String {
    switch self {
    case .autoWithValue(let v): return "an auto dimension must have value 0, got \(v)"
    case .unknownUnit(let u): return "unknown dimension unit \"\(u)\" (expected auto, points or fraction)"
    }
  }
}
