/// The collection scroll measurement (`--only collection`): the scroll measurement's one-screen drags over a
/// 100,000-item 3-column grid and a 10,000-page pager (Protocol.md "Collections", "Pagers"), with the same cells,
/// viewport (320 × 480) and timing as the table's.
extension ServerBench {
  /// What a scroll run scrolls.
  enum ScrollContainer: String, Sendable, CaseIterable {
    /// A table of 100-pt rows (the scroll measurement).
    case table
    /// A vertical collection of 100 × 100 items, spacings 10: (320 + 10) / 110 = 3 columns, lines 110 apart.
    case grid
    /// A pager of 320 × 480 pages side by side.
    case pager

    /// The members `session/create` adds for it.
    var createMembers: String {
      switch self {
      case .table: return ""
      case .grid: return #","kind":"collection","layout":{"itemSize":{"width":100,"height":100}}"#
      case .pager: return #","kind":"pager""#
      }
    }

    /// The axis it scrolls along: "y", or "x" for the pager.
    var axis: String { self == .pager ? "x" : "y" }

    /// The content size member along that axis.
    var lengthMember: String { self == .pager ? "width" : "height" }

    /// One screen along the axis, points.
    var screen: Int { self == .pager ? 320 : ServerBench.scrollViewport }

    /// The content length along the axis with `items` items, nil for a table (its own rule): a grid has ⌈n / 3⌉
    /// lines of 100 with 10 between them; a pager n pages of 320.
    func contentLength(items: Int) -> Double? {
      switch self {
      case .table: return nil
      case .grid:
        let lines = (items + 2) / 3
        return Double(lines) * 100 + Double(max(0, lines - 1)) * 10
      case .pager: return Double(items) * 320
      }
    }

    /// Items of the measured run: 100,000 grid items, 10,000 pages.
    var measuredItems: Int { self == .pager ? 10_000 : 100_000 }
  }
}

extension ServerBenchResults {
  /// The scroll runs of a grid or a pager.
  var collectionScrolls: [ServerBench.ScrollRun] { scrolls.filter { $0.container != .table } }

  /// Figures of the collection runs: every scroll series per container (target p99 to the last notification ≤ 1000
  /// µs).
  func collectionScrollFigures() -> [Figure] {
    var list: [Figure] = []
    for container in [ServerBench.ScrollContainer.grid, .pager] {
      let runs = collectionScrolls.filter { $0.container == container }
      guard let first = runs.first else { continue }
      let name =
        container == .grid
        ? "scroll 1 screen, \(first.rows)-item 3-column grid" : "scroll 1 screen, \(first.rows)-page pager"
      for (label, value) in Self.scrollSeries {
        let isTarget = label == "to last notification p99, µs"
        list.append(
          Figure(
            name: "\(name), \(label)", values: runs.map(value), digits: label.hasSuffix(", s") ? 2 : 1,
            target: isTarget ? "≤ 1000" : "", met: isTarget ? { $0 <= 1000 } : nil))
      }
    }
    return list
  }
}
