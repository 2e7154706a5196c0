/// A text node (`ASTextNode`): a string and its typographic attributes. Pure value.
///
/// Layout does not shape text itself: `LayoutEnvironment.measureText` measures it (contract: `TextMeasurement`).
package struct TextLeaf: Sendable, Equatable {
  /// The text to show.
  package var text: String
  /// Font family name, e.g. `"Ahem"` or `"Inter"`.
  package var fontFamily: String
  /// Font size in points (> 0).
  package var fontSize: Double
  /// CSS-style weight 1…1000 (400 regular, 700 bold).
  package var fontWeight: Int
  /// Line height.
  package var lineHeight: LineHeight {
    get { rare?.value.lineHeight ?? .normal }
    set { updateRare { $0.lineHeight = newValue } }
  }
  /// Maximum number of lines; 0 = unlimited (Texture's `maximumNumberOfLines`).
  package var maxLines: Int
  /// What happens to text that does not fit.
  package var truncation: Truncation {
    get { rare?.value.truncation ?? Rare.defaultTruncation }
    set { updateRare { $0.truncation = newValue } }
  }
  /// Horizontal alignment of lines.
  package var alignment: TextAlignment
  /// Where lines wrap (UIKit's wrapping line break modes).
  package var wrap: Wrap
  /// Whether the leaf's font is italic (the family's italic or oblique face).
  package var italic: Bool
  /// The attributed runs (`attributedText`); empty for plain text. With runs, `text` is their texts joined.
  package var runs: [Run] {
    get { rare?.value.runs ?? [] }
    set { updateRare { $0.runs = newValue } }
  }
  /// NSParagraphStyle's spacing members (all 0 by default: none).
  package var paragraph: Paragraph {
    get { rare?.value.paragraph ?? Paragraph() }
    set { updateRare { $0.paragraph = newValue } }
  }
  /// `ASTextNode.textContainerInset`: space around the text inside the leaf (none by default).
  package var textContainerInset: EdgeInsets {
    get { rare?.value.textContainerInset ?? EdgeInsets() }
    set { updateRare { $0.textContainerInset = newValue } }
  }
  /// Colour for drawing (`#rrggbb` or `#rrggbbaa`); not used by layout.
  package var color: String?
  /// The members most texts leave at their defaults, boxed when any of them is set otherwise (nil: all default). A
  /// session holds every text leaf of every cell: inline, these members cost each leaf about 130 bytes.
  private var rare: RareBox?

  /// Line height, truncation, runs, paragraph spacing and container inset.
  private struct Rare: Sendable, Equatable {
    /// Texture's default truncation: tail, with "…".
    static let defaultTruncation = Truncation.tail("\u{2026}")
    /// See `TextLeaf.lineHeight`.
    var lineHeight = LineHeight.normal
    /// See `TextLeaf.truncation`.
    var truncation = Rare.defaultTruncation
    /// See `TextLeaf.runs`.
    var runs: [Run] = []
    /// See `TextLeaf.paragraph`.
    var paragraph = Paragraph()
    /// See `TextLeaf.textContainerInset`.
    var textContainerInset = EdgeInsets()
    /// True when every member has its default.
    var isDefault: Bool {
      lineHeight == .normal && truncation == Rare.defaultTruncation && runs.isEmpty && paragraph == Paragraph()
        && textContainerInset == EdgeInsets()
    }
  }

  /// An immutable box of `Rare` members, compared by value.
  private final class RareBox: Sendable, Equatable {
    /// The members.
    let value: Rare
    /// A box holding `value`.
    init(_ value: Rare) { self.value = value }
    /// Equal members.
    static func == (lhs: RareBox, rhs: RareBox) -> Bool { lhs.value == rhs.value }
  }

  /// Applies `change` to the rare members (a new box, or none when they are all default again).
  private mutating func updateRare(_ change: (inout Rare) -> Void) {
    var value = rare?.value ?? Rare()
    change(&value)
    rare = value.isDefault ? nil : RareBox(value)
  }

  /// A text leaf with Texture's defaults: weight 400, normal line height, unlimited lines, tail truncation with
  /// "…", natural alignment.
  package init(
    text: String, fontFamily: String, fontSize: Double, fontWeight: Int = 400, lineHeight: LineHeight = .normal,
    maxLines: Int = 0, truncation: Truncation = .tail("\u{2026}"), alignment: TextAlignment = .natural,
    color: String? = nil, wrap: Wrap = .word, italic: Bool = false, runs: [Run] = []
  ) {
    self.text = text
    self.fontFamily = fontFamily
    self.fontSize = fontSize
    self.fontWeight = fontWeight
    self.maxLines = maxLines
    self.alignment = alignment
    self.color = color
    self.wrap = wrap
    self.italic = italic
    let rare = Rare(lineHeight: lineHeight, truncation: truncation, runs: runs)
    self.rare = rare.isDefault ? nil : RareBox(rare)
  }

  /// NSParagraphStyle's vertical spacing (`Typography.ParagraphStyle`); every member ≥ 0, 0 = none.
  package struct Paragraph: Sendable, Equatable, Hashable {
    /// Points between lines.
    package var lineSpacing = 0.0
    /// Factor on each line's height (0 = none).
    package var lineHeightMultiple = 0.0
    /// Least line height (0 = none).
    package var minimumLineHeight = 0.0
    /// Greatest line height (0 = none).
    package var maximumLineHeight = 0.0
    /// Points above each paragraph but the first.
    package var paragraphSpacingBefore = 0.0
    /// Points below each paragraph but the last (NSParagraphStyle's `paragraphSpacing`).
    package var paragraphSpacing = 0.0

    /// No spacing.
    package init() {}
  }

  /// One run of attributed text: characters with their own font, size, letter spacing and baseline offset, and
  /// decorations that do not change layout.
  package struct Run: Sendable, Equatable, Hashable {
    /// The run's characters.
    package var text: String
    /// Font family name.
    package var fontFamily: String
    /// Font size in points (> 0).
    package var fontSize: Double
    /// CSS-style weight 1…1000.
    package var fontWeight: Int
    /// Whether the italic face is used.
    package var italic: Bool
    /// Letter spacing in points after each character (NSAttributedString's `kern`).
    package var kern: Double
    /// Points the run's baseline is raised (NSAttributedString's `baselineOffset`).
    package var baselineOffset: Double
    /// Colour for drawing; not used by layout.
    package var color: String?
    /// Underlined (drawing only).
    package var underline: Bool
    /// Struck through (drawing only).
    package var strikethrough: Bool
    /// A link target (drawing and hit testing only).
    package var link: String?

    /// A run with the given values (decorations off by default).
    package init(
      text: String, fontFamily: String, fontSize: Double, fontWeight: Int = 400, italic: Bool = false,
      kern: Double = 0, baselineOffset: Double = 0, color: String? = nil, underline: Bool = false,
      strikethrough: Bool = false, link: String? = nil
    ) {
      self.text = text
      self.fontFamily = fontFamily
      self.fontSize = fontSize
      self.fontWeight = fontWeight
      self.italic = italic
      self.kern = kern
      self.baselineOffset = baselineOffset
      self.color = color
      self.underline = underline
      self.strikethrough = strikethrough
      self.link = link
    }
  }

  /// Distance between baselines.
  package enum LineHeight: Sendable, Equatable, Hashable {
    /// The font's own line height (ascent + descent + line gap).
    case normal
    /// A fixed line height in points.
    case points(Double)
  }

  /// Texture's truncation modes for text that does not fit its lines or range.
  package enum Truncation: Sendable, Equatable, Hashable {
    /// Cut the last visible line and end it with this string (default "…", `ASTextKitTailTruncater`).
    case tail(String)
    /// Replace the head of the last visible line: the string, then the end of the text (`NSLineBreakByTruncatingHead`).
    case head(String)
    /// Cut the middle of the last visible line: its start, the string, the end of the text
    /// (`NSLineBreakByTruncatingMiddle`).
    case middle(String)
    /// Cut at the last line boundary without a marker (`NSLineBreakByClipping`).
    case clip
    /// No truncation: all lines are laid out (height may exceed the range and is then clamped).
    case none
  }

  /// Where a line that is too long wraps (`NSLineBreakMode`'s wrapping modes, CSS `overflow-wrap`/`word-break`).
  package enum Wrap: String, Sendable, Equatable, Hashable, CaseIterable {
    /// At word boundaries (UAX #14); a longer word overflows (`NSLineBreakByWordWrapping`).
    case word
    /// At any grapheme cluster boundary (`NSLineBreakByCharWrapping`).
    case char
    /// At word boundaries, and inside a word that does not fit a line of its own (CSS `overflow-wrap: anywhere`).
    case anywhere
    /// At word boundaries and between any two letters or digits (CSS `word-break: break-all`).
    case breakAll
    /// Only at hard breaks; long lines overflow and are clipped (`NSLineBreakByClipping`).
    case none
  }

  /// Horizontal alignment of each line inside the leaf's width.
  package enum TextAlignment: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Left for left-to-right text.
    case natural
    /// Left edge.
    case left
    /// Centred.
    case center
    /// Right edge.
    case right
    /// Stretched to the width except the last line.
    case justified
  }
}

