import Testing
@testable import NodeTree

/// Interface-state callbacks and their order (texture.md §3.2, §3.3), scroll direction and tuning defaults.
@Suite struct InterfaceStateTests {
  @Test func bitValues() {
    #expect(InterfaceState.measureLayout.rawValue == 1 && InterfaceState.preload.rawValue == 2)
    #expect(InterfaceState.display.rawValue == 4 && InterfaceState.visible.rawValue == 8)
    #expect(InterfaceState.inHierarchy.rawValue == 15)
    #expect(ScrollDirection.right.rawValue == 1 && ScrollDirection.left.rawValue == 2)
    #expect(ScrollDirection.up.rawValue == 4 && ScrollDirection.down.rawValue == 8)
  }

  @Test func transitionOrder() {
    let id = RowID("a")
    let enter = InterfaceStateEvent.transition(of: id, from: .measureLayout, to: .inHierarchy).map(\.kind)
    #expect(enter == [.didEnterPreload, .didEnterDisplay, .didEnterVisible, .interfaceStateDidChange])
    let exit = InterfaceStateEvent.transition(of: id, from: .inHierarchy, to: .measureLayout).map(\.kind)
    #expect(exit == [.didExitPreload, .didExitDisplay, .didExitVisible, .interfaceStateDidChange])
    #expect(InterfaceStateEvent.transition(of: id, from: .preload, to: .preload).isEmpty)
    let mixed = InterfaceStateEvent.transition(of: id, from: [.measureLayout, .preload], to: [.measureLayout, .display]).map(\.kind)
    #expect(mixed == [.didExitPreload, .didEnterDisplay, .interfaceStateDidChange])
  }

  @Test func transitionsOfManyRowsKeepVisitOrderAndSkipUnchanged() {
    let (a, b, c) = (RowID("a"), RowID("b"), RowID("c"))
    let events = InterfaceStateEvent.transitions(
      order: [b, a, c], old: [a: .measureLayout, b: [.measureLayout, .preload], c: .preload],
      new: [a: [.measureLayout, .preload], b: .measureLayout, c: .preload])
    #expect(events.map(\.id) == [b, b, a, a])
    #expect(events.map(\.kind) == [.didExitPreload, .interfaceStateDidChange, .didEnterPreload, .interfaceStateDidChange])
  }

