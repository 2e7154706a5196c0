import LayoutSpecs
import Testing

/// `LayoutEnvironment.sizesOnly` (the daemon's height measurement): a box returns the size a full layout has,
/// without its node layouts, and the two kinds of result never answer for each other from the element's cache.
@Suite struct SizesOnlyTests {
  /// Lays `spec` out in a 320-wide cell at scale 2, sizes only or in full.
  static func layout(_ spec: LayoutElement, sizesOnly: Bool) throws -> Layout {
    var environment = LayoutEnvironment.standard(scale: 2)
    environment.sizesOnly = sizesOnly
    let range = SizeRange(min: Size(320, 0), max: Size(320, .greatestFiniteMagnitude))
    return try LayoutEngine(environment: environment).layout(spec, in: range)
  }

  @Test(arguments: [ScratchFlexTreeTests.feedCell, ScratchFlexTreeTests.nested, ScratchFlexTreeTests.wide])
  func sameSizeNoNodeLayouts(json: String) throws {
    let spec = try SpecDecoder.decode(json: json.replacingOccurrences(of: "CAPTION", with: "a caption"))
    let size = try Self.layout(spec, sizesOnly: true)
    let full = try Self.layout(spec, sizesOnly: false)  // same element: its cache holds the sizes-only result
    let again = try Self.layout(spec, sizesOnly: true)
    #expect(size.size == full.size)
    #expect(size.children.isEmpty)
    #expect(!full.children.isEmpty)
    #expect(again == size)
  }
}
