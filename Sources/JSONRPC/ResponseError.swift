import JSONCodec

/// The `error` member of an error response: `code`, `message` and optional `data`, nothing else. Pure.
package struct ResponseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The error code.
  package var code: ErrorCode
  /// One human-readable sentence; part of the contract (tests assert it in full).
  package var message: String
  /// Optional structured detail.
  package var data: JSONValue?

  /// An error with this code, message and optional data.
  package init(code: ErrorCode, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// The error object as JSON: `{"code":…,"message":…[,"data":…]}`.
  package var json: JSONValue {
    var members: [(String, JSONValue)] = [("code", .int(Int64(code.rawValue))), ("message", .string(message))]
    if let data { members.append(("data", data)) }
    return .object(JSONObject(members))
  }

  /// "message (code)", for logs.
  package var description: String { "\(message) (\(code.rawValue))" }
}
