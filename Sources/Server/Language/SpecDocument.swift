import JSONCodec
import JSONRPC
import LayoutSpecs
import SpecLanguage

/// A layout-spec document as the language service reads it: a bare cell spec (an object with `type`), a cell
/// document `{"root": SPEC, "widths"?, "scale"?}`, or a table document `{"viewport"?, "widths"?, "scale"?,
/// "rows"?: [{"id", "cell"}], "sections"?: [{"rows": [...]}]}`; each cell with the JSON path its errors are named
/// from. Pure value.
struct SpecDocument: Sendable {
  /// One cell of the document.
  struct Cell: Sendable {
    /// Its row id (`root` for a cell spec).
    var id: String
    /// Where its spec is, as a JSON path from the document (e.g. `rows[2].cell`; `root` for a bare spec).
    var path: String
    /// Its spec.
    var spec: JSONValue
    /// Its spec's text.
    var node: SourceNode
  }

  /// Widths a document is laid out at unless it names its own (an iPhone SE, X and Plus width).
  static let defaultWidths: [Double] = [320, 375, 414]
  /// Members of a cell document.
  static let cellDocumentMembers = MemberCheck("a cell document", valid: ["root", "widths", "scale"])
  /// Members of a table document.
  static let tableMembers = MemberCheck("a table document", valid: ["viewport", "widths", "scale", "rows", "sections"])
  /// Members of a table document's row.
  static let rowMembers = MemberCheck("a row", valid: ["id", "cell"])
  /// Members of a table document's section.
  static let sectionMembers = MemberCheck("a section", valid: ["rows"])

  /// The cells, in document order.
  var cells: [Cell] = []
  /// The widths to lay the cells out at.
  var widths = defaultWidths
  /// The scale (points to pixels) to lay them out at.
  var scale = 2.0
  /// Problems of the document's own members (not of its cells' specs).
  var problems: [SpecDiagnostic] = []

  /// The document of `text` with its parsed text, or nil when it is not JSON.
  static func parse(_ text: String) -> (document: SpecDocument, node: SourceNode)? {
    guard let (node, value) = try? SourceParser.parseDocument(text) else { return nil }
    return (SpecDocument(value, node: node), node)
  }

  /// Reads `value` (parsed from the text `node` stands for).
  init(_ value: JSONValue, node: SourceNode) {
    guard let object = value.objectValue else {
      problems.append(
        SpecDiagnostic(range: node.range, severity: .error, message: "a layout-spec document is a JSON object"))
      return
    }
    if object["type"] != nil {
      cells = [Cell(id: "root", path: "root", spec: value, node: node)]
    } else if object["root"] != nil {
      check(object, node: node, against: Self.cellDocumentMembers)
      readOptions(object, node: node)
      if let root = object["root"], let rootNode = node.member("root")?.value {
        cells = [Cell(id: "root", path: "root", spec: root, node: rootNode)]
      }
    } else {
      check(object, node: node, against: Self.tableMembers)
      readOptions(object, node: node)
      readRows(object["rows"], node: node.member("rows")?.value, path: "rows")
      for (index, section) in (object["sections"]?.arrayValue ?? []).enumerated() {
        let path = "sections[\(index)]"
        guard let sectionNode = node.member("sections")?.value.elements[safe: index] else { continue }
        guard let sectionObject = section.objectValue else {
          problems.append(
            SpecDiagnostic(range: sectionNode.range, severity: .error, message: "\(path): expected an object"))
          continue
        }
        check(sectionObject, node: sectionNode, against: Self.sectionMembers, path: path)
        readRows(sectionObject["rows"], node: sectionNode.member("rows")?.value, path: path + ".rows")
      }
    }
  }

  /// Records the first member of `object` that `members` refuses, at its key.
  mutating func check(_ object: JSONObject, node: SourceNode, against members: MemberCheck, path: String = "") {
    guard let (key, message) = members.firstProblem(object), let member = node.member(key) else { return }
    let named = path.isEmpty ? key : "\(path).\(key)"
    problems.append(SpecDiagnostic(range: member.keyRange, severity: .error, message: "\(named): \(message)"))
  }

  /// Reads `widths` and `scale`.
  mutating func readOptions(_ object: JSONObject, node: SourceNode) {
    if let value = object["widths"], let widthsNode = node.member("widths")?.value {
      let numbers = value.arrayValue?.compactMap(\.doubleValue) ?? []
      if numbers.isEmpty || numbers.count != value.arrayValue?.count
        || !numbers.allSatisfy({ CellFrames.sizes.contains($0) })
      {
        let bounds = "[\(Int(CellFrames.sizes.lowerBound)), \(Int(CellFrames.sizes.upperBound))]"
        problems.append(
          SpecDiagnostic(
            range: widthsNode.range, severity: .error,
            message: "widths: expected a non-empty array of numbers in \(bounds)"))
      } else {
        widths = numbers
      }
    }
    if let value = object["scale"], let scaleNode = node.member("scale")?.value {
      if let number = value.doubleValue, CellFrames.scales.contains(number) {
        scale = number
      } else {
        problems.append(
          SpecDiagnostic(range: scaleNode.range, severity: .error, message: "scale: expected a number in [1, 4]"))
      }
    }
  }

  /// Reads a `rows` array found at `path`.
  mutating func readRows(_ value: JSONValue?, node: SourceNode?, path: String) {
    guard let value, let node else { return }
    guard let rows = value.arrayValue else {
      problems.append(SpecDiagnostic(range: node.range, severity: .error, message: "\(path): expected an array"))
      return
    }
    for (index, row) in rows.enumerated() {
      let rowPath = "\(path)[\(index)]"
      guard let rowNode = node.elements[safe: index] else { continue }
      guard let rowObject = row.objectValue else {
        problems.append(
          SpecDiagnostic(range: rowNode.range, severity: .error, message: "\(rowPath): expected an object"))
        continue
      }
      check(rowObject, node: rowNode, against: Self.rowMembers, path: rowPath)
      guard let cell = rowObject["cell"], let cellNode = rowNode.member("cell")?.value else {
        problems.append(
          SpecDiagnostic(
            range: rowNode.range, severity: .error, message: "\(rowPath): missing required member \"cell\""))
        continue
      }
      let id = rowObject["id"]?.stringValue ?? rowPath
      cells.append(Cell(id: id, path: rowPath + ".cell", spec: cell, node: cellNode))
    }
  }
}

extension Array {
  /// The element at `index`, nil when out of bounds.
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
