/// How a text leaf is laid out: line height, line limit, truncation, alignment, kerning and ligatures. Pure value.
public struct TextOptions: Sendable, Hashable {
  /// The height of every line; `.normal` is CSS `line-height: normal` computed from the font's metrics.
  public var lineHeight: LineHeight
  /// The most lines shown; 0 = unlimited (Texture's `maximumNumberOfLines`).
  public var maxLines: Int
  /// What the last shown line gets when text is cut at `maxLines`.
  public var truncation: Truncation
  /// Horizontal placement of each line inside the laid-out width.
  public var alignment: TextAlignment
  /// Whether pair kerning (GPOS `kern` feature, else the `kern` table) is applied.
  ///
  /// Default `true`: browsers (`font-kerning: auto`) and TextKit both kern by default, so a leaf measures what
  /// they draw. The conformance format's `text` cases are measured with kerning off (FORMAT.md); callers running
  /// them pass `false` unless the case's `textMetrics` says otherwise.
  public var kerning: Bool
  /// Whether the font's ligatures and contextual alternates (GSUB `liga`, `clig`, `calt`) are applied.
  ///
  /// Default `true`, as browsers (`font-variant-ligatures: normal`) and TextKit draw them; `false` is CSS
  /// `font-variant-ligatures: none`. Either way the font's required substitutions (`rvrn`, `ccmp`, `locl`, `rlig`,
  /// `rclt`) are applied and marks take no advance.
  public var ligatures: Bool
  /// Where lines may wrap (UIKit's wrapping line break modes, CSS `overflow-wrap` / `word-break`).
  public var wrap: LineWrap
  /// NSParagraphStyle's spacing and line-height adjustments (none by default).
  public var paragraph: ParagraphStyle

  /// Options with the given values; the defaults are CSS/Texture's (normal line height, no line limit, tail
  /// truncation with "…", natural alignment, kerning and ligatures on, word wrapping).
  public init(
    lineHeight: LineHeight = .normal, maxLines: Int = 0, truncation: Truncation = .tail("\u{2026}"),
    alignment: TextAlignment = .natural, kerning: Bool = true,
    ligatures: Bool = true, wrap: LineWrap = .word, paragraph: ParagraphStyle = ParagraphStyle()
  ) {
    self.lineHeight = lineHeight
    self.maxLines = maxLines
    self.truncation = truncation
    self.alignment = alignment
    self.kerning = kerning
    self.ligatures = ligatures
    self.wrap = wrap
    self.paragraph = paragraph
  }
}

/// NSParagraphStyle's vertical spacing, applied on top of `TextOptions.lineHeight` as TextKit applies it. Pure value;
/// the defaults change nothing.
public struct ParagraphStyle: Sendable, Hashable {
  /// Points between the bottom of one line and the top of the next (not after the last line).
  public var lineSpacing: Double
  /// Factor on each line's height (0 or 1: none); the extra height goes above the text (the baseline moves down).
  public var lineHeightMultiple: Double
  /// The least height of a line after the multiple (0: none); extra height goes above the text.
  public var minimumLineHeight: Double
  /// The greatest height of a line after the multiple (0: none); the cut height comes off the top.
  public var maximumLineHeight: Double
  /// Points above each paragraph but the first (a paragraph starts after a hard break).
  public var paragraphSpacingBefore: Double
  /// Points below each paragraph but the last.
  public var paragraphSpacingAfter: Double

  /// A style with the given values; every default is 0 (no change).
  public init(
    lineSpacing: Double = 0, lineHeightMultiple: Double = 0, minimumLineHeight: Double = 0,
    maximumLineHeight: Double = 0, paragraphSpacingBefore: Double = 0, paragraphSpacingAfter: Double = 0
  ) {
    self.lineSpacing = lineSpacing
    self.lineHeightMultiple = lineHeightMultiple
    self.minimumLineHeight = minimumLineHeight
    self.maximumLineHeight = maximumLineHeight
    self.paragraphSpacingBefore = paragraphSpacingBefore
    self.paragraphSpacingAfter = paragraphSpacingAfter
  }

