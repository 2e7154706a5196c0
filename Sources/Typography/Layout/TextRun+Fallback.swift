extension TextRun {
  /// The run cut where the font changes by its `fallback` (`FontFallback.font(for:primary:)`), cluster by cluster
  /// (Swift's grapheme clusters); each part keeps the run's size, spacing and offset and remembers the run's own
  /// font as its `primary`. A run without a fallback, or whose font maps everything, is returned whole.
  func fallbackParts() -> [TextRun] {
    guard let fallback, !font.isAhem else { return [self] }
    // The common case, checked scalar by scalar without finding clusters: the font maps everything and nothing
    // asks for emoji presentation, so every cluster stays in the run's font.
    if !text.unicodeScalars.contains(where: { $0.value == 0xFE0F || !font.maps($0) }) { return [self] }
    var parts: [TextRun] = []
    var current: Font? = nil
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      let cluster = text[index..<next].unicodeScalars
      let chosen = fallback.font(for: cluster, primary: font)
      if let current, current != chosen {
        parts.append(part(String(text[start..<index]), in: current))
        start = index
      }
      current = chosen
      index = next
    }
    guard let current else { return [self] }
    if parts.isEmpty && current == font { return [self] }
    parts.append(part(String(text[start..<text.endIndex]), in: current))
    return parts
  }

  /// A part of this run: `text` in `font`, this run's other values, this run's font as its primary, no fallback.
  private func part(_ text: String, in font: Font) -> TextRun {
    var run = TextRun(
      text: text, font: font, size: size, letterSpacing: letterSpacing, baselineOffset: baselineOffset)
    run.primary = self.font
    return run
  }
}
