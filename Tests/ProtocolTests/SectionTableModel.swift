/// An independent reference model of a table's sections with fixed-height headers and footers (issue 15), written
/// from Protocol.md's "Sections, headers and footers" and "Floating (plain style)" (UIKit's `UITableView.Style.plain`:
/// a section's header floats to the top and is pushed off by the next section, its footer floats to the bottom) and
/// sharing no code with `Sources/`. Heights, offsets and insets are in quarter points so every sum is exact.
struct SectionTableModel: Sendable {
  /// One section: its optional header and footer heights and its rows (id, height).
  struct Section: Equatable, Sendable {
    /// Header height, nil when the section has none.
    var header: Int?
    /// Footer height, nil when the section has none.
    var footer: Int?
    /// The header cell's id when the header is a cell (`{"id", "cell"}`, measured at its `style.height`), nil for a
    /// fixed `{"height"}` one.
    var headerID: String? = nil
    /// The footer cell's id, nil for a fixed footer.
    var footerID: String? = nil
    /// Rows in order: id and height.
    var rows: [(id: String, quarters: Int)]

    /// Sections compare by their values.
    static func == (a: Section, b: Section) -> Bool {
      a.header == b.header && a.footer == b.footer && a.headerID == b.headerID && a.footerID == b.footerID
        && a.rows.map(\.id) == b.rows.map(\.id)
        && a.rows.map(\.quarters) == b.rows.map(\.quarters)
    }
  }

  /// Where one header or footer is: content top, drawn top, height (quarter points).
  struct Placed: Equatable, Sendable {
    /// Content position (UIKit's `rectForHeaderInSection:`).
    var contentTop: Int
    /// Where it is drawn.
    var drawnTop: Int
    /// Its height.
    var height: Int
    /// The cell's id (nil: fixed).
    var id: String? = nil
    /// The drawn position differs from the content position.
    var floating: Bool { contentTop != drawnTop }
  }

  /// True for `style: "grouped"` (nothing floats; a missing header or footer takes the spacing).
  var grouped = false
  /// Grouped spacing for a missing header.
  var spacingHeader = 0
  /// Grouped spacing for a missing footer.
  var spacingFooter = 0
  /// Viewport height H.
  var viewport = 667 * 4
  /// Top inset T.
  var insetTop = 0
  /// Bottom inset B.
  var insetBottom = 0
  /// Content offset y.
  var offset = 0
  /// The committed sections.
  var sections: [Section] = [Section(header: nil, footer: nil, rows: [])]

  /// The space a header takes: its height, else the grouped spacing (grouped) or nothing (plain).
  func headerSpace(_ s: Section) -> Int { s.header ?? (grouped ? spacingHeader : 0) }

  /// The space a footer takes.
  func footerSpace(_ s: Section) -> Int { s.footer ?? (grouped ? spacingFooter : 0) }

  /// Each section's span [top, bottom) from its header's top to its footer's bottom.
  var spans: [(top: Int, bottom: Int)] {
    var y = 0
    return sections.map { s in
      let top = y
      y += headerSpace(s) + s.rows.reduce(0) { $0 + $1.quarters } + footerSpace(s)
      return (top, y)
    }
  }

  /// C: the content height.
  var contentHeight: Int { spans.last?.bottom ?? 0 }

  /// The offset clamped into [−T, max(−T, C + B − H)].
  func clamped(_ y: Int) -> Int { min(max(y, -insetTop), max(-insetTop, contentHeight + insetBottom - viewport)) }

  /// The header of section `i`, placed (nil when it has none). Plain: the section whose span holds the top edge
  /// (offset + T) draws its header at min(max(S.top, top), S.bottom − h).
  func header(_ i: Int) -> Placed? {
    guard let h = sections[i].header else { return nil }
    let span = spans[i]
    let edge = offset + insetTop
    var drawn = span.top
    if !grouped, span.top <= edge, edge < span.bottom { drawn = min(max(span.top, edge), span.bottom - h) }
    return Placed(contentTop: span.top, drawnTop: drawn, height: h, id: sections[i].headerID)
  }

  /// The footer of section `i`, placed. Plain: the section whose span holds the bottom edge (offset + H − B),
  /// S.top < bottom ≤ S.bottom, draws its footer at max(min(F, bottom − f), S.top).
  func footer(_ i: Int) -> Placed? {
    guard let f = sections[i].footer else { return nil }
    let span = spans[i]
    let content = span.bottom - f
    let edge = offset + viewport - insetBottom
    var drawn = content
    if !grouped, span.top < edge, edge <= span.bottom { drawn = max(min(content, edge - f), span.top) }
    return Placed(contentTop: content, drawnTop: drawn, height: f, id: sections[i].footerID)
  }

  /// What `table/elementAtPoint` names at content y (x inside): a floating header or footer drawn over y first
  /// (headers before footers), else the header, row or footer whose content span holds y — nothing in spacing,
  /// under zero-height elements, outside the content, or on the content position of one that floats elsewhere.
  func element(at y: Int) -> String {
    for i in sections.indices {
      if let p = header(i), p.floating, p.drawnTop <= y, y < p.drawnTop + p.height { return "header \(i)" }
    }
    for i in sections.indices {
      if let p = footer(i), p.floating, p.drawnTop <= y, y < p.drawnTop + p.height { return "footer \(i)" }
    }
    for (i, s) in sections.enumerated() {
      let span = spans[i]
      guard span.top <= y, y < span.bottom else { continue }
      var top = span.top
      let h = headerSpace(s)
      if y < top + h { return s.header != nil && header(i)?.floating == false ? "header \(i)" : "null" }
      top += h
      for row in s.rows {
        if y < top + row.quarters { return "row \(row.id)" }
        top += row.quarters
      }
      if s.footer != nil, footer(i)?.floating == false { return "footer \(i)" }
      return "null"
    }
    return "null"
  }

  /// Every committed row id (for clashes).
  var rowIDs: Set<String> { Set(sections.flatMap { $0.rows.map(\.id) }) }

  /// Every committed header and footer cell id.
  var cellIDs: Set<String> { Set(sections.flatMap { [$0.headerID, $0.footerID].compactMap { $0 } }) }
}
