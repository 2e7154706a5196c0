import FlexLayout
import JSONCodec
import Synchronization

/// Lays out a Yoga-style flex box inside a cell spec (`LayoutEnvironment.layoutBox`), the way Texture's Yoga
/// integration does. Pure; runs on the caller's thread.
///
/// The box's tree is a FORMAT.md NODE tree with Yoga defaults. A child object whose `type` is not `"box"` is a
/// Texture element (text, node, image, stack, …) decoded with `SpecDecoder` and embedded as a measured leaf: each
/// measure offer becomes a `SizeRange` (exactly `w` → [w, w], at most `w` → [0, w], undefined → [0, ∞)) and the
/// element is laid out with `LayoutEngine`; at the end every embedded element is laid out again at its final size
/// so its sub-layout is in the result. The box's range maps to the available size (`range.max`, undefined when
/// ≥ 10,000,000 or infinite) and the box's size is clamped into the range.
///
/// Depth: an element's depth is one more than the number of `.` in its JSON path (every nesting level adds one
/// path member); box nodes and embedded elements may nest no deeper than `environment.maxDepth` in all.
package enum FlexBoxLayouter {
  /// The layouter `LayoutEnvironment.standard` installs.
  package static let standard: LayoutEnvironment.BoxLayouter = {
    (box: BoxElement, range: SizeRange, parentSize: Size, environment: LayoutEnvironment) throws(LayoutFailure)
      -> Layout in
    try layout(box, range: range, environment: environment)
  }

  /// An embedded Texture element, the JSON path it was found at and the environment it is laid out in.
  private struct Embedded: Sendable {
    /// The decoded element, with the percentage sizes handed to its flex node removed.
    var element: LayoutElement
    /// Its absolute JSON path.
    var path: String
    /// Its environment (depth budget, inherited direction).
    var environment: LayoutEnvironment
  }

  /// The first failure of a measure callback (callbacks cannot throw), read after the flex layout.
  private final class FailureSlot: Sendable {
    /// The first failure recorded.
    let first = Mutex<LayoutFailure?>(nil)

    /// Keeps `failure` unless one is already recorded.
    func record(_ failure: LayoutFailure) {
      first.withLock { if $0 == nil { $0 = failure } }
    }
  }

  /// Lays `box` out in `range`; failures carry paths relative to the box (e.g. `.children[1].text`).
  package static func layout(_ box: BoxElement, range: SizeRange, environment: LayoutEnvironment)
    throws(LayoutFailure) -> Layout
  {
    let relative = { (absolute: String) -> String in
      absolute.hasPrefix(box.path) ? String(absolute.dropFirst(box.path.count)) : absolute
    }
    let budget = environment.maxDepth - nestingDepth(box.path) + 1
    guard budget >= 1 else {
      throw LayoutFailure(path: "", message: "nesting deeper than the maximum of \(environment.maxDepth) elements")
    }
    let slot = FailureSlot()
    var embedded: [Embedded] = []
    let decoded: BoxTreeDecoder.Result
    let direction: Direction = environment.rightToLeft ? .rtl : .ltr
    do {
      decoded = try BoxTreeDecoder(defaults: .yoga, maxDepth: budget).decode(
        .object(box.json), path: box.path, direction: direction
      ) { (object: JSONObject, path: String, direction: Direction) throws(SpecDecodingError) in
        let made = try embed(object, path: path, direction: direction, environment: environment, slot: slot)
        embedded.append(made.embedded)
        return (made.style, made.leaf)
      }
    } catch {
      throw LayoutFailure(path: relative(error.path), message: error.message)
    }
    var tree = decoded.tree
    tree.calculateLayout(
      root: decoded.root, availableWidth: available(range.max.width), availableHeight: available(range.max.height),
      direction: direction, config: BoxDefaults.yoga.layoutConfig(pointScaleFactor: environment.scale))
    if let failure = slot.first.withLock({ $0 }) {
      throw LayoutFailure(path: relative(failure.path), message: failure.message)
    }
    var finals: [NodeIndex: Layout] = [:]
    for (node, item) in zip(decoded.embeddedNodes, embedded) {
      let f = tree.frame(of: node)
      var l: Layout
      do {
        l = try LayoutEngine(environment: item.environment)
          .layout(item.element, in: SizeRange(exactly: Size(f.width, f.height)), path: item.path)
      } catch {
        throw LayoutFailure(path: relative(error.path), message: error.message)
      }
      // Inside a right-to-left box, Texture content is mirrored within its frame.
      if item.environment.rightToLeft { l = l.mirroredContent() }
      l.position = Point(f.left, f.top)
      finals[node] = l
    }
    var root = assemble(tree, decoded.root, finals, decoded.labels)
    root.size = range.clamp(root.size)
    root.position = .zero
    return root
  }

  /// The layout of `node`'s subtree: box nodes as `box` layouts (with their `id` and `name` from `labels`),
  /// embedded elements from `finals`. Iterative.
  private static func assemble(
    _ tree: FlexTree, _ node: NodeIndex, _ finals: [NodeIndex: Layout], _ labels: [NodeIndex: BoxTreeDecoder.Label]
  ) -> Layout {
    var stack: [(NodeIndex, Bool)] = [(node, false)]
    var built: [Layout] = []
    while let (n, expanded) = stack.popLast() {
      if let final = finals[n] {
        built.append(final)
        continue
      }
      let children = tree.children(of: n)
      if !expanded {
        stack.append((n, true))
        for c in children.reversed() { stack.append((c, false)) }
        continue
      }
      let kids = Array(built[(built.count - children.count)...])
      built.removeLast(children.count)
      let f = tree.frame(of: n)
      let label = labels[n]
      built.append(
        Layout(
          type: "box", id: label?.id, name: label?.name, size: Size(zeroIfNaN(f.width), zeroIfNaN(f.height)),
          position: Point(f.left, f.top), children: kids))
    }
    return built.last ?? Layout(type: "box", size: .zero)
  }

  /// Decodes the Texture element `object` at `path`, inside a box node laid out in `direction`, and makes its
  /// flex style and measure leaf. Its percentage sizes move to the flex style (Yoga resolves them against the
  /// box's content box) and are removed from the element that is measured, so they apply once.
  private static func embed(
    _ object: JSONObject, path: String, direction: Direction, environment: LayoutEnvironment, slot: FailureSlot
  ) throws(SpecDecodingError) -> (embedded: Embedded, style: Style, leaf: BoxMeasureDecoder.Leaf) {
    let allowed = environment.maxDepth - nestingDepth(path) + 1
    guard allowed >= 1 else {
      throw SpecDecodingError(
        path: path, message: "nesting deeper than the maximum of \(environment.maxDepth) elements")
    }
    let decoded = try SpecDecoder.decode(
      .object(object), path: path, limits: SpecDecoder.Limits(maxDepth: allowed))
    var directed = decoded.environment(from: environment, path: path)
    directed.rightToLeft = direction == .rtl
    let inner = directed
    let (element, style) = flexItem(decoded)
    let measure: MeasureFunction = { width, height in
      let range = SizeRange(min: Size(low(width), low(height)), max: Size(high(width), high(height)))
      do throws(LayoutFailure) {
        let l = try LayoutEngine(environment: inner).layout(element, in: range, path: path)
        return FlexLayout.Size(width: l.size.width, height: l.size.height)
      } catch {
        slot.record(error)
        return FlexLayout.Size(width: 0, height: 0)
      }
    }
    var baseline: BaselineFunction?
    if case .text = element.kind {
      baseline = { width, height in
        let l = try? LayoutEngine(environment: inner).layout(
          element, in: SizeRange(exactly: Size(width, height)), path: path)
        return l?.ascender ?? height
      }
    }
    return (
      Embedded(element: element, path: path, environment: inner), style,
      BoxMeasureDecoder.Leaf(measure: measure, baseline: baseline, minContentWidth: nil)
    )
  }

  /// Splits an embedded element into the element to measure and its flex item style: the flex properties of
  /// `flexStyle(of:)`, plus its percentage width, height, min and max as Yoga percentages, which the element then
  /// drops (they would otherwise resolve again against the measure offer).
  static func flexItem(_ element: LayoutElement) -> (element: LayoutElement, style: Style) {
    var flex = flexStyle(of: element.style)
    var own = element.style
    /// Moves a fraction from `dimension` to the flex length `length`.
    func move(_ dimension: inout Dimension, _ length: inout Length) {
      guard case .fraction(let f) = dimension else { return }
      length = .pct(f * 100)
      dimension = .auto
    }
    move(&own.width, &flex.width)
    move(&own.height, &flex.height)
    move(&own.minWidth, &flex.minWidth)
    move(&own.maxWidth, &flex.maxWidth)
    move(&own.minHeight, &flex.minHeight)
    move(&own.maxHeight, &flex.maxHeight)
    guard own != element.style else { return (element, flex) }
    var stripped = element
    stripped.style = own
    return (stripped, flex)
  }

  /// The flex item properties a Texture style carries over to its flex node (Yoga defaults otherwise).
  static func flexStyle(of style: ElementStyle) -> Style {
    var s = Style()
    if style.flexGrow > 0 { s.flexGrow = style.flexGrow }
    if style.flexShrink > 0 { s.flexShrink = style.flexShrink }
    switch style.alignSelf {
    case .auto: s.alignSelf = .auto
    case .start: s.alignSelf = .flexStart
    case .end: s.alignSelf = .flexEnd
    case .center: s.alignSelf = .center
    case .stretch: s.alignSelf = .stretch
    }
    return s
  }

  /// Nesting depth of the element at a JSON path: 1 + the number of `.` members.
  static func nestingDepth(_ path: String) -> Int { 1 + path.utf8.reduce(0) { $1 == UInt8(ascii: ".") ? $0 + 1 : $0 } }

  /// Available size for a range maximum: NaN (undefined) when infinite or ≥ 10,000,000.
  static func available(_ max: Double) -> Double { PointValidity.isValidForSize(max) ? max : .nan }

  /// Minimum of a measure offer's range.
  private static func low(_ offer: AxisOffer) -> Double {
    offer.mode == .exactly && offer.size.isFinite ? Swift.max(0, offer.size) : 0
  }

  /// Maximum of a measure offer's range.
  private static func high(_ offer: AxisOffer) -> Double {
    offer.mode != .undefined && offer.size.isFinite ? Swift.max(0, offer.size) : .infinity
  }

  /// NaN as 0.
  private static func zeroIfNaN(_ v: Double) -> Double { v.isNaN ? 0 : v }
}

extension LayoutElement {
  /// The environment an embedded element found at `path` is laid out in: depth limited so that the whole nesting
  /// stays within `environment.maxDepth`.
  fileprivate func environment(from environment: LayoutEnvironment, path: String) -> LayoutEnvironment {
    var inner = environment
    inner.maxDepth = Swift.max(1, environment.maxDepth - FlexBoxLayouter.nestingDepth(path) + 1)
    return inner
  }
}
