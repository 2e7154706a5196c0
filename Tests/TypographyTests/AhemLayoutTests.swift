import Testing

@testable import Typography

/// The ahem font through the layout engine gives FORMAT.md's results, identical to `AhemMeasure`.
@Suite struct AhemLayoutTests {
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func engineMatchesAhemMeasure(seed: UInt64) {
    var random = HostileFontTests.SplitMix(state: seed)
    for _ in 0..<300 {
      let words = (0..<(1 + random.below(8))).map { _ in String(repeating: "x", count: 1 + random.below(9)) }
      let text = words.joined(separator: " ")
      let size = [10.0, 12.5, 16, 7][random.below(4)]
      let offered = Double(random.below(200))
      let width: SizeConstraint = [.exactly(offered), .atMost(offered), .unbounded][random.below(3)]
      let expected = AhemMeasure.measure(text: text, fontSize: size, width: width)
      let layout = TextLayout(text: text, font: .ahem, size: size, width: width)
      #expect(layout.width == expected.width, "\(text) \(width) size \(size)")
      #expect(layout.height == expected.height, "\(text) \(width) size \(size)")
      #expect(layout.lines.count == expected.lines, "\(text) \(width) size \(size)")
    }
  }

  @Test func formatExamples() {
    // FORMAT.md: advance = line height = fontSize; ascent 0.8 em.
    let layout = TextLayout(text: "hello world", font: .ahem, size: 10, width: .atMost(60))
    #expect(layout.width == 50 && layout.height == 20 && layout.ascender == 8)
    #expect(TextLayout(text: "hello world", font: .ahem, size: 10.5, width: .unbounded).height == 10.5)
  }

  @Test func kerningDefaultsOn() throws {
    let font = try Support.dejaVuSans.get()
    let kerned = TextLayout(text: "AV", font: font, size: 16, width: .unbounded)
    let plain = TextLayout(text: "AV", font: font, size: 16, options: TextOptions(kerning: false), width: .unbounded)
    #expect(kerned.width == 20.875 && plain.width == 21.890625)  // Chromium: font-kerning normal / none
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
