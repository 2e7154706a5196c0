/// The range controller of `LiveTableModel` (rules "Range controller state"): setMode, the range update and its
/// triggers.
extension LiveTableModel {
  /// setMode(m) (Texture `updateCurrentRangeWithMode:`): P := true; true when M changed (an update is requested).
  mutating func setMode(_ m: Mode) -> Bool {
    explicitModePending = true
    guard mode != m else { return false }
    mode = m
    return true
  }

  /// The viewport expanded by `tuning` for direction `direction`: Down → [y − t·H, y + H + l·H), else
  /// [y − l·H, y + H + t·H).
  func span(_ tuning: Tuning, _ direction: Direction) -> (Double, Double) {
    let h = viewportHeight
    switch direction {
    case .down: return (offset - tuning.trailing * h, offset + h + tuning.leading * h)
    case .up: return (offset - tuning.leading * h, offset + h + tuning.trailing * h)
    }
  }

  /// One range update with `direction` (nil: none, reuse D). Steps 1–6 of the rules; the visible set is remembered
  /// also when it is empty (see the report: Texture's trigger is UIKit's visible-cell set, kept either way). The sets
  /// hold rows and header and footer cells, by where they are drawn (Protocol.md: "the range controller gives them
  /// interface states by the span where they are drawn").
  mutating func rangeUpdate(_ direction: Direction?) {
    let dir = direction ?? previousDirection
    previousDirection = dir
    let visible = visibleNodeIDs
    lastVisible = Set(visible)
    let nodes = sections.joined().map(\.id) + cellIDs
    if visible.isEmpty {
      for id in nodes {
        guard let old = nodeState(id), old.contains(.visible) else { continue }
        var new = old
        new.remove(.visible)
        logChange(id, from: old, to: new)
        setNodeState(id, new)
      }
      return
    }
    let cv = containerVisible
    if (!explicitModePending && contentHasBeenScrolled && cv) || mode == .unspecified {
      mode = (!cv || mode == .unspecified) ? .minimum : .full
    }
    explicitModePending = false
    let zero = Tuning(leading: 0, trailing: 0)
    let (displayTuning, preloadTuning) = tuning[mode] ?? (zero, zero)
    let preload: [String]
    if preloadTuning == zero {
      preload = visible
    } else {
      let (a, b) = span(preloadTuning, dir)
      preload = nodeIDs(intersecting: a, b)
    }
    let display: [String]
    if mode == .lowMemory {
      display = []
    } else if displayTuning == zero {
      display = visible
    } else if displayTuning == preloadTuning {
      display = preload
    } else {
      let (a, b) = span(displayTuning, dir)
      display = nodeIDs(intersecting: a, b)
    }
    for id in nodes {
      guard let old = nodeState(id) else { continue }
      let new = Self.state(
        visible: visible.contains(id), display: display.contains(id), preload: preload.contains(id),
        containerVisible: cv, lowMemory: mode == .lowMemory)
      logChange(id, from: old, to: new)
      setNodeState(id, new)
    }
  }

  /// Step 5 of the rules: a row's state from its membership and the container.
  static func state(
    visible: Bool, display: Bool, preload: Bool, containerVisible: Bool, lowMemory: Bool
  ) -> InterfaceBits {
    if containerVisible {
      if visible { return [.measureLayout, .preload, .display, .visible] }
      if display { return preload ? [.measureLayout, .display, .preload] : [.measureLayout, .display] }
      return preload ? [.measureLayout, .preload] : .measureLayout
    }
    // Not visible: every row in any of the sets is preloaded and displayed (no display in lowMemory), as
    // ASRangeController.mm does for `allCurrentIndexPaths` (texture.md's table says otherwise; the source wins).
    guard visible || display || preload else { return .measureLayout }
    return lowMemory ? [.measureLayout, .preload] : [.measureLayout, .preload, .display]
  }

  /// The trigger "the visible set differs from lastVisible": one update with `direction` when it does.
  mutating func updateIfVisibleChanged(_ direction: Direction?) {
    if Set(visibleNodeIDs) != lastVisible { rangeUpdate(direction) }
  }

  /// `session/setVisible`: a different value changes V and runs one update; entering runs a batch-fetch check.
  mutating func setVisible(_ visible: Bool) {
    guard visible != containerInWindow else { return }
    containerInWindow = visible
    rangeUpdate(nil)
    if visible { batchFetchCheck(at: offset, direction: nil) }
  }

  /// `table/setRangeMode`.
  mutating func setRangeMode(_ m: Mode) {
    if setMode(m) { rangeUpdate(nil) }
  }

  /// `session/applicationEvent` (rules "Application events").
  mutating func applicationEvent(_ event: String) {
    switch event {
    case "didEnterBackground":
      let requested = setMode(containerInWindow && !background ? .visibleOnly : .lowMemory)
      background = true
      if requested { rangeUpdate(nil) }
    case "willEnterForeground":
      background = false
      if setMode(containerInWindow ? .minimum : .visibleOnly) { rangeUpdate(nil) }
    case "memoryWarning":
      if setMode(containerInWindow ? .visibleOnly : .lowMemory) { rangeUpdate(nil) }
    default:
      break
    }
  }

  /// `table/setTuningParameters`: takes effect at the next update.
  mutating func setTuning(mode m: Mode, rangeType: String, _ value: Tuning) {
    guard var both = tuning[m] else { return }
    if rangeType == "display" { both.display = value } else { both.preload = value }
    tuning[m] = both
  }
}
