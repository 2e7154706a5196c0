/// How aggressively ranges extend past the viewport (Texture's `ASLayoutRangeMode`, texture.md §3.4). Pure.
package enum RangeMode: Int, Sendable, CaseIterable, Hashable {
  /// Before the first range update.
  case unspecified = -1
  /// First update, or back in the foreground while visible.
  case minimum = 0
  /// Visible and scrolled (or dragging started).
  case full = 1
  /// Backgrounded while visible, memory warning while displayed, foreground while hidden.
  case visibleOnly = 2
  /// Backgrounded while hidden, memory warning while not displayed: no display work at all.
  case lowMemory = 3

  /// Texture's automatic choice (`+rangeModeForInterfaceState:currentRangeMode:`): Minimum when the container is
  /// not visible or this is the first update, Full otherwise.
  package static func automatic(containerVisible: Bool, current: RangeMode) -> RangeMode {
    !containerVisible || current == .unspecified ? .minimum : .full
  }

  /// The mode a range update uses (`_updateVisibleNodeIndexPaths`): an explicit mode still pending is kept; the
  /// automatic choice is made only on the first update, or when visible, already scrolled and nothing explicit
  /// is pending; otherwise the current mode is kept.
  package static func next(
    current: RangeMode, containerVisible: Bool, contentHasBeenScrolled: Bool, explicitModePending: Bool
  ) -> RangeMode {
    if explicitModePending && current != .unspecified { return current }
    if current == .unspecified || (containerVisible && contentHasBeenScrolled) {
      return automatic(containerVisible: containerVisible, current: current)
    }
    return current
  }
}

/// Events that set a range mode explicitly (`updateCurrentRangeWithMode:`, texture.md §3.4). Pure.
package enum RangeModeEvent: Sendable, Hashable {
  /// App entered the background.
  case didEnterBackground(containerVisible: Bool)
  /// App will enter the foreground.
  case willEnterForeground(containerVisible: Bool)
  /// Memory warning; `memoryWarningMode` is `setRangeModeForMemoryWarnings:` (VisibleOnly or LowMemory).
  case memoryWarning(containerInDisplayState: Bool, memoryWarningMode: RangeMode = .lowMemory)
  /// `scrollViewWillBeginDragging`.
  case willBeginDragging

  /// The explicit mode the event sets.
  package var explicitMode: RangeMode {
    switch self {
    case .didEnterBackground(let visible): return visible ? .visibleOnly : .lowMemory
    case .willEnterForeground(let visible): return visible ? .minimum : .visibleOnly
    case .memoryWarning(let inDisplay, let mode): return inDisplay ? .visibleOnly : mode
    case .willBeginDragging: return .full
    }
  }
}

/// Which range a tuning applies to (Texture's `ASLayoutRangeType`). Pure.
package enum RangeType: Int, Sendable, CaseIterable, Hashable {
  /// Rendering contents.
  case display = 0
  /// Fetching data.
  case preload = 1
}
