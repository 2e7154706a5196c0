import JSONCodec
import LayoutSpecs
import Testing

/// Boxes in cell specs: `direction: rtl`, inner box nodes' `id`/`name`, and percentage sizes of embedded Texture
/// elements. Expected frames derived by hand from Yoga's and Texture's rules (scale 2, all values whole).
@Suite struct BoxInCellDirectionTests {
  /// A cell range exactly `width` wide, height unbounded.
  func cell(_ width: Double) -> SizeRange {
    SizeRange(min: Size(width, 0), max: Size(width, .greatestFiniteMagnitude))
  }

  /// Decodes, lays out at scale 2 and flattens `json` in `range`.
  func flat(_ json: String, _ range: SizeRange) throws -> FlattenedLayout {
    let spec = try SpecDecoder.decode(json: json)
    let engine = LayoutEngine(environment: .standard(scale: 2))
    return try engine.layout(spec, in: range).flattened(grid: engine.grid)
  }

  /// `[x, y, w, h]` of the frame with id or name `key`.
  func frame(_ f: FlattenedLayout, _ key: String) -> [Double]? {
    guard let r = f.frame(key)?.frame else { return nil }
    return [r.origin.x, r.origin.y, r.size.width, r.size.height]
  }

  /// An RTL row 100 wide: the 30-wide box starts at the right (x = 70); the embedded horizontal stack (a 10-wide
  /// then a 20-wide node, 30 in all) follows to its left (x = 40), and its content is mirrored inside it: `a`
  /// at 30 − 10 − 0 = 20, `b` at 30 − 20 − 10 = 0, i.e. absolute 60 and 40. Row height 10.
  @Test func rtlRowPlacesBoxesAndMirrorsEmbeddedStacks() throws {
    let f = try flat(
      #"{"type": "box", "id": "root", "style": {"direction": "rtl", "flexDirection": "row"}, "children": ["#
        + #"{"type": "box", "id": "first", "style": {"width": 30, "height": 10}},"#
        + #"{"type": "stack", "id": "s", "direction": "horizontal", "children": ["#
        + #"{"type": "node", "id": "a", "style": {"width": 10, "height": 10}},"#
        + #"{"type": "node", "id": "b", "style": {"width": 20, "height": 10}}]}]}"#, cell(100))
    #expect(f.size == Size(100, 10))
    #expect(frame(f, "first") == [70, 0, 30, 10])
    #expect(frame(f, "s") == [40, 0, 30, 10])
    #expect(frame(f, "a") == [60, 0, 10, 10])
    #expect(frame(f, "b") == [40, 0, 20, 10])
  }

  /// Text in an RTL column (stretched to 100): the line "aa" (Ahem 10 → 20 wide) is mirrored to x = 80.
  @Test func rtlMirrorsTextLines() throws {
    let f = try flat(
      #"{"type": "box", "style": {"direction": "rtl"}, "children": ["#
        + #"{"type": "text", "id": "t", "text": "aa", "fontFamily": "ahem", "fontSize": 10}]}"#, cell(100))
    #expect(frame(f, "t") == [0, 0, 100, 10])
    let line = try #require(f.frame("t")?.textLines?.first)
    #expect(line.x == 80)
    #expect(line.width == 20)
  }

  /// A box inside an embedded stack inside an RTL box inherits RTL: its row children start at the right (c1 at
  /// 100 − 10 = 90, c2 at 90 − 20 = 70) and are not mirrored back by the stack's mirroring.
  @Test func nestedBoxInheritsRTL() throws {
    let f = try flat(
      #"{"type": "box", "style": {"direction": "rtl"}, "children": [{"type": "stack", "direction": "vertical","#
        + #" "children": [{"type": "box", "id": "inner", "style": {"flexDirection": "row"}, "children": ["#
        + #"{"type": "box", "id": "c1", "style": {"width": 10, "height": 10}},"#
        + #"{"type": "box", "id": "c2", "style": {"width": 20, "height": 10}}]}]}]}"#, cell(100))
    #expect(frame(f, "inner") == [0, 0, 100, 10])
    #expect(frame(f, "c1") == [90, 0, 10, 10])
    #expect(frame(f, "c2") == [70, 0, 20, 10])
  }

  /// LTR (the default) is unchanged: the same row puts `first` at 0 and the stack at 30 with `a` at 30, `b` at 40.
  @Test func ltrRowIsUnmirrored() throws {
    let f = try flat(
      #"{"type": "box", "style": {"flexDirection": "row"}, "children": ["#
        + #"{"type": "box", "id": "first", "style": {"width": 30, "height": 10}},"#
        + #"{"type": "stack", "id": "s", "direction": "horizontal", "children": ["#
        + #"{"type": "node", "id": "a", "style": {"width": 10, "height": 10}},"#
        + #"{"type": "node", "id": "b", "style": {"width": 20, "height": 10}}]}]}"#, cell(100))
    #expect(frame(f, "first") == [0, 0, 30, 10])
    #expect(frame(f, "a") == [30, 0, 10, 10])
    #expect(frame(f, "b") == [40, 0, 20, 10])
  }

  /// Inner box nodes keep their `id` and `name` in the flattened frames: a column with padding 5 in a 100-wide
  /// cell puts `row1` (height 20) at (5, 5), 90 wide, and `row2` (height 10) at (5, 25); the cell is 40 high.
  @Test func innerBoxNodesKeepIdAndName() throws {
    let f = try flat(
      #"{"type": "box", "style": {"padding": {"all": 5}}, "children": ["#
        + #"{"type": "box", "id": "row1", "style": {"height": 20}},"#
        + #"{"type": "box", "name": "row2", "style": {"height": 10}}, {"type": "box", "style": {"height": 0}}]}"#,
      cell(100))
    #expect(f.size == Size(100, 40))
    #expect(frame(f, "row1") == [5, 5, 90, 20])
    #expect(frame(f, "row2") == [5, 25, 90, 10])
    #expect(f.frames.filter { $0.type == "box" }.count == 2)
  }

  /// An inner box's `id` must be a string; decoding the spec fails naming its path.
  @Test func innerBoxIdMustBeAString() throws {
    #expect(throws: SpecDecodingError(path: "root.children[0].id", message: "expected a string, got a number")) {
      try SpecDecoder.decode(json: #"{"type": "box", "children": [{"type": "box", "id": 7}]}"#)
    }
  }

  /// Percentages of an embedded element resolve against the box's content box (200 − 2 × 10 = 180), as for a
  /// flex child: width 50% → 90 at x = 10 (not stretched to 180); maxWidth 25% caps the stretch at 45.
  @Test func percentagesResolveAgainstTheBoxContent() throws {
    let f = try flat(
      #"{"type": "box", "style": {"padding": {"all": 10}}, "children": ["#
        + #"{"type": "node", "id": "half", "style": {"width": "50%", "height": 10}},"#
        + #"{"type": "node", "id": "capped", "style": {"maxWidth": "25%", "height": 10}}]}"#, cell(200))
    #expect(frame(f, "half") == [10, 10, 90, 10])
    #expect(frame(f, "capped") == [10, 20, 45, 10])
    #expect(f.size == Size(200, 40))
  }
}
