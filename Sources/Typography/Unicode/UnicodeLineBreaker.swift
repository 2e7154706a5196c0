/// Line break opportunities of a text: UAX #14 ("Unicode Line Breaking Algorithm", Unicode 15.0:
/// https://www.unicode.org/reports/tr14/tr14-49.html), rules LB1–LB31, with the number tailoring of §8.2 example 7
/// and the CSS tailorings of `LineBreakOptions`, combined with grapheme cluster boundaries (UAX #29). Pure.
///
/// Works over Unicode scalars, as the rest of Typography does: `ShapedText` holds one item per scalar and
/// `TextLine.range` counts scalars, so the offsets reported here index the same arrays. (UTF-16 would need
/// surrogate pairs mapped back, and the UCD properties are defined per code point.)
///
/// This finds where a line may break; choosing the breaks that fit a width is the layout's job (`LineBreaker`,
/// through `BreakOpportunities`, which uses these opportunities wherever a character is not ASCII).
///
/// Deviations from UAX #14, all documented tailorings:
/// - LB1: AI, SG, XX and SA resolve to AL (no dictionary for Thai and the other SA scripts; their Mn/Mc marks are
///   CM in the table); CJ resolves as `LineBreakOptions.conditionalJapaneseStarter` says.
/// - LB25 is the regular-expression form of §8.2 example 7, as ICU and LineBreakTest.txt use:
///   `(PR|PO) × (OP|HY)? NU`, `(OP|HY) × NU`, `NU (NU|SY|IS)* × (NU|SY|IS|CL|CP)`,
///   `NU (NU|SY|IS)* (CL|CP)? × (PO|PR)`.
/// - `LineBreakOptions.keepsGraphemeClusters` (default on) drops the opportunities UAX #14 finds inside a cluster.
enum UnicodeLineBreaker {
  /// The opportunity at each offset `0...n` of `scalars` (`n` scalars): element `i` is the position between scalar
  /// `i - 1` and scalar `i`. Element 0 is `.never` (LB2) and element `n` is `.mandatory` (LB3) when `n > 0`; empty
  /// text gives `[.never]`.
  static func opportunities(
    in scalars: some Sequence<Unicode.Scalar>, options: LineBreakOptions = LineBreakOptions()
  ) -> [LineBreakOpportunity] {
    let scalars = Array(scalars)
    let count = scalars.count
    var result = [LineBreakOpportunity](repeating: .never, count: count + 1)
    guard count > 0 else { return result }
    let lookup = UnicodeProperties.Lookup.shared
    var graphemes = GraphemeBreaker()
    var rules = Rules(options: options)
    for index in 0..<count {
      let scalar = scalars[index]
      let properties = lookup.properties(of: scalar.value)
      let clusterBoundary = graphemes.isBoundary(before: properties)
      if index == 0 {
        rules.start(properties, isSoftHyphen: scalar.value == 0xAD)
        continue
      }
      let afterSoftHyphen = rules.unitIsSoftHyphen
      let decision = rules.advance(properties, isSoftHyphen: scalar.value == 0xAD, in: scalars, at: index)
      result[index] = opportunity(
        decision, clusterBoundary: clusterBoundary, afterSoftHyphen: afterSoftHyphen, options: options)
    }
    result[count] = .mandatory
    return result
  }

  /// Combines the UAX #14 decision at a position with the grapheme boundary there and the options.
  @inline(__always)
  private static func opportunity(
    _ decision: Decision, clusterBoundary: Bool, afterSoftHyphen: Bool, options: LineBreakOptions
  ) -> LineBreakOpportunity {
    switch decision {
    case .mandatory:
      return .mandatory
    case .allowed:
      if !clusterBoundary && options.keepsGraphemeClusters { return .never }
      return afterSoftHyphen ? .hyphenated : .allowed
    case .prohibited:
      guard clusterBoundary else { return .never }
      return options.mode == .anywhere ? .allowed : .emergency
    }
  }
}
