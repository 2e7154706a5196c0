import FlexLayout
import JSONCodec

/// Decodes a cell spec that is a `box` made of box nodes straight from validated JSON bytes, front to back with a
/// `JSONCursor`, building only the values the box keeps or checks (style values, measures, labels) instead of the
/// whole JSON tree first. Pure (apart from `BoxShapes`).
///
/// A fast path, not a second decoder: it follows `SpecDecoder.element` → `BoxElement(decoding:)` →
/// `BoxTreeDecoder.decode` step by step and calls the same value decoders, and it gives up (nil) wherever that path
/// would throw and wherever the cell is anything else: another element type, an embedded Texture element, a key
/// written with escapes or given twice, a member a box node does not have, a node's `style` after its children,
/// nesting beyond 64. The caller then
/// decodes the cell the ordinary way, which gives the result or the error, so errors always come from one place.
/// Tests check that both give equal elements.
package enum ScannedBoxCell {
  /// Deepest box node nesting taken here (the path recurses once per level).
  static let maxNesting = 64

  /// The element the ordinary decode gives for the cell at the cursor (nesting depth 1, within `limits`), with the
  /// cursor after it; or nil (the cursor is then anywhere).
  package static func decode(_ cursor: inout JSONCursor, limits: SpecDecoder.Limits) -> LayoutElement? {
    // SpecDecoder.element: depth and element count of the root; its type, id, name and Texture style.
    guard limits.maxDepth >= 1, limits.maxElements >= 1 else { return nil }
    var parts = Parts(maxDepth: min(limits.maxDepth, maxNesting))
    var own = JSONObject()
    guard node(&cursor, parent: -1, depth: 1, into: &parts, root: &own) else { return nil }
    guard var element = try? SpecDecoder.boxElement(Fields(own, "")) else { return nil }
    let shape = BoxShapes.shared.shared(nodes: parts.nodes, settings: parts.settings)
    let template = BoxTemplate(
      defaults: .yoga, nodes: shape.nodes, settings: shape.settings, measures: parts.measures, embedded: [],
      labels: parts.labels, depth: parts.deepest)
    element.kind = .box(BoxElement(template: template, depth: 1))
    return element
  }

  /// The template being built (as `BoxTreeDecoder`'s).
  private struct Parts {
    var nodes: [BoxTemplate.Node] = []
    var settings: [BoxStyleSetting] = []
    var measures: [BoxTextMeasure] = []
    var labels: [Int32: BoxTemplate.Label] = [:]
    var deepest = 0
    let maxDepth: Int

    init(maxDepth: Int) {
      self.maxDepth = maxDepth
      nodes.reserveCapacity(16)
      settings.reserveCapacity(32)
    }
  }

  /// Decodes the node at the cursor (and, in document order, its children) into `parts`; `root` collects the
  /// root's `style`, `id` and `name` for `SpecDecoder.boxElement` (unused below the root). False: give up.
  private static func node(
    _ c: inout JSONCursor, parent: Int32, depth: Int, into parts: inout Parts, root: inout JSONObject
  ) -> Bool {
    let here = parts.nodes.count
    parts.nodes.append(BoxTemplate.Node(parent: parent, settingsEnd: Int32(parts.settings.count), content: .box))
    guard depth <= parts.maxDepth, c.enterObject() else { return false }
    parts.deepest = max(parts.deepest, depth)
    let isRoot = parent < 0
    var seen: UInt8 = 0  // a bit per key read
    var label = BoxTemplate.Label()
    var isBox = false
    var measured = false
    var children = 0
    var first = true
    while true {
      let key: Key
      switch c.nextMember(first: first) {
      case .failed: return false
      case .end:
        // The root's type is required; a measured node has no children.
        guard isBox || !isRoot, !(measured && children > 0) else { return false }
        if label.id != nil || label.name != nil { parts.labels[Int32(here)] = label }
        return true
      case .key(let bytes): key = Key(bytes)
      }
      first = false
      if key != .other {
        let bit: UInt8 = 1 << key.rawValue
        guard seen & bit == 0 else { return false }  // a duplicate: the last would count
        seen |= bit
      }
      switch key {
      case .type:
        // A child with another type is an embedded Texture element.
        guard case .string("box")? = c.value() else { return false }
        isBox = true
      case .style:
        guard children == 0, style(&c, isRoot: isRoot, into: &parts, root: &root) else { return false }
        parts.nodes[here].settingsEnd = Int32(parts.settings.count)
      case .measure:
        if c.consumeNull() { continue }
        guard let value = c.value(), let measure = try? BoxMeasureDecoder.decode(value, path: "") else { return false }
        parts.measures.append(measure)
        parts.nodes[here].content = .measured(Int32(parts.measures.count - 1))
        measured = true
      case .id, .name:
        if c.consumeNull() { continue }
        guard case .string(let text)? = c.value() else { return false }
        if key == .id { label.id = JSONStrings.detached(text) } else { label.name = JSONStrings.detached(text) }
        if isRoot { root[key == .id ? "id" : "name"] = .string(text) }
      case .children:
        if c.consumeNull() { continue }
        guard c.enterArray() else { return false }
        var firstChild = true
        while true {
          guard let more = c.nextElement(first: firstChild) else { return false }
          if !more { break }
          firstChild = false
          children += 1
          guard node(&c, parent: Int32(here), depth: depth + 1, into: &parts, root: &root) else { return false }
        }
      case .other:
        return false  // an unknown member: the ordinary decoder refuses it
      }
    }
  }

  /// A node's `style` object at the cursor, appended to `parts.settings` as `BoxStyleDecoder.decode` does; the
  /// root's is also kept whole in `root` (its sizes are the box's Texture style too).
  private static func style(_ c: inout JSONCursor, isRoot: Bool, into parts: inout Parts, root: inout JSONObject)
    -> Bool
  {
    if isRoot {
      guard let value = c.value(), (try? BoxStyleDecoder.decode(value, path: "", into: &parts.settings)) != nil else {
        return false
      }
      root["style"] = value
      return true
    }
    guard c.enterObject() else { return false }
    var direction = Direction.inherit
    var first = true
    while true {
      switch c.nextMember(first: first) {
      case .failed: return false
      case .end: return true
      case .key(let bytes):
        first = false
        guard let value = c.value() else { return false }
        do throws(SpecDecodingError) {
          try BoxStyleDecoder.member(
            String(decoding: bytes, as: UTF8.self), value, path: "", into: &parts.settings, direction: &direction)
        } catch {
          return false
        }
      }
    }
  }

  /// A member name the decoder reads, from its bytes.
  private enum Key: UInt8 {
    case type, style, measure, children, id, name, other

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
      switch bytes.count {
      case 2: self = Key.equal(bytes, "id") ? .id : .other
      case 4: self = Key.equal(bytes, "type") ? .type : Key.equal(bytes, "name") ? .name : .other
      case 5: self = Key.equal(bytes, "style") ? .style : .other
      case 7: self = Key.equal(bytes, "measure") ? .measure : .other
      case 8: self = Key.equal(bytes, "children") ? .children : .other
      default: self = .other
      }
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
      let p = text.utf8Start
      for i in 0..<text.utf8CodeUnitCount where bytes[i] != p[i] { return false }
      return true
    }
  }
}
