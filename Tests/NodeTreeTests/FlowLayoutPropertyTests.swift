import Testing

@testable import NodeTree

/// Random flow layouts on both axes checked against the rules of Protocol.md "Collections: flow layout" stated as
/// properties (lines greedy and inside the room, gaps at least the minimum, items centred across their line, lines
/// apart by at least the line spacing, sections stacked), and `elements(intersecting:)` against a scan of every
/// frame. Seeded, 400 layouts.
@Suite struct FlowLayoutPropertyTests {
  /// A random layout: 1…4 sections of 0…30 items, sizes multiples of 0.5 (uniform or mixed), random spacings,
  /// insets and header/footer extents, either direction.
  private func randomLayout(_ random: inout SplitMix64) -> (FlowLayout, [FlowSection]) {
    func half(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &random)) / 2 }
    var configuration = FlowLayoutConfiguration()
    configuration.scrollDirection = Bool.random(using: &random) ? .vertical : .horizontal
    configuration.minimumLineSpacing = half(0...40)
    configuration.minimumInteritemSpacing = half(0...40)
    configuration.sectionInset = FlowInsets(
      top: half(0...40), left: half(0...40), bottom: half(0...40), right: half(0...40))
    let bounds = FlowSize(width: half(200...800), height: half(200...800))
    let sections = (0..<Int.random(in: 1...4, using: &random)).map { _ in
      let count = Int.random(in: 0...30, using: &random)
      let uniform = FlowSize(width: half(2...300), height: half(2...300))
      let items = (0..<count).map { _ in
        Bool.random(using: &random) && Bool.random(using: &random)
          ? FlowSize(width: half(2...300), height: half(2...300)) : uniform
      }
      return FlowSection(items: items, headerExtent: half(0...60), footerExtent: half(0...60))
    }
    return (FlowLayout(sections: sections, bounds: bounds, configuration: configuration), sections)
  }

  @Test func randomLayoutsFollowTheRules() {
    var random = SplitMix64(seed: 16)
    for _ in 0..<400 {
      let (flow, sections) = randomLayout(&random)
      let configuration = flow.configuration
      let vertical = configuration.scrollDirection == .vertical
      let inset = configuration.sectionInset
      let fillStart = vertical ? inset.left : inset.top
      let room =
        (vertical ? flow.bounds.width - inset.left - inset.right : flow.bounds.height - inset.top - inset.bottom)
      func fill(_ r: Rect) -> (Double, Double) { vertical ? (r.x, r.maxX) : (r.y, r.maxY) }
      func scroll(_ r: Rect) -> (Double, Double) { vertical ? (r.y, r.maxY) : (r.x, r.maxX) }
      func fillExtent(_ s: FlowSize) -> Double { vertical ? s.width : s.height }
      var sectionStart = 0.0
      for (index, section) in sections.enumerated() {
        let placed = flow.sections[index]
        #expect(placed.start == sectionStart)
        #expect(placed.lines.flatMap { Array($0.items) } == Array(section.items.indices))
        #expect(placed.items.map(\.size) == section.items)
        var previousEnd: Double?
        for (number, line) in placed.lines.enumerated() {
          let frames = line.items.map { placed.items[$0] }
          // Inside the room (an item larger than the room starts at the inset), in order, gaps ≥ the minimum.
          for frame in frames where fillExtent(frame.size) <= room {
            #expect(fill(frame).0 >= fillStart - 1e-9 && fill(frame).1 <= fillStart + room + 1e-9)
          }
          for (a, b) in zip(frames, frames.dropFirst()) {
            #expect(fill(b).0 - fill(a).1 >= configuration.minimumInteritemSpacing - 1e-9)
          }
          // Greedy: the next line's first item would not have fitted on this one.
          if number + 1 < placed.lines.count {
            let used =
              line.items.map { fillExtent(section.items[$0]) }.reduce(0, +)
              + configuration.minimumInteritemSpacing * Double(line.items.count)
            #expect(used + fillExtent(section.items[placed.lines[number + 1].items.lowerBound]) > room)
          }
          // Centred across the line's thickness, the thickest item filling it.
          for frame in frames {
            let (low, high) = scroll(frame)
            #expect(abs((low - line.start) - (line.start + line.thickness - high)) < 1e-9)
          }
          #expect(frames.map { scroll($0).1 - scroll($0).0 }.max() == line.thickness)
          if let previousEnd { #expect(abs(line.start - previousEnd - configuration.minimumLineSpacing) < 1e-9) }
          previousEnd = line.start + line.thickness
        }
        sectionStart = placed.end
      }
      #expect((vertical ? flow.contentSize.height : flow.contentSize.width) == sectionStart)
      // Rect queries agree with a scan of every frame.
      for _ in 0..<5 {
        let length = vertical ? flow.contentSize.height : flow.contentSize.width
        let start = Double.random(in: -50...max(0, length), using: &random)
        let size = Double.random(in: 0...400, using: &random)
        let across = Double.random(in: -50...500, using: &random)
        let rect =
          vertical
          ? Rect(x: across, y: start, width: Double.random(in: 0...400, using: &random), height: size)
          : Rect(x: start, y: across, width: size, height: Double.random(in: 0...400, using: &random))
        var expected: [FlowElement] = []
        for (s, placed) in flow.sections.enumerated() {
          if let header = placed.header, header.intersects(rect) { expected.append(.header(section: s)) }
          for (i, frame) in placed.items.enumerated() where frame.intersects(rect) {
            expected.append(.item(section: s, item: i))
          }
          if let footer = placed.footer, footer.intersects(rect) { expected.append(.footer(section: s)) }
        }
        #expect(flow.elements(intersecting: rect) == expected)
      }
    }
  }
}
