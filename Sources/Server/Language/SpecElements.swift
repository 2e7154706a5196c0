import JSONCodec
import SpecLanguage

/// The elements of a cell's spec as they stand in the text: each element object (an object whose `type` is an
/// element type) with its JSON path, its author's `id` if any, and its text. Also the spec with every element
/// tagged by a synthetic id, so that one layout reports every element's frame. Pure.
struct SpecElements: Sendable {
  /// One element of the spec.
  struct Element: Sendable {
    /// Its JSON path (e.g. `rows[0].cell.children[1]`).
    var path: String
    /// Its element type.
    var type: String
    /// The id its author gave it.
    var id: String?
    /// The id it is laid out with: the author's, else a synthetic one made from its path.
    var layoutID: String
    /// Its text.
    var node: SourceNode
    /// Its depth below the cell's root (0 for the root).
    var depth: Int
  }

  /// Prefix of synthetic ids (a control character no author writes).
  static let syntheticPrefix = "\u{1}"

  /// The elements in document order.
  private(set) var all: [Element] = []
  /// The spec with a synthetic id on every element without one.
  private(set) var tagged: JSONValue

  /// The elements of `cell`.
  init(_ cell: SpecDocument.Cell) {
    tagged = cell.spec
    tagged = walk(cell.spec, node: cell.node, path: cell.path, depth: 0)
  }

  /// Records the elements below `value` (standing at `node`) and returns it tagged.
  private mutating func walk(_ value: JSONValue, node: SourceNode, path: String, depth: Int) -> JSONValue {
    switch value {
    case .object(var object):
      var elementDepth = depth
      if let type = object["type"]?.stringValue, ServerMethods.elementTypes.contains(type) {
        let id = object["id"]?.stringValue
        let layoutID = id ?? Self.syntheticPrefix + path
        all.append(Element(path: path, type: type, id: id, layoutID: layoutID, node: node, depth: depth))
        if id == nil { object["id"] = .string(layoutID) }
        elementDepth = depth + 1
      }
      for member in node.members {
        guard let child = object[member.key], member.key != "id" else { continue }
        object[member.key] = walk(child, node: member.value, path: path + "." + member.key, depth: elementDepth)
      }
      return .object(object)
    case .array(var array):
      for (index, childNode) in node.elements.enumerated() where index < array.count {
        array[index] = walk(array[index], node: childNode, path: path + "[\(index)]", depth: depth)
      }
      return .array(array)
    default:
      return value
    }
  }

  /// The innermost element whose text contains byte `offset`.
  func element(at offset: Int) -> Element? {
    all.filter { $0.node.range.contains(offset) }.max { $0.depth < $1.depth }
  }
}