  /// Whether every value is the default (the layout is CSS's alone).
  var isPlain: Bool { self == ParagraphStyle() }

  /// A line box of `height` with its baseline at `baseline` after the multiple and the limits.
  func adjust(height: Double, baseline: Double) -> (height: Double, baseline: Double) {
    let finite = { (x: Double) in x.isFinite ? max(x, 0) : 0 }
    var adjusted = height
    let multiple = finite(lineHeightMultiple)
    if multiple > 0 { adjusted *= multiple }
    adjusted = max(adjusted, finite(minimumLineHeight))
    let maximum = finite(maximumLineHeight)
    if maximum > 0 { adjusted = min(adjusted, maximum) }
    return (adjusted, baseline + adjusted - height)
  }
}

/// Where a line that is too long may wrap.
public enum LineWrap: Sendable, Hashable {
  /// At the break opportunities of `BreakOpportunities` (UAX #14 and Blink's ASCII rules); a word wider than the
  /// line overflows it (`NSLineBreakByWordWrapping`, CSS defaults).
  case word
  /// As `.word`, but a word that does not fit on a line of its own is broken at the last grapheme cluster boundary
  /// that fits (at least one cluster per line): CSS `overflow-wrap: anywhere`.
  case anywhere
  /// As `.word`, plus an opportunity between any two letters or digits (UAX #14 with AL, HL, NU, AI, SA, XX
  /// resolved as ideographs): CSS `word-break: break-all`.
  case breakAll
  /// At every grapheme cluster boundary, words or not (`NSLineBreakByCharWrapping`, CSS `line-break: anywhere`).
  case character
  /// Only at hard breaks; a line wider than the layout overflows it and is clipped when drawn
  /// (`NSLineBreakByClipping`, CSS `white-space: pre`).
  case none
}

/// The height of a line of text.
public enum LineHeight: Sendable, Hashable {
  /// CSS `line-height: normal`: round(ascent) + round(descent) + round(lineGap), each scaled to the font size
  /// (as Chromium computes it); exactly the font size for the ahem font (FORMAT.md).
  case normal
  /// An explicit line height in points.
  case points(Double)
}

/// What happens to text beyond `maxLines`.
public enum Truncation: Sendable, Hashable {
  /// The last shown line is cut so that it and this string (default "…", U+2026) fit the width
  /// (Texture's tail truncation).
  case tail(String)
  /// The last shown line becomes this string followed by the end of the text: the longest run of whole grapheme
  /// clusters that ends the text (after its last hard break) and fits with the string (at least the last
  /// cluster), as `NSLineBreakByTruncatingHead` shows it.
  case head(String)
  /// The last shown line keeps its start and the end of the text with this string between them: grapheme clusters
  /// are taken alternately from the line's start and the text's end, the narrower side first, while they fit
  /// (at least the line's first cluster), as `NSLineBreakByTruncatingMiddle` shows it.
  case middle(String)
  /// Lines beyond the limit are dropped; the last shown line is kept as broken.
  case clip
}

/// Horizontal alignment of lines inside the laid-out width.
public enum TextAlignment: Sendable, Hashable {
  /// The start of the line; left for the left-to-right text this module lays out.
  case natural
  /// Flush left.
  case left
  /// Centred (a line wider than the box starts at 0, as CSS does for overflowing lines).
  case center
  /// Flush right (overflowing lines start at 0).
  case right
  /// Flush left, and every soft-wrapped line (not the last one, not one ended by a hard break, not a truncated
  /// one) widened to the layout width by growing its U+0020 and U+00A0 spaces by `TextLine.spaceExpansion` (CSS
  /// `text-align: justify` with `text-justify: inter-word`); `TextLine.naturalWidth` keeps the unstretched width. An
  /// at-most width is then taken whole (TextKit justifies to its container's width) when a line is stretched.
  case justified
}
