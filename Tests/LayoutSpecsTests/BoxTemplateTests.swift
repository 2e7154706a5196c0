import Foundation
import JSONCodec
import LayoutSpecs
import Testing

/// Boxes decoded once, with their spec, into a `BoxTemplate`: layouts match the FORMAT.md frames of the same tree,
/// errors come out of the decoder with their JSON paths, and the element keeps no JSON.
@Suite struct BoxTemplateTests {
  /// The bench tree `feed-cell.json` (Tests/Fixtures/bench).
  static func feedCell(filePath: String = #filePath) throws -> JSONValue {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/bench/feed-cell.json")
    return try JSONParser.parse([UInt8](try Data(contentsOf: url)))
  }

  /// The feed cell's root as a cell spec: `{"type": "box", ...root}`.
  static func feedCellSpec() throws -> JSONValue {
    guard case .object(var root)? = try feedCell()["root"] else { throw LayoutFailure(path: "", message: "no root") }
    root.storage.insert(JSONObject.Member(key: "type", value: .string("box")), at: 0)
    return .object(root)
  }

  /// True when `layout`'s subtree has the positions and sizes of the FRAME `frame`, node by node.
  static func matches(_ layout: Layout, _ frame: JSONValue) -> Bool {
    guard let kids = frame["children"]?.arrayValue, kids.count == layout.children.count,
      frame["left"]?.doubleValue == layout.position.x, frame["top"]?.doubleValue == layout.position.y,
      frame["width"]?.doubleValue == layout.size.width, frame["height"]?.doubleValue == layout.size.height
    else { return false }
    return zip(layout.children, kids).allSatisfy { matches($0, $1) }
  }

  /// The feed cell's frames at 375 pt wide, derived by hand (`Tests/Fixtures/frames/README.md`).
  static func feedCellFrames(filePath: String = #filePath) throws -> JSONValue {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/frames/feed-cell-375.json")
    return try JSONParser.parse([UInt8](try Data(contentsOf: url)))
  }

  /// The feed cell as a box in a cell (decoded once, laid out twice with caching off so the template is replayed
  /// each time) has the hand-derived frames of `feedCellFrames` (375 × 517) and the FORMAT.md frames of the same
  /// bench tree.
  @Test func decodedOnceLaysOutAsTheFixture() throws {
    let element = try SpecDecoder.decode(try Self.feedCellSpec())
    var environment = LayoutEnvironment.standard(scale: 1)
    environment.cachesLayouts = false
    let engine = LayoutEngine(environment: environment)
    let range = SizeRange(min: Size(375, 0), max: Size(375, .infinity))
    let first = try engine.layout(element, in: range)
    let second = try engine.layout(element, in: range)
    #expect(first == second)
    #expect(first.size == Size(375, 517))
    #expect(Self.matches(first, try Self.feedCellFrames()))
    let expected = try FormatCaseLayout.layoutBenchTree(try Self.feedCell())
    #expect(Self.matches(first, expected))
  }

