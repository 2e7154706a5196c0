/// Figures of one `HeightsIndex` micro-benchmark run, nanoseconds per operation. Pure value.
package struct HeightsBenchmarkResult: Sendable, CustomStringConvertible {
  /// Rows in the index while operating.
  package let rowCount: Int
  /// Time to build the index from `rowCount` heights, nanoseconds per row.
  package let buildNanoseconds: Double
  /// Insert at a random position.
  package let insertNanoseconds: Double
  /// Remove at a random position.
  package let removeNanoseconds: Double
  /// Change a random row's height.
  package let setHeightNanoseconds: Double
  /// Offset of a random row.
  package let offsetNanoseconds: Double
  /// Row at a random offset.
  package let rowAtOffsetNanoseconds: Double
  /// Row count after the run (equals `rowCount`: every insert is matched by a remove).
  package let finalCount: Int

  /// One line per figure.
  package var description: String {
    func format(_ value: Double) -> String { String(Int(value.rounded())) }
    return """
      heights index, \(rowCount) rows (ns/op): build \(format(buildNanoseconds))/row, \
      insert \(format(insertNanoseconds)), remove \(format(removeNanoseconds)), \
      setHeight \(format(setHeightNanoseconds)), offset \(format(offsetNanoseconds)), \
      rowAtOffset \(format(rowAtOffsetNanoseconds))
      """
  }
}

/// A micro-benchmark the CLI's `layoutd bench` can call. Pure apart from reading the clock.
extension HeightsIndex {
  /// Builds an index of `rowCount` rows and times `operations` of each kind at random positions (seeded).
  package static func benchmark(rowCount: Int = 1_000_000, operations: Int = 100_000, seed: UInt64 = 1) -> HeightsBenchmarkResult {
    var random = SplitMix64(seed: seed)
    let clock = ContinuousClock()
    let heights = (0..<max(1, rowCount)).map { Double(20 + $0 % 60) }
    var index = HeightsIndex()
    let build = clock.measure { index = HeightsIndex(heights: heights) }
    let count = max(1, operations)
    let positions = (0..<count).map { _ in Int.random(in: 0..<max(1, rowCount), using: &random) }
    let offsets = (0..<count).map { _ in Double.random(in: 0..<index.totalHeight(), using: &random) }
    var sink = 0.0
    let insert = clock.measure {
      for position in positions { index.insert(44, at: position) }
    }
    let remove = clock.measure {
      for position in positions { sink += index.remove(at: position)?.height ?? 0 }
    }
    let handles = positions.compactMap { index.handle(at: $0) }
    let setHeight = clock.measure {
      for (step, handle) in handles.enumerated() { index.setHeight(Double(step % 90), of: handle) }
    }
    let offset = clock.measure {
      for position in positions { sink += index.offset(ofIndex: position, separator: 0.5) }
    }
    let rowAt = clock.measure {
      for y in offsets { sink += Double(index.index(containingOffset: y, separator: 0.5) ?? 0) }
    }
    func perOp(_ duration: Duration, _ n: Int) -> Double {
      let (seconds, attoseconds) = duration.components
      return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(max(1, n))
    }
    return HeightsBenchmarkResult(
      rowCount: index.count, buildNanoseconds: perOp(build, heights.count), insertNanoseconds: perOp(insert, count),
      removeNanoseconds: perOp(remove, count), setHeightNanoseconds: perOp(setHeight, handles.count),
      offsetNanoseconds: perOp(offset, count), rowAtOffsetNanoseconds: perOp(rowAt, count) + (sink.isNaN ? 1 : 0),
      finalCount: index.count)
  }
}
