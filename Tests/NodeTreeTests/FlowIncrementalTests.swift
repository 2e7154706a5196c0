import Foundation
import Testing

@testable import NodeTree

/// A commit places the flow again from the previous layout (`FlowLayout.init(sections:bounds:configuration:
/// reusing:)`): unchanged sections are kept or moved and a changed section keeps its lines before the first changed
/// item. Random edits (seeded; the seed is printed) must give the frames of a placement afresh, and a commit of a
/// collection must leave the committed flow equal to one placed afresh from its visible map.
///
/// Environment: `LAYOUTD_FLOW_SEQUENCES` (default 40 sequences of 40 edits: well under a second), `LAYOUTD_FLOW_SEED`
/// (the base seed, else random).
@Suite struct FlowIncrementalTests {
  /// A setting from the environment, else `fallback`.
  static func setting(_ name: String, _ fallback: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? fallback
  }

  /// The base seed: `LAYOUTD_FLOW_SEED`, else random (printed).
  static func baseSeed(_ suite: String) -> UInt64 {
    let base =
      ProcessInfo.processInfo.environment["LAYOUTD_FLOW_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64(UInt32.max))
    print("\(suite): base seed \(base) (replay with LAYOUTD_FLOW_SEED=\(base))")
    return base
  }

  /// True when `a` and `b` are within 1e-6 (a move adds the offset to a frame instead of accumulating it afresh).
  static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }

  /// True when the rects are equal up to `close`.
  static func close(_ a: Rect?, _ b: Rect?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
  }

  /// The first difference between two layouts, nil when they place everything alike.
  static func difference(_ a: FlowLayout, _ b: FlowLayout) -> String? {
    guard a.sections.count == b.sections.count else { return "section count \(a.sections.count) ≠ \(b.sections.count)" }
    guard close(a.contentSize.width, b.contentSize.width), close(a.contentSize.height, b.contentSize.height) else {
      return "content \(a.contentSize) ≠ \(b.contentSize)"
    }
    for (index, (x, y)) in zip(a.sections, b.sections).enumerated() {
      guard x.input == y.input, x.columns == y.columns else { return "section \(index): input or columns" }
      guard close(x.start, y.start), close(x.end, y.end) else { return "section \(index): extent" }
      guard close(x.header, y.header), close(x.footer, y.footer) else { return "section \(index): header or footer" }
      guard x.items.count == y.items.count else { return "section \(index): item count" }
      for (item, (p, q)) in zip(x.items, y.items).enumerated() where !close(p, q) {
        return "section \(index) item \(item): \(p) ≠ \(q)"
      }
      guard x.lines.count == y.lines.count else { return "section \(index): line count" }
      for (line, (p, q)) in zip(x.lines, y.lines).enumerated()
      where p.items != q.items || !close(p.start, q.start) || !close(p.thickness, q.thickness) {
        return "section \(index) line \(line): \(p) ≠ \(q)"
      }
    }
    return nil
  }

  /// A random item size: mostly one of a few sizes (so sections are often uniform), sometimes fractional.
  static func size(_ random: inout SplitMix64, uniform: FlowSize?) -> FlowSize {
    if let uniform, Int.random(in: 0..<4, using: &random) > 0 { return uniform }
    let widths = [40.0, 60, 100, 150, 33.5, 400]
    let heights = [20.0, 50, 100, 77.25]
    return FlowSize(
      width: widths[Int.random(in: 0..<widths.count, using: &random)],
      height: heights[Int.random(in: 0..<heights.count, using: &random)])
  }

