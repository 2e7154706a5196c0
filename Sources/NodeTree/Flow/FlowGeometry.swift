/// The flow layout's arithmetic in axis-neutral terms: "scroll" is the axis lines stack along (y when vertical),
/// "fill" the axis items fill a line along (x when vertical). Pure value.
struct FlowGeometry: Sendable {
  /// The configuration.
  let configuration: FlowLayoutConfiguration
  /// True for a vertical flow.
  let vertical: Bool
  /// The collection's extent across the scroll axis (width when vertical).
  let fillExtent: Double
  /// Room for a line's items: the fill extent less both section insets across the scroll axis.
  let lineRoom: Double
  /// Section inset before the first line along the scroll axis (top when vertical).
  let leadingInset: Double
  /// Section inset after the last line along the scroll axis (bottom when vertical).
  let trailingInset: Double
  /// Section inset where each line starts across the scroll axis (left when vertical).
  let fillInset: Double

  /// The geometry of `configuration` in a collection of `bounds` size.
  init(configuration: FlowLayoutConfiguration, bounds: FlowSize) {
    self.configuration = configuration
    let inset = configuration.sectionInset
    vertical = configuration.scrollDirection == .vertical
    fillExtent = vertical ? bounds.width : bounds.height
    lineRoom = vertical ? fillExtent - inset.left - inset.right : fillExtent - inset.top - inset.bottom
    leadingInset = vertical ? inset.top : inset.left
    trailingInset = vertical ? inset.bottom : inset.right
    fillInset = vertical ? inset.left : inset.top
  }

  /// A size's extent along the fill axis.
  func fill(_ size: FlowSize) -> Double { vertical ? size.width : size.height }
  /// A size's extent along the scroll axis.
  func scroll(_ size: FlowSize) -> Double { vertical ? size.height : size.width }

  /// The rect at these axis-neutral coordinates.
  func rect(scroll: Double, scrollLength: Double, fill: Double, fillLength: Double) -> Rect {
    vertical
      ? Rect(x: fill, y: scroll, width: fillLength, height: scrollLength)
      : Rect(x: scroll, y: fill, width: scrollLength, height: fillLength)
  }

  /// Places one section starting at `start` along the scroll axis.
  func place(_ section: FlowSection, at start: Double) -> FlowSectionFrames {
    var position = start
    var header: Rect?
    if section.headerExtent > 0 {
      header = rect(scroll: position, scrollLength: section.headerExtent, fill: 0, fillLength: fillExtent)
      position += section.headerExtent
    }
    position += leadingInset
    let lines = breakLines(section.items)
    let columns = uniformColumns(section.items)
    var items = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: section.items.count)
    var placedLines: [FlowLine] = []
    placedLines.reserveCapacity(lines.count)
    for (number, range) in lines.enumerated() {
      if number > 0 { position += configuration.minimumLineSpacing }
      let thickness = range.map { scroll(section.items[$0]) }.max() ?? 0
      let offsets =
        columns.flatMap { $0.count >= range.count ? Array($0.prefix(range.count)) : nil }
        ?? fillOffsets(range.map { fill(section.items[$0]) }, isLast: number == lines.count - 1)
      for (item, offset) in zip(range, offsets) {
        let size = section.items[item]
        items[item] = rect(
          scroll: position + (thickness - scroll(size)) / 2, scrollLength: scroll(size), fill: fillInset + offset,
          fillLength: fill(size))
      }
      placedLines.append(FlowLine(items: range, start: position, thickness: thickness))
      position += thickness
    }
    position += trailingInset
    var footer: Rect?
    if section.footerExtent > 0 {
      footer = rect(scroll: position, scrollLength: section.footerExtent, fill: 0, fillLength: fillExtent)
      position += section.footerExtent
    }
    return FlowSectionFrames(
      header: header, items: items, lines: placedLines, footer: footer, start: start, end: position)
  }

  /// Greedy line breaking: a line takes items while their fill extents plus the minimum interitem spacing between
  /// them fit in `lineRoom`; every line takes at least one item.
  func breakLines(_ sizes: [FlowSize]) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var first = 0
    var used = 0.0
    for index in sizes.indices {
      let extent = fill(sizes[index])
      if index > first, used + configuration.minimumInteritemSpacing + extent > lineRoom {
        lines.append(first..<index)
        first = index
        used = extent
      } else {
        used += (index > first ? configuration.minimumInteritemSpacing : 0) + extent
      }
    }
    if first < sizes.count { lines.append(first..<sizes.count) }
    return lines
  }

  /// Offsets from the fill inset of a line's items (`extents` along the fill axis) when the section's items
  /// differ in size: justified (spare room shared by the gaps; one item centred) unless `isLast`, which starts at
  /// the inset with the minimum spacing. An item wider than the room starts at the inset.
  func fillOffsets(_ extents: [Double], isLast: Bool) -> [Double] {
    let total = extents.reduce(0, +)
    let spare = lineRoom - total - configuration.minimumInteritemSpacing * Double(extents.count - 1)
    if extents.count == 1 { return [isLast ? 0 : max(0, spare / 2)] }
    let gap = configuration.minimumInteritemSpacing + (isLast ? 0 : max(0, spare) / Double(extents.count - 1))
    var offsets: [Double] = []
    var offset = 0.0
    for extent in extents {
      offsets.append(offset)
      offset += extent + gap
    }
    return offsets
  }

  /// When every item of the section has the same size: the offsets of a full line's columns (a full line is
  /// justified; a one-column line is centred), used by every line. Nil when sizes differ or there are no items.
  func uniformColumns(_ sizes: [FlowSize]) -> [Double]? {
    guard let size = sizes.first, sizes.allSatisfy({ $0 == size }) else { return nil }
    let extent = fill(size)
    let spacing = configuration.minimumInteritemSpacing
    guard extent + spacing > 0 else { return Array(repeating: 0, count: sizes.count) }
    // n items fit when n·extent + (n − 1)·spacing ≤ room, i.e. n ≤ (room + spacing) / (extent + spacing).
    let fitting = max(1, ((lineRoom + spacing) / (extent + spacing)).rounded(.down))
    if fitting == 1 { return [max(0, (lineRoom - extent) / 2)] }
    let gap = (lineRoom - fitting * extent) / (fitting - 1)
    return (0..<Int(min(fitting, Double(sizes.count)))).map { Double($0) * (extent + gap) }
  }
}
