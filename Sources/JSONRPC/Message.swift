import JSONCodec

/// One JSON-RPC 2.0 message, after the envelope has been checked. Pure.
///
/// `params` is never absent: the four empty forms a client may send (absent, `null`, `{}`, `[]`) all become
/// an empty object, and a notification is always encoded with `params`. Non-empty by-position params stay an
/// array for the method table to reject or accept.
package enum Message: Sendable, Equatable {
  /// A call that expects a response.
  case request(id: RequestID, method: String, params: JSONValue)
  /// A call without id; never answered.
  case notification(method: String, params: JSONValue)
  /// A successful response; `result` is `.null` when there is nothing to return.
  case response(id: RequestID, result: JSONValue)
  /// An error response; `id` is nil (sent as `null`) when the request's id could not be read.
  case errorResponse(id: RequestID?, error: ResponseError)

  /// The method of a request or notification.
  package var method: String? {
    switch self {
    case .request(_, let method, _), .notification(let method, _): return method
    case .response, .errorResponse: return nil
    }
  }

  /// The params of a request or notification.
  package var params: JSONValue? {
    switch self {
    case .request(_, _, let params), .notification(_, let params): return params
    case .response, .errorResponse: return nil
    }
  }

  /// The id of a request or response.
  package var id: RequestID? {
    switch self {
    case .request(let id, _, _), .response(let id, _): return id
    case .errorResponse(let id, _): return id
    case .notification: return nil
    }
  }
}
