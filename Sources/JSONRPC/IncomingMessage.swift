import JSONCodec

/// What the transport hands to the server for one frame. Pure value.
package enum IncomingMessage: Sendable, Equatable {
  /// One valid message.
  case message(Message)
  /// A batch (a JSON array of at least one element): each element is a message or an envelope error.
  /// Answer with one JSON array holding the responses to its requests and errors, in any order; send nothing
  /// if the batch held only notifications and responses (JSON-RPC 2.0 §6).
  case batch([Result<Message, EnvelopeError>])
  /// A frame that yields no message: a framing error, a body that is not JSON (-32700), or an invalid
  /// envelope (-32600). Answer with `error.response` unless it is known to be a broken notification.
  case invalid(EnvelopeError)

  /// A valid request or notification of the deferral rule's method whose params member `deferred.member` (an
  /// array) was only validated: the message's params leave that member out, and its elements come beside it (see
  /// `DeferralRule`). Together they are exactly what `.message` would hold.
  case deferred(Message, DeferredParams)

  /// Decodes one frame body: JSON, then the envelope (or a batch of them).
  ///
  /// `maxDepth` bounds nesting; the default keeps every accepted message safe to drop implicitly on a
  /// 512 KiB thread (see `JSONValue.implicitTeardownSafeDepth`). With `deferring`, a large message of the rule's
  /// method comes back `.deferred`; every other message decodes as without the rule.
  package static func decode(
    body: [UInt8], maxDepth: Int = JSONValue.implicitTeardownSafeDepth, deferring rule: DeferralRule? = nil
  ) -> IncomingMessage {
    do throws(JSONParseError) {
      guard let rule, body.count >= rule.minimumBodyBytes else {
        return decode(try JSONParser.parse(body, maxDepth: maxDepth))
      }
      let (value, elements) = try JSONParser.parse(body, maxDepth: maxDepth, deferring: ["params", rule.member])
      guard let elements else { return decode(value) }
      if case .message(let message) = decode(value), message.method == rule.method {
        return .deferred(message, DeferredParams(member: rule.member, elements: elements))
      }
      // Another message holding such an array (another method, a response, an invalid envelope): built whole.
      return decode(try JSONParser.parse(body, maxDepth: maxDepth))
    } catch {
      return .invalid(.parseError(error.description))
    }
  }

  /// Decodes a parsed body: an object is one message, an array a batch.
  package static func decode(_ value: JSONValue) -> IncomingMessage {
    if case .array(let elements) = value {
      if elements.isEmpty { return .invalid(.invalidRequest("empty batch")) }
      return .batch(elements.map { Message.decode($0) })
    }
    switch Message.decode(value) {
    case .success(let message): return .message(message)
    case .failure(let error): return .invalid(error)
    }
  }

  /// The frame's framing error as an incoming message (-32700, id null).
  package static func framingError(_ error: FramingError) -> IncomingMessage {
    .invalid(.parseError(error.description))
  }
}
