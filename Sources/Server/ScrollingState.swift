import NodeTree

/// A session's scrolling state beside the table's viewport: container visibility, interface states and batch
/// fetching.
/// Session-isolated value.
struct ScrollingState: Sendable {
  /// The table is in a window (`session/setVisible`): its container state is Visible|Display, else none.
  var containerVisible = true
  /// The client asked for batch fetching at `session/create` (Texture: the delegate implements
  /// `willBeginBatchFetchWithContext:`); without it no check ever runs.
  var batchFetching: Bool
  /// The client wants interface states (`session/create` `interfaceStates`, default true): rows' state changes
  /// are pushed and rows entering the display range are displayed. Off, ranges are still computed (`table/ranges`)
  /// but nothing is pushed or displayed, and no row is a placeholder.
  var interfaceStates = true
  /// True once a batch-fetch check has run (an empty batch then skips the after-commit check, texture.md §4.3).
  var checkedBatchFetch = false

  /// A state with batch fetching and interface states on or off.
  init(batchFetching: Bool, interfaceStates: Bool) {
    self.batchFetching = batchFetching
    self.interfaceStates = interfaceStates
  }

  /// The container's interface state.
  var containerState: InterfaceState { containerVisible ? [.visible, .display] : [] }
}
