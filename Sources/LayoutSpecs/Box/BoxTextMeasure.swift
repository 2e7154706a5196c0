import FlexLayout
import Synchronization
import Typography

/// A FORMAT.md MEASURE object (`yoga-text`, or `text` in Ahem or a real font), decoded once and shared by every
/// layout of its box. A value (kept inline in its template's `measures`: 40 bytes instead of an object and its
/// reference); a real font's lazily filled min-content cache is shared by copies. Thread-safe.
///
/// `leaf(style:fontPath:)` makes the measure, baseline and min-content functions a flex tree calls.
package struct BoxTextMeasure: Sendable, Equatable {
  /// How the text is measured.
  package enum Kind: Sendable, Equatable {
    /// Yoga's test measure (`YogaTextMeasure`).
    case yogaText
    /// The Ahem font: every character `fontSize` wide.
    case ahem
    /// A real font family, found in `FontRegistry.system` when a layout needs it.
    case font(String)
  }

  /// The text.
  package let text: String
  /// Font size in points (positive).
  package let fontSize: Double
  /// The real font, for `.font`; nil for Ahem and yoga-text.
  private let font: RealFont?
  /// True for yoga-text.
  private let isYogaText: Bool

  /// A real font family and the widest word of the text in it, computed on first use.
  private final class RealFont: Sendable {
    /// The family, found in `FontRegistry.system` when a layout needs it.
    let family: String
    /// The widest word, points, once computed (the family always resolves to the same face).
    let widestWord = Mutex<Double?>(nil)

    /// A font of `family`.
    init(family: String) { self.family = family }
  }

  /// A measure of `text` in `kind` at `fontSize` points.
  package init(kind: Kind, text: String, fontSize: Double) {
    self.text = JSONStrings.detached(text)
    self.fontSize = fontSize
    isYogaText = kind == .yogaText
    if case .font(let family) = kind { font = RealFont(family: JSONStrings.detached(family)) } else { font = nil }
  }

  /// How the text is measured.
  package var kind: Kind {
    if let font { return .font(font.family) }
    return isYogaText ? .yogaText : .ahem
  }

  /// The longest space-separated word's width for yoga-text and Ahem (`fontSize` per Unicode scalar), points;
  /// one scan of the text, made only when an automatic minimum size asks for it.
  package var longestWord: Double { fontSize * Double(Self.longestWordScalars(text)) }

  /// Equal kind, text and font size.
  package static func == (lhs: BoxTextMeasure, rhs: BoxTextMeasure) -> Bool {
    lhs.kind == rhs.kind && lhs.text == rhs.text && lhs.fontSize == rhs.fontSize
  }

  /// Unicode scalars in the longest run of non-space characters (words split at `" "`), in one scan.
  package static func longestWordScalars(_ text: String) -> Int {
    var longest = 0
    var current = 0
    var isASCII = true
    for byte in text.utf8 {
      if byte >= 0x80 {
        isASCII = false
        break
      }
      if byte == UInt8(ascii: " ") {
        longest = max(longest, current)
        current = 0
      } else {
        current += 1
      }
    }
    if isASCII { return max(longest, current) }
    // A space followed by a combining mark is one character, not a separator, as `split(separator: " ")` sees it.
    longest = 0
    current = 0
    for character in text {
      if character == " " {
        longest = max(longest, current)
        current = 0
      } else {
        current += character.unicodeScalars.count
      }
    }
    return max(longest, current)
  }

  /// The flex-tree functions of this measure for a node styled `style`; a real font that is not installed is an
  /// error at `fontPath` (the `font` member).
  package func leaf(style: Style, fontPath: @autoclosure () -> String) throws(SpecDecodingError)
    -> BoxMeasureDecoder.Leaf
  {
    switch kind {
    case .yogaText:
      let leaf = PlainLeaf(self, isColumn: style.flexDirection.isColumn)
      return BoxMeasureDecoder.Leaf(
        measure: { [leaf] width, height in
          let size = YogaTextMeasure.measure(
            text: leaf.text.text, fontSize: leaf.text.fontSize, isColumn: leaf.isColumn,
            width: BoxMeasureDecoder.constraint(width), height: BoxMeasureDecoder.constraint(height))
          return FlexLayout.Size(width: size.width, height: size.height)
        }, baseline: nil, minContentWidth: { [leaf] in leaf.text.longestWord })
    case .ahem:
      let leaf = PlainLeaf(self, isColumn: false)
      return BoxMeasureDecoder.Leaf(
        measure: { [leaf] width, _ in
          let size = AhemMeasure.measure(
            text: leaf.text.text, fontSize: leaf.text.fontSize, width: BoxMeasureDecoder.constraint(width))
          return FlexLayout.Size(width: size.width, height: size.height)
        },
        baseline: { [leaf] _, _ in 0.8 * leaf.text.fontSize }, minContentWidth: { [leaf] in leaf.text.longestWord })
    case .font(let family):
      // A real font, measured as a browser lays out plain text (FORMAT.md: kerning off unless textMetrics says).
      let face: Font
      do {
        face = try FontRegistry.system.font(family: family)
      } catch {
        throw SpecDecodingError(path: fontPath(), message: "\(error)")
      }
      let leaf = FontLeaf(self, face: face, options: TextOptions(kerning: false))
      return BoxMeasureDecoder.Leaf(
        measure: { [leaf] width, _ in
          let layout = TextLayout(
            text: leaf.text.text, font: leaf.face, size: leaf.text.fontSize, options: leaf.options,
            width: BoxMeasureDecoder.constraint(width))
          return FlexLayout.Size(width: layout.width, height: layout.height)
        },
        baseline: { [leaf] width, _ in
          TextLayout(
            text: leaf.text.text, font: leaf.face, size: leaf.text.fontSize, options: leaf.options,
            width: .exactly(width)
          ).ascender
        }, minContentWidth: { [leaf] in leaf.text.widestWord(leaf.face, leaf.options) })
    }
  }

  // What a leaf's three functions share during one layout, in one object per leaf: a closure capturing a single
  // class reference needs no context of its own, while capturing this struct (or it and another value) allocated
  // one per closure, three per leaf.

  /// An Ahem or yoga-text leaf.
  private final class PlainLeaf: Sendable {
    /// The measure.
    let text: BoxTextMeasure
    /// True when the leaf's own flex direction is a column (yoga-text measures differ).
    let isColumn: Bool

    init(_ text: BoxTextMeasure, isColumn: Bool) {
      self.text = text
      self.isColumn = isColumn
    }
  }

  /// A leaf in a real font.
  private final class FontLeaf: Sendable {
    /// The measure.
    let text: BoxTextMeasure
    /// The font face.
    let face: Font
    /// Shaping options.
    let options: TextOptions

    init(_ text: BoxTextMeasure, face: Font, options: TextOptions) {
      self.text = text
      self.face = face
      self.options = options
    }
  }

  /// The widest word of the text in `face`, points; computed once (the family always resolves to the same face).
  private func widestWord(_ face: Font, _ options: TextOptions) -> Double {
    guard let font else { return longestWord }
    if let known = font.widestWord.withLock({ $0 }) { return known }
    let widest = text.split(separator: " ").reduce(0.0) { widest, word in
      max(widest, TextLayout(text: String(word), font: face, size: fontSize, options: options, width: .unbounded).width)
    }
    font.widestWord.withLock { $0 = widest }
    return widest
  }
}
