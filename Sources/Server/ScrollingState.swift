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
  /// The app is in the background (`session/applicationEvent`): the container's Visible bit is masked.
  var backgrounded = false
  /// True once an after-commit batch-fetch check was scheduled (Texture's
  /// `_hasEverCheckedForBatchFetchingDueToUpdate`): a change set without operations then schedules none.
  var scheduledCheckAfterCommit = false
  /// An after-commit check found the context fetching: it runs again right after the next completion or cancel.
  var heldCheckAfterCommit = false

  /// The content offset the client last learned (from an answer or a notification), in the model's coordinates and
  /// as seen: an inverted table's visual offset also moves when the content height changes (see `Session+Inverted`).
  var shown: (modelY: Double, visualY: Double) = (0, 0)

  /// A state with batch fetching and interface states on or off.
  init(batchFetching: Bool, interfaceStates: Bool) {
    self.batchFetching = batchFetching
    self.interfaceStates = interfaceStates
  }

  /// The container's interface state as the range controller sees it: Visible|Display in a window, without
  /// Visible while the app is in the background, none out of a window.
  var containerState: InterfaceState {
    guard containerVisible else { return [] }
    return backgrounded ? [.display] : [.visible, .display]
  }
}
