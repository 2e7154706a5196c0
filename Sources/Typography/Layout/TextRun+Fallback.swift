extension TextRun {
  /// The run cut where the font changes by its `fallback` (`FontFallback.font(for:primary:)`), cluster by cluster
  /// (UAX #29 grapheme clusters, `GraphemeBreaker`, found over the scalars without building Swift `Character`s);
  /// each part keeps the run's size, spacing and offset and remembers the run's own font as its `primary`. A run
  /// without a fallback, or whose font maps everything, is returned whole.
  func fallbackParts() -> [TextRun] {
    guard let fallback, !font.isAhem else { return [self] }
    let scalars = text.unicodeScalars
    // The common case, checked scalar by scalar without finding clusters: the font maps everything and nothing
    // asks for emoji presentation, so every cluster stays in the run's font.
    if !scalars.contains(where: { $0.value == 0xFE0F || !font.maps($0) }) { return [self] }
    var parts: [TextRun] = []
    var current: Font? = nil
    var partStart = scalars.startIndex
    var clusterStart = scalars.startIndex
    var breaker = GraphemeBreaker()
    // The font found for each lone scalar the run's font lacks (ideographs and emoji repeat within a paragraph).
    var found: [UInt32: Font] = [:]
    /// Chooses the font of the cluster `clusterStart..<end`, closing the part before it when the font changes.
    func close(at end: String.UnicodeScalarView.Index) {
      let cluster = scalars[clusterStart..<end]
      // A lone scalar the run's font maps, not U+FE0F, stays in the run's font (what `font(for:primary:)` finds
      // for it, without its cluster checks).
      let chosen: Font
      if let only = cluster.first, cluster.index(after: cluster.startIndex) == cluster.endIndex {
        if only.value != 0xFE0F && font.maps(only) {
          chosen = font
        } else if let known = found[only.value] {
          chosen = known
        } else {
          chosen = fallback.font(for: cluster, primary: font)
          found[only.value] = chosen
        }
      } else {
        chosen = fallback.font(for: cluster, primary: font)
      }
      if let current, current !== chosen, current != chosen {
        parts.append(part(String(scalars[partStart..<clusterStart]), in: current))
        partStart = clusterStart
      }
      current = chosen
    }
    var index = scalars.startIndex
    while index < scalars.endIndex {
      if breaker.isBoundary(before: scalars[index]) && index > scalars.startIndex {
        close(at: index)
        clusterStart = index
      }
      index = scalars.index(after: index)
    }
    if clusterStart < scalars.endIndex { close(at: scalars.endIndex) }
    guard let current else { return [self] }
    if parts.isEmpty && current == font { return [self] }
    parts.append(part(String(scalars[partStart..<scalars.endIndex]), in: current))
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
