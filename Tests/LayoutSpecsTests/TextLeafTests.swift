import JSONCodec
import Testing

@testable import LayoutSpecs

/// Text leaves through an injected measurer (fixed advance: 0.6 em per character, 1.2 em lines, ascent 0.8 em,
/// descent 0.2 em) — numbers derived by hand from that rule and texture.md §7.8.
@Suite struct TextLeafTests {
  /// A named 10-pt text leaf.
  static func text(_ name: String, _ string: String, _ edit: (inout TextLeaf) -> Void = { _ in }) -> LayoutElement {
    var leaf = TextLeaf(text: string, fontFamily: "Ahem", fontSize: 10)
    edit(&leaf)
    return LayoutElement(name: name, kind: .text(leaf))
  }

  /// "Hello world" (11 × 6 = 66 pt) in a 40-pt max wraps at the space: two 30-pt lines, height 24; the leaf
  /// shrink-wraps to the longest line.
  @Test func wrapsAndShrinkWraps() throws {
    let f = try T.layout(Self.text("t", "Hello world"), T.range(0, 0, 40, 100))
    #expect(T.frame(f, "t") == [0, 0, 30, 24])
    let lines = try #require(f.frame("t")?.textLines)
    #expect(lines.map(\.range) == [0..<5, 6..<11])
    #expect(lines.map(\.baseline) == [8, 20])
    #expect(lines.map(\.width) == [30, 30])
  }

  /// A range that forces more width wins; centred lines are re-aligned inside it: (100 − 30) / 2 = 35.
  @Test func rangeForcesWidthAndRealigns() throws {
    let f = try T.layout(Self.text("t", "Hello") { $0.alignment = .center }, T.range(100, 0, 100, 100))
    #expect(T.frame(f, "t") == [0, 0, 100, 12])
    #expect(f.frame("t")?.textLines?.first?.x == 35)
  }

  /// maxLines 1 truncates with the tail marker: "Hello" + "…" must fit 40 pt → "Hello…" is 36 pt.
  @Test func maxLinesTruncates() throws {
    let f = try T.layout(Self.text("t", "Hello world") { $0.maxLines = 1 }, T.range(0, 0, 40, 100))
    let line = try #require(f.frame("t")?.textLines?.first)
    #expect(T.frame(f, "t") == [0, 0, 36, 12])
    #expect(line.isTruncated)
    #expect(line.range == 0..<5)
  }

  /// Text ascenders drive first-baseline alignment in a row: 20-pt text (ascent 16) next to 10-pt text (ascent 8)
  /// moves the small text down 8.
  @Test func baselineAlignmentUsesTextAscender() throws {
    let big = Self.text("big", "A") { $0.fontSize = 20 }
    let small = Self.text("small", "a")
    let f = try T.layout(T.stack([big, small]) { $0.alignItems = .baselineFirst }, .unconstrained)
    #expect(T.frame(f, "big") == [0, 0, 12, 24])
    #expect(T.frame(f, "small") == [12, 8, 6, 12])
  }

  /// RTL mirrors the leaf and its lines' x inside it.
  @Test func rightToLeftMirrorsLines() throws {
    let f = try T.layout(
      T.stack([Self.text("t", "Hello")]) { $0.justifyContent = .start }, T.range(100, 12, 100, 12), rtl: true)
    #expect(T.frame(f, "t") == [70, 0, 30, 12])
    #expect(f.frame("t")?.textLines?.first?.x == 0)
  }

  /// A throwing measurer's failure surfaces with the leaf's path.
  @Test func measurerFailurePropagates() throws {
    let failing: LayoutEnvironment.TextMeasurer = { _, _ throws(LayoutFailure) in
      throw LayoutFailure(path: "", message: "font \"Nope\" is not loaded")
    }
    #expect(throws: LayoutFailure(path: "root.children[0]", message: "font \"Nope\" is not loaded")) {
      _ = try T.layout(T.stack([Self.text("t", "x")]), .unconstrained, measureText: failing)
    }
  }
}

/// The flattened layout's JSON form.
@Suite struct FlattenedLayoutJSONTests {
  /// Ids, names, frames and text lines appear as documented.
  @Test func jsonShape() throws {
    let e = try SpecDecoder.decode(
      json:
        #"{"type":"stack","id":"row","children":[{"type":"node","id":"icon","style":{"width":10,"height":12}},{"type":"text","name":"label","text":"Hi","fontSize":10}]}"#
    )
    let engine = LayoutEngine(environment: LayoutEnvironment(scale: 2, measureText: FixedAdvanceTextMeasurer.measure))
    let json = try engine.layout(e, in: .unconstrained).flattened(grid: engine.grid).json
    let expected = try JSONParser.parse(
      #"{"size":[22.0,12.0],"elements":[{"type":"stack","id":"row","frame":[0.0,0.0,22.0,12.0]},{"type":"node","id":"icon","frame":[0.0,0.0,10.0,12.0]},{"type":"text","name":"label","frame":[10.0,0.0,12.0,12.0],"lines":[{"range":[0,2],"x":0.0,"width":12.0,"baseline":8.0,"truncated":false}]}]}"#
    )
    #expect(json == expected)
  }
}
