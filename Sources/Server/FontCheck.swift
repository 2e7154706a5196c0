import JSONCodec
import JSONRPC
import LayoutSpecs
import Typography

/// Refuses a decoded cell that names a font family that is not installed (a text leaf's `fontFamily`, a box text
/// measure's `font`): -32602 naming the JSON path of the first such member in document order and the family,
/// listing the installed families closest to it. Thread-safe (immutable).
struct FontCheck: Sendable {
  /// Where families are looked up.
  let registry: FontRegistry
  /// The available families, lowercased, read once (a family registered later is looked up in the registry).
  let known: Set<String>

  /// A check against `registry`'s families.
  init(registry: FontRegistry) {
    self.registry = registry
    known = Set(registry.families().map { $0.lowercased() })
  }

  /// True when `family` is available.
  func isKnown(_ family: String) -> Bool {
    known.contains(family.lowercased()) || registry.hasFamily(family)
  }

  /// True when every family `element` names is available (box measures and embedded elements included).
  func accepts(_ element: LayoutElement) -> Bool {
    // A box cell without embedded elements (most rows of a box feed) is checked without a work list.
    if case .box(let box) = element.kind, box.template.embedded.isEmpty {
      return accepts(box.template.measures)
    }
    var pending = [element]
    while let next = pending.popLast() {
      switch next.kind {
      case .text(let leaf):
        if !isKnown(leaf.fontFamily) || leaf.runs.contains(where: { !isKnown($0.fontFamily) }) { return false }
      case .box(let box):
        if !accepts(box.template.measures) { return false }
        pending += box.template.embedded.map(\.element)
      default:
        pending += next.subelements
      }
    }
    return true
  }

  /// True when every real font family `measures` name is available.
  private func accepts(_ measures: [BoxTextMeasure]) -> Bool {
    for measure in measures {
      if case .font(let family) = measure.kind, !isKnown(family) { return false }
    }
    return true
  }

  /// Throws when `element`, decoded from `json` found at `path`, names a family that is not available.
  func check(_ element: LayoutElement, json: JSONValue, path: String) throws(ResponseError) {
    guard !accepts(element), let (at, family) = firstUnknown(json, path: path) else { return }
    let closest = registry.closestFamilies(to: family).map { "\"\($0)\"" }.joined(separator: ", ")
    throw Params.invalid(
      at, "font family \"\(family)\" is not installed; the closest installed families are \(closest)")
  }

  /// The path and family of the first unknown family in `value` (a decoded spec) in document order; `isRun`: `value`
  /// is an element of a text leaf's `runs`.
  private func firstUnknown(_ value: JSONValue, path: String, isRun: Bool = false) -> (String, String)? {
    switch value {
    case .array(let items):
      for (index, item) in items.enumerated() {
        if let found = firstUnknown(item, path: JSONPath.index(path, index), isRun: isRun) { return found }
      }
    case .object(let object):
      for member in object.storage {
        let here = JSONPath.member(path, member.key)
        if case .string(let family) = member.value,
          isRun && member.key == "fontFamily" || isFontMember(member.key, of: object),
          !isKnown(family)
        {
          return (here, family)
        }
        let runs = !isRun && member.key == "runs" && object["type"] == .string("text")
        if let found = firstUnknown(member.value, path: here, isRun: runs) { return found }
      }
    default: break
    }
    return nil
  }

  /// True when `key` of `object` names a font family: a text leaf's `fontFamily` or a text measure's `font`.
  private func isFontMember(_ key: String, of object: JSONObject) -> Bool {
    switch key {
    case "fontFamily": if case .string("text")? = object["type"] { return true }
    case "font": if case .string("text")? = object["kind"] { return true }
    default: break
    }
    return false
  }
}
