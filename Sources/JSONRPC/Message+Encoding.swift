import JSONCodec

/// Writing messages: `"jsonrpc":"2.0"` first, no other top-level members (see reference/clients.md).
extension Message {
  /// The message as a JSON object.
  package var json: JSONValue {
    var members: [(String, JSONValue)] = [("jsonrpc", .string("2.0"))]
    switch self {
    case .request(let id, let method, let params):
      members += [("id", id.json), ("method", .string(method)), ("params", Message.wireParams(params))]
    case .notification(let method, let params):
      members += [("method", .string(method)), ("params", Message.wireParams(params))]
    case .response(let id, let result):
      members += [("id", id.json), ("result", result)]
    case .errorResponse(let id, let error):
      members += [("id", id?.json ?? .null), ("error", error.json)]
    }
    return .object(JSONObject(members))
  }

  /// Params as sent: `null` becomes `{}` so that a notification always carries params (pygls drops it
  /// otherwise).
  static func wireParams(_ params: JSONValue) -> JSONValue { params.isNull ? .object(JSONObject()) : params }

  /// The message as compact JSON bytes (a frame body).
  package var body: [UInt8] { JSONWriter.serialize(json) }

  /// The body of the answer to a batch: a JSON array of these messages (only ever used to answer a batch).
  package static func batchBody(_ messages: [Message]) -> [UInt8] {
    JSONWriter.serialize(.array(messages.map(\.json)))
  }
}