  /// The same box decoded twice gives equal elements; a changed number gives a different one.
  @Test func templatesCompareByContent() throws {
    let a = try SpecDecoder.decode(json: #"{"type":"box","style":{"margin":{"all":2}},"children":[{"type":"node"}]}"#)
    let b = try SpecDecoder.decode(json: #"{"type":"box","style":{"margin":{"all":2}},"children":[{"type":"node"}]}"#)
    let c = try SpecDecoder.decode(json: #"{"type":"box","style":{"margin":{"all":3}},"children":[{"type":"node"}]}"#)
    #expect(a == b)
    #expect(a != c)
  }

  /// Box errors are thrown by the decoder (at insert time on the daemon), with the paths and texts layout used to
  /// give.
  @Test(arguments: [
    (
      #"{"type":"box","children":[{},{"style":{"width":-5}}]}"#, "root.children[1].style.width",
      "expected a non-negative number, got -5"
    ),
    (#"{"type":"box","style":{"colour":"red"}}"#, "root.style.colour", "unknown style property"),
    (
      #"{"type":"box","style":{"margin":{"middle":1}}}"#, "root.style.margin.middle",
      "unknown edge; expected left, top, right, bottom, start, end, horizontal, vertical or all"
    ),
    (
      #"{"type":"box","style":{"padding":{"left":"auto"}}}"#, "root.style.padding.left",
      #"expected a number or "N%", got "auto""#
    ),
    (
      #"{"type":"box","children":[{"measure":{"kind":"image"}}]}"#, "root.children[0].measure.kind",
      #"unknown measure kind "image"; expected "text" or "yoga-text""#
    ),
    (
      #"{"type":"box","children":[{"measure":{"kind":"text","text":"a","font":"ahem"}}]}"#,
      "root.children[0].measure.fontSize", "missing"
    ),
    (
      #"{"type":"box","children":[{"measure":{"kind":"yoga-text","text":"a","fontSize":1},"children":[{}]}]}"#,
      "root.children[0].children", "a node with a measure has no children"
    ),
    (
      #"{"type":"box","style":{"flexDirection":"diagonal"}}"#, "root.style.flexDirection",
      #"unknown value "diagonal"; expected one of "row", "row-reverse", "column", "column-reverse""#
    ),
    (
      #"{"type":"box","children":[{"type":"box","name":false}]}"#, "root.children[0].name",
      "expected a string, got a boolean"
    ),
    (#"{"type":"box","children":[{"type":"text"}]}"#, "root.children[0]", #"missing required member "text""#),
    (#"{"type":"box","children":3}"#, "root.children", "expected an array, got a number"),
  ])
  func errorsAreDecodingErrors(_ json: String, _ path: String, _ message: String) {
    #expect(throws: SpecDecodingError(path: path, message: message)) { try SpecDecoder.decode(json: json) }
  }

  /// A box inside a cell names its full path; the daemon prefixes `params.`.
  @Test func nestedBoxErrorsNameTheirFullPath() {
    #expect(
      throws: SpecDecodingError(
        path: "params.cell.child.style.gap.diagonal", message: "unknown gap; expected row, column or all")
    ) {
      try SpecDecoder.decode(
        try JSONParser.parse(#"{"type":"inset","child":{"type":"box","style":{"gap":{"diagonal":1}}}}"#),
        path: "params.cell")
    }
  }

  /// Whether `value` holds a JSON value anywhere among its stored properties (classes included), `depth` levels down.
  static func holdsJSON(_ value: Any, depth: Int = 12) -> Bool {
    if value is JSONValue || value is JSONObject { return true }
    guard depth > 0 else { return false }
    return Mirror(reflecting: value).children.contains { holdsJSON($0.value, depth: depth - 1) }
  }

  /// The decoded box keeps its template and depth only, no JSON (the request's document can be freed).
  @Test func boxElementHoldsNoJSON() throws {
    let element = try SpecDecoder.decode(try Self.feedCellSpec())
    guard case .box(let box) = element.kind else {
      Issue.record("not a box")
      return
    }
    #expect(!Self.holdsJSON(box))
    #expect(Mirror(reflecting: box).children.map(\.label) == ["template", "depth"])
    #expect(MemoryLayout<BoxElement>.size == 16)
    #expect(box.template.nodes.count == 13)
    #expect(box.template.measuredLeafCount == 7)
    // Arrays are kept without spare capacity beyond what the allocator rounds a request up to (Swift reports the
    // usable size malloc gave as capacity: glibc rounds to 16 bytes, so up to 15 spare bytes; 23 for 22 settings
    // was seen once).
    #expect((box.template.nodes.capacity - box.template.nodes.count) * MemoryLayout<BoxTemplate.Node>.stride < 16)
    let settings = box.template.settings
    #expect((settings.capacity - settings.count) * MemoryLayout.stride(ofValue: settings[0]) < 16)
    // The probe sees JSON where there is some.
    #expect(Self.holdsJSON(JSONObject([("a", .int(1))])))
  }

  /// The longest word is counted in one scan, in Unicode scalars, as `split(separator: " ")` would count it.
  @Test(arguments: [
    "", "a", "hannah banana", "  two  spaces ", "naïve café", "e\u{301}t\u{301}e\u{301} a", "a \u{301}bc",
  ])
  func longestWordMatchesSplit(_ text: String) {
    let split = text.split(separator: " ").map { $0.unicodeScalars.count }.max() ?? 0
    #expect(BoxTextMeasure.longestWordScalars(text) == split)
  }

  /// Long strings kept from a document get storage of their own; short ones are inline anyway.
  @Test func keptStringsAreDetached() {
    var long = String(repeating: "comment ", count: 4)
    let copy = JSONStrings.detached(long)
    #expect(copy == long)
    let original = long.withUTF8 { $0.baseAddress }
    var detached = copy
    #expect(detached.withUTF8 { $0.baseAddress } != original)
    #expect(JSONStrings.detached("short") == "short")
  }
}
