/// Extended grapheme cluster boundaries (UAX #29, "Unicode Text Segmentation", §3.1.1, Unicode 15.0:
/// https://www.unicode.org/reports/tr29/tr29-41.html#Grapheme_Cluster_Boundary_Rules), fed one scalar at a time.
/// Pure value; each text gets its own breaker.
///
/// A cluster is what a reader sees as one character: a base with its combining marks, a Hangul syllable written
/// as jamo, a flag (two regional indicators), an emoji ZWJ sequence or an emoji with its skin tone and variation
/// selector, CR LF. Layout measures, breaks and truncates text only at cluster boundaries.
///
/// Unicode 15.0 has no GB9c (Indic conjuncts, added in 15.1 with Indic_Conjunct_Break), so a virama does not join
/// two consonants into one cluster here; the rules follow the data version of `UnicodePropertyTables`.
struct GraphemeBreaker: Sendable {
  /// Where GB11 (`ExtPict Extend* ZWJ × ExtPict`) stands after the scalars fed so far.
  private enum PictographicSequence: Sendable {
    /// Not inside an emoji sequence.
    case none
    /// After `ExtPict Extend*`.
    case pictograph
    /// After `ExtPict Extend* ZWJ`: a following pictograph joins the cluster.
    case joiner
  }

  /// The property of the previous scalar; `nil` before the first one (GB1, sot).
  private var previous: GraphemeBreakProperty?
  /// Whether the regional indicators ending at the previous scalar are odd in number (GB12, GB13).
  private var oddRegionalIndicators = false
  /// GB11 state.
  private var sequence = PictographicSequence.none

  /// A breaker at the start of a text.
  init() {}

  /// Whether a cluster boundary comes before `scalar`, given the scalars fed so far; then feeds it.
  mutating func isBoundary(before scalar: Unicode.Scalar) -> Bool {
    isBoundary(before: UnicodeProperties.of(scalar))
  }

  /// Whether a cluster boundary comes before a scalar with `properties`, given the scalars fed so far; then feeds
  /// it. The first scalar of a text always starts a cluster (GB1).
  mutating func isBoundary(before properties: UnicodeProperties) -> Bool {
    let next = properties.graphemeBreak
    var boundary = true  // GB1
    if let previous { boundary = rules(previous, next, properties.isExtendedPictographic) }
    // Advance the state past `next`.
    if next == .regionalIndicator {
      oddRegionalIndicators = previous == .regionalIndicator ? !oddRegionalIndicators : true
    } else {
      oddRegionalIndicators = false
    }
    if properties.isExtendedPictographic {
      sequence = .pictograph
    } else if next == .extend && sequence == .pictograph {
      sequence = .pictograph
    } else if next == .zeroWidthJoiner && sequence == .pictograph {
      sequence = .joiner
    } else {
      sequence = .none
    }
    previous = next
    return boundary
  }

  /// GB3–GB999 between the previous scalar (`before`, with the breaker's state) and the next one.
  private func rules(
    _ before: GraphemeBreakProperty, _ after: GraphemeBreakProperty, _ afterIsPictographic: Bool
  ) -> Bool {
    switch (before, after) {
    case (.carriageReturn, .lineFeed): return false  // GB3
    case (.carriageReturn, _), (.lineFeed, _), (.control, _): return true  // GB4
    case (_, .carriageReturn), (_, .lineFeed), (_, .control): return true  // GB5
    case (.hangulL, .hangulL), (.hangulL, .hangulV), (.hangulL, .hangulLV), (.hangulL, .hangulLVT): return false  // GB6
    case (.hangulLV, .hangulV), (.hangulLV, .hangulT), (.hangulV, .hangulV), (.hangulV, .hangulT): return false  // GB7
    case (.hangulLVT, .hangulT), (.hangulT, .hangulT): return false  // GB8
    case (_, .extend), (_, .zeroWidthJoiner): return false  // GB9
    case (_, .spacingMark): return false  // GB9a
    case (.prepend, _): return false  // GB9b
    case (.zeroWidthJoiner, _) where afterIsPictographic && sequence == .joiner: return false  // GB11
    case (.regionalIndicator, .regionalIndicator): return !oddRegionalIndicators  // GB12, GB13
    default: return true  // GB999
    }
  }

  /// The offsets (in scalars) of every cluster boundary of `scalars`: 0, each cluster's start and the end; `[0]`
  /// for empty text.
  static func clusterBoundaries(in scalars: some Sequence<Unicode.Scalar>) -> [Int] {
    var breaker = GraphemeBreaker()
    var boundaries: [Int] = []
    var count = 0
    for scalar in scalars {
      if breaker.isBoundary(before: scalar) { boundaries.append(count) }
      count += 1
    }
    if count > 0 || boundaries.isEmpty { boundaries.append(count) }
    return boundaries
  }
}
