import Testing

@testable import Typography

/// Speed of the Unicode breakers over mixed text (Latin, CJK, emoji, marks). Release builds run at about 2–3 ns
/// per scalar for graphemes and 10–16 ns for line break opportunities (which include the graphemes).
@Suite struct UnicodeSpeedTests {
  /// Nanoseconds per scalar of `work` over `scalars`, best of 5 rounds.
  func nanosecondsPerScalar(_ scalars: [Unicode.Scalar], _ work: ([Unicode.Scalar]) -> Int) -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    var sink = 0
    for _ in 0..<5 {
      let start = clock.now
      sink &+= work(scalars)
      let elapsed = clock.now - start
      let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
      best = min(best, ns / Double(scalars.count))
    }
    #expect(sink != 0)
    return best
  }

  @Test func breakingSpeed() {
    let sample = "The quick brown fox (12.5%) jumps: 日本語のテキスト、「括弧」。👨\u{200D}👩\u{200D}👧 🇫🇷 e\u{0301} "
    let scalars = Array(String(repeating: sample, count: 200).unicodeScalars)
    let lines = nanosecondsPerScalar(scalars) { UnicodeLineBreaker.opportunities(in: $0).count }
    let graphemes = nanosecondsPerScalar(scalars) { GraphemeBreaker.clusterBoundaries(in: $0).count }
    print(
      "Unicode breaking of \(scalars.count) scalars: line break opportunities \(Int(lines)) ns/scalar, "
        + "grapheme clusters \(Int(graphemes)) ns/scalar")
    // Generous bounds that still catch quadratic work or per-scalar allocation in debug builds.
    #expect(lines < 5_000)
    #expect(graphemes < 2_000)
  }
}
