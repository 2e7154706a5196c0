/// Colours of a snapshot: the range bands (Texture's range debug overlay), the viewport marker and the placeholders.
/// Pure constants.
enum SnapshotPalette {
  /// The margin behind the range bands (rows holding only measureLayout).
  static let margin = "#f2f2f7"
  /// Content background.
  static let background = "#ffffff"
  /// Preload band.
  static let preload = "#ff9f0a"
  /// Display band.
  static let display = "#ffd60a"
  /// Visible band.
  static let visible = "#30d158"
  /// Viewport marker.
  static let viewport = "#0a84ff"
  /// Row separators (UIKit's separator grey).
  static let separator = "#c6c6c8"
  /// Outline of layout specs (stack, inset, …).
  static let specOutline = "#d8d8e0"
  /// Fill of plain nodes and boxes.
  static let nodeFill = "#e9e9ee"
  /// Outline of plain nodes and boxes.
  static let nodeOutline = "#c7c7cc"
  /// Image placeholder fill.
  static let imageFill = "#d1d1d6"
  /// Image placeholder cross and outline.
  static let imageStroke = "#8e8e93"
  /// Default text colour.
  static let text = "#000000"
  /// Plate behind a section header or footer (UIKit's plain header grey).
  static let supplementaryFill = "#f2f2f7"
  /// A header's or footer's hairline and label.
  static let supplementaryEdge = "#8e8e93"
  /// A row that failed to lay out.
  static let failure = "#ff3b30"
  /// The highlight of a selected row with selection style gray or default (UIKit's `systemGray4`).
  static let selectionGray = "#d1d1d6"
  /// The highlight of a selected row with selection style blue.
  static let selectionBlue = "#b4d7ff"
  /// The tint of checkmarks and info buttons (UIKit's default tint, `systemBlue`).
  static let tint = "#007aff"
  /// The disclosure chevron (UIKit's `tertiaryLabel` grey).
  static let chevron = "#c4c4c7"
}
