import NodeTree

/// One unit of work in a session's ordered stream.
enum SessionJob: Sendable {
  /// A request (reply non-nil) or notification for this session.
  case call(SessionCall)
  /// Measured cell heights coming back from the layout queues; `widthChange` tags the relayout that a viewport
  /// width change started (its generation), so its end can be announced.
  case layoutResults([CellResult], widthChange: Int?)
  /// A finished display pass of a row (nil list and a reason when its layout failed).
  case displayResult(id: RowID, pass: UInt64, list: DisplayList?, failure: String?)
  /// The batch-fetch check after committed change sets, one turn later (Texture: the next main-queue turn), so that
  /// a `table/completeBatchFetching` sent right after the insert is handled first; `empty`: they changed nothing.
  case batchFetchCheck(empty: Bool)
  /// `session/dispose`: answer, then end the stream.
  case dispose(reply: Reply?)
  /// A request of this session was cancelled (`$/cancelRequest`): a query held behind a cancelled wait may go on.
  case requestCancelled
  /// Closing: every earlier job has been handled; the requests still waiting are answered -32800, the calls still
  /// queued are performed; resume and end the stream.
  case close(CheckedContinuation<Void, Never>)
}

/// One measured cell: height in points without separator, or the reason layout failed (height 0).
struct CellResult: Sendable {
  /// The row.
  let id: RowID
  /// The generation that was measured.
  let generation: UInt64
  /// Cell height in points.
  let height: Double
  /// Cell width in points (the self-sized items of a collection use it).
  var width: Double = 0
  /// Why the layout failed, when it did.
  let failure: String?
  /// The nested containers of the cell, measured with it (none for most cells).
  var nested: [NestedMeasure] = []
}
