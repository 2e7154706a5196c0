import JSONCodec

/// Which messages the reader leaves partly unbuilt: in a request or notification of `method` whose body is at least
/// `minimumBodyBytes` long, the array member `params.<member>` is only validated, and its elements travel as a
/// `DeferredArray` beside the message (`IncomingMessage.deferred`), to be built by the handler where it uses them.
/// The transport knows nothing of what the member holds. Pure value.
package struct DeferralRule: Sendable, Equatable {
  /// The method whose messages qualify.
  package var method: String
  /// The member of `params` that is deferred when it is an array.
  package var member: String
  /// Bodies shorter than this are built whole (deferring pays off only for large arrays).
  package var minimumBodyBytes: Int

  package init(method: String, member: String, minimumBodyBytes: Int) {
    self.method = method
    self.member = member
    self.minimumBodyBytes = minimumBodyBytes
  }
}

/// The deferred member of a message's params: its name and its unbuilt elements. The message's params hold an
/// empty array in its place. Pure value.
package struct DeferredParams: Sendable, Equatable {
  /// The member of `params` (there is exactly one member of that name, and one `params`).
  package let member: String
  /// Its elements.
  package let elements: DeferredArray

  package init(member: String, elements: DeferredArray) {
    self.member = member
    self.elements = elements
  }

  /// `params` with the member's elements built and put back in place of the empty array.
  package func splice(into params: JSONValue) throws(JSONParseError) -> JSONValue {
    guard case .object(var object) = params else { return params }
    object[member] = .array(try elements.elements())
    return .object(object)
  }

  /// The message with its params spliced back together (see `splice(into:)`).
  package func materialize(_ message: Message) throws(JSONParseError) -> Message {
    switch message {
    case .request(let id, let method, let params):
      return .request(id: id, method: method, params: try splice(into: params))
    case .notification(let method, let params):
      return .notification(method: method, params: try splice(into: params))
    case .response, .errorResponse:
      return message
    }
  }
}
