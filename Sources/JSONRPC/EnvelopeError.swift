/// A body that is not a usable message, with the error response it deserves. Pure.
package struct EnvelopeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The request's id when it could be read; nil means the response carries `"id": null`.
  package var id: RequestID?
  /// The error to send (code -32700 or -32600 and a precise message).
  package var error: ResponseError

  /// An envelope error with this id and error.
  package init(id: RequestID?, error: ResponseError) {
    self.id = id
    self.error = error
  }

  /// An invalid-request (-32600) error whose message is "invalid request: \(detail)".
  package static func invalidRequest(_ detail: String, id: RequestID? = nil) -> EnvelopeError {
    EnvelopeError(id: id, error: ResponseError(code: .invalidRequest, message: "invalid request: \(detail)"))
  }

  /// A parse (-32700) error whose message is "parse error: \(detail)"; the id is unknown.
  package static func parseError(_ detail: String) -> EnvelopeError {
    EnvelopeError(id: nil, error: ResponseError(code: .parseError, message: "parse error: \(detail)"))
  }

  /// The error response to send for this error.
  package var response: Message { .errorResponse(id: id, error: error) }

  /// The error's message.
  package var description: String { error.message }
}
