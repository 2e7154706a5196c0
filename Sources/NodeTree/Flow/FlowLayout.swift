/// One section as a flow layout places it: its items' sizes and the extents of its header and footer along the
/// scroll axis. Pure value.
package struct FlowSection: Sendable, Hashable {
  /// Item sizes in order (each a measured size or the fixed `itemSize`).
  package var items: [FlowSize]
  /// Header extent along the scroll axis (height when vertical, width when horizontal); 0 = no header.
  package var headerExtent: Double
  /// Footer extent along the scroll axis; 0 = no footer.
  package var footerExtent: Double

  /// Creates a section.
  package init(items: [FlowSize], headerExtent: Double = 0, footerExtent: Double = 0) {
    self.items = items
    self.headerExtent = headerExtent
    self.footerExtent = footerExtent
  }
}

/// Which element of a flow layout. Pure value.
package enum FlowElement: Sendable, Hashable {
  /// The header of a section.
  case header(section: Int)
  /// An item: section and index in it.
  case item(section: Int, item: Int)
  /// The footer of a section.
  case footer(section: Int)
}

/// One line of a section: a row (vertical) or a column (horizontal) of consecutive items. Pure value.
package struct FlowLine: Sendable, Hashable {
  /// Indexes of its items in the section.
  package var items: Range<Int>
  /// Where the line starts along the scroll axis (content coordinates).
  package var start: Double
  /// Its extent along the scroll axis: the largest item's.
  package var thickness: Double
}

/// The frames of one section. Pure value.
package struct FlowSectionFrames: Sendable, Hashable {
  /// Header frame, nil without a header.
  package var header: Rect?
  /// Item frames in order.
  package var items: [Rect]
  /// The lines, in order.
  package var lines: [FlowLine]
  /// Footer frame, nil without a footer.
  package var footer: Rect?
  /// Where the section starts and ends along the scroll axis.
  package var start: Double
  /// End of the section along the scroll axis (after its footer).
  package var end: Double
  /// What was placed (compared by the next placement, `FlowGeometry.place(_:at:reusing:)`).
  package var input: FlowSection
  /// The uniform columns' offsets when every item has one size, else nil.
  package var columns: [Double]?

  /// These frames moved along the scroll axis so that the section starts at `start`.
  func moved(to start: Double, vertical: Bool) -> FlowSectionFrames {
    let delta = start - self.start
    guard delta != 0 else { return self }
    func shift(_ frame: Rect) -> Rect {
      var moved = frame
      if vertical { moved.y += delta } else { moved.x += delta }
      return moved
    }
    var moved = self
    moved.header = header.map(shift)
    moved.footer = footer.map(shift)
    for index in moved.items.indices { moved.items[index] = shift(moved.items[index]) }
    for index in moved.lines.indices { moved.lines[index].start += delta }
    moved.start = start
    moved.end = end + delta
    return moved
  }
}

/// `UICollectionViewFlowLayout`'s placement of every header, item and footer (Protocol.md "Collections: flow
/// layout" states the rules). Pure value, computed once per map.
///
/// Along the scroll axis a section is: header, the leading section inset, its lines separated by
/// `minimumLineSpacing`, the trailing section inset, footer. Across it (the fill axis) the collection's extent
/// less the two section insets is the line's room: a line takes items greedily while their extents plus
/// `minimumInteritemSpacing` between them fit (at least one item). Lines are justified: the spare room goes into
/// the gaps, a line of one item is centred. The last line of a section whose items differ in size is not
/// justified: its items start at the leading inset, `minimumInteritemSpacing` apart. In a section whose items all
/// have the same size every line, the last one included, puts its k-th item in the k-th column of a full line.
/// Items are centred across the line's thickness. Headers and footers span the whole collection across the
/// scroll axis.
package struct FlowLayout: Sendable, Hashable {
  /// The configuration placed with.
  package let configuration: FlowLayoutConfiguration
  /// The collection's bounds size placed in.
  package let bounds: FlowSize
  /// Frames by section.
  package let sections: [FlowSectionFrames]
  /// Content size: the collection's extent across the scroll axis, the sections' total along it.
  package let contentSize: FlowSize

  /// Places `sections` in a collection of `bounds` size with `configuration`. With `previous` (a layout of the same
  /// configuration and bounds, e.g. before a commit), each section is placed from the section at its index there:
  /// what did not change is kept or moved, not placed again (`FlowGeometry.place(_:at:reusing:)`); the frames are
  /// those of a placement afresh.
  package init(
    sections input: [FlowSection], bounds: FlowSize, configuration: FlowLayoutConfiguration,
    reusing previous: FlowLayout? = nil
  ) {
    self.configuration = configuration
    self.bounds = bounds
    let geometry = FlowGeometry(configuration: configuration, bounds: bounds)
    let reusable =
      previous.flatMap { $0.configuration == configuration && $0.bounds == bounds ? $0.sections : nil } ?? []
    var position = 0.0
    var placed: [FlowSectionFrames] = []
    placed.reserveCapacity(input.count)
    for (index, section) in input.enumerated() {
      let old = index < reusable.count ? reusable[index] : nil
      let frames = geometry.place(section, at: position, reusing: old)
      position = frames.end
      placed.append(frames)
    }
    sections = placed
    contentSize = geometry.rect(scroll: 0, scrollLength: position, fill: 0, fillLength: geometry.fillExtent).size
  }

  /// The frame of `element`, nil when it does not exist.
  package func frame(of element: FlowElement) -> Rect? {
    switch element {
    case .header(let section): return sections.indices.contains(section) ? sections[section].header : nil
    case .footer(let section): return sections.indices.contains(section) ? sections[section].footer : nil
    case .item(let section, let item):
      guard sections.indices.contains(section), sections[section].items.indices.contains(item) else { return nil }
      return sections[section].items[item]
    }
  }

  /// Elements whose frames intersect `rect` (open edges: touching is not intersecting, as `CGRectIntersectsRect`
  /// with non-empty rects), in content order (each section's header, items, footer). Sections and lines outside
  /// `rect` along the scroll axis are skipped by binary search.
  package func elements(intersecting rect: Rect) -> [FlowElement] {
    guard !rect.isEmpty else { return [] }
    let vertical = configuration.scrollDirection == .vertical
    let low = vertical ? rect.y : rect.x
    let high = vertical ? rect.maxY : rect.maxX
    var result: [FlowElement] = []
    var index = Self.firstIndex(in: sections.count) { sections[$0].end > low }
    while index < sections.count, sections[index].start < high {
      let section = sections[index]
      if let header = section.header, header.intersects(rect) { result.append(.header(section: index)) }
      var line = Self.firstIndex(in: section.lines.count) {
        section.lines[$0].start + section.lines[$0].thickness > low
      }
      while line < section.lines.count, section.lines[line].start < high {
        for item in section.lines[line].items where section.items[item].intersects(rect) {
          result.append(.item(section: index, item: item))
        }
        line += 1
      }
      if let footer = section.footer, footer.intersects(rect) { result.append(.footer(section: index)) }
      index += 1
    }
    return result
  }

  /// The first index in `0..<count` where `isAfter` holds (it must hold for a suffix), `count` when none.
  private static func firstIndex(in count: Int, where isAfter: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isAfter(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

extension Rect {
  /// Width and height.
  package var size: FlowSize { FlowSize(width: width, height: height) }

  /// True when both rects are non-empty and overlap with positive area (`CGRectIntersectsRect`).
  package func intersects(_ other: Rect) -> Bool {
    !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }
}
