/// The collection model's placement (Protocol.md "Collections: flow layout", written from UIKit's documented flow
/// layout, sharing no code with NodeTree): sections along the scroll axis, each a header, its leading inset, its
/// lines, its trailing inset and a footer. A section whose items all have one size is a grid of columns; otherwise
/// lines are broken greedily, every line but the last justified (a lone item centred), the last starting at the
/// inset. An item carrying its own `sizeRange` has its node's size clamped into it (`CollectionStep.rangedItem`).
extension CollectionModel {
  /// One placed item: where its frame starts along and across the scroll axis and its extents.
  struct Placed: Sendable {
    /// Item id.
    var id: String
    /// Section index.
    var section: Int
    /// Index in the section.
    var item: Int
    /// Leading edge along the scroll axis.
    var along: Double
    /// Leading edge across.
    var across: Double
    /// Extent along the scroll axis.
    var alongExtent: Double
    /// Extent across.
    var acrossExtent: Double
  }

  /// The size of item `id`: its node clamped into its own range when the generator gave it one, else `itemSize`
  /// (a pager's page size).
  func size(of id: String) -> (width: Double, height: Double) {
    guard let ranged = CollectionStep.rangedItem(id) else { return (layout.itemWidth, layout.itemHeight) }
    func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double { min(max(value, low), high) }
    return (
      clamp(ranged.node.width, ranged.min.width, ranged.max.width),
      clamp(ranged.node.height, ranged.min.height, ranged.max.height)
    )
  }

  /// A size's extents (along the scroll axis, across it).
  func extents(_ size: (width: Double, height: Double)) -> (along: Double, across: Double) {
    vertical ? (size.height, size.width) : (size.width, size.height)
  }

  /// Places section `s`'s `ids` from `start` along the scroll axis: the placed items and where the section ends.
  func placeSection(_ s: Int, _ ids: [String], from start: Double) -> (items: [Placed], end: Double) {
    var position = start + layout.header + insetsAlong.0
    let sizes = ids.map { extents(size(of: $0)) }
    var items: [Placed] = []
    // Consecutive index ranges of the lines.
    var lines: [Range<Int>] = []
    let uniform = sizes.allSatisfy { $0 == sizes.first! }
    var columns: [Double] = []
    if uniform, let first = sizes.first {
      // n = ⌊(room + interitem) / (extent + interitem)⌋ ≥ 1 per full line; its columns spread over the room.
      let n = max(1, Int(((room + layout.interitemSpacing) / (first.across + layout.interitemSpacing)).rounded(.down)))
      if n == 1 {
        columns = [insetsAcross.0 + (room - first.across) / 2]
      } else {
        let gap = (room - Double(n) * first.across) / Double(n - 1)
        columns = (0..<n).map { insetsAcross.0 + Double($0) * (first.across + gap) }
      }
      lines = stride(from: 0, to: ids.count, by: n).map { $0..<min($0 + n, ids.count) }
    } else {
      var lineStart = 0
      var used = 0.0
      for (index, extent) in sizes.enumerated() {
        if index == lineStart {
          used = extent.across
        } else if used + layout.interitemSpacing + extent.across > room {
          lines.append(lineStart..<index)
          lineStart = index
          used = extent.across
        } else {
          used += layout.interitemSpacing + extent.across
        }
      }
      if lineStart < ids.count { lines.append(lineStart..<ids.count) }
    }
    for (number, line) in lines.enumerated() {
      if number > 0 { position += layout.lineSpacing }
      let thickness = line.map { sizes[$0].along }.max() ?? 0
      var acrossPositions: [Double]
      if uniform {
        acrossPositions = line.map { columns[$0 - line.lowerBound] }
      } else {
        let total = line.map { sizes[$0].across }.reduce(0, +)
        let spare = room - total - layout.interitemSpacing * Double(line.count - 1)
        let last = number == lines.count - 1
        let gap: Double
        if last {
          gap = layout.interitemSpacing
        } else if line.count == 1 {
          gap = 0
        } else {
          gap = layout.interitemSpacing + max(0, spare) / Double(line.count - 1)
        }
        var cursor = insetsAcross.0 + (!last && line.count == 1 ? max(0, spare / 2) : 0)
        acrossPositions = []
        for index in line {
          acrossPositions.append(cursor)
          cursor += sizes[index].across + gap
        }
      }
      for (index, across) in zip(line, acrossPositions) {
        items.append(
          Placed(
            id: ids[index], section: s, item: index, along: position + (thickness - sizes[index].along) / 2,
            across: across, alongExtent: sizes[index].along, acrossExtent: sizes[index].across))
      }
      position += thickness
    }
    return (items, position + insetsAlong.1 + layout.footer)
  }

  /// Every item in order with its place.
  var placed: [Placed] {
    var out: [Placed] = []
    var start = 0.0
    for (s, ids) in sections.enumerated() {
      let section = placeSection(s, ids, from: start)
      out += section.items
      start = section.end
    }
    return out
  }

  /// The content's extent along the scroll axis: the sum of the sections'.
  var contentExtent: Double {
    var start = 0.0
    for (s, ids) in sections.enumerated() { start = placeSection(s, ids, from: start).end }
    return start
  }

  /// The content size: the collection's width by the sections' height (vertical) or the sections' width by its
  /// height (horizontal).
  var contentSize: (width: Double, height: Double) {
    vertical ? (width, contentExtent) : (contentExtent, height)
  }

  /// An item's frame {x, y, width, height}.
  func frame(_ item: Placed) -> (Double, Double, Double, Double) {
    vertical
      ? (item.across, item.along, item.acrossExtent, item.alongExtent)
      : (item.along, item.across, item.alongExtent, item.acrossExtent)
  }
}
