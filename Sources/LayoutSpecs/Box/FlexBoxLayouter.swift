import FlexLayout
import Synchronization

/// Lays out a Yoga-style flex box inside a cell spec (`LayoutEnvironment.layoutBox`), the way Texture's Yoga
/// integration does. Pure; runs on the caller's thread.
///
/// The box was decoded once into a `BoxTemplate` (Yoga defaults) when its spec was; each layout builds a flex
/// tree from it. A Texture element inside the box (text, node, image, stack, …) is a measured leaf: each measure
/// offer becomes a `SizeRange` (exactly `w` → [w, w], at most `w` → [0, w], undefined → [0, ∞)) and the element
/// is laid out with `LayoutEngine` (its own layout cache answers repeated offers); at the end every embedded
/// element is laid out again at its final size so its sub-layout is in the result. The box's range maps to the
/// available size (`range.max`, undefined when ≥ 10,000,000 or infinite) and the box's size is clamped into the
/// range.
///
/// Depth: box nodes and embedded elements count on from the box element's own depth; all of them may nest no
/// deeper than `environment.maxDepth` (the decoder checked its own limit; a stricter environment is checked here).
package enum FlexBoxLayouter {
  /// The layouter `LayoutEnvironment.standard` installs.
  package static let standard: LayoutEnvironment.BoxLayouter = {
    (box: BoxElement, range: SizeRange, parentSize: Size, environment: LayoutEnvironment) throws(LayoutFailure)
      -> Layout in
    try layout(box, range: range, environment: environment)
  }

  /// An embedded Texture element's flex node and the environment it is laid out in.
  private struct Embedded: Sendable {
    /// Its flex (and template) node.
    var node: NodeIndex
    /// The element, with the percentage sizes handed to its flex node removed.
    var element: LayoutElement
    /// Its environment (depth budget, inherited direction).
    var environment: LayoutEnvironment
  }

  /// The first failure of a measure callback (callbacks cannot throw), read after the flex layout.
  private final class FailureSlot: Sendable {
    /// The first failure recorded, with the node whose element failed (path relative to that element).
    let first = Mutex<(node: NodeIndex, failure: LayoutFailure)?>(nil)

    /// Keeps `failure` of `node` unless one is already recorded.
    func record(_ node: NodeIndex, _ failure: LayoutFailure) {
      first.withLock { if $0 == nil { $0 = (node, failure) } }
    }
  }

  /// Lays `box` out in `range`; failures carry paths relative to the box (e.g. `.children[1].text`).
  package static func layout(_ box: BoxElement, range: SizeRange, environment: LayoutEnvironment)
    throws(LayoutFailure) -> Layout
  {
    let template = box.template
    try checkDepth(box, environment: environment)
    let slot = FailureSlot()
    var embedded: [Embedded] = []
    let direction: Direction = environment.rightToLeft ? .rtl : .ltr
    var tree = ScratchFlexTree.take()
    defer { ScratchFlexTree.giveBack(&tree) }
    do {
      try template.build(into: &tree, base: "") { index, node in
        let made = embed(
          template.embedded[index], node: node, box: box, direction: direction, environment: environment, slot: slot)
        embedded.append(made.embedded)
        return made.leaf
      }
    } catch {
      throw LayoutFailure(path: error.path, message: error.message)
    }
    tree.calculateLayout(
      root: 0, availableWidth: available(range.max.width), availableHeight: available(range.max.height),
      direction: direction, config: BoxDefaults.yoga.layoutConfig(pointScaleFactor: environment.scale))
    if let (node, failure) = slot.first.withLock({ $0 }) {
      throw LayoutFailure(path: template.path(of: Int(node), base: "") + failure.path, message: failure.message)
    }
    var finals: [NodeIndex: Layout] = [:]
    for item in embedded {
      let f = tree.frame(of: item.node)
      var l: Layout
      do {
        l = try LayoutEngine(environment: item.environment)
          .layout(item.element, in: SizeRange(exactly: Size(f.width, f.height)), path: "")
      } catch {
        throw LayoutFailure(path: template.path(of: Int(item.node), base: "") + error.path, message: error.message)
      }
      // Inside a right-to-left box, Texture content is mirrored within its frame.
      if item.environment.rightToLeft { l = l.mirroredContent() }
      l.position = Point(f.left, f.top)
      finals[item.node] = l
    }
    // Sizes only: the embedded elements above were still laid out at their final sizes, so that a box fails
    // exactly when its full layout would; only the assembly of the node layouts is skipped.
    if environment.sizesOnly {
      let f = tree.frame(of: 0)
      return Layout(type: "box", size: range.clamp(Size(zeroIfNaN(f.width), zeroIfNaN(f.height))))
    }
    var root = assemble(tree, 0, finals, template.labels)
    root.size = range.clamp(root.size)
    root.position = .zero
    return root
  }

  /// Refuses a box whose nodes nest deeper than `environment.maxDepth` allows below the box element (only an
  /// environment stricter than the decoder's limits can): the same errors the decoder gives.
  private static func checkDepth(_ box: BoxElement, environment: LayoutEnvironment) throws(LayoutFailure) {
    let budget = environment.maxDepth - box.depth + 1
    guard budget >= 1 else {
      throw LayoutFailure(path: "", message: "nesting deeper than the maximum of \(environment.maxDepth) elements")
    }
    if let node = box.template.firstNode(deeperThan: budget) {
      throw LayoutFailure(
        path: box.template.path(of: node, base: ""), message: "nodes nest deeper than the limit of \(budget) levels")
    }
  }

  /// The layout of `node`'s subtree: box nodes as `box` layouts (with their `id` and `name` from `labels`),
  /// embedded elements from `finals`. Iterative.
  private static func assemble(
    _ tree: FlexTree, _ node: NodeIndex, _ finals: [NodeIndex: Layout], _ labels: [Int32: BoxTemplate.Label]
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

  /// The measure leaf of embedded element `item` at flex node `node`, inside a box node laid out in `direction`
  /// (`.inherit` items take the box's), with the environment it is laid out in.
  private static func embed(
    _ item: BoxTemplate.Embedded, node: NodeIndex, box: BoxElement, direction: Direction,
    environment: LayoutEnvironment, slot: FailureSlot
  ) -> (embedded: Embedded, leaf: BoxMeasureDecoder.Leaf) {
    var directed = environment
    // The element's own nesting depth in the whole spec bounds what it may hold.
    directed.maxDepth = Swift.max(1, environment.maxDepth - (box.depth + Int(item.depth) - 1) + 1)
    directed.rightToLeft = (item.direction == .inherit ? direction : item.direction) == .rtl
    let inner = directed
    let element = item.element
    let measure: MeasureFunction = { width, height in
      let range = SizeRange(min: Size(low(width), low(height)), max: Size(high(width), high(height)))
      do throws(LayoutFailure) {
        let l = try LayoutEngine(environment: inner).layout(element, in: range, path: "")
        return FlexLayout.Size(width: l.size.width, height: l.size.height)
      } catch {
        slot.record(node, error)
        return FlexLayout.Size(width: 0, height: 0)
      }
    }
    var baseline: BaselineFunction?
    if case .text = element.kind {
      baseline = { width, height in
        let l = try? LayoutEngine(environment: inner).layout(
          element, in: SizeRange(exactly: Size(width, height)), path: "")
        return l?.ascender ?? height
      }
    }
    return (
      Embedded(node: node, element: element, environment: inner),
      BoxMeasureDecoder.Leaf(measure: measure, baseline: baseline, minContentWidth: nil)
    )
  }

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
