/// Sections with headers and footers in `LiveTableModel` (issue 15), written from Protocol.md's "Sections, headers
/// and footers" and "Floating (plain style)": each section is header, rows, footer; a missing header or footer takes
/// no space in a plain table and the grouped spacing in a grouped one. Everything here is in the model's (scroll
/// view's own) coordinates; an inverted session maps it to the wire in `LiveTableModel+Inverted`. A header or footer
/// cell (one with an id) is a node with an interface state, given "by the span where it is drawn" (a floating one
/// where it floats); a fixed one has no id and no state.
extension LiveTableModel {
  /// One header or footer: its height in quarter points, its cell id (nil: fixed `{height}`) and its node's state.
  struct Extra: Equatable, Sendable {
    /// Height × 4.
    var quarters: Int
    /// The cell's id, nil for a fixed one.
    var id: String?
    /// The cell node's interface state (measureLayout for a fixed one, which has none).
    var state: InterfaceBits = .measureLayout
  }

  /// A section's header and footer.
  struct Extras: Equatable, Sendable {
    /// The header, nil when the section has none.
    var header: Extra?
    /// The footer, nil when the section has none.
    var footer: Extra?

    /// The cell ids of both (fixed ones have none).
    var cellIDs: [String] { [header?.id, footer?.id].compactMap { $0 } }
  }

  /// Something drawn: a row, header or footer, with where it is drawn (model top, height in points).
  struct Drawn: Equatable, Sendable {
    /// `row`, `header` or `footer`.
    var kind: String
    /// The section.
    var section: Int
    /// The row's id or the cell's id (nil: a fixed header or footer).
    var id: String?
    /// Drawn top (model coordinates, points).
    var top: Double
    /// Content top (UIKit's `rectForHeaderInSection:`; the row's top).
    var contentTop: Double
    /// Height, points.
    var height: Double

    /// Whether it floats away from its content position.
    var floating: Bool { top != contentTop }
  }

  /// Section `s`'s header and footer (none when the extras list is shorter, as in hand-built models).
  func extras(_ s: Int) -> Extras { extras.indices.contains(s) ? extras[s] : Extras() }

  /// The space a header takes, points: its height, else the grouped spacing (grouped) or nothing (plain).
  func headerSpace(_ s: Int) -> Double { Double(extras(s).header?.quarters ?? (grouped ? spacingHeader : 0)) / 4 }

  /// The space a footer takes, points.
  func footerSpace(_ s: Int) -> Double { Double(extras(s).footer?.quarters ?? (grouped ? spacingFooter : 0)) / 4 }

  /// Each section's span [top, bottom) from its header's top to its footer's bottom, points.
  var spans: [(top: Double, bottom: Double)] {
    var y = 0.0
    return sections.indices.map { s in
      let top = y
      y += headerSpace(s) + Double(sections[s].reduce(0) { $0 + $1.quarters }) / 4 + footerSpace(s)
      return (top, y)
    }
  }

  /// The header of section `s` where it is drawn: a plain table pins the header of the section whose span holds the
  /// top edge (offset + top inset) at min(max(S.top, edge), S.bottom − h).
  func header(_ s: Int) -> Drawn? {
    guard let h = extras(s).header else { return nil }
    let span = spans[s]
    let height = Double(h.quarters) / 4
    let edge = offset + insetTop
    var drawn = span.top
    if !grouped, span.top <= edge, edge < span.bottom { drawn = min(max(span.top, edge), span.bottom - height) }
    return Drawn(kind: "header", section: s, id: h.id, top: drawn, contentTop: span.top, height: height)
  }

  /// The footer of section `s` where it is drawn: the section with S.top < bottom edge ≤ S.bottom draws its footer
  /// at max(min(F, edge − f), S.top).
  func footer(_ s: Int) -> Drawn? {
    guard let f = extras(s).footer else { return nil }
    let span = spans[s]
    let height = Double(f.quarters) / 4
    let content = span.bottom - height
    let edge = offset + viewportHeight - insetBottom
    var drawn = content
    if !grouped, span.top < edge, edge <= span.bottom { drawn = max(min(content, edge - height), span.top) }
    return Drawn(kind: "footer", section: s, id: f.id, top: drawn, contentTop: content, height: height)
  }

  /// Everything drawn, in content order (section by section: header, rows, footer).
  var drawnElements: [Drawn] {
    var out: [Drawn] = []
    var rowTops = placedRows.makeIterator()
    for s in sections.indices {
      if let h = header(s) { out.append(h) }
      for _ in sections[s] {
        guard let (row, top) = rowTops.next() else { break }
        out.append(
          Drawn(kind: "row", section: s, id: row.id, top: top, contentTop: top, height: Double(row.quarters) / 4))
      }
      if let f = footer(s) { out.append(f) }
    }
    return out
  }

  /// Ids of the rows and header and footer cells drawn intersecting [a, b), in content order (the range
  /// controller's element sets; fixed headers and footers have no node).
  func nodeIDs(intersecting a: Double, _ b: Double) -> [String] {
    guard b > a else { return [] }
    return drawnElements.filter { $0.id != nil && $0.top < b && $0.top + $0.height > a }.compactMap(\.id)
  }

  /// The rows and cells on screen (intersecting [y, y + H)).
  var visibleNodeIDs: [String] { nodeIDs(intersecting: offset, offset + viewportHeight) }

  /// What `table/elementAtPoint` names at model y: a floating header or footer drawn over y first (headers before
  /// footers), else the element whose content span holds y — nothing in grouped spacing, under zero-height
  /// elements, outside the content, or on the content position of one that floats elsewhere.
  func element(atModel y: Double) -> Drawn? {
    let all = drawnElements
    for kind in ["header", "footer"] {
      if let e = all.first(where: { $0.kind == kind && $0.floating && $0.top <= y && y < $0.top + $0.height }) {
        return e
      }
    }
    let hit = all.first { $0.contentTop <= y && y < $0.contentTop + $0.height }
    return hit?.floating == true ? nil : hit
  }

  /// What `table/elementsInRect` lists for model [a, b): drawn positions, content order.
  func elements(intersecting a: Double, _ b: Double) -> [Drawn] {
    guard b > a else { return [] }
    return drawnElements.filter { $0.top < b && $0.top + $0.height > a }
  }

  /// The cell (header or footer) with `id`: section and kind.
  func findCell(_ id: String) -> (section: Int, header: Bool)? {
    for s in extras.indices {
      if extras[s].header?.id == id { return (s, true) }
      if extras[s].footer?.id == id { return (s, false) }
    }
    return nil
  }

  /// Applies `body` to the header or footer cell with `id`.
  mutating func updateCell(_ id: String, _ body: (inout Extra) -> Void) {
    for s in extras.indices {
      if var h = extras[s].header, h.id == id {
        body(&h)
        extras[s].header = h
      }
      if var f = extras[s].footer, f.id == id {
        body(&f)
        extras[s].footer = f
      }
    }
  }

  /// Every header and footer cell id.
  var cellIDs: [String] { extras.flatMap(\.cellIDs) }

  /// The state of the row or cell `id` (nil: none such).
  func nodeState(_ id: String) -> InterfaceBits? {
    if let found = find(id) { return sections[found.section][found.row].state }
    if let cell = findCell(id) {
      return (cell.header ? extras[cell.section].header : extras[cell.section].footer)?.state
    }
    return nil
  }

  /// Sets the state of the row or cell `id`.
  mutating func setNodeState(_ id: String, _ state: InterfaceBits) {
    updateRow(id) { $0.state = state }
    updateCell(id) { $0.state = state }
  }
}