/// What a text measurer returns for a text leaf and a size range. Pure value.
///
/// Contract (texture.md §7.8): lay the text out in a container of `range.max` (width may be infinite), honour
/// `maxLines` and `truncation`; `size.width` = the longest line (shrink-wraps) and `size.height` = the used height,
/// both in points. Layout caps the size at `range.max` and clamps it into the range, so a range that forces a larger
/// width wins. `ascender` = first line's ascent from the top (Texture's `style.ascender`); `descender` = last line's
/// descent as Texture signs it (≤ 0, `style.descender`). Lines are relative to the leaf's origin, aligned inside
/// `size.width`; layout shifts centred and right-aligned lines when the range makes the leaf wider.
package struct TextMeasurement: Sendable, Equatable {
  /// Used size in points (before clamping into the range).
  package var size: Size
  /// Laid-out lines, top to bottom.
  package var lines: [TextLine]
  /// First line's ascender.
  package var ascender: Double
  /// Last line's descender (≤ 0).
  package var descender: Double

  /// A measurement from its parts.
  package init(size: Size, lines: [TextLine], ascender: Double, descender: Double) {
    self.size = size
    self.lines = lines
    self.ascender = ascender
    self.descender = descender
  }
}

/// One laid-out line of a text leaf. Pure value.
package struct TextLine: Sendable, Equatable {
  /// Range of the line in the leaf's text, in Unicode scalar offsets (`start..<end`); a truncated line ends where
  /// the visible text ends.
  package var range: Range<Int>
  /// Horizontal offset of the line from the leaf's left edge (alignment), in points.
  package var x: Double
  /// Advance width of the line's glyphs (including a truncation marker), in points.
  package var width: Double
  /// Baseline's distance from the leaf's top, in points.
  package var baseline: Double
  /// True when the line ends with the truncation marker.
  package var isTruncated: Bool
  /// The text drawn on a truncated line (its kept characters with the truncation string where it was cut); nil on
  /// other lines, which draw the characters of `range`.
  package var text: String?
  /// The width before a justified line was stretched to the leaf's width; nil on lines that were not stretched.
  package var naturalWidth: Double?
  /// The line's runs in visual order, left to right: pieces of one embedding level (UAX #9) and one face; empty on
  /// a left-to-right line of the leaf's own font alone.
  package var runs: [LineRun] = []

  /// A piece of a line drawn in one direction and one face.
  package struct LineRun: Sendable, Equatable {
    /// Its characters (Unicode scalar offsets into the leaf's text).
    package var range: Range<Int>
    /// Its left edge, relative to the leaf (like the line's `x`).
    package var x: Double
    /// Its width.
    package var width: Double
    /// Whether it is drawn right to left (an odd embedding level).
    package var rightToLeft: Bool
    /// The face: family, weight, italic and size (nil: the leaf's own font).
    package var font: (family: String, weight: Int, italic: Bool, size: Double)?

    /// A run from its parts.
    package init(
      range: Range<Int>, x: Double, width: Double, rightToLeft: Bool,
      font: (family: String, weight: Int, italic: Bool, size: Double)?
    ) {
      self.range = range
      self.x = x
      self.width = width
      self.rightToLeft = rightToLeft
      self.font = font
    }

    /// Runs are equal when every value is.
    package static func == (a: LineRun, b: LineRun) -> Bool {
      a.range == b.range && a.x == b.x && a.width == b.width && a.rightToLeft == b.rightToLeft
        && a.font?.family == b.font?.family && a.font?.weight == b.font?.weight && a.font?.italic == b.font?.italic
        && a.font?.size == b.font?.size
    }
  }

  /// A line from its parts.
  package init(
    range: Range<Int>, x: Double = 0, width: Double, baseline: Double, isTruncated: Bool = false, text: String? = nil,
    naturalWidth: Double? = nil
  ) {
    self.range = range
    self.x = x
    self.width = width
    self.baseline = baseline
    self.isTruncated = isTruncated
    self.text = text
    self.naturalWidth = naturalWidth
  }
}
