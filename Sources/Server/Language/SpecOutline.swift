import JSONCodec
import SpecLanguage

/// `textDocument/documentSymbol` and `textDocument/inlayHint` on a layout-spec document: the element tree of each
/// cell (rows of a table document first), and each row's and element's height inline at each declared width.
/// Pure apart from reading font files.
enum SpecOutline {
  /// LSP SymbolKind of a table document's row.
  static let rowKind = 2  // Module
  /// LSP SymbolKind of an element.
  static let elementKind = 19  // Object

  /// One symbol: name, detail, kind, its bytes and the bytes to select, children.
  struct Symbol: Sendable, Equatable {
    var name: String
    var detail: String
    var kind: Int
    var range: Range<Int>
    var selection: Range<Int>
    var children: [Symbol] = []
  }

  /// One inlay hint: where (a byte offset) and its label.
  struct Hint: Sendable, Equatable {
    var offset: Int
    var label: String
  }

  /// The symbols of `text` (nil when it is not JSON): a table document's rows, each holding its cell's element
  /// tree; the element tree of a cell spec or cell document.
  static func symbols(_ text: String) -> [Symbol]? {
    guard let parsed = SpecDocument.parse(text) else { return nil }
    let cells = parsed.document.cells
    if cells.count == 1, cells[0].path == "root" { return tree(SpecElements(cells[0]).all) }
    return cells.map { row($0, children: tree(SpecElements($0).all)) }
  }

  /// A row's symbol.
  static func row(_ cell: SpecDocument.Cell, children: [Symbol]) -> Symbol {
    Symbol(
      name: cell.id, detail: "row · \(cell.path)", kind: rowKind, range: cell.node.range, selection: cell.node.range,
      children: children)
  }

  /// Elements in document order with depths, nested into a tree.
  static func tree(_ elements: [SpecElements.Element]) -> [Symbol] {
    var roots: [Symbol] = []
    var stack: [(Symbol, Int)] = []  // open symbols with their depths
    func close(downTo depth: Int) {
      while let (symbol, d) = stack.last, d >= depth {
        stack.removeLast()
        if stack.isEmpty { roots.append(symbol) } else { stack[stack.count - 1].0.children.append(symbol) }
      }
    }
    for element in elements {
      close(downTo: element.depth)
      let selection = element.node.member("id")?.value.range ?? element.node.member("type")?.value.range
      stack.append(
        (
          Symbol(
            name: element.id ?? element.type, detail: "\(element.type) · \(element.path)", kind: elementKind,
            range: element.node.range, selection: selection ?? element.node.range), element.depth
        ))
    }
    close(downTo: 0)
    return roots
  }

  /// The inlay hints of `text`: after each element's `{`, its heights at the document's widths (`h 58 · 58 · 40`);
  /// a cell's root element gives its row's height.
  static func hints(_ text: String, checker: SpecChecker) -> [Hint] {
    guard let parsed = SpecDocument.parse(text) else { return [] }
    var hints: [Hint] = []
    for cell in parsed.document.cells {
      let layouts = SpecLayouts(cell, widths: parsed.document.widths, scale: parsed.document.scale, checker: checker)
      guard layouts.failure == nil else { continue }
      for element in layouts.elements.all {
        guard let placements = layouts.placements[element.layoutID], !placements.isEmpty else { continue }
        let heights = placements.map { SpecHover.number($0.frame.size.height) }.joined(separator: " · ")
        hints.append(Hint(offset: element.node.range.lowerBound + 1, label: "h \(heights)"))
      }
    }
    return hints
  }
}
