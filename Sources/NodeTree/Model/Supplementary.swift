/// Which supplementary element of a section: its header (above its rows) or its footer (below them). Pure value.
package enum SupplementaryKind: String, Sendable, Hashable, CaseIterable {
  /// The section header (UIKit's `viewForHeaderInSection:` / `heightForHeaderInSection:`).
  case header
  /// The section footer (UIKit's `viewForFooterInSection:` / `heightForFooterInSection:`).
  case footer

  /// Slot of this element in `ElementMap`'s per-section extras (header 0, footer 1).
  var slot: Int { self == .header ? 0 : 1 }
}

/// How a section header or footer is given. Pure value.
///
/// `fixed` is UIKit's `heightForHeaderInSection:` (a height and nothing to lay out). `cell` is laid out like a row:
/// a cell with a stable id (client-chosen, or "r<n>" assigned from the rows' sequence), measured at the table
/// width in the background, its height pending until the change set that brought it commits; it has interface
/// states like a row (Texture gives supplementary nodes of collections states; a table's headers are plain views).
package enum SupplementarySpec<Content: Sendable>: Sendable {
  /// A fixed height in points (finite, ≥ 0).
  case fixed(height: Double)
  /// A cell laid out like a row; `id` nil lets the table assign one.
  case cell(id: RowID?, content: Content)
}

/// Sets, replaces or removes one section's header or footer inside a batch. Pure value.
///
/// `section` is in the batch's new space: it may name an inserted, reloaded, moved or surviving section. Without
/// an update an inserted section has neither header nor footer, a surviving or moved section keeps its own, and a
/// reloaded section keeps its own spec (a cell is re-measured with a new generation, as Texture recreates a
/// reloaded section's supplementary nodes).
package struct SupplementaryUpdate<Content: Sendable>: Sendable {
  /// Header or footer.
  package var kind: SupplementaryKind
  /// Section index in the new space.
  package var section: Int
  /// The new element, nil to remove it.
  package var spec: SupplementarySpec<Content>?

  /// Creates an update.
  package init(_ kind: SupplementaryKind, section: Int, _ spec: SupplementarySpec<Content>?) {
    self.kind = kind
    self.section = section
    self.spec = spec
  }
}

/// One element of a table in visual order: a section's header, one of its rows, or its footer. Pure value.
package enum TableElement: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The header of a section.
  case header(section: Int)
  /// A row.
  case row(TableIndexPath)
  /// The footer of a section.
  case footer(section: Int)

  /// The section the element belongs to.
  package var section: Int {
    switch self {
    case .header(let section), .footer(let section): return section
    case .row(let path): return path.section
    }
  }

  /// Header or footer for those elements, nil for a row.
  package var supplementaryKind: SupplementaryKind? {
    switch self {
    case .header: return .header
    case .footer: return .footer
    case .row: return nil
    }
  }

  /// Order inside the section: header, rows, footer.
  private var rank: (Int, Int) {
    switch self {
    case .header: return (0, 0)
    case .row(let path): return (1, path.row)
    case .footer: return (2, 0)
    }
  }

  /// Orders by section, then header before rows before footer (content order).
  package static func < (lhs: TableElement, rhs: TableElement) -> Bool {
    if lhs.section != rhs.section { return lhs.section < rhs.section }
    return lhs.rank < rhs.rank
  }

  /// `header 2`, `row [2, 0]`, `footer 2`: the form error messages use.
  package var description: String {
    switch self {
    case .header(let section): return "header \(section)"
    case .row(let path): return "row \(path)"
    case .footer(let section): return "footer \(section)"
    }
  }
}

/// A header or footer as an element map stores it: the cell id when laid out (nil for a fixed height) and its
/// height (points, before pixel rounding; 0 while a cell is not measured yet). Pure value.
package struct SupplementaryEntry: Sendable, Equatable {
  /// Cell id of a laid-out header or footer; nil for a fixed height.
  package var id: RowID?
  /// Height in points.
  package var height: Double

  /// Creates an entry.
  package init(id: RowID? = nil, height: Double) {
    self.id = id
    self.height = height
  }
}
