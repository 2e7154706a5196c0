/// A JSON-RPC error code. The standard ones are constants; servers define their own with `init(_:)`. Pure.
package struct ErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The integer sent on the wire.
  package var rawValue: Int

  /// A code with this value.
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// A code with this value (for server-defined codes, e.g. in -32099...-32000).
  package init(_ rawValue: Int) { self.rawValue = rawValue }

  /// -32700: the body is not JSON (also used for framing errors).
  package static let parseError = ErrorCode(-32700)
  /// -32600: the JSON is not a valid JSON-RPC message.
  package static let invalidRequest = ErrorCode(-32600)
  /// -32601: no such method.
  package static let methodNotFound = ErrorCode(-32601)
  /// -32602: the params are not what the method expects.
  package static let invalidParams = ErrorCode(-32602)
  /// -32603: the server failed while handling the request.
  package static let internalError = ErrorCode(-32603)
  /// -32002: a request arrived before `initialize` (LSP).
  package static let serverNotInitialized = ErrorCode(-32002)
  /// -32800: the request was cancelled (LSP).
  package static let requestCancelled = ErrorCode(-32800)

  /// The integer, e.g. "-32600".
  package var description: String { String(rawValue) }
}
