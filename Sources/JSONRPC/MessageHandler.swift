/// The server side of a `StdioConnection`: receives every frame, in arrival order, one at a time.
///
/// The connection runs one delivery loop (a single task) that awaits `handle` for each message before taking
/// the next, so order is kept without a task per message. A message counts as pending until `handle`
/// returns; while `maxPendingMessages` are pending the connection stops reading its input.
package protocol MessageHandler: Sendable {
  /// Handles one frame whose body was `bytes` long (0 for a framing error): answer requests (and `.invalid`
  /// frames) with `connection.send(_:)`.
  func handle(_ message: IncomingMessage, bytes: Int, connection: StdioConnection) async

  /// Called once, after the last message has been handled: end of input, a read error, or `stop()`.
  func connectionClosed(_ connection: StdioConnection, reason: CloseReason) async
}

/// Why a connection's input ended.
package enum CloseReason: Sendable, Equatable {
  /// `read(2)` returned 0: the client closed its end. A clean end.
  case endOfInput
  /// `read(2)` or `poll(2)` failed with this errno.
  case readError(errno: Int32)
  /// `stop()` was called.
  case stopped
}
