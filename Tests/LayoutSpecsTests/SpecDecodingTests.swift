import JSONCodec
import Testing

@testable import LayoutSpecs

/// Decoding of the spec language: shapes, defaults, and every error with its full message.
@Suite struct SpecDecodingTests {
  /// Decodes JSON text.
  static func decode(_ text: String) throws(SpecDecodingError) -> LayoutElement {
    try SpecDecoder.decode(json: text)
  }

  /// The error for `text`, as `path: message`.
  static func error(_ text: String) -> String? {
    do throws(SpecDecodingError) {
      _ = try decode(text)
      return nil
    } catch {
      return error.description
    }
  }

  /// Wrong types, negative sizes, NaN, unknown types and values, missing children: each message names the path.
  @Test(arguments: [
    (
      #"{"type":"stack","children":[{"type":"node"},{"type":"node"},{"type":"node","style":{"width":{}}}]}"#,
      "root.children[2].style.width: expected a number or a dimension string, got an object"
    ),
    (#"{"type":"node","style":{"height":-5}}"#, "root.style.height: expected a non-negative size, got -5"),
    (
      #"{"type":"node","style":{"width":"12px"}}"#,
      #"root.style.width: expected a number or a dimension string ("auto", "12pt", "50%"), got "12px""#
    ),
    (#"{"type":"node","style":{"flexGrow":-1}}"#, "root.style.flexGrow: expected a non-negative number, got -1"),
    (#"{"type":"node","style":{"flexGrow":"nan"}}"#, "root.style.flexGrow: expected a number, got NaN"),
    (#"{"type":"node","style":{"widht":3}}"#, "root.style.widht: unknown style property"),
    (
      #"{"type":"node","style":{"alignSelf":"baseline"}}"#,
      #"root.style.alignSelf: unknown value "baseline" (expected one of "auto", "start", "end", "center", "stretch")"#
    ),
    (
      #"{"type":"node","style":{"layoutPosition":[1]}}"#,
      "root.style.layoutPosition: expected an array of 2 numbers, got an array of 1 elements"
    ),
    (
      #"{"type":"inset","insets":{"top":"nan"},"child":{"type":"node"}}"#, "root.insets.top: expected a number, got NaN"
    ),
    (
      #"{"type":"inset","insets":{"left":-1},"child":{"type":"node"}}"#,
      "root.insets.left: expected a non-negative number, got -1"
    ),
    (
      #"{"type":"grid"}"#,
      #"root.type: unknown element type "grid" (expected one of "stack", "inset", "overlay", "background", "center", "ratio", "relative", "absolute", "wrapper", "corner", "node", "text", "image", "box", "collection", "pager")"#
    ),
    (#"{"name":"x"}"#, #"root: missing required member "type""#),
    (#"{"type":3}"#, "root.type: expected a string, got a number"),
    (#"[1]"#, "root: expected an object, got an array"),
    (
      #"{"type":"stack","direction":"diagonal"}"#,
      #"root.direction: unknown value "diagonal" (expected one of "horizontal", "vertical")"#
    ),
    (#"{"type":"stack","children":{}}"#, "root.children: expected an array of elements, got an object"),
    (#"{"type":"inset"}"#, #"root: missing required child "child""#),
    (#"{"type":"corner","child":{"type":"node"}}"#, #"root: missing required child "corner""#),
    (#"{"type":"ratio","child":{"type":"node"}}"#, #"root: missing required member "ratio""#),
    (#"{"type":"ratio","ratio":0,"child":{"type":"node"}}"#, "root.ratio: expected a positive number, got 0"),
    (
      #"{"type":"center","centeringOptions":["z"],"child":{"type":"node"}}"#,
      #"root.centeringOptions[0]: unknown value "z" (expected one of "x", "y")"#
    ),
    (
      #"{"type":"absolute","sizing":"fill","children":[]}"#,
      #"root.sizing: unknown value "fill" (expected one of "default", "sizeToFit")"#
    ),
    (
      #"{"type":"corner","location":"top","child":{"type":"node"},"corner":{"type":"node"}}"#,
      #"root.location: unknown value "top" (expected one of "topLeft", "topRight", "bottomLeft", "bottomRight")"#
    ),
    (#"{"type":"text"}"#, #"root: missing required member "text""#),
    (#"{"type":"text","text":"a","fontSize":0}"#, "root.fontSize: expected a positive number, got 0"),
    (
      #"{"type":"text","text":"a","lineHeight":"tall"}"#,
      #"root.lineHeight: expected a number or "normal", got a string"#
    ),
    (#"{"type":"text","text":"a","maxLines":1.5}"#, "root.maxLines: expected a non-negative integer, got 1.5"),
    (
      #"{"type":"text","text":"a","truncation":"centre"}"#,
      #"root.truncation: unknown value "centre" (expected one of "tail", "head", "middle", "clip", "none")"#
    ),
    (#"{"type":"text","text":"a","runs":[{"text":"a"}]}"#, #"root.runs: give either "text" or "runs", not both"#),
    (#"{"type":"text","runs":[]}"#, "root.runs: expected at least one run"),
    (#"{"type":"text","text":"a","lineSpacing":-1}"#, "root.lineSpacing: expected a non-negative number, got -1"),
    (
      #"{"type":"text","text":"a","textContainerInset":{"top":1,"vertical":2}}"#,
      #"root.textContainerInset.vertical: "vertical" is not supported on insets (Texture has it; layoutd does not yet); give "top" and "bottom"; valid members: "top", "left", "bottom", "right""#
    ),
    (
      #"{"type":"text","runs":[{"text":"a","fontSize":-1}]}"#,
      "root.runs[0].fontSize: expected a positive number, got -1"
    ),
    (
      #"{"type":"text","runs":[{"text":"a"},{"txt":"b"}]}"#,
      #"root.runs[1].txt: unknown member of a text run; valid members: "text", "fontFamily", "fontSize", "fontWeight", "italic", "kern", "baselineOffset", "color", "underline", "strikethrough", "link""#
    ),
    (
      #"{"type":"text","text":"a","wrap":"words"}"#,
      #"root.wrap: unknown value "words" (expected one of "word", "char", "anywhere", "breakAll", "none")"#
    ),
    (#"{"type":"image","size":[10,-1]}"#, "root.size[1]: expected a non-negative number, got -1"),
    (
      #"{"type":"node","measure":{"kind":"grow","size":[1,1]}}"#,
      #"root.measure.kind: unknown value "grow" (expected one of "fixed")"#
    ),
    (#"{"type":"node""#, "root: invalid JSON: unterminated object at byte 14"),
  ])
  func errorMessages(_ json: String, _ message: String) {
    #expect(Self.error(json) == message)
  }

  /// The fixture shape decodes with Texture's defaults for missing members.
  @Test func defaultsAndShapes() throws {
    let e = try Self.decode(
      #"{"type":"stack","id":"s","children":[{"type":"node","name":"n","style":{"width":"50%","height":"20pt","maxWidth":"inf","preferredSize":[1,2],"flexBasis":10}}]}"#
    )
    guard case .stack(let s) = e.kind else {
      Issue.record("not a stack")
      return
    }
    #expect(e.id == "s")
    #expect(s.direction == .horizontal && s.alignItems == .stretch && s.justifyContent == .start)
    #expect(s.flexWrap == .noWrap && s.alignContent == .start && s.spacing == 0 && s.lineSpacing == 0)
    let n = s.children[0]
    #expect(n.name == "n")
    #expect(n.style.width == .fraction(0.5))
    #expect(n.style.height == .points(20))
    #expect(n.style.maxWidth == .points(.infinity))
    #expect(n.style.flexBasis == .points(10))
    #expect(n.style.flexShrink == 0)
  }

  /// Text, image and box elements decode; the box keeps its JSON and path.
  @Test func textImageBox() throws {
    let t = try Self.decode(
      ##"{"type":"text","text":"Hi","fontFamily":"Inter","fontSize":14,"fontWeight":700,"lineHeight":18,"maxLines":2,"truncation":"tail","truncationString":"...","alignment":"center","color":"#ff0000"}"##
    )
    #expect(
      t.kind
        == .text(
          TextLeaf(
            text: "Hi", fontFamily: "Inter", fontSize: 14, fontWeight: 700, lineHeight: .points(18),
            maxLines: 2, truncation: .tail("..."), alignment: .center, color: "#ff0000")))
    let modes = try Self.decode(
      #"{"type":"text","text":"Hi","truncation":"middle","truncationString":"..","wrap":"breakAll"}"#)
    #expect(
      modes.kind
        == .text(TextLeaf(text: "Hi", fontFamily: "Ahem", fontSize: 16, truncation: .middle(".."), wrap: .breakAll)))
    // Runs take the leaf's font members as defaults; the leaf's text is theirs joined.
    let runs = try Self.decode(
      ##"{"type":"text","fontFamily":"Inter","fontSize":12,"italic":true,"runs":[{"text":"Hi "},{"text":"there","fontWeight":700,"italic":false,"kern":1.5,"baselineOffset":-2,"underline":true,"color":"#00ff00","link":"u"}]}"##
    )
    #expect(
      runs.kind
        == .text(
          TextLeaf(
            text: "Hi there", fontFamily: "Inter", fontSize: 12, italic: true,
            runs: [
              TextLeaf.Run(text: "Hi ", fontFamily: "Inter", fontSize: 12, italic: true),
              TextLeaf.Run(
                text: "there", fontFamily: "Inter", fontSize: 12, fontWeight: 700, kern: 1.5, baselineOffset: -2,
                color: "#00ff00", underline: true, link: "u"),
            ])))
    let d = try Self.decode(#"{"type":"text","text":"Hi"}"#)
    #expect(d.kind == .text(TextLeaf(text: "Hi", fontFamily: "Ahem", fontSize: 16)))
    let i = try Self.decode(#"{"type":"image","size":[64,48],"source":"a.png"}"#)
    #expect(i.kind == .image(ImageLeaf(intrinsicSize: Size(64, 48), source: "a.png")))
    // A style property outside `style` is a member a box does not have.
    #expect(
      throws: SpecDecodingError(
        path: "root.children[0].flexDirection",
        message:
          #"unknown member of a box element; valid members: "type", "id", "name", "style", "measure", "children""#)
    ) { try SpecDecoder.decode(json: #"{"type":"stack","children":[{"type":"box","flexDirection":"row"}]}"#) }
    let b = try SpecDecoder.decode(json: #"{"type":"stack","children":[{"type":"box"}]}"#)
    guard case .stack(let s) = b.kind, case .box(let box) = s.children[0].kind else {
      Issue.record("no box")
      return
    }
    // Decoded once: nested one level down, one node.
    #expect(box.depth == 2)
    #expect(box.template.nodes.count == 1)
    #expect(box.template.settings.isEmpty)
  }

  /// Without a box layouter in the environment a box fails with its path; so does text without a measurer.
  @Test func missingMeasurersFailWithPath() throws {
    let e = try Self.decode(#"{"type":"stack","children":[{"type":"node"},{"type":"inset","child":{"type":"box"}}]}"#)
    let engine = LayoutEngine(environment: LayoutEnvironment(scale: 2))
    #expect(
      throws: LayoutFailure(path: "root.children[1].child", message: "box layout is not available in this environment")
    ) {
      try engine.layout(e, in: .unconstrained)
    }
    let t = try Self.decode(#"{"type":"background","child":{"type":"text","text":"x"}}"#)
    #expect(throws: LayoutFailure(path: "root.child", message: "text measurement is not available in this environment"))
    {
      try engine.layout(t, in: .unconstrained)
    }
  }

  /// Both fixture files decode unchanged.
  @Test func fixtureRootsDecode() throws {
    let shared = try JSONParser.parse(
      #"{"type":"inset","insets":{"top":"inf","left":10,"bottom":10,"right":"inf"},"child":{"type":"node","name":"n","style":{"width":10,"height":10}}}"#
    )
    let e = try SpecDecoder.decode(shared)
    guard case .inset(let i) = e.kind else {
      Issue.record("not an inset")
      return
    }
    #expect(i.insets == EdgeInsets(top: .infinity, left: 10, bottom: 10, right: .infinity))
  }
}

/// Element ids: unique within a spec, findable, and patchable.
@Suite struct ElementIDTests {
  /// A second element with the same id is refused, naming the first.
  @Test func duplicateIDs() {
    #expect(
      SpecDecodingTests.error(
        #"{"type":"stack","id":"a","children":[{"type":"node","id":"b"},{"type":"node","id":"a"}]}"#)
        == #"root.children[1].id: duplicate id "a" (already used at root.id)"#)
  }

  /// Find and replace by id; unknown ids give nil.
  @Test func findAndPatch() throws {
    let e = try SpecDecodingTests.decode(
      #"{"type":"stack","children":[{"type":"inset","child":{"type":"node","id":"n","style":{"width":10,"height":10}}},{"type":"corner","child":{"type":"node"},"corner":{"type":"node","id":"badge"}}]}"#
    )
    #expect(e.element(withID: "n")?.style.width == .points(10))
    var bigger = try #require(e.element(withID: "n"))
    bigger.style.width = .points(40)
    let patched = try #require(e.replacingElement(withID: "n", by: bigger))
    #expect(patched.element(withID: "n")?.style.width == .points(40))
    #expect(patched.element(withID: "badge") == e.element(withID: "badge"))
    #expect(e.replacingElement(withID: "missing", by: bigger) == nil)
    let f = try T.layout(patched, .unconstrained)
    #expect(f.frame("n")?.frame == Rect(0, 0, 40, 10))
  }

  /// A spec's own style ascender is used when it sits in a baseline-aligned row.
  @Test func specAscenderFromStyle() throws {
    let e = try SpecDecodingTests.decode(
      #"{"type":"stack","alignItems":"baselineFirst","children":[{"type":"inset","style":{"ascender":30},"child":{"type":"node","name":"a","style":{"width":10,"height":40}}},{"type":"node","name":"b","style":{"width":10,"height":10,"ascender":10}}]}"#
    )
    let f = try T.layout(e, .unconstrained)
    #expect(T.frame(f, "a") == [0, 0, 10, 40])
    #expect(T.frame(f, "b") == [10, 20, 10, 10])
  }
}

/// Texture's stack alignment shorthands.
@Suite struct StackAlignmentShorthandTests {
  /// On a vertical stack, horizontalAlignment sets alignItems and verticalAlignment sets justifyContent.
  @Test func verticalStack() throws {
    let e = try SpecDecodingTests.decode(
      #"{"type":"stack","direction":"vertical","horizontalAlignment":"right","verticalAlignment":"center"}"#)
    guard case .stack(let s) = e.kind else {
      Issue.record("not a stack")
      return
    }
    #expect(s.alignItems == .end)
    #expect(s.justifyContent == .center)
  }

  /// Combining a shorthand with the property it rewrites is refused; unknown values list the accepted ones.
  @Test func conflictsAndUnknownValues() {
    #expect(
      SpecDecodingTests.error(#"{"type":"stack","justifyContent":"end","horizontalAlignment":"left"}"#)
        == "root.horizontalAlignment: cannot be combined with justifyContent, which it sets")
    #expect(
      SpecDecodingTests.error(#"{"type":"stack","verticalAlignment":"middle"}"#)
        == #"root.verticalAlignment: unknown value "middle" (expected one of "none", "top", "center", "bottom")"#)
  }
}

/// Error order follows the document: an element's own members before its children.
@Suite struct DecodingErrorOrderTests {
  /// The parent's bad style is reported, not the child's bad type.
  @Test func parentBeforeChildren() {
    #expect(
      SpecDecodingTests.error(#"{"type":"stack","style":{"width":-1},"children":[{"type":"grid"}]}"#)
        == "root.style.width: expected a non-negative size, got -1")
  }
}
