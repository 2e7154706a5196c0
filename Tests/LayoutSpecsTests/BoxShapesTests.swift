import JSONCodec
import LayoutSpecs
import Testing

/// Box templates of equal structure share their node and style-setting arrays (`BoxShapes`), while their texts,
/// and so their layouts, stay their own.
@Suite struct BoxShapesTests {
  /// The feed cell spec with its first text leaf's text replaced by `text` and the root's width by `width`.
  static func feedCell(text: String, width: Double = 375) throws -> JSONValue {
    var json = JSONWriter.string(try BoxTemplateTests.feedCellSpec())
    json = json.replacingOccurrences(of: "hannahmbanana: golden hour", with: text)
    json = json.replacingOccurrences(of: #""width":375"#, with: #""width":\#(width)"#)
    return try JSONParser.parse(Array(json.utf8))
  }

  /// The template of a decoded box cell.
  static func template(_ element: LayoutElement) throws -> BoxTemplate {
    guard case .box(let box) = element.kind else { throw LayoutFailure(path: "", message: "not a box") }
    return box.template
  }

  /// Address of an array's storage.
  static func address<T>(_ array: [T]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  /// Cells differing only in text share structure, keep their own measures and lay out to their own heights.
  @Test func equalStructureIsSharedTextIsNot() throws {
    let short = try SpecDecoder.decode(try Self.feedCell(text: "a"))
    let long = try SpecDecoder.decode(
      try Self.feedCell(text: String(repeating: "long words wrap onto more lines ", count: 8)))
    let a = try Self.template(short)
    let b = try Self.template(long)
    #expect(Self.address(a.nodes) == Self.address(b.nodes))
    #expect(Self.address(a.settings) == Self.address(b.settings))
    #expect(a.measures != b.measures)
    let engine = LayoutEngine(environment: .standard(scale: 1))
    let range = SizeRange(min: Size(375, 0), max: Size(375, .infinity))
    let shortHeight = try engine.layout(short, in: range).size.height
    let longHeight = try engine.layout(long, in: range).size.height
    #expect(longHeight > shortHeight)
  }

  /// A different style is a different structure: nothing is shared.
  @Test func differentStyleIsNotShared() throws {
    let a = try Self.template(try SpecDecoder.decode(try Self.feedCell(text: "a", width: 375)))
    let b = try Self.template(try SpecDecoder.decode(try Self.feedCell(text: "a", width: 320)))
    #expect(Self.address(a.settings) != Self.address(b.settings))
    #expect(a.settings != b.settings)
  }

  /// The table is a cache: it empties at its limit, and arrays handed out before keep their contents.
  @Test func tableEmptiesAtItsLimit() {
    let shapes = BoxShapes(limit: 2)
    let node = BoxTemplate.Node(parent: -1, settingsEnd: 1, content: .box)
    let first = shapes.shared(nodes: [node], settings: [.flexGrow(1)])
    _ = shapes.shared(nodes: [node], settings: [.flexGrow(2)])
    #expect(shapes.count == 2)
    let again = shapes.shared(nodes: [node], settings: [.flexGrow(1)])
    #expect(Self.address(again.settings) == Self.address(first.settings))
    _ = shapes.shared(nodes: [node], settings: [.flexGrow(3)])
    #expect(shapes.count == 1)
    #expect(first.settings == [.flexGrow(1)])
    let fresh = shapes.shared(nodes: [node], settings: [.flexGrow(1)])
    #expect(Self.address(fresh.settings) != Self.address(first.settings))
    #expect(fresh.settings == first.settings)
  }
}
