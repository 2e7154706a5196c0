import LayoutSpecs
import NodeTree
import SpecLanguage

/// `textDocument/hover` on a layout-spec document: the innermost element under the cursor, its computed frame at
/// each of the document's widths, the size range its parent gave it (leaves) and, for text, its line count, as
/// Markdown. Pure apart from reading font files.
enum SpecHover {
  /// The hover at byte `offset` of `text`: Markdown and the element's bytes, or nil when no element is there.
  static func hover(_ text: String, at offset: Int, checker: SpecChecker) -> (markdown: String, range: Range<Int>)? {
    guard let parsed = SpecDocument.parse(text),
      let cell = parsed.document.cells.first(where: { $0.node.range.contains(offset) })
    else { return nil }
    let layouts = SpecLayouts(cell, widths: parsed.document.widths, scale: parsed.document.scale, checker: checker)
    guard let element = layouts.elements.element(at: offset) else { return nil }
    var lines = ["**\(element.type)** " + (element.id.map { "`\($0)` " } ?? "") + "— `\(element.path)`"]
    if let failure = layouts.failure {
      lines.append("")
      lines.append("not laid out: \(failure)")
      return (lines.joined(separator: "\n"), element.node.range)
    }
    let placements = layouts.placements[element.layoutID] ?? []
    lines.append("")
    lines.append(
      "| table width | x | y | width | height |" + (placements.contains { $0.lines != nil } ? " lines |" : ""))
    lines.append("|---:|---:|---:|---:|---:|" + (placements.contains { $0.lines != nil } ? "---:|" : ""))
    for p in placements {
      let cells = [p.width, p.frame.origin.x, p.frame.origin.y, p.frame.size.width, p.frame.size.height].map(number)
      lines.append("| " + cells.joined(separator: " | ") + " |" + (p.lines.map { " \($0) |" } ?? ""))
    }
    if placements.isEmpty {
      lines.append("| — | not drawn (a spec without an id or name disappears in the flattened layout) | | | |")
    }
    let ranges = placements.compactMap { p in p.range.map { "\(number(p.width)): \(describe($0))" } }
    if !ranges.isEmpty {
      lines.append("")
      lines.append("size range: " + ranges.joined(separator: "; "))
    }
    return (lines.joined(separator: "\n"), element.node.range)
  }

  /// `[min w × min h, max w × max h]`, ∞ for unbounded.
  static func describe(_ range: SizeRange) -> String {
    "[\(number(range.min.width)) × \(number(range.min.height)), \(number(range.max.width)) × \(number(range.max.height))]"
  }

  /// A number as short as it reads: no fraction when whole, ∞ when unbounded.
  static func number(_ value: Double) -> String {
    if !value.isFinite || value >= CellSizeRange.cgFloatMax { return "∞" }
    return Int(exactly: value).map { String($0) } ?? String(value)
  }
}
