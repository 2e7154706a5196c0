/// A table's style, fixed at creation as UIKit's (`init(frame:style:)`: "You can't modify the style thereafter",
/// `UITableView.Style` documentation). Pure value.
///
/// - `plain`: "Section headers and footers are displayed as inline separators and float when the table view is
///   scrolled" (`UITableView.Style.plain`); "the header of the section floats to the top of the table view and the
///   footer of the section floats to the bottom" (Table View Programming Guide, "Table View Styles"). See
///   `FloatingSupplementaries` for the positions.
/// - `grouped`: "Section headers and footers don't float when the table view scrolls" (`UITableView.Style.grouped`).
///   Sections are set apart by space where a section has no header or footer: `GroupedSectionSpacing`.
package enum TableStyle: Sendable, Hashable {
  /// Floating headers and footers, no spacing.
  case plain
  /// Headers and footers scroll with the content; sections without them get `spacing`.
  case grouped(GroupedSectionSpacing)

  /// True when headers and footers float (plain).
  package var floatsSupplementaries: Bool { self == .plain }

  /// Heights (points) a section without a header or footer still takes: 0 in plain style.
  package var absentSupplementaryHeights: GroupedSectionSpacing {
    switch self {
    case .plain: return GroupedSectionSpacing(headerHeight: 0, footerHeight: 0)
    case .grouped(let spacing): return spacing
    }
  }
}

/// The space a grouped table leaves where a section has no header (above its rows) or no footer (below them), in
/// points. Pure value.
///
/// UIKit documents no number: `sectionHeaderHeight` and `sectionFooterHeight` default to `automaticDimension`,
/// "the table view calculates the height automatically" (`UITableView.sectionHeaderHeight`), and the value it picks
/// depends on the OS release and on whether a title is set. The spacing is therefore an explicit parameter a client
/// passes to match the UIKit it mirrors; the default is 0 (grouped then differs from plain only in not floating).
/// A header or footer that is present always takes its own height.
package struct GroupedSectionSpacing: Sendable, Hashable {
  /// Space above the rows of a section without a header.
  package var headerHeight: Double
  /// Space below the rows of a section without a footer.
  package var footerHeight: Double

  /// Creates a spacing; negative or non-finite values count as 0.
  package init(headerHeight: Double, footerHeight: Double) {
    self.headerHeight = headerHeight.isFinite ? max(0, headerHeight) : 0
    self.footerHeight = footerHeight.isFinite ? max(0, footerHeight) : 0
  }

  /// No spacing (see the type's note on UIKit's undocumented defaults).
  package static let `default` = GroupedSectionSpacing(headerHeight: 0, footerHeight: 0)
}
