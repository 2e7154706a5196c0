/// A vertical extent in content coordinates: top edge and height, points before pixel rounding. Pure value.
package struct VerticalSpan: Sendable, Hashable {
  /// Top edge.
  package var y: Double
  /// Height.
  package var height: Double

  /// Creates a span.
  package init(y: Double, height: Double) {
    self.y = y
    self.height = height
  }

  /// Bottom edge.
  package var maxY: Double { y + height }

  /// True when the span meets `[minY, maxY)` as `CGRectIntersectsRect` does for a full-width rect (top < maxY and
  /// bottom > minY; a zero-height span inside the interval counts, one at its edge does not).
  func intersects(minY: Double, maxY: Double) -> Bool { y < maxY && self.maxY > minY }
}

/// Section geometry of an `ElementMap`: where sections, headers and footers lie, and the element at an offset or
/// in an interval with headers and footers counted (UIKit's `rectForSection:`, `rectForHeaderInSection:`,
/// `rectForFooterInSection:`, before plain-style floating). Pure; O(log n) per section visited.
extension ElementMap {
  /// Sum of the header and footer heights above the rows of `section` (every earlier section's header and footer,
  /// and its own header).
  func extrasBefore(rowsOf section: Int) -> Double { extras.offset(ofIndex: 2 * section + 1) }

  /// Top edge of `section` (its header's top); `numberOfSections` gives the content height.
  func sectionTop(_ section: Int, separator: Double) -> Double {
    guard section < numberOfSections else { return contentHeight(separator: separator) }
    return rows.offset(ofIndex: sectionStarts[section], separator: separator) + extras.offset(ofIndex: 2 * section)
  }

  /// The span of `section`: header, rows and footer (UIKit's `rectForSection:`), nil when out of range.
  package func sectionSpan(_ section: Int, separator: Double) -> VerticalSpan? {
    guard section >= 0, section < numberOfSections else { return nil }
    let top = sectionTop(section, separator: separator)
    return VerticalSpan(y: top, height: sectionTop(section + 1, separator: separator) - top)
  }

  /// The span of the header or footer of `section` in content coordinates, nil when the section does not exist.
  /// A section without that element gets the span of its absent height (0 in plain style, a grouped table's
  /// spacing) where it would be, as UIKit's `rectForHeaderInSection:` does.
  package func supplementarySpan(
    _ kind: SupplementaryKind, inSection section: Int, separator: Double
  ) -> VerticalSpan? {
    guard section >= 0, section < numberOfSections else { return nil }
    let height = extras.height(at: 2 * section + kind.slot) ?? 0
    switch kind {
    case .header:
      return VerticalSpan(y: sectionTop(section, separator: separator), height: height)
    case .footer:
      let rowsEnd = rows.offset(ofIndex: sectionStarts[section] + sectionCounts[section], separator: separator)
      return VerticalSpan(y: rowsEnd + extrasBefore(rowsOf: section), height: height)
    }
  }

  /// The section whose span contains `y` (the last section starting at or above it), nil outside the content.
  func section(containingOffset y: Double, separator: Double) -> Int? {
    guard numberOfSections > 0, y >= 0, y < contentHeight(separator: separator) else { return nil }
    var low = 0
    var high = numberOfSections - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if sectionTop(mid, separator: separator) <= y { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The last section starting strictly above `y` (the one whose span reaches into `(y − ε, y]`), nil when none
  /// does.
  func section(startingAbove y: Double, separator: Double) -> Int? {
    guard numberOfSections > 0, sectionTop(0, separator: separator) < y else { return nil }
    var low = 0
    var high = numberOfSections - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if sectionTop(mid, separator: separator) < y { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The element (header, row or footer) whose span contains `y` in content coordinates, nil above or below the
  /// content or in a grouped table's spacing. Zero-height elements are never hit.
  package func element(atOffset y: Double, separator: Double) -> TableElement? {
    guard let section = section(containingOffset: y, separator: separator) else { return nil }
    if let header = supplementarySpan(.header, inSection: section, separator: separator), y < header.maxY {
      return supplementary(.header, inSection: section) == nil ? nil : .header(section: section)
    }
    if let footer = supplementarySpan(.footer, inSection: section, separator: separator), y >= footer.y {
      return supplementary(.footer, inSection: section) == nil ? nil : .footer(section: section)
    }
    let start = sectionStarts[section]
    let count = sectionCounts[section]
    guard count > 0 else { return nil }
    let global = rows.index(containingOffset: y - extrasBefore(rowsOf: section), separator: separator) ?? start
    return .row(TableIndexPath(section: section, row: min(max(global - start, 0), count - 1)))
  }

  /// Headers, rows and footers intersecting `[minY, maxY)` in content order (`VerticalSpan.intersects`). Absent
  /// headers and footers are left out; present zero-height ones inside the interval count, as zero-height rows do.
  package func elements(intersectingMinY minY: Double, maxY: Double, separator: Double) -> [TableElement] {
    let total = contentHeight(separator: separator)
    guard maxY > minY, numberOfSections > 0, maxY > 0, minY < total else { return [] }
    // Sections before the one containing minY end at or above it, so none of their elements intersect.
    var section = minY < 0 ? 0 : (self.section(containingOffset: minY, separator: separator) ?? 0)
    var result: [TableElement] = []
    while section < numberOfSections {
      // A section starting at or below maxY has no element with its top above maxY.
      if sectionTop(section, separator: separator) >= maxY { break }
      appendElements(of: section, minY: minY, maxY: maxY, separator: separator, to: &result)
      section += 1
    }
    return result
  }

  /// Appends the elements of `section` that intersect `[minY, maxY)`, in content order.
  private func appendElements(
    of section: Int, minY: Double, maxY: Double, separator: Double, to result: inout [TableElement]
  ) {
    if supplementary(.header, inSection: section) != nil,
      let header = supplementarySpan(.header, inSection: section, separator: separator),
      header.intersects(minY: minY, maxY: maxY)
    {
      result.append(.header(section: section))
    }
    let start = sectionStarts[section]
    let count = sectionCounts[section]
    if count > 0 {
      let shift = extrasBefore(rowsOf: section)
      let range = globalIndexes(intersectingMinY: minY - shift, maxY: maxY - shift, separator: separator)
      let lower = max(range.lowerBound, start)
      let upper = min(range.upperBound, start + count)
      if lower < upper {
        for global in lower..<upper { result.append(.row(TableIndexPath(section: section, row: global - start))) }
      }
    }
    if supplementary(.footer, inSection: section) != nil,
      let footer = supplementarySpan(.footer, inSection: section, separator: separator),
      footer.intersects(minY: minY, maxY: maxY)
    {
      result.append(.footer(section: section))
    }
  }
}
