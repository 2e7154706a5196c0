import Testing

@testable import NodeTree

/// Nested containers (a horizontal "stories" collection inside a row): the inner range controller takes the state
/// of the outer cell as its container state (texture.md §3.3), so inner items enter ranges only when, and as far
/// as, the outer cell does. Numbers derived by hand in each test from Texture's rules (§3.3–3.6).
@Suite struct NestedContainerTests {
  /// Abbreviations for the states the tests expect.
  private let measured: InterfaceState = .measureLayout
  private let preloadOnly: InterfaceState = [.measureLayout, .preload]
  private let preloadDisplay: InterfaceState = [.measureLayout, .preload, .display]
  private let visible: InterfaceState = .inHierarchy

  /// Ids "i0", "i1", ... for inner items.
  private func items(_ indices: some Sequence<Int>) -> [RowID] { indices.map { RowID("i\($0)") } }

  /// A horizontal "stories" flow: `count` items of 100 × 100 with line spacing 10 in a 375 × 100 container, so one
  /// item per column (two would need 100 + 10 + 100 = 210 > 100) and item k spans x 110k…110k + 100.
  private func stories(_ ids: [RowID]) -> FlowRangeLayout {
    var configuration = FlowLayoutConfiguration()
    configuration.scrollDirection = .horizontal
    configuration.itemSize = FlowSize(width: 100, height: 100)
    let layout = FlowLayout(
      sections: [FlowSection(items: Array(repeating: configuration.itemSize, count: ids.count))],
      bounds: FlowSize(width: 375, height: 100), configuration: configuration)
    return FlowRangeLayout(layout: layout, itemIDs: [ids])
  }

  /// The outer container: 100 rows "row0"… of 375 × 100 stacked with no spacing (row k spans y 100k…100k + 100),
  /// viewed through 375 × 667 with the table/collection defaults (§3.5).
  private func outerRows() -> FlowRangeLayout {
    var configuration = FlowLayoutConfiguration()
    configuration.itemSize = FlowSize(width: 375, height: 100)
    configuration.minimumLineSpacing = 0
    let layout = FlowLayout(
      sections: [FlowSection(items: Array(repeating: configuration.itemSize, count: 100))],
      bounds: FlowSize(width: 375, height: 667), configuration: configuration)
    return FlowRangeLayout(layout: layout, itemIDs: [(0..<100).map { RowID("row\($0)") }])
  }

  /// The callbacks of `events` for item `id`, by kind.
  private func kinds(_ events: [NestedStateEvent], _ id: String) -> [InterfaceStateEvent.Kind] {
    events.filter { $0.event.id == RowID(id) }.map(\.event.kind)
  }

  /// The states of items 0..<count of `container` in `nested`.
  private func states(_ nested: NestedContainers, _ container: NestedContainerID, count: Int = 20) -> [InterfaceState] {
    (0..<count).map { nested[container]?.state(of: RowID("i\($0)")) ?? .none }
  }

  @Test func innerItemsFollowTheOuterRowThroughAnOuterScroll() {
    let storiesID = NestedContainerID(row: RowID("row9"), element: "stories")
    var outer = RangeController()
    var nested = NestedContainers()
    _ = nested.set(
      NestedContainer(layout: stories(items(0..<20)), size: FlowSize(width: 375, height: 100)), for: storiesID,
      rowState: .measureLayout)
    #expect(states(nested, storiesID).allSatisfy { $0 == measured })

    // 1. The outer first update: viewport y 0…667, not scrolled (Minimum), previous direction Down. Preload 0.5 /
    // 0.25 → y −166.75…1000.5 → rows 0…10; display 0.25 / 0.25 → y −166.75…833.75 → rows 0…8; visible rows 0…6.
    // Row 9 is in preload only → MeasureLayout|Preload. The inner container is therefore not Visible: first inner
    // update, Minimum, previous direction Right, inner viewport x 0…375. Inner preload 0.5 right / 0.25 left →
    // x −93.75…562.5 → items with 110k < 562.5 → 0…5; display x −93.75…468.75 → 0…4; visible x 0…375 → 0…3.
    // A hidden container gives every item of those sets Preload|Display and none Visible
    // (`_updateVisibleNodeIndexPaths`): items 0…5 MeasureLayout|Preload|Display (the inner visible rect counts);
    // items 6…19 stay MeasureLayout.
    let outerViewport = RangeViewport(bounds: Rect(x: 0, y: 0, width: 375, height: 667))
    let first = outer.update(outerViewport, layout: outerRows())
    #expect(outer.states[RowID("row9")] == preloadOnly)
    var events = nested.follow(first)
    #expect(
      states(nested, storiesID) == Array(repeating: preloadDisplay, count: 6) + Array(repeating: measured, count: 14))
    #expect(events.allSatisfy { $0.container == storiesID })
    // Visited visible first, then display, then preload: items 0…5 in order, each its full sequence.
    #expect(events.map(\.event.id) == items(0...5).flatMap { [$0, $0, $0] })
    #expect(kinds(events, "i0") == [.didEnterPreload, .didEnterDisplay, .interfaceStateDidChange])

