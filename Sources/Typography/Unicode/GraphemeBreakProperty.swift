/// The Grapheme_Cluster_Break property of a code point (UAX #29, Table 2; auxiliary/GraphemeBreakProperty.txt).
/// Pure.
///
/// Raw values are the table encoding of `UnicodePropertyTables` (a test checks the order against `name`).
enum GraphemeBreakProperty: UInt8, Sendable, CaseIterable {
  /// Any other code point.
  case other
  /// U+000D carriage return.
  case carriageReturn
  /// U+000A line feed.
  case lineFeed
  /// Controls, line and paragraph separators and most format characters.
  case control
  /// Grapheme extenders: nonspacing and enclosing marks, ZWNJ, variation selectors, skin-tone modifiers, tags, ….
  case extend
  /// U+200D zero width joiner.
  case zeroWidthJoiner
  /// Regional indicator symbols (flag halves).
  case regionalIndicator
  /// Prepended concatenation marks (e.g. U+0600 Arabic number sign).
  case prepend
  /// Spacing combining marks that extend a cluster.
  case spacingMark
  /// Hangul leading jamo.
  case hangulL
  /// Hangul vowel jamo.
  case hangulV
  /// Hangul trailing jamo.
  case hangulT
  /// Hangul LV syllable.
  case hangulLV
  /// Hangul LVT syllable.
  case hangulLVT

  /// The UCD's value name (`"Other"`, `"Regional_Indicator"`, …).
  var name: String {
    UnicodePropertyTables.graphemeBreakProperties[Int(rawValue)]
  }
}
