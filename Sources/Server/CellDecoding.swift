import LayoutSpecs

/// What a session decodes cells with: the spec limits and, unless the session is lenient about fonts
/// (`session/create` `lenientFonts: true`), the check that refuses font families that are not installed. Pure value.
struct CellDecoding: Sendable {
  /// Nesting and element limits of one cell's spec.
  var limits: SpecDecoder.Limits
  /// Refuses unknown font families when the cell is decoded; nil: they fail at layout instead (height 0, logged).
  var fonts: FontCheck?
}
