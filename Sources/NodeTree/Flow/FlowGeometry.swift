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

  /// Places one section starting at `start` along the scroll axis. With `old`, the same section's frames from the
  /// previous layout (same configuration and bounds), only what changed is placed again: a section of the same input
  /// is `old` moved to `start`; otherwise the lines of `old` before the first item whose size differs are kept (moved
  /// to `start`) — greedy line breaking and the uniform columns make a line depend only on the items up to it —
  /// except `old`'s last line (it may take more items, and a section's last line is placed differently), and the
  /// section is placed from there on. The result equals placing the section afresh (up to the rounding of a move).
  func place(_ section: FlowSection, at start: Double, reusing old: FlowSectionFrames? = nil) -> FlowSectionFrames {
    if let old, old.input == section { return old.moved(to: start, vertical: vertical) }
    let columns = uniformColumns(section.items)
    var position = start
    var header: Rect?
    if section.headerExtent > 0 {
      header = rect(scroll: position, scrollLength: section.headerExtent, fill: 0, fillLength: fillExtent)
      position += section.headerExtent
    }
    position += leadingInset
    var items: [Rect]
    var placedLines: [FlowLine]
    let kept = old.map { keptLines(of: $0, for: section, columns: columns) } ?? 0
    if let old, kept > 0 {
      let moved = old.lines[kept - 1]
      let delta = start - old.start
      let first = moved.items.upperBound
      placedLines = Array(old.lines[..<kept])
      items = Array(old.items[..<first])
      if delta != 0 {
        for index in placedLines.indices { placedLines[index].start += delta }
        for index in items.indices { items[index] = shift(items[index], by: delta) }
      }
      position = moved.start + delta + moved.thickness
    } else {
      items = []
      placedLines = []
    }
    items.reserveCapacity(section.items.count)
    let lines = breakLines(section.items, from: items.count)
    placedLines.reserveCapacity(placedLines.count + lines.count)
    for (number, range) in lines.enumerated() {
      if number > 0 || !placedLines.isEmpty { position += configuration.minimumLineSpacing }
      var thickness = 0.0
      for item in range { thickness = max(thickness, scroll(section.items[item])) }
      let uniform = columns.flatMap { $0.count >= range.count ? $0 : nil }
      let offsets = uniform ?? fillOffsets(range.map { fill(section.items[$0]) }, isLast: number == lines.count - 1)
      for (item, offset) in zip(range, offsets) {
        let size = section.items[item]
        items.append(
          rect(
            scroll: position + (thickness - scroll(size)) / 2, scrollLength: scroll(size), fill: fillInset + offset,
            fillLength: fill(size)))
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
      header: header, items: items, lines: placedLines, footer: footer, start: start, end: position, input: section,
      columns: columns)
  }

  /// How many of `old`'s first lines `section` keeps: those before the first item whose size differs (the item
  /// after each unchanged too), not `old`'s last line, and none unless the header and the uniform columns are the
  /// same.
  func keptLines(of old: FlowSectionFrames, for section: FlowSection, columns: [Double]?) -> Int {
    guard old.input.headerExtent == section.headerExtent, old.columns == columns, old.lines.count > 1 else { return 0 }
    var common = 0
    let limit = min(old.input.items.count, section.items.count)
    if columns != nil {
      // Every item of each has one size (the columns alone do not tell the sizes apart).
      common = old.input.items.first == section.items.first ? limit : 0
    } else {
      while common < limit, old.input.items[common] == section.items[common] { common += 1 }
    }
    var kept = 0
    // A line ends where the next item did not fit: that item must be unchanged too.
    while kept < old.lines.count - 1, old.lines[kept].items.upperBound < common { kept += 1 }
    return kept
  }

  /// `frame` moved by `delta` along the scroll axis.
  func shift(_ frame: Rect, by delta: Double) -> Rect {
    var moved = frame
    if vertical { moved.y += delta } else { moved.x += delta }
    return moved
  }

  /// Greedy line breaking: a line takes items while their fill extents plus the minimum interitem spacing between
  /// them fit in `lineRoom`; every line takes at least one item.
  /// `from`: the index the first line starts at (a line boundary of an earlier breaking).
  func breakLines(_ sizes: [FlowSize], from start: Int = 0) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var first = start
    var used = 0.0
    for index in start..<sizes.count {
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
