import JSONCodec
import LayoutSpecs
import Testing

/// Flex boxes inside cell specs, laid out by `FlexBoxLayouter` through `LayoutEnvironment.standard`.
@Suite struct BoxInCellTests {
  /// A cell's range: width 320, height unbounded (CGFLOAT_MAX).
  let cell = SizeRange(min: Size(320, 0), max: Size(320, .greatestFiniteMagnitude))

  /// Decodes and lays out a spec at scale 2 in `range`.
  func layout(_ json: String, in range: SizeRange) throws -> Layout {
    let spec = try SpecDecoder.decode(json: json)
    return try LayoutEngine(environment: .standard(scale: 2)).layout(spec, in: range)
  }

  /// A box element built directly from JSON (its Yoga style is not a Texture style).
  func boxElement(_ json: String) throws -> LayoutElement {
    guard case .object(let object) = try JSONParser.parse(Array(json.utf8)) else {
      throw LayoutFailure(path: "", message: "not an object")
    }
    return LayoutElement(kind: .box(try BoxElement(decoding: .object(object))))
  }

  @Test func columnBoxStacksNodeAndAhemText() throws {
    let l = try layout(
      #"{"type": "box", "children": [{"type": "node", "id": "n", "style": {"height": 44}},"#
        + #"{"type": "text", "id": "t", "text": "aaaa bbbb", "fontFamily": "ahem", "fontSize": 10}]}"#, in: cell)
    // Yoga column: children stretched to 320; 44 + 10 = 54 high.
    #expect(l.size == Size(320, 54))
    let n = try #require(l.find("n"))
    #expect(n.position == Point(0, 0))
    #expect(n.size == Size(320, 44))
    let t = try #require(l.find("t"))
    #expect(t.position == Point(0, 44))
    #expect(t.size == Size(320, 10))
    // The text's sub-layout is in the result: one line, "aaaa bbbb" = 9 glyphs × 10 pt.
    let lines = try #require(t.text?.lines)
    #expect(lines.count == 1)
    #expect(lines.first?.width == 90)
  }

  @Test func alignedStartTextKeepsItsMeasuredWidth() throws {
    let box = try boxElement(
      #"{"type": "box", "style": {"alignItems": "flex-start"}, "children": ["#
        + #"{"type": "text", "id": "t", "text": "aaaa bbbb", "fontFamily": "ahem", "fontSize": 10}]}"#)
    let l = try LayoutEngine(environment: .standard(scale: 2)).layout(box, in: cell)
    #expect(l.size == Size(320, 10))
    #expect(l.find("t")?.size == Size(90, 10))
  }

  @Test func textureStackHoldsABox() throws {
    let range = SizeRange(min: Size(200, 0), max: Size(200, .greatestFiniteMagnitude))
    let l = try layout(
      #"{"type": "stack", "direction": "vertical", "children": [{"type": "node", "style": {"height": 20}},"#
        + #"{"type": "box", "id": "b", "children": [{"type": "text", "id": "t", "text": "aaaa", "fontFamily": "ahem","#
        + #" "fontSize": 10}]}]}"#, in: range)
    let b = try #require(l.find("b"))
    // The box takes the available width 200 (Yoga root) and its text's height.
    #expect(b.size == Size(200, 10))
    #expect(b.position == Point(0, 20))
    #expect(b.find("t")?.size == Size(200, 10))
    #expect(l.size == Size(200, 30))
  }

  @Test func rowBoxGrowsChildrenInCellRange() throws {
    let box = try boxElement(
      #"{"type": "box", "style": {"flexDirection": "row"}, "children": ["#
        + #"{"type": "box", "style": {"flexGrow": 1, "height": 30}},"#
        + #"{"type": "text", "id": "t", "text": "aaaa", "fontFamily": "ahem", "fontSize": 10},"#
        + #"{"type": "node", "id": "n", "style": {"flexGrow": 3}}]}"#)
    let l = try LayoutEngine(environment: .standard(scale: 2)).layout(box, in: cell)
    // Free space 320 − 40 = 280 shared 1 : 3 → 70 and 210; cross size = tallest (30), children stretched.
    #expect(l.size == Size(320, 30))
    #expect(l.children.count == 3)
    #expect(l.children.first?.size == Size(70, 30))
    #expect(l.find("t")?.position == Point(70, 0))
    #expect(l.find("t")?.size == Size(40, 30))
    #expect(l.find("n")?.position == Point(110, 0))
    #expect(l.find("n")?.size == Size(210, 30))
  }

  /// Box errors are decoding errors (the box is decoded with its spec), naming the JSON path.
  @Test func decodingFailuresNameJSONPaths() throws {
    let unknownType =
      #"unknown element type "bogus" (expected one of "stack", "inset", "overlay", "background", "center", "ratio", "#
      + #""relative", "absolute", "wrapper", "corner", "node", "text", "image", "box", "collection", "pager")"#
    #expect(throws: SpecDecodingError(path: "root.children[0].type", message: unknownType)) {
      try SpecDecoder.decode(json: #"{"type": "box", "children": [{"type": "bogus"}]}"#)
    }
    #expect(throws: SpecDecodingError(path: "root.children[1].type", message: unknownType)) {
      try SpecDecoder.decode(json: #"{"type": "box", "children": [{"type": "box"}, {"type": "bogus"}]}"#)
    }
  }

  /// A text leaf in a font that is not installed still fails at layout, naming the element's path.
  @Test func layoutFailuresNameJSONPaths() throws {
    do {
      _ = try layout(
        #"{"type": "box", "children": [{"type": "text", "text": "a", "fontFamily": "no-such-font", "fontSize": 10}]}"#,
        in: cell)
      Issue.record("expected a failure")
    } catch let failure as LayoutFailure {
      #expect(failure.path == "root.children[0]")
    }
  }

  /// Box nodes and the elements embedded in them count towards the spec's depth limit, checked when decoding.
  @Test func depthLimitCoversBoxNodesAndEmbeddedElements() throws {
    var json = #"{"type": "node"}"#
    for _ in 0..<70 { json = #"{"type": "box", "children": ["# + json + "]}" }
    let path = "root" + String(repeating: ".children[0]", count: 64)
    #expect(throws: SpecDecodingError(path: path, message: "nodes nest deeper than the limit of 64 levels")) {
      try SpecDecoder.decode(json: json)
    }
    // 63 boxes and a node: exactly 64 levels.
    var fits = #"{"type": "node"}"#
    for _ in 0..<63 { fits = #"{"type": "box", "children": ["# + fits + "]}" }
    let l = try layout(fits, in: cell)
    #expect(l.size.width == 320)
    // Below a stack, the box's budget shrinks by the stack's level.
    let nested = #"{"type": "stack", "children": ["# + fits + "]}"
    #expect(throws: SpecDecodingError.self) { try SpecDecoder.decode(json: nested) }
  }
}

/// A box decoded from cell JSON keeps its Yoga style for the flex layout.
@Suite struct BoxStyleFromJSONTests {
  @Test func yogaStyleOnABoxInACellSpec() throws {
    // A row box 320 wide: a 40×40 node then a text "aaaa" (Ahem 10 → 40×10) centred on the cross axis:
    // the text's top = (40 − 10) / 2 = 15, its left = 40; the box is 320×40.
    let json =
      #"{"type": "box", "id": "row", "style": {"flexDirection": "row", "alignItems": "center"}, "children": ["#
      + #"{"type": "node", "style": {"width": 40, "height": 40}}, {"type": "text", "id": "t", "text": "aaaa", "#
      + #""fontFamily": "ahem", "fontSize": 10}]}"#
    let spec = try SpecDecoder.decode(json: json)
    let range = SizeRange(min: Size(320, 0), max: Size(320, .greatestFiniteMagnitude))
    let layout = try LayoutEngine(environment: .standard(scale: 2)).layout(spec, in: range)
    #expect(layout.size == Size(320, 40))
    let flat = layout.flattened(grid: PixelGrid(scale: 2), rightToLeft: false)
    let text = flat.frames.first { $0.id == "t" }
    #expect(text?.frame == Rect(40, 15, 40, 10))
  }
}
