import Testing

@testable import NodeTree

/// Inverted tables (`ASTableNode.inverted`): what is seen is the model mirrored in the content height C, so a model
/// span [y, y + h) is drawn at [C − y − h, C − y) and the viewport at model offset m shows visual offset C − m − H.
/// Every expected number below is that mirror worked out by hand, with Texture's rules applied in the model.
@Suite struct InvertedTableTests {
  /// An inverted table of `rows` rows of 50 pt.
  func table(rows: Int) throws -> TableNode<Int> {
    var table = try makeTable([rows], height: 50)
    table.inverted = true
    return table
  }

  @Test func queriesFollowTheVisualLayout() throws {
    let table = try table(rows: 10)
    // C = 500. Row 0 (model 0–50) is drawn at 450–500, the visual bottom; row 9 (model 450–500) at 0–50.
    #expect(table.visualFrame(of: .row(TableIndexPath(section: 0, row: 0))) == VerticalSpan(y: 450, height: 50))
    #expect(table.visualFrame(of: .row(TableIndexPath(section: 0, row: 9))) == VerticalSpan(y: 0, height: 50))
    // Visual spans are half-open downwards: 450 is row 0's first point, 449.5 is still row 1.
    #expect(table.visualElement(atOffset: 450) == .row(TableIndexPath(section: 0, row: 0)))
    #expect(table.visualElement(atOffset: 449.5) == .row(TableIndexPath(section: 0, row: 1)))
    #expect(table.visualElement(atOffset: 0) == .row(TableIndexPath(section: 0, row: 9)))
    #expect(table.visualElement(atOffset: 500) == nil)
    // Visual 300–500 holds rows 3, 2, 1, 0 from top to bottom.
    #expect(
      table.visualElements(intersectingMinY: 300, maxY: 500)
        == [3, 2, 1, 0].map { .row(TableIndexPath(section: 0, row: $0)) })
  }

  @Test func rangesExtendAheadOfTheVisualScroll() throws {
    var table = try table(rows: 10)
    // The user drags towards older rows (visual up) to visual offset 250, viewport 200: model bounds
    // y = 500 − 450 = 50, i.e. 50–250, and the direction becomes Down in the model. First update: Minimum mode,
    // preload 0.5 leading / 0.25 trailing screens: down by 100, up by 50 → model 0–350 (rows 0–6); display
    // 0.25 / 0.25 → 0–300 (rows 0–5); visible 50–250 (rows 1–4). Row 6 (drawn at visual 150–200, just above the
    // viewport, where the user is heading) is preloaded; without the flip the preload would be −50–300.
    _ = table.setVisualViewport(
      RangeViewport(bounds: Rect(x: 0, y: 250, width: 320, height: 200), scrollDirection: [.up]))
    #expect(table.viewport?.bounds == Rect(x: 0, y: 50, width: 320, height: 200))
    let state = { (row: Int) in table.ranges.state(of: RowID("s0r\(row)"), in: table.visibleMap) }
    #expect(state(6) == [.measureLayout, .preload])
    #expect(state(5) == [.measureLayout, .preload, .display])
    #expect(state(4) == [.measureLayout, .preload, .display, .visible])
    #expect(state(7) == .measureLayout)
    #expect(table.visualViewportBounds == Rect(x: 0, y: 250, width: 320, height: 200))
  }

  @Test func batchFetchingFiresNearTheVisualTop() throws {
    // 40 rows: C = 2000, viewport 200, leadingScreens 2 → trigger 400. Model target = 2000 − V − 200 and
    // remaining = 2000 − 200 − model target = V: fetch when the visual offset is within 400 of the top.
    var table = try table(rows: 40)
    _ = table.setVisualViewport(RangeViewport(bounds: Rect(x: 0, y: 1800, width: 320, height: 200)))
    #expect(table.viewport?.bounds.y == 0)
    #expect(!table.checkBatchFetch(visualTargetOffsetY: 1800).shouldFetch)
    #expect(!table.checkBatchFetch(visualTargetOffsetY: 401, visualScrollDirection: [.up]).shouldFetch)
    // Scrolling towards the newest rows (visual down) is scrolling to the model head: never fetches (rule 6).
    #expect(!table.checkBatchFetch(visualTargetOffsetY: 400, visualScrollDirection: [.down]).shouldFetch)
    #expect(table.checkBatchFetch(visualTargetOffsetY: 400, visualScrollDirection: [.up]).shouldFetch)
    #expect(table.batchContext.state == .fetching)
  }

  @Test func insertingAtIndexZeroKeepsTheNewestRowAtTheBottom() throws {
    var table = try table(rows: 40)
    table.reportsChangeFrames = true
    // Resting at the visual bottom: model offset 0 (the minimum), visual 1800–2000.
    _ = table.setVisualViewport(RangeViewport(bounds: Rect(x: 0, y: 1800, width: 320, height: 200)))
    let result = try table.performBatch(
      BatchUpdate([.insertRows([(TableIndexPath(section: 0, row: 0), RowSpec(id: RowID("n"), content: 0))])]))
    let commits = try measureAll(&table, result.layoutRequests, height: 60)
    // C = 2060; the offset stays 0, so the viewport shows visual 1860–2060 and the new row (model 0–60) is drawn
    // at 2000–2060, where the newest row was; the old newest row moved up to 1950–2000, on the same screen spot.
    #expect(table.viewport?.bounds.y == 0 && commits.first?.offsetAdjustment == nil)
    #expect(table.visualViewportBounds?.y == 1860)
    #expect(table.visualFrame(of: .row(TableIndexPath(section: 0, row: 0))) == VerticalSpan(y: 2000, height: 60))
    #expect(table.visualFrame(of: .row(TableIndexPath(section: 0, row: 1))) == VerticalSpan(y: 1950, height: 50))
    // Only the new row changed on screen: the others keep their visual frames (1950–2000 before and after, …).
    #expect(
      commits.first?.changeFrames == [
        RowChangeFrame(id: RowID("n"), before: nil, after: VerticalSpan(y: 2000, height: 60))
      ])
  }

  @Test func readingHistoryKeepsTheRowsInView() throws {
    var table = try table(rows: 40)
    // Model offset 1000 (visual 2000 − 1000 − 200 = 800): rows 20–23 on screen.
    _ = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 1000, width: 320, height: 200)))
    let result = try table.performBatch(
      BatchUpdate([.insertRows([(TableIndexPath(section: 0, row: 0), RowSpec(id: RowID("n"), content: 0))])]))
    let commits = try measureAll(&table, result.layoutRequests, height: 60)
    // Anchoring moves the model offset by the new row's 60 pt: 1060, which is still visual 2060 − 1060 − 200 = 800.
    #expect(commits.first?.offsetAdjustment == OffsetAdjustment(oldY: 1000, newY: 1060))
    #expect(table.visualViewportBounds?.y == 800)
  }
}
