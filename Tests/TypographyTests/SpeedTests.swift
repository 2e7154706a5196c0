import Testing

@testable import Typography

/// Measuring speed: the layout of a ~40-character string, which runs for every text leaf of every cell.
@Suite struct SpeedTests {
  /// Nanoseconds per layout of `text`, best of 5 rounds of `count` layouts.
  func nanoseconds(_ text: String, font: Font, width: SizeConstraint, kerning: Bool, count: Int = 4_000) -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    var sink = 0.0
    for _ in 0..<5 {
      let start = clock.now
      for i in 0..<count {
        let layout = TextLayout(
          text: text, font: font, size: 13 + Double(i & 1), options: TextOptions(kerning: kerning), width: width)
        sink += layout.height
      }
      let elapsed = clock.now - start
      let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
      best = min(best, ns / Double(count))
    }
    #expect(sink > 0)
    return best
  }

  @Test func measuringSpeed() throws {
    let font = try Support.dejaVuSans.get()
    let text = "The quick brown fox jumps over the lazy d"  // 41 scalars
    let oneLine = nanoseconds(text, font: font, width: .atMost(1000), kerning: false)
    let wrapped = nanoseconds(text, font: font, width: .atMost(80), kerning: false)
    let kerned = nanoseconds(text, font: font, width: .atMost(80), kerning: true)
    print(
      "layout of a 41-character string: one line \(Int(oneLine)) ns, wrapped to 4 lines \(Int(wrapped)) ns, "
        + "wrapped with GPOS kerning \(Int(kerned)) ns")
    // Generous bound that still catches accidental quadratic work or per-character allocation in debug builds.
    #expect(oneLine < 200_000)
  }
}
