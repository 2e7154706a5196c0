import JSONCodec

/// Reading and checking the JSON-RPC 2.0 envelope of one message.
extension Message {
  /// Checks `value` as one message. Errors carry the id when it could be read, and precise text.
  ///
  /// Rules: an object; `"jsonrpc": "2.0"`; `id`, when present, an integer or a string (`null` only in an error
  /// response); `method` a string; `params` absent, `null`, an object or an array (empty forms become `{}`);
  /// a response has `result` or `error` but not both, and an `error` has an integer `code` and a string
  /// `message`. Unknown members are ignored.
  package static func decode(_ value: JSONValue) -> Result<Message, EnvelopeError> {
    guard case .object(let object) = value else {
      return .failure(.invalidRequest("expected an object, got \(value.kindDescription)"))
    }
    // The id first, so later errors can carry it.
    var id: RequestID? = nil
    let rawID = object["id"]
    if let rawID, !rawID.isNull {
      guard let parsed = RequestID(json: rawID) else {
        return .failure(.invalidRequest("\"id\" must be an integer or a string, got \(rawID.kindDescription)"))
      }
      id = parsed
    }
    guard let version = object["jsonrpc"] else {
      return .failure(.invalidRequest("missing \"jsonrpc\": \"2.0\"", id: id))
    }
    guard version == .string("2.0") else {
      return .failure(.invalidRequest("\"jsonrpc\" must be \"2.0\", got \(JSONWriter.string(version))", id: id))
    }
    if let method = object["method"] {
      guard case .string(let name) = method else {
        return .failure(.invalidRequest("\"method\" must be a string, got \(method.kindDescription)", id: id))
      }
      let params: JSONValue
      switch object["params"] {
      case nil, .null?: params = .object(JSONObject())
      case .array(let items)? where items.isEmpty: params = .object(JSONObject())
      case .object(let o)?: params = .object(o)
      case .array(let items)?: params = .array(items)
      case let other?:
        return .failure(
          .invalidRequest("\"params\" must be an object or an array, got \(other.kindDescription)", id: id))
      }
      if rawID == nil { return .success(.notification(method: name, params: params)) }
      guard let id else { return .failure(.invalidRequest("\"id\" must be an integer or a string, got null")) }
      return .success(.request(id: id, method: name, params: params))
    }
    return decodeResponse(object, id: id, hasID: rawID != nil)
  }

  /// Checks an object without `method` as a response.
  private static func decodeResponse(_ object: JSONObject, id: RequestID?, hasID: Bool) -> Result<
    Message, EnvelopeError
  > {
    let result = object["result"]
    let error = object["error"]
    if result != nil && error != nil {
      return .failure(.invalidRequest("a response must not have both \"result\" and \"error\"", id: id))
    }
    guard result != nil || error != nil else {
      return .failure(
        .invalidRequest("expected \"method\" (request or notification) or \"result\" or \"error\" (response)", id: id))
    }
    guard hasID else { return .failure(.invalidRequest("a response needs an \"id\"")) }
    if let result {
      guard let id else { return .failure(.invalidRequest("a success response needs a non-null \"id\"")) }
      return .success(.response(id: id, result: result))
    }
    guard case .object(let e)? = error, case .int(let code)? = e["code"], let codeValue = Int(exactly: code),
      case .string(let message)? = e["message"]
    else {
      return .failure(
        .invalidRequest("\"error\" must be an object with an integer \"code\" and a string \"message\"", id: id))
    }
    return .success(
      .errorResponse(id: id, error: ResponseError(code: ErrorCode(codeValue), message: message, data: e["data"])))
  }
}
