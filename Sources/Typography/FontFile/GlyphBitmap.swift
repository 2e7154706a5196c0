/// A set of glyph ids as a bitmap: membership is one shift and one load (no hashing on the shaping path). Pure.
struct GlyphBitmap: Sendable, Equatable {
  /// Bit g % 64 of word g / 64 is set when glyph g is in the set.
  private(set) var words: [UInt64] = []

  /// The empty set.
  init() {}

  /// The set of `glyphs`.
  init<S: Sequence>(_ glyphs: S) where S.Element == UInt16 {
    for g in glyphs { insert(g) }
  }

  /// Adds glyph `g`.
  mutating func insert(_ g: UInt16) {
    let word = Int(g) >> 6
    if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
    words[word] |= 1 << UInt64(g & 63)
  }

  /// Adds every glyph of `other`.
  mutating func formUnion(_ other: GlyphBitmap) {
    if other.words.count > words.count {
      words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
    }
    for i in other.words.indices { words[i] |= other.words[i] }
  }

  /// Whether glyph `g` is in the set.
  @inline(__always)
  func contains(_ g: UInt16) -> Bool {
    let word = Int(g) >> 6
    return word < words.count && words[word] & (1 << UInt64(g & 63)) != 0
  }
}
