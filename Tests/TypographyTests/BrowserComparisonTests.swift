import Testing

@testable import Typography

/// DejaVu Sans against headless Chromium (Tests/Fixtures/text/dejavu-browser.json, made by
/// make-browser-widths.sh): widths in the same layout unit, equal line counts, equal `line-height: normal` and
/// baselines.
@Suite struct BrowserComparisonTests {
  /// Chromium's layout unit, 1/64 px (`LayoutUnit`). Every width the fixture recorded is a multiple of it (checked
  /// by `onTheLayoutUnitGrid`), and ours are rounded up to it, so widths that agree are equal; the measured worst
  /// deviation is 0.0 pt. A deviation must stay below one unit: a regression of a single unit (1/64 pt, e.g.
  /// rounding to the nearest unit instead of up) fails.
  static let layoutUnit = 1.0 / 64

  /// True when `width` is a whole number of layout units.
  static func onTheLayoutUnitGrid(_ width: Double) -> Bool { (width * 64).rounded() == width * 64 }

  /// Widths of single-line spans (`white-space: pre`), kerning off and on, Book and Bold (found by weight).
  @Test func spanWidths() throws {
    let registry = FontRegistry(directories: [Support.dejaVuDirectory])
    let cases = try #require(try Support.browserData()["widths"] as? [[String: Any]])
    #expect(cases.count >= 200)
    var worst = 0.0
    for c in cases {
      let text = try #require(c["text"] as? String)
      let size = try #require(c["size"] as? Double)
      let kerning = try #require(c["kerning"] as? Bool)
      let expected = try #require(c["width"] as? Double)
      let font = try registry.font(family: "DejaVu Sans", weight: c["weight"] as? Int ?? 400)
      let layout = TextLayout(
        text: text, font: font, size: size, options: TextOptions(kerning: kerning, ligatures: false), width: .unbounded)
      // A span's width includes trailing spaces (pre); this fixture has none, only a leading one.
      #expect(Self.onTheLayoutUnitGrid(expected), "\(text) at \(size): browser width \(expected)")
      let deviation = abs(layout.width - expected)
      worst = max(worst, deviation)
      #expect(deviation < Self.layoutUnit, "\(text) at \(size) \(font): \(layout.width) vs browser \(expected)")
    }
    print("browser span widths: \(cases.count) cases, max deviation \(worst) pt")
  }

  /// Line counts and line widths of paragraphs wrapped at a width (`white-space: normal`, kerning off).
  @Test func wrappedParagraphs() throws {
    let font = try Support.dejaVuSans.get()
    let cases = try #require(try Support.browserData()["paragraphs"] as? [[String: Any]])
    #expect(cases.count >= 50)
    var worst = 0.0
    for c in cases {
      let text = try #require(c["text"] as? String)
      let size = try #require(c["size"] as? Double)
      let width = try #require(c["width"] as? Double)
      let lines = try #require(c["lines"] as? Int)
      let lineWidths = try #require(c["lineWidths"] as? [Double])
      let height = try #require(c["height"] as? Double)
      let layout = TextLayout(
        text: text, font: font, size: size, options: TextOptions(kerning: false, ligatures: false),
        width: .atMost(width))
      #expect(layout.lines.count == lines, "\(text) at \(size) in \(width)")
      #expect(layout.height == height, "\(text) at \(size) in \(width)")
      guard layout.lines.count == lines else { continue }
      for (line, expected) in zip(layout.lines, lineWidths) {
        #expect(Self.onTheLayoutUnitGrid(expected), "line \(line.text) at \(size): browser width \(expected)")
        worst = max(worst, abs(line.width - expected))
        #expect(
          abs(line.width - expected) < Self.layoutUnit, "line \(line.text) at \(size): \(line.width) vs \(expected)")
      }
    }
    print("browser paragraphs: \(cases.count) cases, max line width deviation \(worst) pt")
  }

  /// Break opportunities: the browser's lines at a width of 1 px (every opportunity taken), against ours.
  @Test func breakOpportunities() throws {
    let cases = try #require(try Support.browserData()["breaks"] as? [[String: Any]])
    #expect(cases.count >= 20)
    for c in cases {
      let text = try #require(c["text"] as? String)
      let expected = try #require(c["lines"] as? [String])
      let layout = TextLayout(text: text, font: .ahem, size: 10, width: .atMost(1))
      let scalars = Array(text.unicodeScalars)
      let lines = layout.lines.map { line in String(String.UnicodeScalarView(scalars[line.range])) }
      #expect(lines == expected, "\(text)")
    }
  }

  /// `line-height: normal` (Book and Bold) and explicit line heights: box height and baseline of one line.
  @Test func lineHeights() throws {
    let registry = FontRegistry(directories: [Support.dejaVuDirectory])
    let cases = try #require(try Support.browserData()["lineHeights"] as? [[String: Any]])
    #expect(cases.count >= 40)
    for c in cases {
      let size = try #require(c["size"] as? Double)
      let font = try registry.font(family: "DejaVu Sans", weight: try #require(c["weight"] as? Int))
      let lineHeight = (c["lineHeight"] as? Double).map(LineHeight.points) ?? .normal
      let layout = TextLayout(
        text: "Hxg", font: font, size: size, options: TextOptions(lineHeight: lineHeight), width: .unbounded)
      #expect(layout.height == (try #require(c["height"] as? Double)), "size \(size) \(lineHeight) \(font)")
      #expect(layout.ascender == (try #require(c["baseline"] as? Double)), "size \(size) \(lineHeight) \(font)")
    }
  }
}