    // 2. The outer drag to y 400 (Full, moving down): visible y 400…1067 → rows 4…10, so row 9 is Visible.
    // Forced inner update with a Visible container, still Minimum (the inner content was never scrolled): items
    // 0…3 all bits (Visible entered), item 4 in display and preload → unchanged, item 5 in preload only → exits
    // Display.
    outer.handle(.willBeginDragging)
    let second = outer.update(
      RangeViewport(bounds: Rect(x: 0, y: 400, width: 375, height: 667), scrollDirection: .down),
      layout: outerRows())
    #expect(outer.states[RowID("row9")] == visible)
    events = nested.follow(second)
    #expect(
      states(nested, storiesID)
        == Array(repeating: visible, count: 4) + [preloadDisplay, preloadOnly] + Array(repeating: measured, count: 14))
    #expect(kinds(events, "i0") == [.didEnterVisible, .interfaceStateDidChange])
    #expect(kinds(events, "i4") == [])
    #expect(kinds(events, "i5") == [.didExitDisplay, .interfaceStateDidChange])
    #expect(events.count == 4 * 2 + 2)

    // 3. The outer drag to y 5000 (Full, down): preload y 5000 − 1.5 × 667 = 3999.5 … 5667 + 2.5 × 667 = 7334.5
    // → rows 39…73; row 9 leaves every range (MeasureLayout). Its container lacks Preload: every inner item goes
    // back to MeasureLayout; item 0 (Visible) exits Preload, Display, Visible in that order.
    let third = outer.update(
      RangeViewport(bounds: Rect(x: 0, y: 5000, width: 375, height: 667), scrollDirection: .down),
      layout: outerRows())
    #expect(outer.states[RowID("row9")] == nil)
    events = nested.follow(third)
    #expect(states(nested, storiesID).allSatisfy { $0 == measured })
    #expect(kinds(events, "i0") == [.didExitPreload, .didExitDisplay, .didExitVisible, .interfaceStateDidChange])
    #expect(kinds(events, "i4") == [.didExitPreload, .didExitDisplay, .interfaceStateDidChange])
    #expect(kinds(events, "i5") == [.didExitPreload, .interfaceStateDidChange])
    #expect(events.count == 4 * 4 + 3 + 2)
    // While the outer row is in no range, an inner scroll changes nothing.
    #expect(nested.scroll(storiesID, toX: 440, y: 0, direction: .right, dragging: true) == [])
    #expect(states(nested, storiesID).allSatisfy { $0 == measured })
  }

  @Test func anInnerScrollChangesOnlyThatContainersStates() throws {
    // Row "row0" holds two containers; both start with the row Visible (Minimum, inner viewport x 0…375): items
    // 0…3 Visible, 4 Preload|Display, 5 Preload (see the first test's derivation for these sets).
    let storiesID = NestedContainerID(row: RowID("row0"), element: "stories")
    let tagsID = NestedContainerID(row: RowID("row0"), element: "tags")
    var nested = NestedContainers()
    for id in [storiesID, tagsID] {
      _ = nested.set(
        NestedContainer(layout: stories(items(0..<20)), size: FlowSize(width: 375, height: 100)), for: id,
        rowState: visible)
    }
    let start =
      Array(repeating: visible, count: 4) + [preloadDisplay, preloadOnly] + Array(repeating: measured, count: 14)
    #expect(states(nested, storiesID) == start)
    #expect(states(nested, tagsID) == start)

    // A drag of "stories" to x 440 moving right: Full (willBeginDragging). Viewport x 440…815 → visible items with
    // 110k + 100 > 440 and 110k < 815 → 4…7. Display 1.0 right / 0.5 left → x 252.5…1190 → k ≥ 2 (110k + 100 >
    // 252.5) and k ≤ 10 (110k < 1190) → 2…10. Preload 2.5 / 1.5 → x −122.5…1752.5 → 0…15 (1650 < 1752.5 < 1760).
    let scrolled = nested.scroll(storiesID, toX: 440, y: 0, direction: .right, dragging: true)
    let events = try #require(scrolled)
    #expect(events.allSatisfy { $0.container == storiesID })
    #expect(
      states(nested, storiesID)
        == [preloadOnly, preloadOnly, preloadDisplay, preloadDisplay] + Array(repeating: visible, count: 4)
        + Array(repeating: preloadDisplay, count: 3) + Array(repeating: preloadOnly, count: 5)
        + Array(repeating: measured, count: 4))
    #expect(kinds(events, "i0") == [.didExitDisplay, .didExitVisible, .interfaceStateDidChange])
    #expect(kinds(events, "i7") == [.didEnterPreload, .didEnterDisplay, .didEnterVisible, .interfaceStateDidChange])
    #expect(kinds(events, "i15") == [.didEnterPreload, .interfaceStateDidChange])
    #expect(kinds(events, "i16") == [])
    // The sibling container did not move.
    #expect(states(nested, tagsID) == start)
    // An unknown container answers nil, not an empty change.
    #expect(
      nested.scroll(NestedContainerID(row: RowID("row1"), element: "stories"), toX: 0, y: 0, direction: []) == nil)
  }

  @Test func innerEditsReleaseDeletedItemsAndPlaceTheRest() throws {
    // Row Visible, inner Minimum at x 0: i0…i3 Visible, i4 Preload|Display, i5 Preload. Deleting i1: its node is
    // released with only its Visible exit; the forced update then sees index k hold i0, i2, i3, i4, i5, i6…:
    // visible indexes 0…3 → i0, i2, i3, i4 (i4 enters Visible), display index 4 → i5 (enters Display), preload
    // index 5 → i6 (enters Preload).
    let id = NestedContainerID(row: RowID("row0"), element: "stories")
    var nested = NestedContainers()
    _ = nested.set(
      NestedContainer(layout: stories(items(0..<20)), size: FlowSize(width: 375, height: 100)), for: id,
      rowState: visible)
    let remaining = [RowID("i0")] + items(2..<20)
    let edited = nested.setLayout(id, stories(remaining))
    let events = try #require(edited)
    #expect(
      events.map { "\($0.event.id) \($0.event.kind)" } == [
        "i1 didExitVisible", "i1 interfaceStateDidChange", "i4 didEnterVisible", "i4 interfaceStateDidChange",
        "i5 didEnterDisplay", "i5 interfaceStateDidChange", "i6 didEnterPreload", "i6 interfaceStateDidChange",
      ])
    #expect(nested[id]?.state(of: RowID("i1")) == InterfaceState.none)
    #expect(nested[id]?.state(of: RowID("i6")) == preloadOnly)
    // Removing the row's containers (row deleted): every item leaves its ranges.
    let removed = nested.removeContainers(of: [RowID("row0")])
    #expect(Set(removed.map(\.event.id)) == Set([RowID("i0")] + items(2...6)))
    #expect(nested.isEmpty)
  }

  @Test func aNestedPagerUsesThePagersTuningUnderItsRowsState() {
    // A pager of 10 pages in a 375 × 100 container (pages exactly the viewport: page k spans x 375k…375k + 375).
    // Row in preload only (not Visible): first inner update, Minimum, previous direction Right, pager tuning
    // (§3.5) display 0 / 0 → the visible set = page 0; preload 1 / 1 → x −375…750 → pages 0, 1 (page 2 starts at
    // 750: touching is not intersecting). Hidden container: both get MeasureLayout|Preload|Display.
    let size = FlowSize(width: 375, height: 100)
    let page = PagerGeometry.pageSize(bounds: size)
    let layout = FlowLayout(
      sections: [FlowSection(items: Array(repeating: page, count: 10))], bounds: size,
      configuration: PagerGeometry.flowLayout)
    let id = NestedContainerID(row: RowID("row3"), element: "pages")
    var nested = NestedContainers()
    _ = nested.set(
      NestedContainer(layout: FlowRangeLayout(layout: layout, itemIDs: [items(0..<10)]), size: size, kind: .pager),
      for: id, rowState: preloadOnly)
    #expect(states(nested, id, count: 10) == [preloadDisplay, preloadDisplay] + Array(repeating: measured, count: 8))
    // The row becomes Visible: page 0 Visible, page 1 in preload only (display = visible set) → exits Display.
    let events = nested.follow([
      InterfaceStateEvent(id: RowID("row3"), kind: .interfaceStateDidChange, oldState: preloadOnly, newState: visible)
    ])
    #expect(states(nested, id, count: 10) == [visible, preloadOnly] + Array(repeating: measured, count: 8))
    #expect(kinds(events, "i1") == [.didExitDisplay, .interfaceStateDidChange])
    // Events of other rows do not reach it.
    let other = nested.follow([
      InterfaceStateEvent(id: RowID("row4"), kind: .interfaceStateDidChange, oldState: visible, newState: measured)
    ])
    #expect(other.isEmpty)
    #expect(states(nested, id, count: 10)[0] == visible)
  }

  @Test func aHiddenContainerScrollsWithoutVisibleAndAResizeMovesItsViewport() throws {
    // Row in preload only: first inner update (Minimum) at x 0 gives items 0…5 Preload|Display (first test).
    let id = NestedContainerID(row: RowID("row2"), element: "stories")
    var nested = NestedContainers()
    _ = nested.set(
      NestedContainer(layout: stories(items(0..<20)), size: FlowSize(width: 375, height: 100)), for: id,
      rowState: preloadOnly)
    // A programmatic scroll to x 440 moving right (no drag: the mode stays Minimum, and a hidden container's mode
    // is not re-evaluated). Visible x 440…815 → items 4…7; display 0.25 / 0.25 → x 346.25…908.75 → items 3…8
    // (110k + 100 > 346.25 → k ≥ 3; 110k < 908.75 → k ≤ 8); preload 0.5 right / 0.25 left → x 346.25…1002.5 →
    // items 3…9. Hidden: items 3…9 Preload|Display, none Visible; items 0…2 leave (MeasureLayout).
    let scrolled = nested.scroll(id, toX: 440, y: 0, direction: .right)
    let events = try #require(scrolled)
    #expect(
      states(nested, id)
        == Array(repeating: measured, count: 3) + Array(repeating: preloadDisplay, count: 7)
        + Array(repeating: measured, count: 10))
    #expect(events.allSatisfy { $0.event.kind != .didEnterVisible })
    #expect(kinds(events, "i0") == [.didExitPreload, .didExitDisplay, .interfaceStateDidChange])

    // Back to x 0 (not scrolling: the previous direction, Right, is kept: items 0…5 Preload|Display again), the
    // row Visible (items 0…3 Visible, 4 Preload|Display, 5 Preload), then the container element shrinks to
    // 200 × 100. Visible x 0…200 → items 0, 1 (item 2 starts at 220); Minimum display 0.25 × 200 either side →
    // x −50…250 → items 0…2; preload 0.5 × 200 right, 0.25 × 200 left → x −50…300 → items 0…2 (item 3 starts at
    // 330). Items 3…5 leave every range.
    _ = nested.scroll(id, toX: 0, y: 0, direction: [])
    _ = nested.follow([
      InterfaceStateEvent(id: RowID("row2"), kind: .interfaceStateDidChange, oldState: preloadOnly, newState: visible)
    ])
    #expect(Array(states(nested, id)[0...5]) == Array(repeating: visible, count: 4) + [preloadDisplay, preloadOnly])
    var container = try #require(nested[id])
    let resized = container.resize(to: FlowSize(width: 200, height: 100))
    #expect(
      (0..<20).map { container.state(of: RowID("i\($0)")) }
        == [visible, visible, preloadDisplay] + Array(repeating: measured, count: 17))
    #expect(resized.filter { $0.id == RowID("i2") }.map(\.kind) == [.didExitVisible, .interfaceStateDidChange])
    #expect(
      resized.filter { $0.id == RowID("i3") }.map(\.kind) == [
        .didExitPreload, .didExitDisplay, .didExitVisible, .interfaceStateDidChange,
      ])
    #expect(resized.filter { $0.id == RowID("i5") }.map(\.kind) == [.didExitPreload, .interfaceStateDidChange])
  }
}
