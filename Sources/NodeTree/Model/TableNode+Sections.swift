/// The frame of a committed header or footer: where it lies in the content and where it is drawn. Pure value.
package struct SupplementaryFrame: Sendable, Equatable {
  /// Header or footer.
  package let kind: SupplementaryKind
  /// Section in the visible map.
  package let section: Int
  /// Cell id of a laid-out element, nil for a fixed height.
  package let id: RowID?
  /// Top edge of its content position (UIKit's `rectForHeaderInSection:`), points.
  package let contentY: Double
  /// Top edge where it is drawn: `contentY`, or the floating position in a plain table (`FloatingSupplementaries`).
  package let visibleY: Double
  /// Height in points.
  package let height: Double

  /// True when plain-style floating draws it away from its content position.
  package var isFloating: Bool { visibleY != contentY }
}

/// View-level queries about sections, headers and footers of the committed (visible) map, with plain-style floating
/// applied for the current viewport. Session-isolated.
extension TableNode {
  /// The visible area inside the content insets for the current viewport (content coordinates), nil without one.
  var visibleInterval: (top: Double, bottom: Double)? {
    guard let bounds = viewport?.bounds else { return nil }
    return (bounds.y + contentInset.top, bounds.maxY - contentInset.bottom)
  }

  /// Where the plain style's floating header and footer are drawn for the current viewport (none in grouped style
  /// or without a viewport).
  package var floatingSupplementaries: FloatingSupplementaries {
    guard style.floatsSupplementaries, let (top, bottom) = visibleInterval else { return .none }
    return FloatingSupplementaries.compute(map: visibleMap, separator: separatorHeight, top: top, bottom: bottom)
  }

  /// The frame of the header or footer of visible `section`. Throws when the section does not exist or has no
  /// such element.
  package func supplementaryFrame(
    _ kind: SupplementaryKind, inSection section: Int
  ) throws(NodeTreeError) -> SupplementaryFrame {
    guard let span = visibleMap.supplementarySpan(kind, inSection: section, separator: separatorHeight) else {
      throw .sectionOutOfRange(section: section, sectionCount: visibleMap.numberOfSections)
    }
    guard let entry = visibleMap.supplementary(kind, inSection: section) else {
      throw .noSupplementary(kind, section: section)
    }
    let visibleY = floatingSupplementaries.floatingY(kind, inSection: section) ?? span.y
    return SupplementaryFrame(
      kind: kind, section: section, id: entry.id, contentY: span.y, visibleY: visibleY, height: span.height)
  }

  /// The span of `section` (header, rows and footer) in content coordinates (UIKit's `rectForSection:`).
  package func sectionSpan(_ section: Int) throws(NodeTreeError) -> VerticalSpan {
    guard let span = visibleMap.sectionSpan(section, separator: separatorHeight) else {
      throw .sectionOutOfRange(section: section, sectionCount: visibleMap.numberOfSections)
    }
    return span
  }

  /// The element drawn at content offset `y`: a floating header or footer first (drawn above the rows), else the
  /// element whose content span holds `y`, unless that is a header or footer drawn elsewhere by floating. Nil
  /// outside the content, in a grouped table's spacing, and on zero-height elements.
  package func element(atOffset y: Double) -> TableElement? {
    let floating = floatingSupplementaries
    for kind in SupplementaryKind.allCases {
      guard let element = kind == .header ? floating.header : floating.footer,
        let height = visibleMap.supplementary(kind, inSection: element.section)?.height,
        element.y <= y, y < element.y + height
      else { continue }
      return kind == .header ? .header(section: element.section) : .footer(section: element.section)
    }
    let hit = visibleMap.element(atOffset: y, separator: separatorHeight)
    if let hit, let kind = hit.supplementaryKind, floating.floatingY(kind, inSection: hit.section) != nil { return nil }
    return hit
  }

  /// Headers, rows and footers drawn in `[minY, maxY)`, in content order: floating ones at their floating
  /// positions (`VerticalSpan.intersects`), the rest at their content positions.
  package func elements(intersectingMinY minY: Double, maxY: Double) -> [TableElement] {
    var elements = visibleMap.elements(intersectingMinY: minY, maxY: maxY, separator: separatorHeight)
    let floating = floatingSupplementaries
    guard floating != .none else { return elements }
    for kind in SupplementaryKind.allCases {
      guard let element = kind == .header ? floating.header : floating.footer,
        let height = visibleMap.supplementary(kind, inSection: element.section)?.height
      else { continue }
      let tableElement: TableElement =
        kind == .header ? .header(section: element.section) : .footer(section: element.section)
      elements.removeAll { $0 == tableElement }
      if VerticalSpan(y: element.y, height: height).intersects(minY: minY, maxY: maxY) {
        elements.append(tableElement)
      }
    }
    return elements.sorted()
  }

  /// The floating header and footer cells for the viewport `bounds`, with the spans where they are drawn (the range
  /// controller places them there, whatever their content position).
  func floatingCells(in bounds: Rect) -> FloatingCells {
    guard style.floatsSupplementaries, !bounds.isEmpty else { return FloatingCells() }
    let floating = FloatingSupplementaries.compute(
      map: visibleMap, separator: separatorHeight, top: bounds.y + contentInset.top,
      bottom: bounds.maxY - contentInset.bottom)
    var cells = FloatingCells()
    for kind in SupplementaryKind.allCases {
      guard let element = kind == .header ? floating.header : floating.footer,
        let entry = visibleMap.supplementary(kind, inSection: element.section), let id = entry.id
      else { continue }
      let span = VerticalSpan(y: element.y, height: entry.height)
      if kind == .header {
        cells.header = id
        cells.headerSpan = span
      } else {
        cells.footer = id
        cells.footerSpan = span
      }
    }
    return cells
  }
}
