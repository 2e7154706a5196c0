/// A header or footer drawn away from its content position by plain-style floating. Pure value.
package struct FloatingElement: Sendable, Hashable {
  /// The section whose header or footer floats.
  package let section: Int
  /// Its visible top edge, content coordinates (points, before pixel rounding).
  package let y: Double
}

/// Where a plain table's floating header and footer are drawn for one viewport. Pure value.
///
/// Sources: `UITableView.Style.plain` ("Section headers and footers … float when the table view is scrolled"), the
/// Table View Programming Guide ("the header of the section floats to the top of the table view and the footer of
/// the section floats to the bottom"), and `UICollectionViewFlowLayout.sectionHeadersPinToVisibleBounds`, the
/// same behaviour for collections ("scroll with content until they reach the top of the screen, at which point they
/// are pinned to the upper bounds … Each new header view that scrolls to the top of the screen pushes the previously
/// pinned header view offscreen"; footers mirror it at the bottom). UIKit's source is closed; the positions below
/// are those words as formulas, with `top` = content offset + top inset and `bottom` = content offset + viewport
/// height − bottom inset (the visible area inside the insets):
/// - header of the section S containing `top` (S.top ≤ top < S.bottom, S.bottom including S's footer), height h:
///   y = min(max(S.top, top), S.bottom − h). The next section's header starts at S.bottom, so pinning stops where
///   it would overlap it: the next header pushes this one up.
/// - footer of the section S reaching into the bottom edge (S.top < bottom ≤ S.bottom), footer content top F,
///   height f: y = max(min(F, bottom − f), S.top), the mirror image.
/// Every other header and footer is drawn at its content position (for a section wholly on screen the formulas
/// give that position anyway). Nothing floats in grouped style.
package struct FloatingSupplementaries: Sendable, Hashable {
  /// The floating header, nil when every header is at its content position.
  package var header: FloatingElement?
  /// The floating footer, nil when every footer is at its content position.
  package var footer: FloatingElement?

  /// No floating element.
  package static let none = FloatingSupplementaries()

  /// The floating header and footer of `map` for the visible interval `[top, bottom)` (content coordinates).
  /// O(log n · log sections).
  package static func compute(
    map: ElementMap, separator: Double, top: Double, bottom: Double
  ) -> FloatingSupplementaries {
    var result = FloatingSupplementaries()
    if let section = map.section(containingOffset: top, separator: separator),
      let header = map.supplementary(.header, inSection: section),
      let span = map.sectionSpan(section, separator: separator)
    {
      let y = min(max(span.y, top), span.maxY - header.height)
      if y != span.y { result.header = FloatingElement(section: section, y: y) }
    }
    if let section = map.section(startingAbove: bottom, separator: separator),
      let footer = map.supplementary(.footer, inSection: section),
      let span = map.sectionSpan(section, separator: separator),
      let content = map.supplementarySpan(.footer, inSection: section, separator: separator)
    {
      let y = max(min(content.y, bottom - footer.height), span.y)
      if y != content.y { result.footer = FloatingElement(section: section, y: y) }
    }
    return result
  }

  /// The visible top edge of the `kind` element of `section` when it floats, nil when it is at its content
  /// position.
  package func floatingY(_ kind: SupplementaryKind, inSection section: Int) -> Double? {
    let element = kind == .header ? header : footer
    return element?.section == section ? element?.y : nil
  }
}
