import JSONCodec
import Testing
@testable import NodeTree

/// Every case of data-controller.json: constrained sizes, pending-map visibility, batch-fetch fill behaviour and
/// the synchronous-processing decision (texture.md §1.2–1.6, §4.3).
@Suite struct DataControllerConformanceTests {
  static let cases = TextureFixture.cases("data-controller")

  @Test func fileHasAllCases() { #expect(Self.cases.count == 15) }

  @Test(arguments: cases)
  func dataControllerCase(_ fixture: TextureFixture.Case) throws {
    let input = fixture.input
    if fixture.name.hasPrefix("syncDecision_") {
      let blocks = CellConstraints.blocksUntilCommitted(
        includesReloadData: input["includesReloadData"]?.boolValue ?? false,
        countForAsyncLayout: input["countForAsyncLayout"]?.intValue ?? 0,
        contentFitsBounds: input["contentFitsBounds"]?.boolValue ?? false)
      #expect(blocks == fixture.expected["blocksMainThreadUntilCommitted"]?.boolValue)
      return
    }
    if let expectedRange = fixture.expected["cellConstrainedSize"] {
      #expect(constrainedSize(input) == sizeRange(expectedRange))
      if let directions = fixture.expected["scrollableDirections"] {
        #expect(CollectionLayoutKind.custom.scrollableDirections == direction(directions.strings))
      }
      if fixture.expected["rowRect"] != nil { try rowRect(fixture) }
      return
    }
    switch fixture.name {
    case "nodeApiSeesPendingMapImmediately": try pendingMapVisibility()
    case "emptyCollectionBatchFetchesOnce": try emptyTableFetchesOnce(fixture)
    case "fillUntilLeadingScreensMet_visible", "fillUntilLeadingScreensMet_invisible": try fill(fixture)
    default: Issue.record("unhandled data-controller case \(fixture.name)")
    }
  }

  private func sizeRange(_ json: JSONValue) -> CellSizeRange {
    let min = json["min"]?.doubles ?? []
    let max = json["max"]?.doubles ?? []
    return CellSizeRange(minWidth: min.first ?? -1, minHeight: min.last ?? -1, maxWidth: max.first ?? -1, maxHeight: max.last ?? -1)
  }

  /// The constrained size for a table or collection case.
  private func constrainedSize(_ input: JSONValue) -> CellSizeRange {
    let delegate = input["delegateConstrainedSize"].flatMap { $0.isNull ? nil : sizeRange($0) }
    func inset(_ key: String) -> Double { input["contentInset"]?[key]?.doubleValue ?? 0 }
    if let bounds = input["tableBounds"]?.doubles, bounds.count == 4 {
      let width = CellConstraints.tableWidth(
        boundsWidth: bounds[2], sectionIndexWidth: input["sectionIndexWidth"]?.doubleValue ?? 0,
        insetLeft: inset("left"), insetRight: inset("right"), previous: bounds[2])
      return CellConstraints.table(width: width, delegateRange: delegate)
    }
    let bounds = input["bounds"]?.doubles ?? [0, 0, 0, 0]
    let layout: CollectionLayoutKind
    switch input["flowScrollDirection"]?.stringValue {
    case "vertical": layout = .verticalFlow
    case "horizontal": layout = .horizontalFlow
    default: layout = .custom
    }
    let itemSize = input["flowItemSize"]?.doubles
    return CellConstraints.collection(
      boundsWidth: bounds[2], boundsHeight: bounds[3], insetTop: inset("top"), insetLeft: inset("left"),
      insetBottom: inset("bottom"), insetRight: inset("right"), layout: layout,
      flowItemSize: itemSize.map { ($0[0], $0[1]) }, delegateRange: delegate)
  }

  /// Row rect = table width × (cell height + 1/scale) with separators, at every screen scale.
  private func rowRect(_ fixture: TextureFixture.Case) throws {
    let range = constrainedSize(fixture.input)
    for scale in [1.0, 2.0, 3.0] {
      let separator = fixture.input["separatorStyle"]?.stringValue == "singleLine" ? 1 / scale : 0
      var table = TableNode<Int>(separatorHeight: separator)
      let result = try table.reloadData([[RowSpec(content: 0)]])
      try measureAll(&table, result.layoutRequests, height: range.maxHeight)
      #expect(range.maxWidth == fixture.expected["rowRect"]?["width"]?.doubleValue)
      #expect(try table.rowHeight(at: TableIndexPath(section: 0, row: 0)) == 42 + 1 / scale)
      #expect(CellConstraints.tableRowHeight(cellHeight: 42, separators: true, scale: scale) == 42 + 1 / scale)
    }
  }

  /// Node-level queries see the pending map at once; the view keeps the visible map until commit.
  private func pendingMapVisibility() throws {
    var table = try makeTable(Array(repeating: 10, count: 10))
    let first = try table.performBatch(
      BatchUpdate([.insertRows([(TableIndexPath(section: 0, row: 0), RowSpec(content: 99))])],
                  expectedRowCounts: [11] + Array(repeating: 10, count: 9)))
    let origin = TableIndexPath(section: 0, row: 0)
    let newID = first.changeSet.insertedRows.first
    #expect(newID != nil && table.cell(at: origin)?.id == newID && newID != RowID("s0r0"))
    #expect(table.visibleMap.rowID(at: origin) == RowID("s0r0"))
    #expect(table.isProcessingUpdates)
    let second = try table.performBatch(BatchUpdate([.deleteSections(Array(0..<10))], expectedRowCounts: []))
    #expect(table.cell(at: origin) == nil)
    #expect(second.commits.isEmpty, "a later change set never commits before an earlier one")
    #expect(table.visibleMap.numberOfSections == 10)
    let commits = try measureAll(&table, first.layoutRequests)
    #expect(commits.map(\.changeSet.seq) == [first.changeSet.seq, second.changeSet.seq])
    #expect(table.visibleMap.numberOfSections == 0 && !table.isProcessingUpdates)
  }

  /// An empty visible table fetches once and, the app never completing, never again.
  private func emptyTableFetchesOnce(_ fixture: TextureFixture.Case) throws {
    var table = TableNode<Int>()
    let result = try table.reloadData([])
    #expect(result.commits.count == 1)
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: 375, height: 667)))
    var calls = 0
    for _ in 0..<5 where table.checkBatchFetch(targetOffsetY: 0).shouldFetch { calls += 1 }
    _ = try table.performBatch(BatchUpdate([]))
    if table.checkBatchFetch(targetOffsetY: 0).shouldFetch { calls += 1 }
    #expect(calls == fixture.expected["willBeginBatchFetchCalls"]?.intValue)
  }

  /// Each fetch inserts one row; the post-commit check keeps fetching until the content requirement is met.
  private func fill(_ fixture: TextureFixture.Case) throws {
    let visible = fixture.input["visible"]?.boolValue ?? true
    let bounds = Rect(x: 0, y: 0, width: 375, height: 667)
    let itemHeight = 100.0
    var table = TableNode<Int>()
    _ = try table.reloadData([[]])
    table.leadingScreensForBatching = fixture.input["leadingScreensForBatching"]?.doubleValue ?? 2
    _ = table.setViewport(RangeViewport(bounds: bounds, containerState: visible ? [.visible, .display] : []))
    var fetches = 0
    while fetches < 1000, table.checkBatchFetch(targetOffsetY: 0).shouldFetch {
      fetches += 1
      let count = try table.numberOfRows(inSection: 0)
      let result = try table.performBatch(
        BatchUpdate([.insertRows([(TableIndexPath(section: 0, row: count), RowSpec(content: count))])]))
      try measureAll(&table, result.layoutRequests, height: itemHeight)
      table.batchContext.completeBatchFetching(true)
    }
    let atLeast = visible ? bounds.maxY + 2 * bounds.height : bounds.maxY
    #expect(fetches > (fixture.expected["batchFetchCountGreaterThan"]?.intValue ?? 0))
    #expect(table.contentHeight >= atLeast)
    #expect(table.contentHeight <= atLeast + 3 * itemHeight)
  }
}
