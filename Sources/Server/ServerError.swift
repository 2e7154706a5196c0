import JSONRPC

/// The server's own error codes and the error texts shared by several methods. Pure.
enum ServerError {
  /// -32003: the session id names no live session.
  static let unknownSessionCode = ErrorCode(-32003)

  /// -32004: a batch update (or a single edit) is invalid as a whole; nothing changed.
  static let invalidBatchCode = ErrorCode(-32004)

  /// -32005: a limit set at `initialize` (or its default) would be exceeded; nothing changed.
  static let limitExceededCode = ErrorCode(-32005)

  /// `unknown session "ID"` (-32003).
  static func unknownSession(_ id: String) -> ResponseError {
    ResponseError(code: unknownSessionCode, message: "unknown session \"\(id)\"")
  }

  /// -32002 `server not initialized`.
  static let notInitialized = ResponseError(code: .serverNotInitialized, message: "server not initialized")

  /// -32600 `server is shutting down`.
  static let shuttingDown = ResponseError(code: .invalidRequest, message: "server is shutting down")

  /// -32601 `method not found: NAME`.
  static func methodNotFound(_ method: String) -> ResponseError {
    ResponseError(code: .methodNotFound, message: "method not found: \(method)")
  }
}
