/// The tailorings of UAX #14 that CSS needs, for `UnicodeLineBreaker`. Pure value.
///
/// The defaults are CSS's (`word-break: normal`, `line-break: normal`, grapheme clusters kept whole);
/// `unicodeDefault` is plain UAX #14, as the UCD's LineBreakTest.txt expects.
struct LineBreakOptions: Sendable, Hashable {
  /// Which positions are break opportunities.
  enum Mode: Sendable, Hashable {
    /// UAX #14 (CSS `word-break: normal`): breaks at spaces, after hyphens, around ideographs, ….
    case normal
    /// CSS `word-break: break-all`: letters and digits (classes AL, HL, NU, and AI, SA, XX resolved to AL) break
    /// as ideographs do, so a word may break between any two letters; punctuation rules still apply
    /// (no break before `,` or `)`).
    case breakAll
    /// CSS `line-break: anywhere`: a break opportunity at every grapheme cluster boundary, whatever UAX #14 says
    /// (hard breaks stay mandatory, soft hyphens stay hyphenated). For CSS `overflow-wrap: anywhere`, which
    /// breaks inside a word only when it does not fit, use `.normal` and the `.emergency` positions instead.
    case anywhere
  }

  /// How class CJ (small kana, U+30FC prolonged sound mark) resolves (UAX #14 LB1).
  enum ConditionalJapaneseStarter: Sendable, Hashable {
    /// As NS: no break before small kana (UAX #14's default, CSS `line-break: strict`).
    case nonstarter
    /// As ID: a break is allowed before small kana (CSS `line-break: normal` and `loose`; Chromium's default).
    case ideographic
  }

  /// Which positions are break opportunities.
  var mode: Mode
  /// How small kana resolve.
  var conditionalJapaneseStarter: ConditionalJapaneseStarter
  /// Whether a UAX #14 opportunity inside a grapheme cluster (e.g. between a space and a combining mark on it)
  /// is dropped, so clusters are never split (CSS: a typographic character unit is never broken).
  var keepsGraphemeClusters: Bool

  /// Options with the given values; the defaults are CSS's.
  init(
    mode: Mode = .normal, conditionalJapaneseStarter: ConditionalJapaneseStarter = .ideographic,
    keepsGraphemeClusters: Bool = true
  ) {
    self.mode = mode
    self.conditionalJapaneseStarter = conditionalJapaneseStarter
    self.keepsGraphemeClusters = keepsGraphemeClusters
  }

  /// Plain UAX #14 with its default resolutions (CJ as NS, opportunities inside clusters kept), plus the number
  /// tailoring of UAX #14 §8.2 example 7 that `UnicodeLineBreaker` always applies: what LineBreakTest.txt tests.
  static let unicodeDefault = LineBreakOptions(
    mode: .normal, conditionalJapaneseStarter: .nonstarter, keepsGraphemeClusters: false)
}
