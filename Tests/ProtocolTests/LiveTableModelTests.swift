import Testing

/// Unit tests of `LiveTableModel` alone, with numbers derived by hand from /work/rules-13.md, so the model can be
/// trusted before it judges the daemon. The Base table: 20 rows b0…b19 of 100 points (content 2000) in a 375×667
/// viewport, offset 0.
@Suite struct LiveTableModelTests {
  /// The Base session after its setup (creation fetch, then reloadData of 20 rows); pushes drained.
  static func base() -> LiveTableModel {
    var model = LiveTableModel()
    _ = model.reloadData([LiveTableSequence.baseRows])
    _ = model.drain()
    return model
  }

  /// The state names of every row, by index of b0…b19.
  static func states(_ model: LiveTableModel) -> [[String]] { model.sections.joined().map(\.state.names) }

  static let all = ["measureLayout", "preload", "display", "visible"]
  static let displayPreload = ["measureLayout", "preload", "display"]
  static let preload = ["measureLayout", "preload"]
  static let measured = ["measureLayout"]

  /// Minimum mode, Down: visible [0, 667) → b0…b6; display [−166.75, 833.75) → b0…b8; preload [−166.75, 1000.5)
  /// → b0…b10. The creation check fetched (content 0 < 667); the reloadData's after-commit check is held.
  @Test func baseInitialStates() {
    var model = LiveTableModel()
    #expect(model.drain().fetchStarts == 1)
    #expect(model.reloadData([LiveTableSequence.baseRows]) == nil)
    #expect(model.mode == .minimum)
    #expect(Self.states(model) == Array(repeating: Self.all, count: 7) + [Self.displayPreload, Self.displayPreload]
        + [Self.preload, Self.preload] + Array(repeating: Self.measured, count: 9))
    #expect(model.visibleIDs == (0...6).map { "b\($0)" })
    #expect(model.batchState == .fetching && model.heldCheck)
    let (events, starts) = model.drain()
    #expect(starts == 0)
    #expect(events["b0"] == [.changed(old: Self.measured, new: Self.all, events: ["didEnterPreload", "didEnterDisplay", "didEnterVisible"])])
    #expect(events["b10"] == [.changed(old: Self.measured, new: Self.preload, events: ["didEnterPreload"])])
    #expect(events["b11"] == nil)
  }

  /// The first drag, by 1000 (Down): Full at the old offset (display [−333.5, 1334) → b0…b13, preload
  /// [−1000.5, 2334.5) → all), then at 1000: visible [1000, 1667) → b10…b16, display [666.5, 2334) → b6…b19,
  /// preload [−0.5, …) → all.
  @Test func firstDragGoesFullTwice() {
    var model = Self.base()
    model.scroll(to: 1000, drag: true)
    #expect(model.mode == .full && model.offset == 1000 && model.contentHasBeenScrolled)
    let expected =
      Array(repeating: Self.preload, count: 6) + Array(repeating: Self.displayPreload, count: 4)
      + Array(repeating: Self.all, count: 7) + Array(repeating: Self.displayPreload, count: 3)
    #expect(Self.states(model) == expected)
    let events = model.drain().events
    // b0: still visible after the first update, then leaves display and visible.
    #expect(events["b0"] == [.changed(old: Self.all, new: Self.preload, events: ["didExitDisplay", "didExitVisible"])])
    // b13: preload-less → display+preload (first update), → visible (second).
    #expect(
      events["b13"] == [
        .changed(old: Self.measured, new: Self.displayPreload, events: ["didEnterPreload", "didEnterDisplay"]),
        .changed(old: Self.displayPreload, new: Self.all, events: ["didEnterVisible"]),
      ])
  }

  /// A drag up at the top: the pan is Up although the offset stays 0; Full runs once with Up (display
  /// [−667, 1000.5) → b0…b10, preload [−1667.5, 1667.5) → b0…b16); no move, no second update; D becomes Up.
  @Test func aDragUpAtTheTopUpdatesOnceWithUp() {
    var model = Self.base()
    model.scroll(to: -100, drag: true)
    #expect(model.offset == 0 && model.previousDirection == .up)
    let expected =
      Array(repeating: Self.all, count: 7) + Array(repeating: Self.displayPreload, count: 4)
      + Array(repeating: Self.preload, count: 6) + Array(repeating: Self.measured, count: 3)
    #expect(Self.states(model) == expected)
  }

  /// Batch fetching at the Base: remaining at offset 0 = 2000 − 667 − 0 = 1333 ≤ 2 × 667, so the held check run
  /// by a completion fetches again; after `finished: false` the held check runs, finds the context fetching, and
  /// is gone.
  @Test func heldCheckRunsAfterCompletion() {
    var model = Self.base()
    model.completeBatchFetching(finished: false)
    #expect(model.batchState == .fetching && !model.heldCheck && model.drain().fetchStarts == 0)
    model.cancelBatchFetching()
    #expect(model.batchState == .cancelled && model.drain().fetchStarts == 0)
    model.heldCheck = true
    model.cancelBatchFetching()
    #expect(model.batchState == .fetching && !model.heldCheck && model.drain().fetchStarts == 1)
    // L = 1: 1333 > 667 → no fetch after the next completion … until L is back at 2 (a change runs a check).
    model.completeBatchFetching(finished: true)
    _ = model.drain()
    #expect(model.batchState == .completed)
    model.setLeadingScreens(1)
    model.setLeadingScreens(1)
    #expect(model.batchState == .completed && model.drain().fetchStarts == 0)
    model.setLeadingScreens(2)
    #expect(model.batchState == .fetching && model.drain().fetchStarts == 1)
    // Scrolling up never fetches; short content always does, even when hidden.
    model.completeBatchFetching(finished: true)
    #expect(!model.shouldFetch(at: 1333, direction: .up) && model.shouldFetch(at: 1333, direction: nil))
    model.containerInWindow = false
    #expect(!model.shouldFetch(at: 1333, direction: nil))
    model.sections = [[LiveTableModel.Row(id: "a", quarters: 400, state: .measureLayout)]]
    #expect(model.shouldFetch(at: 0, direction: .up))
  }

  /// Background while visible: visibleOnly, BG set before the update, so visible rows keep preload and display but
  /// lose visible, and every other row is measureLayout; foreground: minimum again, the Base states back.
  @Test func backgroundAndForeground() {
    var model = Self.base()
    model.applicationEvent("didEnterBackground")
    #expect(model.mode == .visibleOnly && model.background)
    #expect(Self.states(model) == Array(repeating: Self.displayPreload, count: 7) + Array(repeating: Self.measured, count: 13))
    let events = model.drain().events
    #expect(events["b0"] == [.changed(old: Self.all, new: Self.displayPreload, events: ["didExitVisible"])])
    #expect(events["b8"] == [.changed(old: Self.displayPreload, new: Self.measured, events: ["didExitPreload", "didExitDisplay"])])
    model.applicationEvent("didEnterBackground")  // now hidden by the background: lowMemory
    #expect(model.mode == .lowMemory)
    #expect(Self.states(model) == Array(repeating: Self.preload, count: 7) + Array(repeating: Self.measured, count: 13))
    model.applicationEvent("willEnterForeground")
    #expect(model.mode == .minimum && !model.background)
    #expect(Self.states(model) == Self.states(Self.base()))
  }

  /// Deleting visible b0: it loses only visible, is released with its last state; the update then shows b1…b7 and
  /// extends display to b9 and preload to b11.
  @Test func deletingAVisibleRowReleasesIt() {
    var model = Self.base()
    #expect(model.deleteRows(["b0"]) == nil)
    let events = model.drain().events
    #expect(
      events["b0"] == [
        .changed(old: Self.all, new: Self.displayPreload, events: ["didExitVisible"]),
        .released(state: Self.displayPreload),
      ])
    #expect(events["b7"] == [.changed(old: Self.displayPreload, new: Self.all, events: ["didEnterVisible"])])
    #expect(events["b9"] == [.changed(old: Self.preload, new: Self.displayPreload, events: ["didEnterDisplay"])])
    #expect(events["b11"] == [.changed(old: Self.measured, new: Self.preload, events: ["didEnterPreload"])])
    #expect(model.deleteRows(["b0"]) == -32602)
    #expect(model.deleteRows(["b1", "b1"]) == -32004)
  }

  /// A reloaded row is a new node: the old one is released (after losing visible), the new one enters from
  /// {measureLayout}.
  @Test func reloadingARowReplacesItsNode() {
    var model = Self.base()
    var batch = ReferenceBatch()
    batch.reloadRows = [(.id("b1"), 200)]
    #expect(model.performBatch(batch, operations: 1) == nil)
    let events = model.drain().events
    #expect(
      events["b1"] == [
        .changed(old: Self.all, new: Self.displayPreload, events: ["didExitVisible"]),
        .released(state: Self.displayPreload),
        .changed(old: Self.measured, new: Self.all, events: ["didEnterPreload", "didEnterDisplay", "didEnterVisible"]),
      ])
    #expect(model.contentHeight == 1950)
  }

  /// Offsets: bottom inset 900 → maxY = 2000 + 900 − 667 = 2233, where nothing is visible: the update only takes
  /// visible away (mode kept). A shrinking viewport clamps; insets bound the top at −T.
  @Test func emptyVisibleSetAndClamps() {
    var model = Self.base()
    model.setInsets(top: 0, bottom: 900)
    model.scroll(to: 5000, drag: false)
    #expect(model.offset == 2233 && model.visibleIDs.isEmpty)
    #expect(Self.states(model).prefix(7).allSatisfy { $0 == Self.displayPreload })
    #expect(model.mode == .minimum)
    model.setInsets(top: 50, bottom: 0)
    #expect(model.offset == 1333)
    model.scroll(to: -200, drag: false)
    #expect(model.offset == -50)
  }

  /// scrollToRow: none moves the least (row b10 at 1000…1100 from offset 0 → 433; already visible → no move),
  /// top / middle / bottom as UIKit.
  @Test func scrollToRowTargets() {
    let model = Self.base()
    #expect(model.scrollTarget(top: 1000, height: 100, position: "none") == 433)
    #expect(model.scrollTarget(top: 100, height: 100, position: "none") == 0)
    #expect(model.scrollTarget(top: 1000, height: 100, position: "top") == 1000)
    #expect(model.scrollTarget(top: 1000, height: 100, position: "middle") == 716.5)
    #expect(model.scrollTarget(top: 1000, height: 100, position: "bottom") == 433)
  }

  /// Intersection: a zero-height row counts only strictly inside the span; rows touching an edge do not count.
  @Test func zeroHeightRowsCountOnlyStrictlyInside() {
    var model = LiveTableModel()
    model.sections = [
      [
        LiveTableModel.Row(id: "a", quarters: 400, state: .measureLayout),
        LiveTableModel.Row(id: "z", quarters: 0, state: .measureLayout),
        LiveTableModel.Row(id: "c", quarters: 400, state: .measureLayout),
      ]
    ]
    #expect(model.rowIDs(intersecting: 0, 100) == ["a"])
    #expect(model.rowIDs(intersecting: 50, 150) == ["a", "z", "c"])
    #expect(model.rowIDs(intersecting: 100, 200) == ["c"])
    #expect(model.rowIDs(intersecting: 100, 100) == [])
  }

  /// An explicit mode survives one update: after setRangeMode(visibleOnly) the next visible change keeps it even
  /// though the content has been scrolled; the update after that goes back to Full.
  @Test func explicitModeSurvivesOneUpdate() {
    var model = Self.base()
    model.scroll(to: 100, drag: true)
    #expect(model.mode == .full)
    model.setRangeMode(.visibleOnly)
    #expect(model.mode == .visibleOnly && !model.explicitModePending)
    model.setRangeMode(.visibleOnly)  // no change: pending, no update
    #expect(model.explicitModePending)
    model.scroll(to: 300, drag: false)
    #expect(model.mode == .visibleOnly && !model.explicitModePending)
    model.scroll(to: 500, drag: false)
    #expect(model.mode == .full)
  }
}
