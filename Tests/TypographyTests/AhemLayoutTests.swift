import Testing

@testable import Typography

/// The ahem font through the layout engine gives the sizes of the Ahem font's published metrics, computed here
/// without product code.
@Suite struct AhemLayoutTests {
  /// The expected size of ahem text made of `words` (each a count of characters) joined by single spaces, derived
  /// by hand from the Ahem font's published metrics (w3.org/Style/CSS/Test/Fonts/Ahem/README and web-platform-
  /// tests' docs/writing-tests/ahem.md: 1000 units per em, ascent 800, descent 200, every character used here,
  /// U+0020 space included, a 1 em square with a full 1 em advance) and FORMAT.md's line rules: greedy breaks at
  /// spaces only, a word joining a line when the line's characters, the space and the word's fit the offered
  /// width (a line's first word always goes on it, overflowing if need be); with an exact width the text takes
  /// that width, with an at-most width min(longest line, width), unbounded one line; each line 1 em tall.
  static func expectedSize(words: [Int], size: Double, width: SizeConstraint) -> (
    width: Double, height: Double, lines: Int
  ) {
    let limit: Double
    switch width {
    case .exactly(let w), .atMost(let w): limit = w
    case .unbounded: limit = .infinity
    }
    var lines: [Int] = []  // characters per line
    for word in words {
      if let last = lines.last, Double(last + 1 + word) * size <= limit {
        lines[lines.count - 1] = last + 1 + word
      } else {
        lines.append(word)
      }
    }
    let longest = Double(lines.max() ?? 0) * size
    let height = Double(lines.count) * size
    switch width {
    case .exactly(let w): return (w, height, lines.count)
    case .atMost(let w): return (min(longest, w), height, lines.count)
    case .unbounded: return (longest, height, lines.count)
    }
  }

  /// The hand rule on a few cases worked out on paper: "hello world" (5 + 1 + 5 characters) at 10 pt offered
  /// at most 60 breaks (110 > 60) into 2 lines of 50, so 50 × 20; offered at most 110 it fits: 110 × 10.
  @Test func handRuleExamples() {
    #expect(Self.expectedSize(words: [5, 5], size: 10, width: .atMost(60)) == (50, 20, 2))
    #expect(Self.expectedSize(words: [5, 5], size: 10, width: .atMost(110)) == (110, 10, 1))
    #expect(Self.expectedSize(words: [5, 5], size: 10, width: .exactly(80)) == (80, 20, 2))
    #expect(Self.expectedSize(words: [12], size: 10, width: .atMost(60)) == (60, 10, 1))
  }

  /// Random texts of 1–8 words (1–9 characters from Ahem's full-square and odd-shaped glyphs: X, x, p, É — all
  /// 1 em advances) in four sizes and three width offers: `TextLayout` in `Font.ahem`, and `AhemMeasure` (the
  /// measure of FORMAT.md `ahem` leaves), both give `expectedSize`.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func layoutMatchesTheAhemMetrics(seed: UInt64) {
    var random = HostileFontTests.SplitMix(state: seed)
    let glyphs: [Character] = ["X", "x", "p", "\u{C9}"]
    for _ in 0..<300 {
      let counts = (0..<(1 + random.below(8))).map { _ in 1 + random.below(9) }
      let words = counts.map { String((0..<$0).map { _ in glyphs[random.below(glyphs.count)] }) }
      let text = words.joined(separator: " ")
      let size = [10.0, 12.5, 16, 7][random.below(4)]
      let offered = Double(random.below(200))
      let width: SizeConstraint = [.exactly(offered), .atMost(offered), .unbounded][random.below(3)]
      let expected = Self.expectedSize(words: counts, size: size, width: width)
      let layout = TextLayout(text: text, font: .ahem, size: size, width: width)
      #expect(layout.width == expected.width, "\(text) \(width) size \(size)")
      #expect(layout.height == expected.height, "\(text) \(width) size \(size)")
      #expect(layout.lines.count == expected.lines, "\(text) \(width) size \(size)")
      let measured = AhemMeasure.measure(text: text, fontSize: size, width: width)
      #expect(measured == expected, "AhemMeasure: \(text) \(width) size \(size)")
    }
  }

  @Test func formatExamples() {
    // By hand (FORMAT.md, the Ahem README): advance = line height = fontSize, ascent 0.8 em; "hello world" at
    // 10 pt is 110 wide, so at most 60 gives two lines of 50: 50 × 20, the first baseline at 8.
    let layout = TextLayout(text: "hello world", font: .ahem, size: 10, width: .atMost(60))
    #expect(layout.width == 50 && layout.height == 20 && layout.ascender == 8)
    #expect(TextLayout(text: "hello world", font: .ahem, size: 10.5, width: .unbounded).height == 10.5)
  }

  @Test func kerningDefaultsOn() throws {
    let font = try Support.dejaVuSans.get()
    let kerned = TextLayout(text: "AV", font: font, size: 16, width: .unbounded)
    let plain = TextLayout(text: "AV", font: font, size: 16, options: TextOptions(kerning: false), width: .unbounded)
    // By hand from DejaVuSans.ttf: A and V both advance 1401 of 2048 units, so plain is 2 × 1401 × 16 / 2048 =
    // 21.890625; the font's A–V kerning pair ('kern' table) is −131 units = −1.0234375 pt, so kerned is
    // 20.8671875, rounded up to 1/64 pt: 20.875 (font-kerning normal / none in a browser).
    #expect(kerned.width == 20.875 && plain.width == 21.890625)
  }

  @Test func remeasuringAtTheResultWidthKeepsTheLines() throws {
    let font = try Support.dejaVuSans.get()
    let text = "Layout engines break lines greedily at spaces; a word that is too long overflows its line."
    for width in stride(from: 30.0, through: 400, by: 13) {
      let first = TextLayout(text: text, font: font, size: 13, width: .atMost(width))
      let again = TextLayout(text: text, font: font, size: 13, width: .exactly(first.width))
      #expect(again.lines.map(\.range) == first.lines.map(\.range), "width \(width)")
    }
  }
}
