/// What a layout needs from outside this module: the pixel scale and the measurers of text and flex boxes.
///
/// Closures must be pure and thread-safe: layouts run on concurrent layout queues.
package struct LayoutEnvironment: Sendable {
  /// Measures a text leaf inside a resolved size range (contract: `TextMeasurement`). Nil: text leaves fail.
  package typealias TextMeasurer = @Sendable (TextLeaf, SizeRange) throws(LayoutFailure) -> TextMeasurement
  /// Lays out a flex box inside a resolved size range with the given parent size (NaN = undefined); the result's
  /// `size` must lie in the range and its children are positioned relative to the box.
  package typealias BoxLayouter =
    @Sendable (BoxElement, SizeRange, Size, LayoutEnvironment) throws(LayoutFailure) -> Layout

  /// Deepest element nesting a layout accepts (default: the decoder's `SpecDecoder.Limits.defaultMaxDepth`, which
  /// keeps layout recursion well inside a 512 KiB worker stack).
  package var maxDepth: Int = SpecDecoder.Limits.defaultMaxDepth
  /// Screen scale for pixel rounding (Texture's `ASScreenScale()`), 1, 2 or 3.
  package var scale: Double
  /// Text measurement; nil means a text leaf is an error.
  package var measureText: TextMeasurer? { didSet { cacheDomain = LayoutCacheDomain() } }
  /// Box layout; nil means a box element is an error.
  package var layoutBox: BoxLayouter? { didSet { cacheDomain = LayoutCacheDomain() } }
  /// The inline direction boxes inherit: with true, a box whose `direction` is `inherit` lays out right to left,
  /// and Texture elements inside right-to-left boxes are mirrored within their frames (as `flattened` mirrors a
  /// whole cell). False (left to right) by default; set by the box layouter for elements inside RTL boxes.
  package var rightToLeft = false
  /// Whether layouts are cached per element and reused for the same request (Texture's calculated layout); on by
  /// default. Off while `observeLeafRange` is set, since cached answers skip the leaves.
  package var cachesLayouts = true
  /// True when the caller reads only the size of the root layout (the daemon measuring a cell's height): a box
  /// then returns its size without assembling the layouts of its nodes. Such layouts are cached apart from full
  /// ones (setting this renews `cacheDomain`).
  package var sizesOnly = false { didSet { cacheDomain = LayoutCacheDomain() } }
  /// Identity of this environment's measurers in element layout caches; copies share it, setting a measurer
  /// renews it.
  package private(set) var cacheDomain = LayoutCacheDomain()
  /// Called with every leaf (node, text, image) and the size range its parent passes to it, before the leaf's
  /// style is applied, in call order (for tests and diagnostics; nil = no tracing).
  package var observeLeafRange: (@Sendable (LayoutElement, SizeRange) -> Void)?

  /// An environment with this scale and these measurers.
  package init(scale: Double = 2, measureText: TextMeasurer? = nil, layoutBox: BoxLayouter? = nil) {
    self.scale = scale
    self.measureText = measureText
    self.layoutBox = layoutBox
  }
}