  @Test func incrementalPlacementEqualsAFreshOneOnRandomEdits() {
    let base = Self.baseSeed("FlowIncremental")
    for sequence in 0..<Self.setting("LAYOUTD_FLOW_SEQUENCES", 40) {
      let seed = base &+ UInt64(sequence) &* 0x9E37_79B9
      var random = SplitMix64(seed: seed)
      var configuration = FlowLayoutConfiguration()
      configuration.scrollDirection = Bool.random(using: &random) ? .vertical : .horizontal
      configuration.minimumLineSpacing = [0.0, 10, 7.5][Int.random(in: 0..<3, using: &random)]
      configuration.minimumInteritemSpacing = [0.0, 10, 3.25][Int.random(in: 0..<3, using: &random)]
      let inset = { (r: inout SplitMix64) in [0.0, 5, 12.5][Int.random(in: 0..<3, using: &r)] }
      configuration.sectionInset = FlowInsets(
        top: inset(&random), left: inset(&random), bottom: inset(&random), right: inset(&random))
      let bounds = FlowSize(width: [320.0, 375][Int.random(in: 0..<2, using: &random)], height: 480)
      let uniform = FlowSize(width: 100, height: 100)
      var sections = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        FlowSection(
          items: (0..<Int.random(in: 0...40, using: &random)).map { _ in uniform },
          headerExtent: [0.0, 30][Int.random(in: 0..<2, using: &random)])
      }
      var layout = FlowLayout(sections: sections, bounds: bounds, configuration: configuration)
      for step in 0..<40 {
        let s = Int.random(in: 0..<sections.count, using: &random)
        let count = sections[s].items.count
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3:
          let at = Int.random(in: 0...count, using: &random)
          let added = (0..<Int.random(in: 1...8, using: &random)).map { _ in
            Self.size(&random, uniform: uniform)
          }
          sections[s].items.insert(contentsOf: added, at: at)
        case 3..<5 where count > 0:
          let at = Int.random(in: 0..<count, using: &random)
          sections[s].items.removeSubrange(at..<min(count, at + Int.random(in: 1...5, using: &random)))
        case 5..<7 where count > 0:
          sections[s].items[Int.random(in: 0..<count, using: &random)] = Self.size(&random, uniform: uniform)
        case 7:
          sections.insert(
            FlowSection(items: (0..<Int.random(in: 0...12, using: &random)).map { _ in uniform }), at: s)
        case 8 where sections.count > 1:
          sections.remove(at: s)
        default:
          sections[s].headerExtent = [0.0, 30, 45][Int.random(in: 0..<3, using: &random)]
          sections[s].footerExtent = [0.0, 20][Int.random(in: 0..<2, using: &random)]
        }
        let incremental = FlowLayout(
          sections: sections, bounds: bounds, configuration: configuration, reusing: layout)
        let fresh = FlowLayout(sections: sections, bounds: bounds, configuration: configuration)
        if let problem = Self.difference(incremental, fresh) {
          Issue.record("seed \(seed) (sequence \(sequence) of base \(base)), edit \(step): \(problem)")
          break
        }
        layout = incremental
      }
    }
  }

  @Test func aCommitLeavesTheFlowOfAFreshPlacement() throws {
    // A 3-column grid of 100 × 100 items (320 wide) with one item of its own size range: inserts at the top, deletes
    // and re-measures, each commit checked against the flow placed afresh from the visible map.
    var configuration = FlowLayoutConfiguration()
    configuration.itemSize = FlowSize(width: 100, height: 100)
    let placement = FlowPlacement(configuration: configuration, bounds: FlowSize(width: 320, height: 480))
    var table = TableNode<Int>()
    _ = table.setFlowPlacement(placement)
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: 320, height: 480)))
    let ranged = CellSizeRange(minWidth: 0, minHeight: 0, maxWidth: 150, maxHeight: 80)
    var specs = (0..<50).map { RowSpec(id: RowID("i\($0)"), content: $0) }
    specs[7].sizeRange = ranged
    func measure(_ requests: [LayoutRequest<Int>]) throws {
      for request in requests {
        _ = try table.acceptLayout(
          id: request.id, generation: request.generation, height: 100 + Double(request.content % 3) * 10,
          width: 140)
      }
    }
    func check(_ label: String) {
      let fresh = placement.flowLayout(of: table.visibleMap, widths: table.itemWidths)
      if let committed = table.committedFlow, let problem = Self.difference(committed, fresh) {
        Issue.record("\(label): \(problem)")
      }
      #expect(table.committedFlow != nil)
    }
    try measure(try table.reloadData([specs]).layoutRequests)
    check("load")
    for round in 0..<5 {
      let rows = (0..<3).map { RowSpec(id: RowID("n\(round)_\($0)"), content: 50 + $0) }
      let inserted = try table.performBatch(
        BatchUpdate([.insertRows(rows.enumerated().map { (TableIndexPath(section: 0, row: $0.offset), $0.element) })]))
      try measure(inserted.layoutRequests)
      check("insert \(round)")
      let deleted = try table.performBatch(
        BatchUpdate([.deleteRows([.indexPath(TableIndexPath(section: 0, row: 30 + round))])]))
      try measure(deleted.layoutRequests)
      check("delete \(round)")
    }
    try measure(try table.invalidateLayout([RowID("i7")]))
    check("re-measure")
  }
}
