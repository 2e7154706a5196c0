/// A sorted set of measurements (any unit) with nearest-rank percentiles. Pure.
struct Samples: Sendable {
  /// The values, ascending.
  let sorted: [Double]

  /// Samples holding `values`.
  init(_ values: [Double]) { sorted = values.sorted() }

  /// Number of values.
  var count: Int { sorted.count }

  /// The nearest-rank `p` percentile (p in 0...1): the smallest value with at least p of all values at or below
  /// it; NaN when empty.
  func percentile(_ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p * Double(sorted.count)).rounded(.up))
    return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
  }

  /// The median (p50).
  var median: Double { percentile(0.5) }
  /// The smallest value (NaN when empty).
  var min: Double { sorted.first ?? .nan }
  /// The largest value (NaN when empty).
  var max: Double { sorted.last ?? .nan }
}
