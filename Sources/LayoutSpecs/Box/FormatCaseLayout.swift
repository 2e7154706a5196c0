import FlexLayout
import JSONCodec

/// Lays out FORMAT.md case objects and bench trees and renders FRAME JSON. Pure; runs on the caller's thread.
///
/// Used by `layoutd layout`, the conformance runner and the benchmark. Layout recursion grows with tree depth;
/// `BoxTreeDecoder.defaultMaxDepth` bounds it and `DeepLayoutRunner` gives deep trees a big enough stack.
package enum FormatCaseLayout {
  /// A layout direction of the root call.
  package enum RootDirection: String, Sendable, CaseIterable {
    /// Left to right.
    case ltr
    /// Right to left.
    case rtl

    /// The engine's direction.
    package var direction: Direction { self == .ltr ? .ltr : .rtl }
  }

  /// A decoded case, ready to lay out (possibly several times).
  package struct Prepared: Sendable {
    /// The decoded tree.
    package var tree: FlexTree
    /// Its root.
    package var root: NodeIndex
    /// Width passed to the root's layout call (NaN = undefined).
    package var availableWidth: Double
    /// Height passed to the root's layout call (NaN = undefined).
    package var availableHeight: Double
    /// Engine settings of the case.
    package var config: LayoutConfig
    /// Number of measured leaves.
    package var measuredLeafCount: Int
    /// Yoga errata/experiments the case names.
    package var switches: [String]
    /// Deepest node nesting (root = 1).
    package var depth: Int

    /// Lays the tree out with the root in `direction`; trees deeper than `DeepLayoutRunner.inlineDepthLimit`
    /// are laid out on a thread with a big enough stack (the caller waits).
    package mutating func layout(_ direction: RootDirection) {
      if depth <= DeepLayoutRunner.inlineDepthLimit {
        layoutInline(direction)
        return
      }
      let moved = self
      self = DeepLayoutRunner.run(depth: depth) {
        var copy = moved
        copy.layoutInline(direction)
        return copy
      }
    }

    /// Lays the tree out on the calling thread (needs about 1.7 KiB of stack per level in release builds,
    /// 4.6 KiB in debug builds).
    package mutating func layoutInline(_ direction: RootDirection) {
      tree.calculateLayout(
        root: root, availableWidth: availableWidth, availableHeight: availableHeight, direction: direction.direction,
        config: config)
    }

    /// The FRAME of the root after `layout`.
    package func frames() -> JSONValue { FormatCaseLayout.frameJSON(tree, root) }
  }

  /// Decodes a CASE object (`root`, `available`, `defaults`, `config`; other members ignored).
  package static func prepareCase(_ value: JSONValue, maxDepth: Int = BoxTreeDecoder.defaultMaxDepth)
    throws(SpecDecodingError) -> Prepared
  {
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: "", message: "expected an object, got \(value.kindDescription)")
    }
    var defaults = BoxDefaults.yoga
    if let d = object["defaults"] {
      guard case .string(let s) = d, let parsed = BoxDefaults(rawValue: s) else {
        throw SpecDecodingError(path: "defaults", message: "expected \"yoga\" or \"css\", got \(describe(d))")
      }
      defaults = parsed
    }
    var scale = 1.0
    var switches: [String] = []
    if let c = object["config"], !c.isNull {
      guard case .object(let config) = c else {
        throw SpecDecodingError(path: "config", message: "expected an object, got \(c.kindDescription)")
      }
      if let f = config["pointScaleFactor"] {
        scale = try BoxStyleDecoder.number(f, "config.pointScaleFactor", nonNegative: true)
      }
      for key in ["errata", "experiments"] {
        guard let list = config[key], !list.isNull else { continue }
        guard case .array(let items) = list else {
          throw SpecDecodingError(path: "config.\(key)", message: "expected an array, got \(list.kindDescription)")
        }
        for (i, item) in items.enumerated() {
          guard case .string(let name) = item else {
            throw SpecDecodingError(
              path: "config.\(key)[\(i)]", message: "expected a string, got \(item.kindDescription)")
          }
          switches.append(name)
        }
      }
    }
    return try prepare(object, defaults: defaults, scale: scale, switches: switches, maxDepth: maxDepth)
  }

  /// Decodes a bench tree `{"available": {...}, "root": NODE}` (Yoga defaults, scale factor 1).
  package static func prepareBenchTree(_ value: JSONValue, maxDepth: Int = BoxTreeDecoder.defaultMaxDepth)
    throws(SpecDecodingError) -> Prepared
  {
    guard case .object(let object) = value else {
      throw SpecDecodingError(path: "", message: "expected an object, got \(value.kindDescription)")
    }
    return try prepare(object, defaults: .yoga, scale: 1, switches: [], maxDepth: maxDepth)
  }

  /// (a) Lays out one CASE object with the root in `direction` and returns its FRAME.
  package static func layoutCase(_ value: JSONValue, direction: RootDirection) throws(SpecDecodingError) -> JSONValue {
    var prepared = try prepareCase(value)
    prepared.layout(direction)
    return prepared.frames()
  }

  /// (c) Lays out a bench tree (`{"available": {...}, "root": NODE}`, Yoga defaults) LTR and returns its FRAME.
  package static func layoutBenchTree(_ value: JSONValue) throws(SpecDecodingError) -> JSONValue {
    var prepared = try prepareBenchTree(value)
    prepared.layout(.ltr)
    return prepared.frames()
  }

  /// Shared part of the two decoders: `available` and `root`.
  private static func prepare(
    _ object: JSONObject, defaults: BoxDefaults, scale: Double, switches: [String], maxDepth: Int
  ) throws(SpecDecodingError) -> Prepared {
    var width = Double.nan
    var height = Double.nan
    if let a = object["available"], !a.isNull {
      guard case .object(let available) = a else {
        throw SpecDecodingError(path: "available", message: "expected an object, got \(a.kindDescription)")
      }
      if let w = available["width"], !w.isNull {
        width = try BoxStyleDecoder.number(w, "available.width", nonNegative: true)
      }
      if let h = available["height"], !h.isNull {
        height = try BoxStyleDecoder.number(h, "available.height", nonNegative: true)
      }
    }
    guard let rootValue = object["root"] else { throw SpecDecodingError(path: "root", message: "missing") }
    let template = try BoxTreeDecoder(defaults: defaults, maxDepth: maxDepth).decode(rootValue, path: "root")
    // Without an embedder a template has no embedded elements.
    let tree = try template.makeTree(base: "root") { _, _ in
      BoxMeasureDecoder.Leaf(measure: { _, _ in FlexLayout.Size(width: 0, height: 0) })
    }
    return Prepared(
      tree: tree, root: 0, availableWidth: width, availableHeight: height,
      config: defaults.layoutConfig(pointScaleFactor: scale), measuredLeafCount: template.measuredLeafCount,
      switches: switches, depth: template.depth)
  }

  /// The FRAME JSON of `node`'s subtree (children in order, `display: none` ones as zeros). Iterative.
  package static func frameJSON(_ tree: FlexTree, _ node: NodeIndex) -> JSONValue {
    // Post-order with an explicit stack: (node, children done?).
    var stack: [(NodeIndex, Bool)] = [(node, false)]
    var built: [JSONValue] = []
    while let (n, expanded) = stack.popLast() {
      let children = tree.children(of: n)
      if !expanded {
        stack.append((n, true))
        for c in children.reversed() { stack.append((c, false)) }
        continue
      }
      let kids = Array(built[(built.count - children.count)...])
      built.removeLast(children.count)
      let f = tree.frame(of: n)
      var object = JSONObject()
      object["left"] = number(f.left)
      object["top"] = number(f.top)
      object["width"] = number(f.width)
      object["height"] = number(f.height)
      object["children"] = .array(kids)
      built.append(.object(object))
    }
    return built.last ?? .null
  }

  /// A frame value as JSON: integral values as integers, NaN as 0.
  private static func number(_ d: Double) -> JSONValue {
    if d.isNaN { return .int(0) }
    if d == d.rounded() && abs(d) < 1e15 { return .int(Int64(d)) }
    return .double(d)
  }

  /// A short rendering of a JSON value for messages.
  private static func describe(_ value: JSONValue) -> String {
    if case .string(let s) = value { return "\"\(s)\"" }
    return value.kindDescription
  }
}

extension FormatCaseLayout.Prepared {
  /// Number of nodes in the tree.
  package var nodeCount: Int { tree.count }
  /// Measure-function calls made by all layouts of this tree so far.
  package var measureCalls: Int { tree.measureCalls }
  /// Marks every node dirty and clears every cache, so the next layout does all the work again.
  package mutating func invalidateAll() { tree.markAllDirty() }
}

extension FormatCaseLayout.Prepared {
  /// Lays the tree out once LTR with stack measurement on and returns the stack bytes the recursion used.
  package mutating func measureStackBytes() -> Int {
    var probing = config
    probing.measuresStack = true
    tree.markAllDirty()
    tree.calculateLayout(
      root: root, availableWidth: availableWidth, availableHeight: availableHeight, direction: .ltr, config: probing)
    return tree.lastStackBytes
  }
}
