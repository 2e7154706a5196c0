/// The fonts a run falls back to for the characters its own font does not map, in the order Chromium on Linux
/// tries them (Protocol.md, "Font fallback"). Pure; built by `FontRegistry.fallback(weight:italic:)`.
///
/// A grapheme cluster is measured in the first font that maps every one of its characters (default-ignorable ones,
/// such as U+200D ZWJ and the variation selectors, and control characters need no glyph): the run's own font, then
/// `group`, then `emoji` for a cluster an emoji font would draw in colour, then `system`. A cluster holding U+FE0F
/// (emoji presentation) tries `emoji` before everything else. A cluster no font maps stays in the run's own font
/// (its .notdef glyph).
public struct FontFallback: Sendable, Hashable {
  /// Fonts tried right after the run's own font: Chromium's font group, which ends with the browser's standard
  /// font (`Times New Roman`, found by fontconfig as its metric twin `Liberation Serif`).
  public var group: [Font]
  /// The colour emoji font (`Noto Color Emoji`), nil when none is installed.
  public var emoji: Font?
  /// The system fallback fonts, in fontconfig's preference order for sans-serif text in an `en-US` page.
  public var system: [Font]
  /// Further system fallback families, tried after `system` in this order; their faces are loaded (by `load`)
  /// only when a cluster reaches them, so a fallback costs nothing for the families text never needs.
  public var others: [String]
  /// Finds the face of one of `others` (nil when it cannot be loaded).
  let load: @Sendable (String) -> Font?

  /// A fallback with the given fonts; `others` are found with `load`.
  public init(
    group: [Font] = [], emoji: Font? = nil, system: [Font] = [], others: [String] = [],
    load: @escaping @Sendable (String) -> Font? = { _ in nil }
  ) {
    self.group = group
    self.emoji = emoji
    self.system = system
    self.others = others
    self.load = load
  }

  /// Fallbacks are equal when they try the same fonts and families in the same order.
  public static func == (a: FontFallback, b: FontFallback) -> Bool {
    a.group == b.group && a.emoji == b.emoji && a.system == b.system && a.others == b.others
  }

  /// Hashes the fonts and families.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(group)
    hasher.combine(emoji)
    hasher.combine(system)
    hasher.combine(others)
  }

  /// Whether a cluster of `scalars` asks for the colour emoji font after the run's font group: its first scalar
  /// has Emoji_Presentation, or it holds a regional indicator, an emoji modifier or a keycap (U+20E3), and it has
  /// no U+FE0E (text presentation).
  static func prefersEmoji(_ scalars: Substring.UnicodeScalarView) -> Bool {
    guard let first = scalars.first else { return false }
    var result = first.properties.isEmojiPresentation
    for scalar in scalars {
      switch scalar.value {
      case 0xFE0E: return false
      case 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0x20E3: result = true
      default: break
      }
    }
    return result
  }

  /// The font a cluster of `scalars` is measured in when the run's own font is `primary`.
  func font(for scalars: Substring.UnicodeScalarView, primary: Font) -> Font {
    let presentation = scalars.contains("\u{FE0F}")
    if presentation, let emoji, emoji.maps(scalars) { return emoji }
    if primary.maps(scalars) { return primary }
    for font in group where font.maps(scalars) { return font }
    if !presentation && Self.prefersEmoji(scalars), let emoji, emoji.maps(scalars) { return emoji }
    for font in system where font.maps(scalars) { return font }
    for family in others {
      if let font = load(family), font.maps(scalars) { return font }
    }
    return primary
  }
}

extension Font {
  /// Whether the font has a glyph for every scalar of a cluster that needs one (not control characters, hard
  /// breaks, U+200B–U+200F, variation selectors or other default-ignorable characters, which HarfBuzz hides when a
  /// font lacks them). Ahem maps everything.
  func maps(_ scalars: Substring.UnicodeScalarView) -> Bool {
    guard characterMap != nil else { return true }
    for scalar in scalars where !maps(scalar) { return false }
    return true
  }

  /// Whether the font has a glyph for `scalar`, or `scalar` needs none (see `maps(_:)` for clusters).
  @inline(__always)
  func maps(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 { return true }
    let breakClass = BreakClass.of(value)
    if breakClass != .other && breakClass != .space { return true }
    return glyph(for: scalar) != 0 || GlyphShaper.isSkippedIgnorable(value)
  }
}