  @Test func rangeUpdateVisitsVisibleThenDisplayThenPreload() throws {
    var table = try makeTable([40], height: 100)
    table.ranges.handle(.willBeginDragging)
    let screen = Rect(x: 0, y: 1000, width: 375, height: 500)
    let events = table.setViewport(RangeViewport(bounds: screen, scrollDirection: [.down]))
    #expect(table.ranges.currentMode == .full)
    let changed = events.filter { $0.kind == .interfaceStateDidChange }.map(\.id.rawValue)
    // Visible rows 10…14 first, then display-only rows (full display: 1 screen down, 0.5 up), then preload-only
    // (2.5 down, 1.5 up); inside a set Texture's order is a hash order, ours is index order.
    #expect(Array(changed.prefix(5)) == (10...14).map { "s0r\($0)" })
    let displayOnly = events.filter { $0.kind == .interfaceStateDidChange && $0.newState == [.measureLayout, .preload, .display] }
    #expect(displayOnly.map(\.id.rawValue) == ["s0r7", "s0r8", "s0r9", "s0r15", "s0r16", "s0r17", "s0r18", "s0r19"])
    let preloadOnly = events.filter { $0.kind == .interfaceStateDidChange && $0.newState == [.measureLayout, .preload] }
    #expect(preloadOnly.map(\.id.rawValue) == ((2...6).map { "s0r\($0)" } + (20...27).map { "s0r\($0)" }))
    #expect(Array(changed.suffix(13)) == preloadOnly.map(\.id.rawValue))
    // Scrolling far away makes every row leave its ranges, exits in preload, display, visible order.
    let away = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 3500, width: 375, height: 500), scrollDirection: [.down]))
    let row10 = away.filter { $0.id == RowID("s0r10") }.map(\.kind)
    #expect(row10 == [.didExitPreload, .didExitDisplay, .didExitVisible, .interfaceStateDidChange])
  }

  @Test func hiddenContainerNeverVisible() throws {
    var table = try makeTable([10], height: 100)
    let events = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: 375, height: 300), containerState: []))
    #expect(!events.contains { $0.kind == .didEnterVisible })
    #expect(table.ranges.state(of: RowID("s0r0"), in: table.visibleMap) == [.measureLayout, .preload, .display])
    // Minimum, Down, viewport 300: display [−75, 375) → rows 0…3, preload [−75, 450) → rows 0…4. Hidden, every row
    // in a set is preloaded and displayed (ASRangeController's `allCurrentIndexPaths` branch); row 5 is not.
    for row in 0...4 {
      #expect(table.ranges.state(of: RowID("s0r\(row)"), in: table.visibleMap) == [.measureLayout, .preload, .display])
    }
    #expect(table.ranges.state(of: RowID("s0r5"), in: table.visibleMap) == .measureLayout)
  }

  @Test func scrollDirectionFromVelocityAndOffsets() {
    #expect(ScrollDirection.from(velocityX: 0, velocityY: -3) == .down)
    #expect(ScrollDirection.from(velocityX: 0, velocityY: 3) == .up)
    #expect(ScrollDirection.from(velocityX: -1, velocityY: 0, scrollable: .horizontal) == .right)
    #expect(ScrollDirection.from(velocityX: -1, velocityY: 2) == .up, "tables only check the vertical axis")
    #expect(ScrollDirection.from(velocityX: 0, velocityY: -3, inverted: true) == .up)
    #expect(ScrollDirection.from(oldOffsetY: 100, newOffsetY: 250) == .down)
    #expect(ScrollDirection.from(oldOffsetY: 100, newOffsetY: 100).isEmpty)
  }

  @Test func tuningDefaults() {
    let table = RangeTuningTable(defaultsFor: .table)
    #expect(table[.full, .display] == RangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 0.5))
    #expect(table[.full, .preload] == RangeTuningParameters(leadingBufferScreenfuls: 2.5, trailingBufferScreenfuls: 1.5))
    #expect(table[.minimum, .display] == RangeTuningParameters(leadingBufferScreenfuls: 0.25, trailingBufferScreenfuls: 0.25))
    #expect(table[.minimum, .preload] == RangeTuningParameters(leadingBufferScreenfuls: 0.5, trailingBufferScreenfuls: 0.25))
    #expect(table[.lowMemory, .preload] == .zero && table[.visibleOnly, .display] == .zero)
    let pager = RangeTuningTable(defaultsFor: .pager)
    #expect(pager[.minimum, .display] == .zero)
    #expect(pager[.minimum, .preload] == RangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 1))
    #expect(pager[.full, .display] == RangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 1))
    #expect(pager[.full, .preload] == RangeTuningParameters(leadingBufferScreenfuls: 2, trailingBufferScreenfuls: 2))
    #expect(table[.unspecified, .display] == table[.full, .display])
  }
}

/// Ranges move in steps: only when the on-screen rows or the container state change (texture.md §3.3, §9.4).
@Suite struct RangeStepTests {
  @Test func scrollWithinTheSameRowsDoesNotMoveRanges() throws {
    var table = try makeTable([50], height: 100)
    #expect(!table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 0, width: 375, height: 250))).isEmpty)
    // Rows 0…2 stay on screen: nothing happens although the range rects would move.
    #expect(table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 40, width: 375, height: 250), scrollDirection: .down)).isEmpty)
    // Row 3 comes on screen: an update runs.
    let events = table.setViewport(RangeViewport(bounds: Rect(x: 0, y: 60, width: 375, height: 250), scrollDirection: .down))
    #expect(events.contains { $0.id == RowID("s0r3") && $0.kind == .didEnterVisible })
    // The container leaving the window (the session forces an update then) updates although the rows are the same.
    let hidden = table.setViewport(
      RangeViewport(bounds: Rect(x: 0, y: 60, width: 375, height: 250), containerState: []), force: true)
    #expect(hidden.contains { $0.kind == .didExitVisible })
  }
}
