/// The range controller, scrolls, commits and batch fetching of `CollectionModel`, along the scroll axis
/// (Protocol.md "Scrolling, ranges and interface states", "Collections": ranges, drags and the batch-fetch decision
/// measured along x for a horizontal flow; "Pagers": the pager's tuning and drags ending on a page).
extension CollectionModel {
  /// Texture's default tuning (texture.md §3.5): the table's for a collection, the pager's own for a pager
  /// (Minimum display 0/0 preload 1/1; Full display 1/1 preload 2/2).
  func tuning(_ mode: Mode) -> (display: Tuning, preload: Tuning) {
    let zero = Tuning(leading: 0, trailing: 0)
    switch (mode, kind == .pager) {
    case (.full, false): return (Tuning(leading: 1, trailing: 0.5), Tuning(leading: 2.5, trailing: 1.5))
    case (.minimum, false): return (Tuning(leading: 0.25, trailing: 0.25), Tuning(leading: 0.5, trailing: 0.25))
    case (.full, true): return (Tuning(leading: 1, trailing: 1), Tuning(leading: 2, trailing: 2))
    case (.minimum, true): return (zero, Tuning(leading: 1, trailing: 1))
    default: return (zero, zero)
    }
  }

  /// The viewport expanded by `tuning` along the scroll axis: forward (Down / Right) puts the leading screens after
  /// it, backward before it.
  func span(_ tuning: Tuning, forward: Bool) -> (Double, Double) {
    let v = viewportExtent
    return forward
      ? (offset - tuning.trailing * v, offset + v + tuning.leading * v)
      : (offset - tuning.leading * v, offset + v + tuning.trailing * v)
  }

  /// setMode: marks the mode explicit; true when it changed.
  mutating func setMode(_ m: Mode) -> Bool {
    explicitModePending = true
    guard mode != m else { return false }
    mode = m
    return true
  }

  /// One range update with a direction (nil: the previous one), steps 1–5.
  mutating func rangeUpdate(forward direction: Bool?) {
    let dir = direction ?? forward
    forward = dir
    let visible = visibleIDs
    lastVisible = Set(visible)
    if visible.isEmpty {
      for id in Array(states.keys) where states[id]?.contains("visible") == true { states[id]?.remove("visible") }
      return
    }
    if (!explicitModePending && scrolled && inWindow) || mode == .unspecified {
      mode = (!inWindow || mode == .unspecified) ? .minimum : .full
    }
    explicitModePending = false
    let zero = Tuning(leading: 0, trailing: 0)
    let (displayTuning, preloadTuning) = tuning(mode)
    var preload = Set(visible)
    if preloadTuning != zero {
      let (a, b) = span(preloadTuning, forward: dir)
      preload = Set(ids(intersecting: a, b))
    }
    var display = Set(visible)
    if mode == .lowMemory {
      display = []
    } else if displayTuning == preloadTuning {
      display = preload
    } else if displayTuning != zero {
      let (a, b) = span(displayTuning, forward: dir)
      display = Set(ids(intersecting: a, b))
    }
    var next: [String: Set<String>] = [:]
    for item in placed {
      let id = item.id
      var state: Set<String>
      if inWindow {
        if visible.contains(id) {
          state = ["preload", "display", "visible"]
        } else {
          state = []
          if display.contains(id) { state.insert("display") }
          if preload.contains(id) { state.insert("preload") }
        }
      } else if visible.contains(id) || display.contains(id) || preload.contains(id) {
        state = mode == .lowMemory ? ["preload"] : ["preload", "display"]
      } else {
        state = []
      }
      if !state.isEmpty { next[id] = state.union(["measureLayout"]) }
    }
    states = next
  }

  /// An update when the visible items differ from the last evaluation.
  mutating func updateIfVisibleChanged(forward direction: Bool?) {
    if Set(visibleIDs) != lastVisible { rangeUpdate(forward: direction) }
  }

  // MARK: Scrolls

  /// A programmatic move to `target` (clamped): when it moved and the container is in its window, a batch-fetch
  /// check with no direction; then an update when the visible items changed (no direction).
  mutating func scrollProgrammatically(to target: Double) {
    let new = clamped(target)
    if new != offset {
      offset = new
      if inWindow { batchFetchCheck(direction: nil) }
    }
    updateIfVisibleChanged(forward: nil)
  }

  /// Where a pager's drag toward `target` rests: the nearest page (halves to the later one), clamped to the pages
  /// that exist, then into the content.
  func settled(_ target: Double) -> Double {
    guard kind == .pager, width > 0 else { return clamped(target) }
    let page = (target / width + 0.5).rounded(.down)
    let last = Double(max(0, pageCount - 1))
    return clamped(min(max(page, 0), last) * width)
  }

  /// A drag toward `target`: the direction of the requested move; the content counts as scrolled, Full is set
  /// (an update at the old offset when that changes the mode), the offset moves (a pager's to a page), an update
  /// when the visible items changed, then the end-of-drag batch-fetch check at the resting offset.
  mutating func drag(to target: Double) {
    let pan: Bool? = target > offset ? true : target < offset ? false : nil
    scrolled = true
    if setMode(.full) { rangeUpdate(forward: pan) }
    offset = settled(target)
    updateIfVisibleChanged(forward: pan)
    batchFetchCheck(direction: pan)
  }

  /// `session/setVisible`: a different value changes the window state and runs one update; entering checks.
  mutating func setVisible(_ visible: Bool) {
    guard visible != inWindow else { return }
    inWindow = visible
    rangeUpdate(forward: nil)
    if visible { batchFetchCheck(direction: nil) }
  }

  // MARK: Commits

  /// After a committed change set with operations: the offset clamped into the new content (a programmatic move),
  /// one update with no direction, then the after-commit batch-fetch check.
  mutating func committed() {
    let new = clamped(offset)
    if new != offset {
      offset = new
      if inWindow { batchFetchCheck(direction: nil) }
    }
    rangeUpdate(forward: nil)
    afterCommitCheckScheduled = true
    if batchState == .fetching { heldCheck = true } else { batchFetchCheck(direction: nil) }
  }

  // MARK: Batch fetching

  /// The decision at the current offset: no while fetching or with L ≤ 0; yes when the content is shorter than the
  /// viewport along the axis; no out of the window or backward; else remaining ≤ L screens.
  func shouldFetch(direction: Bool?) -> Bool {
    if batchState == .fetching || leadingScreens <= 0 { return false }
    let c = contentExtent
    let v = viewportExtent
    if c < v { return true }
    if !inWindow || direction == false { return false }
    return c - v - offset <= leadingScreens * v
  }

  /// A check: a yes starts a fetch.
  mutating func batchFetchCheck(direction: Bool?) {
    guard shouldFetch(direction: direction) else { return }
    batchState = .fetching
    fetchStarts += 1
  }

  /// `table/completeBatchFetching` (finished) or `table/cancelBatchFetching`, then the held check.
  mutating func endBatch(cancel: Bool) {
    batchState = cancel ? .cancelled : .completed
    if heldCheck {
      heldCheck = false
      batchFetchCheck(direction: nil)
    }
  }
}
