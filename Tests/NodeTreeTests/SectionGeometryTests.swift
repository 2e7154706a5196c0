import Testing

@testable import NodeTree

/// Differential test of `ElementMap`'s geometry with headers and footers (STYLE §10): random maps, edited in place,
/// against a naive model that lays every element out in one list. Both the rows-only path (no header or footer has
/// a height) and the section path are exercised. Heights are multiples of 0.5, so sums are exact.
@Suite struct SectionGeometryTests {
  /// A naive section: header height (nil = none), row heights, footer height.
  struct NaiveSection {
    var header: Double?
    var rows: [Double]
    var footer: Double?
  }

  /// Every element with its span, in content order (absent headers and footers left out; they take `spacing`).
  static func layout(
    _ sections: [NaiveSection], separator: Double, spacing: GroupedSectionSpacing
  ) -> [(TableElement, VerticalSpan)] {
    var y = 0.0
    var result: [(TableElement, VerticalSpan)] = []
    for (index, section) in sections.enumerated() {
      if let header = section.header { result.append((.header(section: index), VerticalSpan(y: y, height: header))) }
      y += section.header ?? spacing.headerHeight
      for (row, height) in section.rows.enumerated() {
        result.append((.row(TableIndexPath(section: index, row: row)), VerticalSpan(y: y, height: height + separator)))
        y += height + separator
      }
      if let footer = section.footer { result.append((.footer(section: index), VerticalSpan(y: y, height: footer))) }
      y += section.footer ?? spacing.footerHeight
    }
    return result
  }

  @Test(arguments: [(UInt64(7), 0.0), (15, 0), (2_026, 0), (99, 3.5)])
  func geometryMatchesNaiveModel(seed: UInt64, spacingHeight: Double) {
    print("SectionGeometryTests seed \(seed) spacing \(spacingHeight)")
    var random = SplitMix64(seed: seed)
    let separator = 0.5
    // With spacing (a grouped table) the header gap is `spacingHeight` and the footer gap half of it.
    let spacing = GroupedSectionSpacing(headerHeight: spacingHeight, footerHeight: spacingHeight / 2)
    var map = ElementMap(absentHeights: spacing)
    var naive: [NaiveSection] = []
    var nextID = 0
    /// A random height: 0 sometimes, else a multiple of 0.5 up to 60.
    func height() -> Double {
      Int.random(in: 0..<5, using: &random) == 0 ? 0 : Double(Int.random(in: 1...120, using: &random)) / 2
    }
    /// A random header/footer: none, or a height (0 when `flat`).
    func extra(_ flat: Bool) -> Double? {
      Int.random(in: 0..<3, using: &random) == 0 ? nil : (flat ? 0 : height())
    }
    for step in 0..<300 {
      // The first 80 steps keep every header and footer at 0 pt: the rows-only path answers.
      let flat = step < 80
      let roll = Int.random(in: 0..<10, using: &random)
      if roll < 4 || naive.isEmpty {
        let index = Int.random(in: 0...naive.count, using: &random)
        let rows = (0..<Int.random(in: 0...4, using: &random)).map { _ in height() }
        let section = NaiveSection(header: extra(flat), rows: rows, footer: extra(flat))
        let ids = rows.map { _ -> RowID in
          nextID += 1
          return RowID("g\(nextID)")
        }
        map.insertSection(
          at: index, rows: Array(zip(ids, rows)).map { ($0.0, $0.1) },
          header: section.header.map { SupplementaryEntry(height: $0) },
          footer: section.footer.map { SupplementaryEntry(height: $0) })
        naive.insert(section, at: index)
      } else if roll < 6 {
        let index = Int.random(in: 0..<naive.count, using: &random)
        map.removeSection(at: index)
        naive.remove(at: index)
      } else if roll < 8 {
        let index = Int.random(in: 0..<naive.count, using: &random)
        let kind: SupplementaryKind = Bool.random(using: &random) ? .header : .footer
        let value = extra(flat)
        map.setSupplementary(kind, inSection: index, value.map { SupplementaryEntry(height: $0) })
        if kind == .header { naive[index].header = value } else { naive[index].footer = value }
      } else if let section = naive.indices.filter({ !naive[$0].rows.isEmpty }).randomElement(using: &random) {
        let row = Int.random(in: 0..<naive[section].rows.count, using: &random)
        let value = height()
        if let id = map.rowID(at: TableIndexPath(section: section, row: row)) { map.setHeight(value, of: id) }
        naive[section].rows[row] = value
      }
      check(map, naive, separator: separator, spacing: spacing, random: &random, context: "seed \(seed) step \(step)")
    }
  }

  /// Compares offsets, spans, element at offset and elements in intervals with the naive layout.
  private func check(
    _ map: ElementMap, _ naive: [NaiveSection], separator: Double, spacing: GroupedSectionSpacing,
    random: inout SplitMix64, context: String
  ) {
    let elements = Self.layout(naive, separator: separator, spacing: spacing)
    let total = naive.reduce(0.0) {
      $0 + ($1.header ?? spacing.headerHeight) + ($1.footer ?? spacing.footerHeight)
        + $1.rows.reduce(0) { $0 + $1 + separator }
    }
    #expect(map.contentHeight(separator: separator) == total, "\(context): content height")
    for (element, span) in elements {
      switch element {
      case .row(let path):
        #expect(map.offset(of: path, separator: separator) == span.y, "\(context): offset of \(element)")
      case .header(let section):
        #expect(
          map.supplementarySpan(.header, inSection: section, separator: separator) == span, "\(context): \(element)")
      case .footer(let section):
        #expect(
          map.supplementarySpan(.footer, inSection: section, separator: separator) == span, "\(context): \(element)")
      }
    }
    // Points: the edges and midpoints of 15 random elements, and random points.
    var points: [Double] = [-1, total, total + 1]
    for _ in 0..<15 {
      guard let (_, span) = elements.randomElement(using: &random) else { break }
      points += [span.y, span.y + span.height / 2, span.maxY]
    }
    for _ in 0..<15 { points.append(Double(Int.random(in: -10...Int(total * 2) + 10, using: &random)) / 2) }
    for y in points {
      let expected = elements.first { $0.1.height > 0 && $0.1.y <= y && y < $0.1.maxY }?.0
      #expect(map.element(atOffset: y, separator: separator) == expected, "\(context): element at \(y)")
      let row: TableIndexPath? = { if case .row(let path)? = expected { return path } else { return nil } }()
      #expect(map.indexPath(atOffset: y, separator: separator) == row, "\(context): row at \(y)")
    }
    for _ in 0..<10 {
      let a = Double(Int.random(in: -10...Int(total * 2) + 10, using: &random)) / 2
      let b = a + Double(Int.random(in: 0...200, using: &random)) / 2
      let expected = elements.filter { $0.1.intersects(minY: a, maxY: b) && b > a }.map(\.0)
      #expect(map.elements(intersectingMinY: a, maxY: b, separator: separator) == expected, "\(context): [\(a), \(b))")
      let rows = expected.compactMap { element -> TableIndexPath? in
        if case .row(let path) = element { return path }
        return nil
      }
      #expect(
        map.indexPaths(intersectingMinY: a, maxY: b, separator: separator) == rows, "\(context): rows [\(a), \(b))")
    }
  }
}
